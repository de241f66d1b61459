"""Users: the first administrator (setup), logins with a role, editing, deactivating and password
resets by an administrator, and the page shown while a login is locked out."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from .. import services
from ..access import address_locked, admin_required, role_choices, role_of, setup_token_ok
from ..forms import PasswordSetForm, SetupForm, UserRoleForm, UserUpdateForm
from .common import apply_service, form_status


def _users():
    users = list(get_user_model().objects.order_by("-is_active", "username").prefetch_related("groups"))
    labels = dict(role_choices())
    for u in users:
        u.role_label = labels[role_of(u)]
    return users


@admin_required
def user_create(request: HttpRequest) -> HttpResponse:
    form = UserRoleForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = apply_service(form, services.user_create, **form.cleaned_data)
        if user:
            messages.success(request, _("ユーザー %(u)s を作成しました") % {"u": user.username})
            return redirect("user-create")
    return render(request, "scoring/user_form.html", {"form": form, "users": _users()}, status=form_status(request))


def _edit_page(request, user, form, password_form, status: int) -> HttpResponse:
    return render(request, "scoring/user_edit.html",
                  {"target": user, "form": form, "password_form": password_form,
                   "is_self": user.pk == request.user.pk}, status=status)


@admin_required
def user_update(request: HttpRequest, pk: int) -> HttpResponse:
    """Role and whether the user may log in."""
    user = get_object_or_404(get_user_model(), pk=pk)
    form = UserUpdateForm(request.POST or None, initial={"role": role_of(user), "active": user.is_active})
    if request.method == "POST" and form.is_valid():
        if apply_service(form, services.user_update, user=user, by=request.user, **form.cleaned_data):
            messages.success(request, _("ユーザー %(u)s を変更しました") % {"u": user.username})
            return redirect("user-create")
    return _edit_page(request, user, form, PasswordSetForm(user=user), form_status(request))


@admin_required
def user_password(request: HttpRequest, pk: int) -> HttpResponse:
    """A new password set by an administrator (e.g. a member who forgot theirs)."""
    user = get_object_or_404(get_user_model(), pk=pk)
    if request.method != "POST":
        return redirect("user-update", pk=user.pk)
    password_form = PasswordSetForm(request.POST, user=user)
    if password_form.is_valid():
        if apply_service(password_form, services.user_set_password, user=user,
                         password=password_form.cleaned_data["password1"]):
            messages.success(request, _("%(u)s のパスワードを変更しました") % {"u": user.username})
            return redirect("user-create")
    form = UserUpdateForm(initial={"role": role_of(user), "active": user.is_active})
    return _edit_page(request, user, form, password_form, 422)


def _setup_done(request: HttpRequest, status: int) -> HttpResponse:
    return render(request, "scoring/setup.html", {"done": True}, status=status)


def setup(request: HttpRequest) -> HttpResponse:
    """First run: create the first administrator, only while no user exists and only with the
    one-time token printed by ``manage.py clubstart`` (409 to a submission that raced another)."""
    User = get_user_model()
    if User.objects.exists():
        return _setup_done(request, 404)
    token = request.POST.get("token") or request.GET.get("token") or ""
    if not setup_token_ok(token):
        if User.objects.exists():  # the token died with the administrator made a moment ago
            return _setup_done(request, 409)
        return render(request, "scoring/setup.html", {"denied": True}, status=403)
    form = SetupForm(request.POST or None, initial={"token": token})
    if request.method == "POST" and form.is_valid():
        try:
            user = services.first_admin_create(username=form.cleaned_data["username"],
                                               password=form.cleaned_data["password1"], token=token)
        except services.SetupDone:
            return _setup_done(request, 409)
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, _("管理者 %(u)s を作成しました。まず会員を登録しましょう") % {"u": user.username})
            return redirect("member-list")
    return render(request, "scoring/setup.html", {"form": form}, status=form_status(request))


def locked_out(request: HttpRequest, original_response=None, credentials=None) -> HttpResponse:
    """django-axes' lockout: too many wrong passwords for this user name or from this address."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    return render(request, "registration/login.html",
                  {"form": AuthenticationForm(request), "locked": "address" if address_locked(request) else "user",
                   "minutes": minutes, "next": request.POST.get("next", "")},
                  status=429)

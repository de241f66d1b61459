"""Users: the first administrator (setup) and logins with a role."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from .. import services
from ..access import admin_required, is_local, setup_token_ok
from ..forms import SetupForm, UserRoleForm
from .common import apply_service, form_status


@admin_required
def user_create(request: HttpRequest) -> HttpResponse:
    form = UserRoleForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        user = apply_service(form, services.user_create, username=d["username"], password=d["password"], role=d["role"])
        if user:
            messages.success(request, _("ユーザー %(u)s を作成しました") % {"u": user.username})
            return redirect("user-create")
    status = form_status(request)
    users = get_user_model().objects.order_by("username").prefetch_related("groups")
    return render(request, "scoring/user_form.html", {"form": form, "users": users}, status=status)


def setup(request: HttpRequest) -> HttpResponse:
    """First run: create the first administrator. Only while no user exists, and only from this
    computer or with the token printed by ``manage.py clubstart``."""
    User = get_user_model()
    if User.objects.exists():
        raise Http404(_("初期設定はすでに済んでいます"))
    token = request.POST.get("token") or request.GET.get("token") or ""
    if not (is_local(request) or setup_token_ok(token)):
        return render(request, "scoring/setup.html", {"denied": True}, status=403)
    form = SetupForm(request.POST or None, initial={"token": token})
    if request.method == "POST" and form.is_valid():
        user = services.first_admin_create(username=form.cleaned_data["username"],
                                           password=form.cleaned_data["password1"])
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("管理者 %(u)s を作成しました。まず会員を登録しましょう") % {"u": user.username})
        return redirect("member-list")
    status = form_status(request)
    return render(request, "scoring/setup.html", {"form": form}, status=status)

"""Home page and members."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _

from .. import generations, selectors, services
from ..access import admin_required, readable
from ..forms import MemberForm
from ..models import Member
from .common import apply_service, form_status


@readable
def home(request: HttpRequest) -> HttpResponse:
    """Recent club days and the standings teaser (lazy: the template's cache may not need it)."""
    first_run = not get_user_model().objects.exists()
    today = timezone.localdate()
    return render(request, "scoring/home.html",
                  {"clubdays": selectors.recent_clubdays(limit=10), "first_run": first_run, "year": today.year,
                   "generation": generations.generation(generations.BOARDS, generations.NAMES),
                   "teaser": SimpleLazyObject(lambda: selectors.board_teaser(today=today))})


@readable
def member_list(request: HttpRequest) -> HttpResponse:
    return render(request, "scoring/member_list.html", {"members": selectors.members_by_kana()})


@admin_required
def member_create(request: HttpRequest) -> HttpResponse:
    form = MemberForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        member = apply_service(form, services.member_create, **form.cleaned_data)
        if member:
            messages.success(request, _("%(name)s さんを登録しました") % {"name": member.name})
            return redirect("member-list")
    return render(request, "scoring/member_form.html", {"form": form, "member": None}, status=form_status(request))


@admin_required
def member_update(request: HttpRequest, pk: int) -> HttpResponse:
    member = get_object_or_404(Member, pk=pk)
    # the form cleans a copy, so ``member`` is changed only by the service
    form = MemberForm(request.POST or None, instance=Member.objects.get(pk=pk))
    if request.method == "POST" and form.is_valid():
        if apply_service(form, services.member_update, member=member, **form.cleaned_data):
            messages.success(request, _("%(name)s さんの情報を更新しました") % {"name": member.name})
            return redirect("member-list")
    return render(request, "scoring/member_form.html", {"form": form, "member": member}, status=form_status(request))

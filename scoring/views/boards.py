"""The boards: standings with what-if 順位点, a member's page, 「自分の成績」, linking a login to a member."""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlencode

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _

from .. import generations, selectors, services
from ..access import admin_required, member_required, readable
from ..forms.boards import BoardFilterForm, MemberUserForm, WhatIfForm
from ..models import Member
from ..selectors.ranking import COLUMNS
from .common import form_status

WHATIF_KEYS = ("wi", "u1", "u2", "u3", "u4", "rp")
FRAGMENTS = {"standings-table": "#table", "whatif": "#whatif"}  # the partial an htmx request gets, by target


def _headers(params: Mapping[str, str], sort: str) -> list[dict]:
    """The table's column headers with their sort links, from the page's query ``params``."""
    key, desc_first = sort.lstrip("-"), sort.startswith("-")
    kept = urlencode({k: v for k, v in params.items() if v != "" and k not in ("sort", "page")})
    base = reverse("standings") + (f"?{kept}&" if kept else "?")
    out = []
    for c in COLUMNS:
        active = c.key == key
        sort_link = urlencode({"sort": "-" + c.key if active and not desc_first else c.key})
        out.append({"key": c.key, "label": c.label, "help": c.help, "active": active,
                    "reversed": active and desc_first, "href": base + sort_link})
    return out


def _period_text(f: dict) -> str:
    if f["clubday"]:
        return _("%(date)s の例会") % {"date": f"{f['clubday'].date:%Y-%m-%d}"}
    start, end = (f"{d:%Y-%m-%d}" if d else "" for d in (f["start"], f["end"]))
    if start == end:  # one date, or all time
        return start or _("全期間")
    return f"{start} 〜 {end}".strip()


def _quick_periods() -> list[tuple[str, str]]:
    """Shortcuts above the board: all time, this year, this month, the latest club day."""
    today = timezone.localdate()
    out = [(_("全期間"), ""), (_("今年"), f"?period=year&year={today.year}"),
           (_("今月"), f"?period=month&month={today:%Y-%m}")]
    if latest := selectors.latest_clubday():
        pk, day = latest
        out.append((_("最新の例会 %(date)s") % {"date": f"{day:%m/%d}"}, f"?clubday={pk}"))
    return out


@readable
def standings(request: HttpRequest) -> HttpResponse:
    """The standings of the filters in the URL, and what-if 順位点 when asked. ``rows`` are lazy: the
    template's ``{% cache %}`` reads them only when a table is drawn. The generations are read first:
    the filters read the club day and the rule set they name, which a write may create in between."""
    tables, names = generations.generations((generations.BOARDS, generations.NAMES), (generations.NAMES,))
    form = BoardFilterForm(request.GET or None)
    f = form.filters()
    whatif_form = WhatIfForm(request.GET if request.GET.get("wi") else None)
    choice = whatif_form.choice()
    whatif = None
    if choice:
        uma, rp, label = choice
        whatif = {"label": label, "rows": SimpleLazyObject(
            lambda: selectors.whatif_standings(uma=uma, return_points=rp, **f))}
    ctx = {"form": form, "whatif_form": whatif_form, "filters": f, "whatif": whatif,
           "generation": tables, "names": names,
           "rows": SimpleLazyObject(lambda: selectors.standings(**f)),
           "headers": SimpleLazyObject(lambda: _headers(request.GET, f["sort"])),
           "columns": COLUMNS, "period": _period_text(f), "quick": _quick_periods(),
           "keep_params": [(k, v) for k, v in request.GET.items() if k not in WHATIF_KEYS and v != ""]}
    status = 422 if (request.GET and not form.is_valid()) or (request.GET.get("wi") and not choice) else 200
    fragment = FRAGMENTS.get(request.htmx.target, "") if request.htmx else ""
    return render(request, "scoring/standings.html" + fragment, ctx, status=status)


@readable
def member_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """A member's page (``page`` is lazy: the template's cache may not need it; its generation is read
    before the member it is drawn from)."""
    generation = generations.generation(generations.BOARDS, generations.NAMES)
    member = get_object_or_404(Member, pk=pk)
    ctx = {"member": member, "generation": generation,
           "page": SimpleLazyObject(lambda: selectors.member_page(member=member))}
    return render(request, "scoring/member_detail.html", ctx)


@member_required
def my_results(request: HttpRequest) -> HttpResponse:
    member = Member.objects.filter(user=request.user).first()
    if member is None:
        messages.info(request, _("このログインは会員に結び付けられていません。管理者に設定を頼んでください"))
        return redirect("standings")
    return redirect("member-detail", member.pk)


@admin_required
def member_user(request: HttpRequest, pk: int) -> HttpResponse:
    """Link a login to a member (for 「自分の成績」)."""
    member = get_object_or_404(Member, pk=pk)
    form = MemberUserForm(request.POST or None, initial={"user": member.user_id})
    if request.method == "POST" and form.is_valid():
        services.member_link_user(member=member, user=form.cleaned_data["user"])
        messages.success(request, _("%(name)s さんのログインを設定しました") % {"name": member.name})
        return redirect("member-detail", member.pk)
    return render(request, "scoring/member_user.html", {"form": form, "member": member},
                  status=form_status(request))

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
from django.utils.translation import gettext_lazy
from django.utils.translation import gettext as _

from .. import services
from ..access import admin_required, member_required, readable
from ..forms.boards import BoardFilterForm, MemberUserForm, WhatIfForm
from ..models import Member
from ..selectors import boards
from .common import form_status

# (sort key, header, definition) in table order; the name column comes before these
COLUMNS = [
    ("games", gettext_lazy("半荘"), gettext_lazy("終了した半荘の数(無効は除く)")),
    ("net", gettext_lazy("成績"), gettext_lazy("成績(素点 − 返し点 + 順位点)の合計、千点単位")),
    ("avg_rank", gettext_lazy("平均順位"), gettext_lazy("順位の平均(同着折半のルールでは同点者は上の順位)")),
    ("first", gettext_lazy("1位"), gettext_lazy("1位の回数")),
    ("second", gettext_lazy("2位"), gettext_lazy("2位の回数")),
    ("third", gettext_lazy("3位"), gettext_lazy("3位の回数")),
    ("fourth", gettext_lazy("4位"), gettext_lazy("4位の回数")),
    ("top_rate", gettext_lazy("トップ率"), gettext_lazy("1位の割合")),
    ("rentai_rate", gettext_lazy("連対率"), gettext_lazy("1位か2位の割合")),
    ("last_avoid_rate", gettext_lazy("ラス回避率"), gettext_lazy("4位にならなかった割合")),
    ("tobi_rate", gettext_lazy("トビ率"), gettext_lazy("終了時の素点が0点未満だった割合")),
    ("avg_score", gettext_lazy("平均素点"), gettext_lazy("終了時の素点(供託の精算後)の平均")),
    ("best_score", gettext_lazy("最高素点"), gettext_lazy("終了時の素点の最高")),
    ("rating", gettext_lazy("レート"), gettext_lazy("対戦相手の強さを考えた実力の目安(下の説明を参照)")),
    ("hand_games", gettext_lazy("局記録"), gettext_lazy("1局ずつ記録された半荘の数。以下の数字はこの半荘だけから計算")),
    ("win_rate", gettext_lazy("和了率"), gettext_lazy("和了した局の割合(流局・途中流局も局に数える)")),
    ("deal_in_rate", gettext_lazy("放銃率"), gettext_lazy("ロンされた局の割合")),
    ("riichi_rate", gettext_lazy("立直率"), gettext_lazy("立直した局の割合")),
    ("avg_win", gettext_lazy("平均打点"), gettext_lazy("和了1回の点数の平均(本場・供託を除く)")),
    ("yakuman", gettext_lazy("役満"), gettext_lazy("役満(数え役満を含む)の和了回数")),
    ("chombo", gettext_lazy("チョンボ"), gettext_lazy("チョンボの回数(流局時のノーテン立直を含む)")),
]


WHATIF_KEYS = ("wi", "u1", "u2", "u3", "u4", "rp")

def _headers(params: Mapping[str, str], sort: str) -> list[dict]:
    """The table's column headers with their sort links, from the page's query ``params``."""
    key, desc_first = sort.lstrip("-"), sort.startswith("-")
    base = reverse("standings")
    kept = urlencode({k: v for k, v in params.items() if v != "" and k not in ("sort", "page")})
    out = []
    for k, label, help_text in COLUMNS:
        active = k == key
        url = f"?{kept}&" if kept else "?"
        url += urlencode({"sort": "-" + k if active and not desc_first else k})
        out.append({"key": k, "label": str(label), "help": str(help_text), "active": active,
                    "reversed": active and desc_first, "url": url, "href": base + url})
    return out


def _period_text(f: dict) -> str:
    if f["clubday"]:
        return _("%(date)s の例会") % {"date": f"{f['clubday'].date:%Y-%m-%d}"}
    if f["start"] and f["end"]:
        if f["start"] == f["end"]:
            return f"{f['start']:%Y-%m-%d}"
        return f"{f['start']:%Y-%m-%d} 〜 {f['end']:%Y-%m-%d}"
    if f["start"]:
        return f"{f['start']:%Y-%m-%d} 〜"
    if f["end"]:
        return f"〜 {f['end']:%Y-%m-%d}"
    return _("全期間")


def _quick_periods() -> list[tuple[str, str]]:
    """Shortcuts above the board: all time, this year, this month, the latest club day."""
    today = timezone.localdate()
    out = [(_("全期間"), ""), (_("今年"), f"?period=year&year={today.year}"),
           (_("今月"), f"?period=month&month={today:%Y-%m}")]
    latest = boards.latest_clubday()
    if latest is not None:
        pk, day = latest
        out.append((_("最新の例会 %(date)s") % {"date": f"{day:%m/%d}"}, f"?clubday={pk}"))
    return out


@readable
def standings(request: HttpRequest) -> HttpResponse:
    form = BoardFilterForm(request.GET or None)
    f = form.filters()
    whatif_form = WhatIfForm(request.GET if request.GET.get("wi") else None)
    choice = whatif_form.choice()
    version = boards.boards_version()
    whatif = None
    if choice:
        uma, rp, label = choice
        filters = {k: v for k, v in f.items() if k != "sort"}
        rows = SimpleLazyObject(lambda: boards.cached(boards.whatif_standings, version=version, uma=uma,
                                                      return_points=rp, **filters))
        whatif = {"label": label, "rows": rows}
    table_version = boards.period_version(**f, version=version)  # kept by results outside the period
    # lazy: computed only when the template's cached fragment for this version is missing
    rows = SimpleLazyObject(lambda: boards.cached(boards.standings, version=table_version, **f))
    ctx = {"form": form, "whatif_form": whatif_form, "rows": rows,
           "filters": f, "board_version": version, "table_version": table_version,
           "rulesets_version": boards.rulesets_part(version), "period": _period_text(f),
           "headers": SimpleLazyObject(lambda: _headers(request.GET, f["sort"])),  # the table's, when not cached
           "column_help": [{"label": label, "help": help_text} for _key, label, help_text in COLUMNS], "whatif": whatif,
           "whatif_error": bool(request.GET.get("wi")) and not choice,
           "keep_params": [(k, v) for k, v in request.GET.items() if k not in WHATIF_KEYS and v != ""]}
    ctx["quick"] = _quick_periods()
    status = 422 if (request.GET and not form.is_valid()) or ctx["whatif_error"] else 200
    template = "scoring/standings.html"
    if getattr(request, "htmx", False) and request.htmx.target in ("standings-table", "whatif"):
        template += "#table" if request.htmx.target == "standings-table" else "#whatif"
    return render(request, template, ctx, status=status)


@readable
def member_detail(request: HttpRequest, pk: int) -> HttpResponse:
    member = get_object_or_404(Member, pk=pk)
    version = boards.member_version(member)
    # lazy: computed only when neither the stored page nor the template's cached fragment is current
    page = SimpleLazyObject(lambda: boards.cached(boards.member_page, version=version, member=member))
    ctx = {"member": member, "member_version": version, "page": page}
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
    form = MemberUserForm(request.POST or None, member=member, initial={"user": member.user_id})
    if request.method == "POST" and form.is_valid():
        services.member_link_user(member=member, user=form.cleaned_data["user"])
        messages.success(request, _("%(name)s さんのログインを設定しました") % {"name": member.name})
        return redirect("member-detail", member.pk)
    return render(request, "scoring/member_user.html", {"form": form, "member": member},
                  status=form_status(request))

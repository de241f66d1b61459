"""The evening of a club day: 出欠, 組み合わせ (the draw of each 回戦) and the room display (live scores, htmx polling)."""

from __future__ import annotations

import segno
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import selectors, services
from ..access import readable, scorekeeper_required
from ..models import ClubDay, Member
from ..selectors import evening as sel
from .common import clubday_or_404, error_list, int_or_none, phone_url

POLL_SECONDS = 10  # the display's refresh; ``?every=2`` (2–60) for a test or a slow network


# --------------------------------------------------------------------------- 出欠


def _attendance_context(day: ClubDay) -> dict:
    rows = sel.attendance_rows(clubday=day)
    last = sel.last_round(clubday=day)
    upcoming = last + 1
    playing = sum(1 for r in rows if r.attendance and r.attendance.plays(upcoming))
    return {"clubday": day, "rows": rows, "last_round": last, "upcoming": upcoming, "playing": playing,
            "present": sum(1 for r in rows if r.here), "tables": playing // 4, "sitting_out": playing % 4}


@readable
def attendance(request: HttpRequest, pk: int) -> HttpResponse:
    return render(request, "scoring/evening_attendance.html", _attendance_context(clubday_or_404(pk)))


ACTIONS = {"in": services.attendance_check_in, "undo": services.attendance_undo,
           "leave": services.attendance_leave, "return": services.attendance_return}


@require_POST
@scorekeeper_required
def attendance_member(request: HttpRequest, pk: int, member: int) -> HttpResponse:
    """来た / 取消 / 帰る / 戻る for one member: htmx gets the member's row and the counts."""
    day = clubday_or_404(pk)
    person = get_object_or_404(Member, pk=member)
    action = ACTIONS.get(request.POST.get("action", ""))
    errors: list[str] = []
    if action is None:
        errors = [_("操作が分かりません")]
    else:
        try:
            action(clubday=day, member=person)
        except ValidationError as exc:
            errors = error_list(exc)
    if request.htmx:
        ctx = _attendance_context(day)
        ctx["row"] = next((r for r in ctx["rows"] if r.member.pk == person.pk), None)
        ctx["errors"] = errors
        return render(request, "scoring/evening_attendance.html#answer", ctx, status=422 if errors else 200)
    for e in errors:
        messages.error(request, e)
    return redirect(reverse("clubday-attendance", args=[day.pk]) + f"#m{person.pk}")


@require_POST
@scorekeeper_required
def attendance_guest(request: HttpRequest, pk: int) -> HttpResponse:
    day = clubday_or_404(pk)
    try:
        found = services.guest_check_in(clubday=day, name=request.POST.get("name", ""))
    except ValidationError as exc:
        for e in error_list(exc):
            messages.error(request, e)
        return redirect(reverse("clubday-attendance", args=[day.pk]) + "#guest")
    messages.success(request, _("ゲスト %(name)s さん(会員番号 %(number)s)を出席にしました")
                     % {"name": found.member.name, "number": found.member.number})
    return redirect(reverse("clubday-attendance", args=[day.pk]) + f"#m{found.member_id}")


# --------------------------------------------------------------------------- 組み合わせ


def _draw_context(day: ClubDay, **extra) -> dict:
    rounds = sel.rounds_of_day(clubday=day)
    upcoming = (rounds[0].number if rounds else 0) + 1
    players = sel.players_of_round(clubday=day, number=upcoming)
    return {"clubday": day, "rounds": rounds, "upcoming": upcoming, "players": players,
            "waiting": rounds[0] if rounds and not rounds[0].started else None,
            "tables": len(players) // 4, "sitting_out": len(players) % 4, "errors": [], "seed_typed": "", **extra}


@readable
def draw(request: HttpRequest, pk: int) -> HttpResponse:
    return render(request, "scoring/evening_draw.html", _draw_context(clubday_or_404(pk)))


@require_POST
@scorekeeper_required
def draw_create(request: HttpRequest, pk: int) -> HttpResponse:
    """Draw a 回戦, or draw it again (a new seed, or the typed one)."""
    day = clubday_or_404(pk)
    number = int_or_none(request.POST.get("number")) or 0
    seed_text = request.POST.get("seed", "")
    try:
        drawn = services.draw_create(clubday=day, number=number, state=request.POST.get("state", ""),
                                     seed=services.evening.parse_seed(seed_text))
    except ValidationError as exc:
        ctx = _draw_context(day, errors=error_list(exc), seed_typed=seed_text)
        return render(request, "scoring/evening_draw.html", ctx, status=422)
    messages.success(request, _("%(n)s回戦の組み合わせを作りました(シード %(seed)s)") % {"n": drawn.number, "seed": drawn.seed})
    return redirect(reverse("clubday-draw", args=[day.pk]) + f"#round-{drawn.number}")


@require_POST
@scorekeeper_required
def draw_swap(request: HttpRequest, pk: int) -> HttpResponse:
    day = clubday_or_404(pk)
    number = int_or_none(request.POST.get("number")) or 0
    try:
        services.draw_swap(clubday=day, number=number, state=request.POST.get("state", ""),
                           first=request.POST.get("first", ""), second=request.POST.get("second", ""))
    except ValidationError as exc:
        return render(request, "scoring/evening_draw.html", _draw_context(day, errors=error_list(exc)), status=422)
    messages.success(request, _("%(n)s回戦の席を入れ替えました") % {"n": number})
    return redirect(reverse("clubday-draw", args=[day.pk]) + f"#round-{number}")


# --------------------------------------------------------------------------- room display


def _qr(url: str) -> str:
    """The QR code of ``url`` as inline SVG (safe: segno's output, no user text in it but the URL),
    with a viewBox instead of a size, so that it scales to the box the stylesheet gives it."""
    return mark_safe(segno.make(url, error="m").svg_inline(scale=4, dark="#000", light="#fff", omitsize=True))


@readable
def display(request: HttpRequest, pk: int) -> HttpResponse:
    """The room display of the current 回戦; ``#live`` for htmx polling."""
    day = clubday_or_404(pk)
    every = int_or_none(request.GET.get("every"))
    every = min(max(every, 2), 60) if every is not None else POLL_SECONDS
    number = sel.last_round(clubday=day)
    tables = sel.display_tables(clubday=day, number=number) if number else []
    for t in tables:
        t["qr"] = _qr(phone_url(request, t["hanchan"].get_absolute_url()))
    drawn = day.draws.filter(number=number).first()
    out = list(Member.objects.filter(pk__in=drawn.out).order_by("kana")) if drawn else []
    ctx = {"clubday": day, "number": number, "tables": tables, "out": out, "draw": drawn,
           "totals": selectors.clubday_totals(clubday=day), "every": every,
           "poll_url": request.path + (f"?every={every}" if every != POLL_SECONDS else "")}
    template = "scoring/evening_display.html" + ("#live" if request.htmx else "")
    return render(request, template, ctx)

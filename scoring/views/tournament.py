"""大会 (tournament) pages: the club day's settings, standings per 回戦, the 決勝卓, the printable
result; and the players' sign-off (確認) of a finished hanchan."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import selectors, services
from ..access import member_required, readable, scorekeeper_required
from ..forms import ClubDayForm
from ..models import ClubDay, Hanchan, Member
from ..selectors.tournament import TIEBREAKS, ruleset_summary
from ..templatetags.signoff import signoff_context
from .common import (apply_service, clubday_or_404, error_list, form_status, hanchan_or_404,
                     new_hanchan_redirect, posted_version)


@scorekeeper_required
def clubday_update(request: HttpRequest, pk: int) -> HttpResponse:
    """例会・大会の設定 of an existing day."""
    day = clubday_or_404(pk)
    form = ClubDayForm(request.POST or None, instance=day)
    if request.method == "POST" and form.is_valid():
        saved = apply_service(form, services.clubday_update, clubday=day, **form.cleaned_data)
        if saved is not None:
            return redirect(saved)
    return render(request, "scoring/clubday_form.html", {"form": form, "clubday": day},
                  status=form_status(request))


def _tournament(pk: int) -> ClubDay:
    day = clubday_or_404(pk)
    if day.kind != ClubDay.Kind.TOURNAMENT:
        raise Http404("not a tournament")
    return day


def _context(day: ClubDay) -> dict:
    return {"clubday": day, "result": selectors.tournament_result(day), "tiebreaks": [str(t) for _k, t in TIEBREAKS],
            "rules": ruleset_summary(day)}


@readable
def tournament(request: HttpRequest, pk: int) -> HttpResponse:
    """The 大会 page: the result (or the standings so far), the 決勝卓, the standings after each 回戦."""
    day = _tournament(pk)
    ctx = {**_context(day), "rounds": selectors.tournament_rounds(day)}
    return render(request, "scoring/tournament.html", ctx)


@readable
def tournament_print(request: HttpRequest, pk: int) -> HttpResponse:
    """The printable result: event, date, rules, final standings with the tiebreak columns."""
    return render(request, "scoring/tournament_print.html", _context(_tournament(pk)))


@require_POST
@scorekeeper_required
def final_table_create(request: HttpRequest, pk: int) -> HttpResponse:
    """「決勝卓を作る」: the top four at table 1, seats drawn."""
    day = _tournament(pk)
    mode = request.POST.get("mode")
    if mode not in Hanchan.Mode.values:
        mode = Hanchan.Mode.HANDS
    try:
        hanchan = services.final_table_create(clubday=day, mode=mode)
    except ValidationError as exc:
        messages.error(request, " ".join(error_list(exc)))
        return redirect("tournament", day.pk)
    messages.success(request, _("決勝卓を作りました。席順は抽選です"))
    return new_hanchan_redirect(hanchan)


@require_POST
@member_required
def hanchan_confirm(request: HttpRequest, pk: int) -> HttpResponse:
    """「確認しました」: a player confirms the result (a scorekeeper for anyone at the table, a member for themselves)."""
    if not settings.SIGN_OFF:
        raise Http404("sign-off is off")
    hanchan = hanchan_or_404(pk)
    posted = request.POST.get("member", "")
    member = Member.objects.filter(pk=int(posted)).first() if posted.isdecimal() and len(posted) < 12 else None
    errors: list[str] = []
    if member is None:
        errors = [_("確認する人を選んでください")]
    else:
        try:
            services.hanchan_confirm(hanchan=hanchan, member=member, by=request.user,
                                     version=posted_version(request))
        except ValidationError as exc:
            errors = error_list(exc)
    if request.htmx:
        hanchan.refresh_from_db()
        ctx = signoff_context(request, hanchan, errors=errors)
        return render(request, "scoring/tournament_signoff.html", ctx, status=422 if errors else 200)
    if errors:
        messages.error(request, " ".join(errors))
    else:
        messages.success(request, _("%(name)s さんの確認を記録しました") % {"name": member.name})
    return redirect(f"{hanchan.get_absolute_url()}#signoff")

"""確認 (sign-off) boxes of a finished hanchan and of a club day; nothing unless ``settings.SIGN_OFF``."""

from __future__ import annotations

from typing import Any

from django import template

from .. import selectors
from ..access import is_scorekeeper
from ..models import ClubDay, Hanchan

register = template.Library()


def signoff_context(request, hanchan: Hanchan, *, errors: list[str] | None = None) -> dict[str, Any]:
    """What ``scoring/tournament_signoff.html`` draws: the four players, who may tap for whom."""
    return {"hanchan": hanchan, "signoff": selectors.hanchan_signoff(hanchan=hanchan, user=request.user),
            "errors": errors or [], "request": request, "scorekeeper": is_scorekeeper(request.user),
            "show": True}


@register.inclusion_tag("scoring/tournament_signoff.html", takes_context=True)
def signoff_box(context, hanchan: Hanchan) -> dict[str, Any]:
    if not selectors.sign_off_on() or hanchan.state != Hanchan.State.FINISHED:
        return {"show": False}
    return signoff_context(context["request"], hanchan)


@register.inclusion_tag("scoring/tournament_unconfirmed.html", takes_context=True)
def signoff_pending(context, clubday: ClubDay) -> dict[str, Any]:
    games = selectors.unconfirmed_hanchan(clubday=clubday) if selectors.sign_off_on() else []
    return {"games": games, "request": context["request"]}

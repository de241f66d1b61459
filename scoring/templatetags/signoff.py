"""確認 (sign-off) boxes: ``{% signoff_box hanchan %}`` on a finished hanchan's page and
``{% signoff_pending clubday %}`` on a club day's page; both draw nothing unless
``settings.SIGN_OFF``."""

from __future__ import annotations

from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from .. import selectors
from ..access import is_scorekeeper
from ..models import ClubDay, Hanchan
from ..services.signoff import may_confirm

register = template.Library()


def signoff_context(request, hanchan: Hanchan, *, errors: list[str] | None = None) -> dict[str, Any]:
    """What ``scoring/tournament_signoff.html`` draws: the four players, who may tap for whom."""
    data = selectors.hanchan_signoff(hanchan=hanchan)
    user = request.user
    for p in data["players"]:
        p["may_tap"] = not p["confirmed"] and may_confirm(user, p["member"])
    return {"hanchan": hanchan, "signoff": data, "errors": errors or [], "request": request,
            "scorekeeper": is_scorekeeper(user)}


@register.simple_tag(takes_context=True)
def signoff_box(context, hanchan: Hanchan) -> str:
    if not selectors.sign_off_on() or hanchan.state != Hanchan.State.FINISHED:
        return ""
    request = context["request"]
    return mark_safe(render_to_string("scoring/tournament_signoff.html", signoff_context(request, hanchan),
                                      request=request))


@register.simple_tag(takes_context=True)
def signoff_pending(context, clubday: ClubDay) -> str:
    if not selectors.sign_off_on():
        return ""
    games = selectors.unconfirmed_hanchan(clubday=clubday)
    if not games:
        return ""
    return mark_safe(render_to_string("scoring/tournament_unconfirmed.html", {"games": games},
                                      request=context["request"]))

"""The hanchan page, or its live fragment after a write through htmx, as every view draws it. ``state`` is
lazy: the game is replayed only when the template's ``{% cache %}`` blocks have no copy for its generation."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.functional import SimpleLazyObject
from django_htmx.http import reswap, retarget, trigger_client_event

from .. import generations, selectors
from ..access import is_admin, is_scorekeeper
from ..forms import HandForm
from ..models import Hanchan, HandRecord
from .common import error_list, hanchan_or_404

FRESH_FORM = {"type": "ron", "value": "quick"}  # the initial values of the form for a new hand


def current(pk: int) -> tuple[Hanchan, tuple[str, str]]:
    """The hanchan as it is now, and the generations its page's blocks are kept under (the game's, the new
    hand form's). The generations are read first, so that a write committed in between renews them: what is
    drawn is never kept under a generation newer than itself."""
    kept = generations.generations((generations.hanchan(pk), generations.NAMES),
                                   (generations.seating(pk), generations.NAMES))
    return hanchan_or_404(pk), (kept[0], kept[1])


def page_context(request: HttpRequest, hanchan: Hanchan, *, kept: tuple[str, str] | None = None,
                 **extra: Any) -> dict[str, Any]:
    """Everything the page and its fragments read. ``kept``: the generations ``current`` read before
    ``hanchan`` (without them both are read again). ``extra``: ``form``, ``errors``, ``notice``, …"""
    if kept is None:
        hanchan, kept = current(hanchan.pk)
    user = request.user
    names = hanchan.player_names()
    page, form = kept
    ruleset = hanchan.ruleset_in_force.engine()
    return {"hanchan": hanchan, "generation": page, "form_generation": form,
            # what the cached blocks show differently by user: the 物言い flag, the row actions, 「#n に戻す」
            "variant": f"{user.is_authenticated:d}{is_scorekeeper(user):d}{is_admin(user):d}",
            "state": SimpleLazyObject(lambda: selectors.hanchan_state(hanchan=hanchan)),
            "deleted_hands": SimpleLazyObject(
                lambda: selectors.deleted_hands(hanchan_id=hanchan.pk, names=names)),
            "can_restore": is_admin(user) and hanchan.mode == Hanchan.Mode.HANDS,
            "errors": [], "notice": "", "ruleset": ruleset, "red_fives": ruleset.red_fives,
            "form": SimpleLazyObject(lambda: HandForm.for_hanchan(hanchan, initial=FRESH_FORM)),
            # the new hand's empty form is drawn once per seating (its fields are cached; built only then)
            "fresh_form": "form" not in extra,
            **extra}


def hanchan_page(request: HttpRequest, hanchan: Hanchan, *, fragment: str | None = None, status: int = 200,
                 **extra: Any) -> HttpResponse:
    """The page, or its ``fragment`` (a partial of ``hanchan_detail.html``); ``extra`` as ``page_context``'s."""
    template = "scoring/hanchan_detail.html" + (f"#{fragment}" if fragment else "")
    return render(request, template, page_context(request, hanchan, **extra), status=status)


def whole_page(request: HttpRequest, hanchan: Hanchan, **extra: Any) -> HttpResponse:
    """htmx answer when the hanchan's state changed: the whole page body replaces ``#hanchan-page``."""
    response = hanchan_page(request, hanchan, fragment="page", **extra)
    return reswap(retarget(response, "#hanchan-page"), "outerHTML show:#hanchan-page:top")


def after_record(request: HttpRequest, before: Hanchan, hand: HandRecord, version: int | None) -> HttpResponse:
    """The htmx answer to a recorded hand. When it is the one change since the form's ``version``, the phone
    gets out of band what the hand changed and a fresh form (or, when its form was the fresh one, the event
    ``hand-recorded``: it clears itself); otherwise the whole live part or page, as it is now."""
    after, kept = current(hand.hanchan_id)
    if after.state != before.state:
        return whole_page(request, after, kept=kept)
    if version is not None and after.version == version + 1:
        if not request.POST.get("fresh"):
            return hanchan_page(request, after, fragment="recorded", kept=kept)
        # the form on the phone is the fresh one as drawn: it clears itself (static/js/hand-entry.js)
        response = hanchan_page(request, after, fragment="recorded", kept=kept, clears_form=True)
        return trigger_client_event(reswap(response, "none"), "hand-recorded", {"version": after.version})
    response = hanchan_page(request, after, fragment="live", kept=kept)
    return reswap(retarget(response, "#live"), "outerHTML show:#live:top")


def refused(request: HttpRequest, hanchan: Hanchan, exc: ValidationError) -> HttpResponse:
    """A write the service refused: htmx gets the live fragment as it is now with the reason (422), a plain
    post the reason as a message on the page."""
    if request.htmx:
        return hanchan_page(request, hanchan, fragment="live", errors=error_list(exc), status=422)
    messages.error(request, " ".join(error_list(exc)))
    return redirect(hanchan)

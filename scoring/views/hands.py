"""Hands of a hanchan: record, preview, edit, delete."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import reswap, retarget

import rules

from .. import selectors, services
from ..access import scorekeeper_required
from ..forms import HandForm
from ..models import Hanchan, HandRecord
from .common import error_list, form_status, has_palette, int_or_none, posted_version
from .hanchan import get_hanchan, hanchan_page, whole_page


@require_POST
@scorekeeper_required
def hand_create(request: HttpRequest, pk: int) -> HttpResponse:
    hanchan = get_hanchan(pk)
    form = HandForm(request.POST, names=hanchan.player_names(), declared=_declared(hanchan))
    errors: list[str] = []
    stale = False
    if form.is_valid():
        try:
            services.hanchan_record_hand(hanchan=hanchan, event=form.event, by=request.user,
                                         version=posted_version(request))
        except ValidationError as exc:
            errors = error_list(exc)
            stale = exc.code == "stale"
        else:  # htmx: the updated scoreboard with a fresh form; otherwise back to the page
            if not request.htmx:
                return redirect(hanchan)
            hanchan.refresh_from_db()
            return hanchan_page(request, hanchan, fragment="live")
    if request.htmx:  # keep everything typed on screen: only the error box changes
        ctx = {"form": form, "errors": errors, "hanchan": hanchan}
        if stale:  # and, out of band, the board, the history and the form's version as they are now
            hanchan.refresh_from_db()
            ctx.update(selectors.hanchan_state(hanchan=hanchan), stale=True)
        response = render(request, "scoring/hanchan_detail.html#hand-errors", ctx, status=422)
        return reswap(retarget(response, "#hand-errors"), "outerHTML show:#hand-errors:top")
    return hanchan_page(request, hanchan, form=form, errors=errors, status=422)


@require_POST
@scorekeeper_required
def hand_preview(request: HttpRequest, pk: int) -> HttpResponse:
    """The engine's verdict on a hand typed tile by tile, before it is saved."""
    hanchan = get_hanchan(pk)
    data = request.POST.copy()
    data["value"] = "tiles"
    before = int_or_none(request.POST.get("hand_order"))
    form = HandForm(data, names=hanchan.player_names(), declared=_declared(hanchan, before))
    verdict, errors = None, []
    if form.is_valid() and "hand" in form.event:
        verdict, errors = _preview(hanchan, form.event, before=before)
    elif not form.is_valid():
        errors = [str(e) for errs in form.errors.values() for e in errs]
    return render(request, "scoring/hanchan_detail.html#preview", {"verdict": verdict, "preview_errors": errors})


def _declared(hanchan: Hanchan, before: int | None = None) -> list[int]:
    """Seats with riichi already recorded in the hand in progress (before hand ``before``)."""
    try:
        return list(selectors.state_before(hanchan=hanchan, before=before)["riichi"])
    except rules.RulesError:
        return []


def _preview(hanchan: Hanchan, event: dict[str, Any], before: int | None) -> tuple[dict | None, list[str]]:
    """Evaluate the hand of ``event`` in the situation of the hand being entered (or edited)."""
    try:
        st = selectors.state_before(hanchan=hanchan, before=before)
    except rules.RulesError as exc:
        return None, [services.engine_message(exc)]
    if st["round"] is None:
        return None, [_("対局は終了しています")]
    doc = {**event["hand"], "ruleset": hanchan.ruleset_in_force.spec(), "tsumo": event["type"] == "tsumo",
           "seat_wind": "ESWN"[(event["winner"] - st["dealer"]) % 4], "round_wind": st["round"][0],
           "honba": st["honba"], "sticks": st["sticks"]}
    try:
        return rules.evaluate(doc), []
    except rules.RulesError as exc:
        return None, [services.engine_message(exc)]


@scorekeeper_required
def hand_update(request: HttpRequest, pk: int) -> HttpResponse:
    hand = get_object_or_404(HandRecord.objects.select_related("hanchan"), pk=pk)
    hanchan = get_hanchan(hand.hanchan_id)
    names = hanchan.player_names()
    errors: list[str] = []
    if request.method == "POST":
        form = HandForm(request.POST, names=names, declared=_declared(hanchan, hand.order))
        if form.is_valid():
            try:
                saved = services.hanchan_update_hand(hand=hand, event=form.event, by=request.user,
                                                     version=posted_version(request))
            except ValidationError as exc:
                errors = error_list(exc)
            else:
                messages.success(request, _("#%(n)s を修正しました") % {"n": saved.number})
                return redirect(hanchan)
    else:
        form = HandForm(initial=HandForm.initial_from_event(hand.event), names=names)
    status = form_status(request)
    ctx = {"hand": hand, "hanchan": hanchan, "form": form, "errors": errors, "names": names,
           "palette": has_palette()}
    return render(request, "scoring/hand_form.html", ctx, status=status)


@require_POST
@scorekeeper_required
def hand_delete(request: HttpRequest, pk: int) -> HttpResponse:
    hand = get_object_or_404(HandRecord, pk=pk)
    hanchan = get_hanchan(hand.hanchan_id)
    state = hanchan.state
    try:
        services.hanchan_delete_hand(hand=hand, by=request.user, version=posted_version(request))
    except ValidationError as exc:
        if request.htmx:
            hanchan.refresh_from_db()
            return hanchan_page(request, hanchan, fragment="live", errors=error_list(exc), status=422)
        messages.error(request, " ".join(error_list(exc)))
        return redirect(hanchan)
    hanchan.refresh_from_db()
    if request.htmx:
        if hanchan.state != state:  # e.g. deleting the last hand of a finished game reopens it
            return whole_page(request, hanchan)
        return hanchan_page(request, hanchan, fragment="live")
    messages.success(request, _("#%(n)s を削除しました") % {"n": hand.number})
    return redirect(hanchan)

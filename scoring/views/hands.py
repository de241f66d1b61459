"""Hands of a hanchan: record, preview, edit, delete (undo of the last hand is a delete)."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import reswap, retarget

from .. import selectors, services
from ..access import scorekeeper_required
from ..forms import HandForm
from ..forms.hands import WIN_FIELDS
from ..models import Hanchan
from .check import check_tiles
from .common import (error_list, form_errors, form_status, hanchan_or_404, hand_or_404, int_or_none,
                     posted_after, posted_version)
from .hanchan_page import after_record, hanchan_page, refused, whole_page


def _step(request: HttpRequest, form: HandForm, hanchan: Hanchan, **kwargs: Any) -> tuple[HandForm, int]:
    """「＋和了者を追加」 / 「外す」 for a ron with several winners: the form to show next and its status: a new
    one (``HandForm.for_hanchan`` with ``kwargs``) with the win on screen moved to the list, or a listed win
    dropped; or ``form``, saying why not, and 422."""
    step = request.POST["step"]
    data = {k: (request.POST.getlist(k) if k in ("riichi", "tenpai", "situational", "nagashi")
                else request.POST.get(k)) for k in request.POST if k not in ("csrfmiddlewaretoken", "step")}
    wins = list(form.other_wins)
    if step.startswith("drop-"):
        index = int_or_none(step.removeprefix("drop-"))
        if index is not None and 0 <= index < len(wins):
            del wins[index]
    elif step == "add-win":
        if not form.is_valid():
            return form, 422
        win = form.current_win(form.cleaned_data)
        if win is None:
            form.add_error("winner", _("和了者を選んでください"))
            return form, 422
        if form.errors or form.listed_twice(win, wins):
            return form, 422
        wins.append(win)
        data = {k: v for k, v in data.items() if k not in WIN_FIELDS}
        data["value"] = "quick"
    data["wins"] = json.dumps(wins, ensure_ascii=False) if wins else ""
    data["type"] = "ron"
    return HandForm.for_hanchan(hanchan, initial=data, **kwargs), 200


@require_POST
@scorekeeper_required
def hand_create(request: HttpRequest, pk: int) -> HttpResponse:
    hanchan = hanchan_or_404(pk)
    form = HandForm.for_hanchan(hanchan, request.POST)
    errors: list[str] = []
    stale = False
    if request.POST.get("step"):
        form, status = _step(request, form, hanchan)
        if request.htmx:
            response = hanchan_page(request, hanchan, fragment="entry-form", form=form, status=status)
            return reswap(retarget(response, "#hand-form"), "outerHTML")
        return hanchan_page(request, hanchan, form=form, status=status)
    if form.is_valid():
        try:
            version = posted_version(request)
            hand = services.hanchan_record_hand(hanchan=hanchan, event=form.event, by=request.user, version=version,
                                                submission=form.cleaned_data["submission"],
                                                after=posted_after(request))
        except ValidationError as exc:
            errors = error_list(exc)
            stale = exc.code == "stale"
        else:
            return after_record(request, hanchan, hand, version) if request.htmx else redirect(hanchan)
    if request.htmx:  # everything typed stays on screen: only the error box changes (stale: the board too)
        response = hanchan_page(request, hanchan, fragment="hand-errors", form=form, errors=errors, stale=stale,
                                status=422)
        response["X-Hand-Refused"] = "stale" if stale else "invalid"  # a phone sending its queued hands reads it
        return reswap(retarget(response, "#hand-errors"), "outerHTML show:#hand-errors:top")
    return hanchan_page(request, hanchan, form=form, errors=errors, status=422)


@require_POST
@scorekeeper_required
def hand_preview(request: HttpRequest, pk: int) -> HttpResponse:
    """The engine's verdict on a hand typed tile by tile, before it is saved."""
    hanchan = hanchan_or_404(pk)
    data = request.POST.copy()
    data["value"] = "tiles"
    before = int_or_none(request.POST.get("hand_order"))
    events = selectors.stored_events(hanchan.pk)
    form = HandForm.for_hanchan(hanchan, data, before=before, events=events)
    verdict, errors = None, []
    if form.is_valid() and _has_hand(form.event):
        answer = selectors.hand_preview(hanchan=hanchan, event=form.event, before=before, events=events)
        verdict = answer["verdicts"][-1] if answer["verdicts"] else None
        errors = [answer["error"]] if answer["error"] and not verdict else []
    elif not form.is_valid():
        errors = form_errors(form)
    # without the context processors: the role check would read the user's groups again on every keystroke
    return HttpResponse(render_to_string("scoring/hanchan_detail.html#preview",
                                         {"verdict": verdict, "preview_errors": errors}))


def _has_hand(event: dict[str, Any]) -> bool:
    return "hand" in event or any("hand" in w for w in event.get("wins") or [])


@require_safe
@scorekeeper_required
def hand_tiles(request: HttpRequest, pk: int) -> JsonResponse:
    """The palette's reader of typed tiles on the hand form, as the checker's."""
    hanchan_or_404(pk)
    return check_tiles(request)


@scorekeeper_required
def hand_update(request: HttpRequest, pk: int) -> HttpResponse:
    hand = hand_or_404(pk)
    hanchan = hand.hanchan
    errors: list[str] = []
    status = form_status(request)
    # the stored input, read once and only when needed (a saved edit redirects without it)
    events = SimpleLazyObject(lambda: selectors.stored_events(hanchan.pk))
    if request.method == "POST":
        form = HandForm.for_hanchan(hanchan, request.POST, before=hand.order, events=events)
        if request.POST.get("step"):
            form, status = _step(request, form, hanchan, before=hand.order, events=events)
        elif form.is_valid():
            try:
                saved = services.hanchan_update_hand(hand=hand, event=form.event, by=request.user,
                                                     version=posted_version(request))
            except ValidationError as exc:
                errors = error_list(exc)
            else:
                messages.success(request, _("#%(n)s を修正しました") % {"n": saved.number})
                return redirect(hanchan)
    else:
        form = HandForm.for_hanchan(hanchan, before=hand.order, initial=HandForm.initial_from_event(hand.event),
                                    events=events)
    # one replay (next_hand) names the hand and gives the stored (or typed) hand's verdict on load
    typed = form.event if form.is_bound and not form.errors else None
    answer = selectors.hand_preview(hanchan=hanchan, event=typed or hand.event, before=hand.order, events=events)
    verdict = answer["verdicts"][-1] if answer["verdicts"] else None
    preview_errors = [answer["error"]] if answer["error"] and _has_hand(typed or hand.event) and not verdict else []
    shown = answer["event"] if not typed and answer["event"] else None
    ctx = {"hand": hand, "hanchan": hanchan, "form": form, "errors": errors, "verdict": verdict,
           "preview_errors": preview_errors, "hand_label": (answer["before"] or {}).get("label"), "shown": shown,
           "red_fives": form.ruleset.red_fives, "ruleset": form.ruleset}
    return render(request, "scoring/hand_form.html", ctx, status=status)


@require_POST
@scorekeeper_required
def hand_delete(request: HttpRequest, pk: int) -> HttpResponse:
    hand = hand_or_404(pk)
    hanchan = hand.hanchan
    try:
        after = services.hanchan_delete_hand(hand=hand, by=request.user,
                                            version=posted_version(request, "delete"))
    except ValidationError as exc:
        return refused(request, hanchan, exc)
    if hanchan.hands.filter(order__gte=hand.order).exists():  # hands after it moved up and were settled again
        notice = _("#%(n)s を削除し、後の局を計算し直しました(「削除された局」から戻せます)") % {"n": hand.order + 1}
    else:  # the last hand: an undo
        notice = _("#%(n)s を取り消しました") % {"n": hand.order + 1}
    if request.htmx and after.state != hanchan.state:  # e.g. the last hand of a finished game: back in play
        return whole_page(request, after)
    if request.htmx:
        return hanchan_page(request, after, fragment="live", notice=notice)
    messages.success(request, notice)
    return redirect(hanchan)

"""Writes to a hanchan. A hand is never stored unless the whole hanchan, with that change, replays
through ``rules.play``; the settled per-hand columns and the results are then rebuilt from that replay.
"""

from __future__ import annotations

from typing import Any, Sequence

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import get_language
from django.utils.translation import gettext as _

import rules

from ..models import Hanchan, HanchanResult, HandRecord
from .common import User, actor, engine_message


def replay(hanchan: Hanchan, events: list[dict[str, Any]]) -> dict[str, Any]:
    """``rules.play`` over ``events``; the engine's error becomes a ValidationError in Japanese."""
    doc = {"ruleset": hanchan.clubday.ruleset.spec(), "players": hanchan.player_names(), "hands": events}
    try:
        return rules.play(doc)
    except rules.RulesError as exc:
        raise ValidationError(engine_message(exc), code=exc.code) from exc


def invalid_after(hanchan: Hanchan, events: list[dict[str, Any]], first: int) -> list[int]:
    """0-based positions at or after ``first`` that cannot be replayed once earlier ones are applied.

    A failing event is set aside and the replay goes on, so every later hand that is impossible
    (for example because the game now ends earlier by トビ) is found, not only the first one.
    """
    kept = list(range(len(events)))
    bad: list[int] = []
    while True:
        try:
            rules.play({"ruleset": hanchan.clubday.ruleset.spec(), "players": hanchan.player_names(),
                        "hands": [events[k] for k in kept]})
            return bad
        except rules.GameError as exc:
            if exc.index is None or kept[exc.index] < first:
                raise ValidationError(engine_message(exc), code=exc.code) from exc
            bad.append(kept.pop(exc.index))
        except rules.RulesError as exc:
            raise ValidationError(engine_message(exc), code=exc.code) from exc


def _check_change(hanchan: Hanchan, events: list[dict[str, Any]], *, position: int,
                  edited: bool) -> dict[str, Any]:
    """Replay ``events`` (the candidate list after a change at ``position``); refuse with the
    numbers of the later hands that would become invalid. ``edited``: the hand at ``position`` is
    the changed one (update) rather than the one after a deleted hand."""
    try:
        return replay(hanchan, events)
    except ValidationError as first_error:
        bad = invalid_after(hanchan, events, position)
        if edited and position in bad or not bad:
            raise first_error
        shift = 1 if edited else 2  # candidate index -> the hand number the user sees now
        numbers = "、".join(f"#{k + shift}" for k in bad)
        raise ValidationError(
            _("この変更をすると後の記録が成り立たなくなります: %(hands)s(先にそれらを修正・削除してください)")
            % {"hands": numbers},
            code="later_hands_invalid", params={"hands": [k + shift for k in bad]}) from None


def _store(hanchan: Hanchan, out: dict[str, Any]) -> None:
    """Rebuild the cache (per-hand settlement, results of a finished hanchan) from a replay."""
    hands = list(hanchan.hands.order_by("order"))
    for hand, ev in zip(hands, out["events"]):
        hand.deltas, hand.scores_after = ev["deltas"], ev["scores"]
        hand.label, hand.description = ev["label"]["ja"], ev["description"]["ja"][:300]
        HandRecord.objects.filter(pk=hand.pk).update(deltas=hand.deltas, scores_after=hand.scores_after,
                                                     label=hand.label, description=hand.description)
    if hanchan.state != Hanchan.State.FINISHED:
        return
    if out["ended"]:
        _store_results(hanchan, out["result"])
    elif hanchan.closed_early:
        _store_results(hanchan, _early_result(hanchan, out))
    else:  # an edit made the game go on: it is in play again
        hanchan.results.all().delete()
        hanchan.state = Hanchan.State.IN_PLAY
        hanchan.save(update_fields=["state"])


def _early_result(hanchan: Hanchan, out: dict[str, Any]) -> dict[str, Any]:
    rs = hanchan.clubday.ruleset.engine()
    state = out["state"]
    try:
        return rules.final_result(state["scores"], hanchan.clubday.ruleset.spec(),
                                  sticks=state["pot"] // rs.riichi_stick)
    except rules.RulesError as exc:
        raise ValidationError(engine_message(exc), code=exc.code) from exc


def _store_results(hanchan: Hanchan, result: dict[str, Any]) -> None:
    hanchan.results.all().delete()
    HanchanResult.objects.bulk_create([
        HanchanResult(hanchan=hanchan, member=member, seat=seat, score=result["scores"][seat],
                      rank=result["ranks"][seat], uma=result["uma"][seat], net=result["net"][seat])
        for seat, member in enumerate(hanchan.members)])


def _events(hanchan: Hanchan) -> list[dict[str, Any]]:
    return [h.event for h in hanchan.hands.order_by("order")]


def _require_hands_mode(hanchan: Hanchan) -> None:
    if hanchan.mode != Hanchan.Mode.HANDS:
        raise ValidationError(_("この半荘は最終得点のみの記録です。1局ずつの記録はできません"))
    if hanchan.state == Hanchan.State.VOID:
        raise ValidationError(_("この半荘は無効にされています"))


# --------------------------------------------------------------------------- hands


@transaction.atomic
def hanchan_record_hand(*, hanchan: Hanchan, event: dict[str, Any], by: User) -> HandRecord:
    """Append one hand; refused (nothing saved) when the engine rejects it or the game is over."""
    hanchan = Hanchan.objects.select_for_update().get(pk=hanchan.pk)
    _require_hands_mode(hanchan)
    if hanchan.state == Hanchan.State.FINISHED:
        raise ValidationError(_("この半荘は終了しています。追加するには最後の局を修正してください"))
    events = _events(hanchan)
    out = replay(hanchan, events + [event])
    hand = HandRecord.objects.create(hanchan=hanchan, order=len(events), event=event,
                                     entered_by=actor(by))
    _store(hanchan, out)
    hand.refresh_from_db()
    return hand


@transaction.atomic
def hanchan_update_hand(*, hand: HandRecord, event: dict[str, Any], by: User) -> HandRecord:
    """Replace one hand and re-settle the game; refused if it or any later hand becomes invalid."""
    hanchan = Hanchan.objects.select_for_update().get(pk=hand.hanchan_id)
    _require_hands_mode(hanchan)
    events = _events(hanchan)
    events[hand.order] = event
    out = _check_change(hanchan, events, position=hand.order, edited=True)
    hand.event, hand.entered_by = event, actor(by)
    hand.save(update_fields=["event", "entered_by", "entered_at"])
    _store(hanchan, out)
    hand.refresh_from_db()
    return hand


@transaction.atomic
def hanchan_delete_hand(*, hand: HandRecord, by: User) -> None:
    """Delete one hand and renumber the rest; refused if a later hand becomes invalid."""
    hanchan = Hanchan.objects.select_for_update().get(pk=hand.hanchan_id)
    _require_hands_mode(hanchan)
    events = _events(hanchan)
    del events[hand.order]
    out = _check_change(hanchan, events, position=hand.order, edited=False)
    later = list(hanchan.hands.filter(order__gt=hand.order).order_by("order"))
    hand.delete()
    for h in later:  # one by one, upwards, so the (hanchan, order) constraint always holds
        HandRecord.objects.filter(pk=h.pk).update(order=h.order - 1)
    _store(hanchan, out)


@transaction.atomic
def hanchan_finish(*, hanchan: Hanchan, by: User, early: bool = False) -> list[HanchanResult]:
    """Store the results: when the replay says the game ended, or with ``early`` (途中終了) from the
    current scores (leftover sticks to the top player)."""
    hanchan = Hanchan.objects.select_for_update().get(pk=hanchan.pk)
    _require_hands_mode(hanchan)
    out = replay(hanchan, _events(hanchan))
    if not out["ended"] and not early:
        label = out["state"]["label"]["en" if (get_language() or "").startswith("en") else "ja"]
        raise ValidationError(_("まだ対局は終わっていません(次は %(label)s)。途中で終える場合は「途中終了」を選んでください")
                              % {"label": label})
    hanchan.state = Hanchan.State.FINISHED
    hanchan.closed_early = not out["ended"]
    hanchan.save(update_fields=["state", "closed_early"])
    _store(hanchan, out)
    return list(hanchan.results.all())


@transaction.atomic
def hanchan_reopen(*, hanchan: Hanchan, by: User) -> Hanchan:
    """Undo ``hanchan_finish`` for a hand-by-hand hanchan (results removed, hands kept)."""
    _require_hands_mode(hanchan)
    hanchan.results.all().delete()
    hanchan.state, hanchan.closed_early = Hanchan.State.IN_PLAY, False
    hanchan.save(update_fields=["state", "closed_early"])
    return hanchan


@transaction.atomic
def hanchan_record_final_scores(*, hanchan: Hanchan, scores: Sequence[int], sticks: int,
                                by: User) -> list[HanchanResult]:
    """A hanchan played on paper (seed 002「得点をそのまま記入」): four raw scores by seat and the
    riichi sticks left on the table. Ranks 上家優先, 順位点 and nets via ``rules.final_result``."""
    hanchan = Hanchan.objects.select_for_update().get(pk=hanchan.pk)
    if hanchan.hands.exists():
        raise ValidationError(_("この半荘には1局ずつの記録があります。最終得点は記録から計算されます"))
    try:
        result = rules.final_result(list(scores), hanchan.clubday.ruleset.spec(), sticks=sticks)
    except rules.RulesError as exc:
        raise ValidationError(engine_message(exc), code=exc.code) from exc
    hanchan.mode, hanchan.state, hanchan.closed_early = Hanchan.Mode.FINAL, Hanchan.State.FINISHED, False
    hanchan.save(update_fields=["mode", "state", "closed_early"])
    _store_results(hanchan, result)
    return list(hanchan.results.all())


@transaction.atomic
def hanchan_void(*, hanchan: Hanchan, by: User) -> Hanchan:
    """Mark a hanchan void (無効): kept for the record, its results removed from the boards."""
    hanchan.results.all().delete()
    hanchan.state = Hanchan.State.VOID
    hanchan.save(update_fields=["state"])
    return hanchan

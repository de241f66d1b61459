"""Writes to a hanchan. A change is stored only if the whole hanchan, with it, replays through ``rules.play``;
the settled per-hand columns and the results are then rebuilt from that replay.

Every write is one transaction that locks the hanchan row (on SQLite the ``IMMEDIATE`` transaction mode
serialises writers), re-reads what it changes inside the lock, refuses a form built on an older ``version``
(code ``stale``) and bumps ``Hanchan.version``.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

import rules

from .. import generations
from ..models import FinalScoreSheet, Hanchan, HanchanResult, HandRecord
from ..shared import bare_message, engine_message, hand_message, listed, text_key
from .common import User, actor
from .figures import FIGURES, player_figures
from .boards import boards_refresh
from .rollup import rollup_refresh

# Bump it with any change to what a replay stores (rules' results and wording, ``settled_columns``,
# ``figures.player_figures``): ``manage.py resettle --upgrade`` (``make run``) then recomputes it all.
SETTLED_VERSION = 2


def stale_error(kind: str = "form") -> ValidationError:
    """The refusal of a write built on an old version of the hanchan; ``kind`` (what was refused: a typed
    ``"form"``, a ``"delete"`` or another button's ``"action"``) says what is left."""
    texts = {
        "delete": _("他の人がこの半荘を変更しました。取り消しは行っていません。最新の記録を確かめてから、必要ならもう一度押してください"),
        "action": _("他の人がこの半荘を変更しました。この操作は行っていません。最新の記録を確かめてから、必要ならもう一度押してください"),
        "form": _("他の人がこの半荘を変更しました。最新の記録を確かめてから、もう一度送信してください(入力した内容は残っています)"),
    }
    return ValidationError(texts[kind], code="stale")


def _lock(pk: int, version: int | None, kind: str = "form") -> Hanchan:
    """The hanchan, locked for the rest of the transaction, checked against the form's version."""
    try:
        hanchan = Hanchan.objects.with_players().select_for_update(of=("self",)).get(pk=pk)
    except Hanchan.DoesNotExist:
        raise stale_error(kind) from None
    if version is not None and hanchan.version != version:
        raise stale_error(kind)
    return hanchan


def _bump(hanchan: Hanchan, *fields: str) -> None:
    """A new version (refusing older forms) and, once it commits, a new generation of its cached pages."""
    generations.new_generation(generations.hanchan(hanchan.pk))
    hanchan.version += 1
    if not fields:  # only the version moved: nothing for the hanchan's history
        Hanchan.objects.filter(pk=hanchan.pk).update(version=hanchan.version)
    else:
        hanchan.save(update_fields=["version", *fields])


def _locked_hand(hand: HandRecord, version: int | None,
                 kind: str = "form") -> tuple[Hanchan, HandRecord, list[HandRecord]]:
    """The locked hanchan, the hand as stored now (its position may have changed since the caller read it)
    and all the hanchan's hands in order."""
    hanchan = _lock(hand.hanchan_id, version, kind)
    hands = _hands(hanchan)
    for stored in hands:
        if stored.pk == hand.pk:
            _require_hands_mode(hanchan)
            return hanchan, stored, hands
    raise stale_error(kind)


def replay(hanchan: Hanchan, events: list[dict[str, Any]]) -> dict[str, Any]:
    """``rules.play`` over ``events``; an engine error becomes a ValidationError naming the hand as the page does."""
    doc = hanchan.game_doc(events)
    try:
        return rules.play(doc)
    except rules.RulesError as exc:
        raise ValidationError(hand_message(doc, exc), code=exc.code) from exc


def invalid_after(hanchan: Hanchan, events: list[dict[str, Any]], first: int, reasons: list[str]) -> list[int]:
    """0-based positions at or after ``first`` that cannot be replayed: each failing event is set aside and
    the replay goes on, so every impossible later hand is found. ``reasons`` gets the engine's reason for each.
    """
    kept = list(range(len(events)))
    bad: list[int] = []
    while True:
        doc = hanchan.game_doc([events[k] for k in kept])
        try:
            rules.play(doc)
            return bad
        except rules.GameError as exc:
            if exc.index is None or kept[exc.index] < first:
                raise ValidationError(hand_message(doc, exc), code=exc.code) from exc
            bad.append(kept.pop(exc.index))
            reasons.append(bare_message(exc))
        except rules.RulesError as exc:
            raise ValidationError(engine_message(exc), code=exc.code) from exc


def _check_change(hanchan: Hanchan, events: list[dict[str, Any]], *, position: int,
                  edited: bool, stored: list[dict[str, Any]]) -> dict[str, Any]:
    """Replay ``events`` (after a change at ``position``), or refuse naming the later hands it would make
    invalid as the page names them now (from ``stored``). ``edited``: the hand at ``position`` was changed,
    not deleted."""
    try:
        return replay(hanchan, events)
    except ValidationError as first_error:
        reasons: list[str] = []
        bad = invalid_after(hanchan, events, position, reasons)
        if edited and position in bad or not bad:
            raise first_error
        shift = 1 if edited else 2  # candidate index -> the hand number the user sees now
        labels = _labels(hanchan, stored)
        numbers = listed(f"#{k + shift} {labels.get(k + shift, '')}".strip() for k in bad)
        # why, told for the first of them (the others mostly follow from it: 「対局はすでに終了しています」)
        raise ValidationError(
            _("この変更をすると後の記録が成り立たなくなります: %(hands)s(先にそれらを修正・削除してください)")
            % {"hands": numbers} + " " + _("理由(#%(n)s): %(reason)s") % {"n": bad[0] + shift, "reason": reasons[0]},
            code="later_hands_invalid", params={"hands": [k + shift for k in bad]}) from None


def _labels(hanchan: Hanchan, stored: list[dict[str, Any]]) -> dict[int, str]:
    """Hand number → its label in the page's language; {} when the stored hands do not replay."""
    key = text_key()
    try:
        return {i + 1: ev["label"][key] for i, ev in enumerate(rules.play(hanchan.game_doc(stored))["events"])}
    except rules.RulesError:
        return {}


def _hands(hanchan: Hanchan) -> list[HandRecord]:
    return list(hanchan.hands.order_by("order"))


def settled_columns(ev: dict[str, Any]) -> dict[str, Any]:
    """The settled columns of a hand from its replayed event (``rules.play``'s ``events[i]``)."""
    return {"deltas": ev["deltas"], "scores_after": ev["scores"], "label": ev["label"]["ja"],
            "description": ev["description"]["ja"][:300], "label_en": ev["label"]["en"][:60],
            "description_en": ev["description"]["en"][:400]}


def _store(hanchan: Hanchan, hands: list[HandRecord], out: dict[str, Any], *, in_play: bool = False) -> int:
    """Make the per-hand settlement, the hanchan's state and its results equal the replay ``out`` of
    ``hands``; returns the number of rows written. Hands that end the game finish it; a game stopped early
    (途中終了) stays finished at its current scores; anything else is in play, without results (a void
    hanchan keeps that state in ``state_before_void``). ``in_play``: the caller locked it in play, so it
    has no results to delete."""
    changed, fields = [], set()
    for hand, ev in zip(hands, out["events"]):
        differ = {k: v for k, v in settled_columns(ev).items() if getattr(hand, k) != v}
        for k, v in differ.items():
            setattr(hand, k, v)
        if differ:
            changed.append(hand)
            fields.update(differ)
    # no history rows: HandRecord.history excludes these columns
    if changed:
        HandRecord.objects.bulk_update(changed, sorted(fields))
    written = len(changed) + _settle_state(hanchan, ended=out["ended"], any_hands=bool(hands))
    if Hanchan.State.FINISHED not in (hanchan.state, hanchan.state_before_void):
        deleted = 0 if in_play else hanchan.results.all().delete()[0]
        if deleted:
            _refresh_boards(hanchan)
        return written + deleted
    if out["ended"]:
        result = out["result"]
    else:  # stopped early (途中終了): the current scores, the sticks on the table to the top player
        state = out["state"]
        result = _final_result(hanchan, state["scores"], state["pot"] // hanchan.ruleset_in_force.engine().riichi_stick)
    return written + _store_results(hanchan, result, player_figures(out["events"]))


def _settle_state(hanchan: Hanchan, *, ended: bool, any_hands: bool) -> int:
    """Save the state the stored hands give if it moved (returns 1 then). A 途中終了 lapses when the hands
    end the game after all, or when no hand is left."""
    early = hanchan.closed_early and not ended and any_hands
    state = Hanchan.State.FINISHED if ended or early else Hanchan.State.IN_PLAY
    field = "state_before_void" if hanchan.state == Hanchan.State.VOID else "state"
    if getattr(hanchan, field) == state and hanchan.closed_early == early:
        return 0
    setattr(hanchan, field, state)
    hanchan.closed_early = early
    hanchan.save(update_fields=[field, "closed_early"])
    return 1


def _final_result(hanchan: Hanchan, scores: Sequence[int], sticks: int) -> dict[str, Any]:
    """Ranks, 順位点 and nets of final ``scores`` with ``sticks`` left on the table."""
    try:
        return rules.final_result(list(scores), hanchan.ruleset_in_force.spec(), sticks=sticks)
    except rules.RulesError as exc:
        raise ValidationError(engine_message(exc), code=exc.code) from exc


def _refresh_boards(hanchan: Hanchan, members: set[int] = frozenset()) -> None:
    """Recount the hanchan's day for its players and ``members``, counting the hanchan as its unsaved state says."""
    rollup_refresh(members=set(hanchan.member_ids) | members, day=hanchan.clubday.date, hanchan=hanchan)
    boards_refresh(since=hanchan.clubday.date)


def result_values(hanchan: Hanchan, result: dict[str, Any],
                  figures: list[dict[str, int]] | None = None) -> list[dict[str, Any]]:
    """The columns of the four ``HanchanResult`` rows of ``result``, by seat; ``figures`` as ``_store_results``'."""
    return [{"member_id": member_id, "score": result["scores"][seat], "rank": result["ranks"][seat],
             "uma": result["uma"][seat], "net": result["net"][seat], "recorded": figures is not None,
             **(figures[seat] if figures is not None else dict.fromkeys(FIGURES, 0))}
            for seat, member_id in enumerate(hanchan.member_ids)]


def _store_results(hanchan: Hanchan, result: dict[str, Any], figures: list[dict[str, int]] | None = None) -> int:
    """Make the four result rows equal ``result`` and the per-player ``figures`` (``None``: a paper sheet);
    returns the number of rows written."""
    existing = {r.seat: r for r in hanchan.results.all()}
    written = 0
    for seat, values in enumerate(result_values(hanchan, result, figures)):
        row = existing.get(seat) or HanchanResult(hanchan=hanchan, seat=seat)
        if row.pk is None or any(getattr(row, k) != v for k, v in values.items()):
            for k, v in values.items():
                setattr(row, k, v)
            row.save()
            written += 1
    if written:
        _refresh_boards(hanchan, {r.member_id for r in existing.values()})
    return written


def _require_hands_mode(hanchan: Hanchan) -> None:
    if hanchan.mode != Hanchan.Mode.HANDS:
        raise ValidationError(_("この半荘は最終得点のみの記録です。1局ずつの記録はできません"))
    if hanchan.state == Hanchan.State.VOID:
        raise ValidationError(_("この半荘は無効にされています"))


def _follows(hanchan: Hanchan, version: int, after: Sequence[uuid.UUID]) -> bool:
    """Whether a hand queued offline on ``version`` after the phone's own queued hands ``after`` (their keys,
    in order) is as good as current: those are the newest hands and nothing else was written (every write
    bumps the version once)."""
    if hanchan.version != version + len(after):
        return False
    newest = list(hanchan.hands.order_by("-order").values_list("submission", flat=True)[:len(after)])
    return newest[::-1] == list(after)


@transaction.atomic
def hanchan_record_hand(*, hanchan: Hanchan, event: dict[str, Any], by: User, version: int | None = None,
                        submission: uuid.UUID | None = None, after: Sequence[uuid.UUID] = ()) -> HandRecord:
    """Append one hand; refused when the engine rejects it or the game is over. ``hand.hanchan`` is the
    hanchan as saved.

    ``submission``: the key the phone made for this tap; a tap sent again after a lost answer gets the hand
    already recorded with it (not a second hand, nor a stale refusal). ``after``: the keys of the hands the
    phone queued before this one offline, all built on ``version`` (``_follows``)."""
    hanchan = _lock(hanchan.pk, None)
    if submission is not None:
        done = HandRecord.objects.filter(submission=submission).first()
        if done is not None and done.hanchan_id == hanchan.pk:
            done.hanchan = hanchan  # as locked (the page after the answer reads it)
            return done
        if done is not None:  # a key of another hanchan's hand: not this tap arriving again
            raise ValidationError(_("送信をもう一度やり直してください(画面を読み込み直してから記録してください)"),
                                  code="submission_reused")
        if HandRecord.history.filter(submission=submission).exists():
            raise ValidationError(_("この局は記録されたあと削除されています(記録の一覧と「削除された局」を確かめてください)"),
                                  code="submitted_then_deleted")
    if version is not None and (not _follows(hanchan, version, after) if after else hanchan.version != version):
        raise stale_error()
    _require_hands_mode(hanchan)
    if hanchan.state == Hanchan.State.FINISHED:
        raise ValidationError(_("この半荘は終了しています。追加するには最後の局を修正してください"))
    hands = _hands(hanchan)
    out = replay(hanchan, [h.event for h in hands] + [event])
    hand = HandRecord.objects.create(hanchan=hanchan, order=len(hands), event=event, entered_by=actor(by),
                                     submission=submission, **settled_columns(out["events"][-1]))  # settled as written
    hands.append(hand)
    _store(hanchan, hands, out, in_play=True)  # a finished game was refused above
    _bump(hanchan)
    return hand


@transaction.atomic
def hanchan_update_hand(*, hand: HandRecord, event: dict[str, Any], by: User,
                        version: int | None = None) -> HandRecord:
    """Replace one hand and re-settle the game; refused if it or any later hand becomes invalid."""
    hanchan, hand, hands = _locked_hand(hand, version)
    in_play = hanchan.state == Hanchan.State.IN_PLAY
    stored = [h.event for h in hands]
    events = list(stored)
    events[hand.order] = event
    out = _check_change(hanchan, events, position=hand.order, edited=True, stored=stored)
    if event != hand.event:  # saved as it was: no input changed, so no history row either
        hand.event, hand.entered_by = event, actor(by)
        hand.save(update_fields=["event", "entered_by", "entered_at"])
    _store(hanchan, hands, out, in_play=in_play)  # saves the state (and its history row) if the edit reopened it
    _bump(hanchan)
    return hand


@transaction.atomic
def hanchan_delete_hand(*, hand: HandRecord, by: User, version: int | None = None) -> Hanchan:
    """Delete one hand and renumber the rest; refused if a later hand becomes invalid. Returns the hanchan as
    saved (it may be back in play)."""
    hanchan, hand, hands = _locked_hand(hand, version, "delete")
    in_play = hanchan.state == Hanchan.State.IN_PLAY
    stored = [h.event for h in hands]
    del hands[hand.order]
    out = _check_change(hanchan, [h.event for h in hands], position=hand.order, edited=False, stored=stored)
    hand.delete()
    for h in hands[hand.order:]:  # one by one, upwards, so the (hanchan, order) constraint always holds
        h.order -= 1
        HandRecord.objects.filter(pk=h.pk).update(order=h.order)
    _store(hanchan, hands, out, in_play=in_play)  # saves the state (and its history row) if the delete reopened it
    _bump(hanchan)
    return hanchan


@transaction.atomic
def hanchan_finish(*, hanchan: Hanchan, by: User, version: int | None = None) -> Hanchan:
    """途中終了: stop a game before its end; the results are the current scores, kept current by later edits."""
    hanchan = _lock(hanchan.pk, version, "action")
    _require_hands_mode(hanchan)
    if hanchan.state == Hanchan.State.FINISHED:
        raise ValidationError(_("この半荘の結果はすでに確定しています"))
    hands = _hands(hanchan)
    if not hands:
        raise ValidationError(_("まだ1局も記録されていません"))
    hanchan.closed_early = True
    _store(hanchan, hands, replay(hanchan, [h.event for h in hands]))
    _bump(hanchan)
    return hanchan


@transaction.atomic
def hanchan_reopen(*, hanchan: Hanchan, by: User, version: int | None = None) -> Hanchan:
    """Undo 途中終了: the game is in play again from where it stopped."""
    hanchan = _lock(hanchan.pk, version, "action")
    _require_hands_mode(hanchan)
    if not hanchan.closed_early:
        raise ValidationError(_("この半荘は途中終了していません"))
    hanchan.closed_early = False
    hands = _hands(hanchan)
    _store(hanchan, hands, replay(hanchan, [h.event for h in hands]))
    _bump(hanchan)
    return hanchan


@transaction.atomic
def hanchan_record_final_scores(*, hanchan: Hanchan, scores: Sequence[int], sticks: int,
                                by: User, version: int | None = None) -> list[HanchanResult]:
    """A hanchan played on paper: four raw scores by seat and the riichi sticks left on the table. Entering
    them again adds a new sheet; the earlier ones are kept."""
    hanchan = _lock(hanchan.pk, version)
    if hanchan.hands.exists():
        raise ValidationError(_("この半荘には1局ずつの記録があります。最終得点は記録から計算されます"))
    if hanchan.state == Hanchan.State.VOID:
        raise ValidationError(_("この半荘は無効にされています"))
    sheet = FinalScoreSheet(hanchan=hanchan, scores=[int(s) for s in scores], sticks=sticks, entered_by=actor(by))
    result = _final_result(hanchan, sheet.scores, sheet.sticks)
    sheet.save()
    hanchan.mode, hanchan.state, hanchan.closed_early = Hanchan.Mode.FINAL, Hanchan.State.FINISHED, False
    _store_results(hanchan, result)
    _bump(hanchan, "mode", "state", "closed_early")
    return list(hanchan.results.all())


@transaction.atomic
def hanchan_void(*, hanchan: Hanchan, by: User, version: int | None = None) -> Hanchan:
    """Mark a hanchan void (無効): everything stays stored, but it leaves the boards."""
    hanchan = _lock(hanchan.pk, version, "action")
    if hanchan.state == Hanchan.State.VOID:
        raise ValidationError(_("この半荘はすでに無効にされています"))
    hanchan.state_before_void, hanchan.state = hanchan.state, Hanchan.State.VOID
    return _save_void(hanchan)


@transaction.atomic
def hanchan_unvoid(*, hanchan: Hanchan, by: User, version: int | None = None) -> Hanchan:
    """Undo ``hanchan_void``: the hanchan is back as it was."""
    hanchan = _lock(hanchan.pk, version, "action")
    if hanchan.state != Hanchan.State.VOID:
        raise ValidationError(_("この半荘は無効にされていません"))
    hanchan.state, hanchan.state_before_void = hanchan.state_before_void or Hanchan.State.IN_PLAY, ""
    return _save_void(hanchan)


def _save_void(hanchan: Hanchan) -> Hanchan:
    _bump(hanchan, "state", "state_before_void")
    if Hanchan.State.FINISHED in (hanchan.state, hanchan.state_before_void):  # off the boards, or back on
        _refresh_boards(hanchan)
    return hanchan


@transaction.atomic
def hanchan_resettle(*, hanchan: Hanchan) -> list[str]:
    """Make every cache of one hanchan equal what its stored hands or newest sheet give; returns what was
    corrected. A record that no longer replays is left as it is and reported."""
    hanchan = _lock(hanchan.pk, None)
    fixes: list[str] = []
    if hanchan.mode == Hanchan.Mode.FINAL:
        sheet = hanchan.sheets.order_by("-pk").first()
        if sheet is None:
            return [_("最終得点の記録がありません")] if hanchan.results.exists() else []
        written = _store_results(hanchan, _final_result(hanchan, sheet.scores, sheet.sticks))
        if written:
            _bump(hanchan)  # its page shows the results
        return [_("結果 %(n)s 行を修正") % {"n": written}] if written else []
    hands = _hands(hanchan)
    for i, hand in enumerate(hands):
        if hand.order != i:
            HandRecord.objects.filter(pk=hand.pk).update(order=i)
            hand.order = i
            fixes.append(_("局の番号を #%(n)s に詰めました") % {"n": i + 1})
    try:
        out = replay(hanchan, [h.event for h in hands])
    except ValidationError as exc:
        return fixes + [_("再計算できません: %(e)s") % {"e": " ".join(exc.messages)}]
    state = hanchan.state
    written = _store(hanchan, hands, out)
    if written:
        fixes.append(_("キャッシュ %(n)s 行を修正") % {"n": written})
    if fixes or hanchan.state != state:
        _bump(hanchan)
    return fixes

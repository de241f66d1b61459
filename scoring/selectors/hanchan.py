"""The live state of a hanchan, from one replay of its stored hands, and the preview of a hand
before it is saved (one replay with ``rules.next_hand``)."""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass
from typing import Any

from django.utils.translation import pgettext, pgettext_lazy

import rules
from rules.game.value import hand_document

from ..models import Dispute, Hanchan, HandRecord, Member
from ..shared import engine_message, hand_message, named_hand_message


def stored_events(hanchan_id: int) -> list[dict[str, Any]]:
    """The stored input of a hanchan's hands, in order (what previews and hand forms replay)."""
    return list(HandRecord.objects.filter(hanchan_id=hanchan_id).order_by("order").values_list("event", flat=True))


SEAT_WINDS = tuple(pgettext_lazy("seat wind", w) for w in ("東", "南", "西", "北"))


@dataclass(frozen=True)
class PlayerState:
    seat: int
    member: Member
    name: str
    score: int
    wind: str  # seat wind in the current hand
    dealer: bool
    riichi: bool
    others: tuple[tuple[str, str, int], ...] = ()  # (name, seat wind, own score − theirs) of the other three


def hanchan_state(*, hanchan: Hanchan) -> dict[str, Any]:
    """The live state of a hanchan from a replay of its stored hands: players, round, the hand history with
    each hand's open 物言い, whether the game is over and why, and the stored results."""
    hands = list(hanchan.hands.order_by("order").only("pk", "order", "event", "hanchan_id"))
    names = hanchan.player_names()
    rs = hanchan.ruleset_in_force.engine()
    broken, broken_message, out = None, "", None
    if hanchan.mode == Hanchan.Mode.HANDS:
        doc = hanchan.game_doc([h.event for h in hands])
        try:
            out = rules.play(doc)
        except rules.RulesError as exc:  # a broken record must not take the page down: the hands that still replay
            good = hands[:exc.index] if isinstance(exc, rules.GameError) and exc.index is not None else []
            out, broken = rules.play(hanchan.game_doc([h.event for h in good])), exc
            broken_message = hand_message(doc, exc)
        st = out["state"]  # its label: {"ja", "en"}, or None once the game is over
        scores, label, honba, sticks, riichi = st["scores"], st["label"], st["honba"], st["sticks"], st["riichi"]
        # over: the seats' winds from 起家, not a next hand's
        dealer = st["dealer"] if hanchan.state == Hanchan.State.IN_PLAY else None
    else:
        sheet = {r.seat: r for r in hanchan.results.all()}
        scores = [sheet[s].score if s in sheet else rs.start_points for s in range(4)]
        dealer, label, honba, sticks, riichi = None, None, 0, 0, []
    winds = [str(SEAT_WINDS[(seat - dealer) % 4] if dealer is not None else SEAT_WINDS[seat]) for seat in range(4)]
    players = [PlayerState(seat=seat, member=member, name=names[seat], score=scores[seat], wind=winds[seat],
                           dealer=seat == dealer, riichi=seat in riichi,
                           others=tuple((names[o], winds[o], scores[seat] - scores[o])
                                        for o in range(4) if o != seat))
               for seat, member in enumerate(hanchan.members)]
    open_disputes = {d.hand_id: d for d in hanchan.disputes.filter(status=Dispute.Status.OPEN, hand__isnull=False)}
    history = [{"hand": h, "event": ev, "wins": _win_rows(ev, names), "dispute": open_disputes.get(h.pk),
                "cells": list(zip(names, ev.get("deltas") or [], ev.get("scores") or []))}
               for h, ev in zip(hands, out["events"] if out else [])]
    # no query while in play: the services delete the results whenever a hanchan goes back in play
    results = ([] if hanchan.state == Hanchan.State.IN_PLAY
               else list(hanchan.results.select_related("member").order_by("rank", "seat")))
    return {"players": players, "label": label, "honba": honba, "sticks": sticks, "ended": bool(out and out["ended"]),
            "ended_by": out["ended_by"] if out else None,  # the replay's reason: "bust" (トビ), …
            "history": history, "results": results, "broken": broken, "broken_message": broken_message,
            "oka": rules.oka(rs)}  # in the top's net (rules.standings)


def _win_rows(ev: dict[str, Any], names: list[str]) -> list[dict[str, Any]]:
    """For a ron with several claims: who won and who did not (頭ハネ, 三家和); empty for any other event."""
    if ev.get("type") != "ron" or len(ev.get("wins") or []) < 2:
        return []
    rows = []
    for w in ev["wins"]:
        if ev.get("sanchahou"):
            status = pgettext("win status", "三家和(流局)")
        elif w["winner"] in (ev.get("head_bumped") or []):
            status = pgettext("win status", "頭ハネ(和了なし)")
        elif w.get("status") == "won":
            status = pgettext("win status", "和了")
        else:
            status = pgettext("win status", "和了なし")
        rows.append({"name": names[w["winner"]], "status": status, "won": w.get("status") == "won",
                     "total": (w.get("value") or {}).get("total")})
    return rows


def hand_preview(*, hanchan: Hanchan, event: dict[str, Any], events: list[dict[str, Any]],
                 before: int | None = None) -> dict[str, Any]:
    """What saving ``event`` as hand ``before`` (0-based; ``None``: a new last hand) after the stored
    ``events`` would give, in one replay: ``"event"`` (the engine's output, or ``None``), ``"before"`` (the
    table before it), ``"error"`` (why the engine refuses it) and ``"verdicts"`` (``rules.evaluate`` of each
    win entered tile by tile, also when the hand is refused)."""
    events = events[:before] if before is not None else events
    doc = hanchan.game_doc(events)
    answer: dict[str, Any] = {"event": None, "before": None, "error": None, "verdicts": []}
    documents: list[dict[str, Any]] = []
    try:
        out = rules.next_hand(doc, event)
        answer.update(event=out["event"], before=out["before"])
        answer["verdicts"] = [d["verdict"] for d in out["hands"]]  # the replay scored them already
    except rules.GameError as exc:
        if exc.index != len(events):  # an earlier hand no longer replays (a broken record)
            answer["error"] = engine_message(exc)
        else:  # the new hand itself is refused: still show each typed hand's verdict, with the reasons
            with suppress(rules.RulesError):
                answer["before"] = rules.play(doc)["state"]
            answer["error"] = named_hand_message(exc, (answer["before"] or {}).get("label"))
            documents = _documents_at(answer["before"], doc, event)
    except rules.RulesError as exc:
        answer["error"] = engine_message(exc)
    for document in documents:
        try:
            answer["verdicts"].append(rules.evaluate(document))
        except rules.RulesError as exc:
            answer["error"] = answer["error"] or engine_message(exc)
    return answer


def _documents_at(st: dict[str, Any] | None, doc: dict[str, Any], event: dict[str, Any]) -> list[dict[str, Any]]:
    """The evaluate documents of the wins of a refused ``event`` entered as hands, at the table ``st``."""
    if not st or st["round"] is None:
        return []
    wins = event.get("wins") or ([event] if event.get("type") in ("ron", "tsumo") else [])
    sticks = st["sticks"] + len(set(event.get("riichi") or []) - set(st["riichi"]))
    return [hand_document(w["hand"], doc["ruleset"], seat_wind=st["seat_winds"][w["winner"]],
                          round_wind=st["round_wind"], tsumo=event["type"] == "tsumo", honba=st["honba"],
                          sticks=sticks)
            for w in wins if isinstance(w.get("hand"), dict) and isinstance(w.get("winner"), int)
            and 0 <= w["winner"] < 4]

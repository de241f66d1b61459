"""Reads for disputes (物言い): the lists, one dispute with its hand judged, the wins entered with tiles."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.paginator import Page, Paginator
from django.utils.translation import get_language

import rules
from rules.options_info import preset_label

from ..models import Dispute, HandRecord
from ..shared import engine_message
from .hanchan import stored_events

PER_PAGE = 30


@dataclass(frozen=True)
class TileWin:
    """A win of a recorded event entered tile by tile: the evaluate document the game built."""

    index: int  # the event's position in the hanchan
    winner: int
    document: dict[str, Any]  # with the ruleset of the replay
    value: dict[str, Any] | None  # the value the replay gave (han, fu, total, ...)


def tile_wins(events: list[dict[str, Any]], out: dict[str, Any], spec: Any) -> list[TileWin]:
    """Every win entered with tiles in ``events`` (``out`` is their replay), with the evaluate
    document the game settles it with under rule set ``spec``."""
    found: list[TileWin] = []
    for i, (event, settled) in enumerate(zip(events, out["events"])):
        before = settled["state_before"]
        wins = event.get("wins") or ([event] if "winner" in event else [])
        values = {w.get("winner"): w.get("value") for w in settled.get("wins") or []}
        for win in wins:
            if not isinstance(win.get("hand"), dict) or before.get("round_wind") is None:
                continue
            winner = win["winner"]
            doc = {**win["hand"], "ruleset": spec, "seat_wind": before["seat_winds"][winner],
                   "round_wind": before["round_wind"], "tsumo": event.get("type") == "tsumo",
                   "honba": before["honba"], "sticks": before["sticks"]}
            found.append(TileWin(i, winner, doc, values.get(winner) or settled.get("value")))
    return found


def dispute_list(*, status: str, page: int = 1) -> Page:
    """Open disputes (oldest first: the queue) or closed ones (newest ruling first)."""
    qs = Dispute.objects.select_related("hanchan__clubday", "opened_by", "ruled_by")
    if status == "open":
        qs = qs.filter(status=Dispute.Status.OPEN).order_by("opened_at", "pk")
    else:
        qs = qs.exclude(status=Dispute.Status.OPEN).order_by("-ruled_at", "-pk")
    return Paginator(qs, PER_PAGE).get_page(page)


def dispute_counts() -> dict[str, int]:
    open_ = Dispute.objects.filter(status=Dispute.Status.OPEN).count()
    return {"open": open_, "closed": Dispute.objects.count() - open_}


def dispute_hand(*, dispute: Dispute) -> dict[str, Any]:
    """The disputed hand as it is now, from one replay of its hanchan, and when it was entered with
    tiles its verdict under the hanchan's rule set and every preset."""
    hand = dispute.hand
    ctx: dict[str, Any] = {"hand": hand, "event": hand.event if hand else dispute.event_before,
                           "settled": None, "verdict": None, "compare": [], "judge_error": None}
    if hand is None:
        return ctx
    hanchan = dispute.hanchan
    events = stored_events(hanchan.pk)
    spec = hanchan.ruleset_in_force.spec()
    try:
        out = rules.play(hanchan.game_doc(events))
        ctx["settled"] = out["events"][hand.order] if hand.order < len(out["events"]) else None
        win = next((w for w in tile_wins(events, out, spec) if w.index == hand.order), None)
        if win is not None:
            ctx["verdict"] = rules.evaluate(win.document)
            doc = {k: v for k, v in win.document.items() if k != "ruleset"}
            lang = get_language() or "ja"
            ctx["compare"] = [{**v, "label": preset_label(v["ruleset"], lang)} for v in rules.compare(doc)["verdicts"]]
    except rules.RulesError as exc:
        ctx["judge_error"] = engine_message(exc)
    return ctx


def settled_hand(*, hand: HandRecord) -> dict[str, Any] | None:
    """The engine's output for a recorded hand, from a replay of its hanchan (``None`` when it no
    longer replays): the stored label is a Japanese-only cache, English pages need the replay's."""
    hanchan = hand.hanchan
    try:
        out = rules.play(hanchan.game_doc(stored_events(hanchan.pk)))
    except rules.RulesError:
        return None
    return out["events"][hand.order] if hand.order < len(out["events"]) else None


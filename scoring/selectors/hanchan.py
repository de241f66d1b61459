"""The live state of a hanchan, from one replay of its stored hands."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import rules

from ..models import Hanchan, Member

SEAT_WINDS = ("東", "南", "西", "北")


@dataclass(frozen=True)
class PlayerState:
    seat: int
    member: Member
    name: str
    score: int
    wind: str  # seat wind in the current hand
    dealer: bool
    riichi: bool
    diffs: list[tuple[str, int]]  # (other player's name, own score − theirs)


def hanchan_state(*, hanchan: Hanchan) -> dict[str, Any]:
    """The live state of a hanchan by replaying its stored hands: players with scores, winds,
    dealer, differences; round, honba, sticks; the hand history; whether the game is over."""
    hands = list(hanchan.hands.order_by("order").select_related("entered_by"))
    members = hanchan.members
    names = hanchan.player_names()
    rs = hanchan.ruleset_in_force.engine()
    out, broken = None, None
    if hanchan.mode == Hanchan.Mode.HANDS:
        try:
            out = rules.play(hanchan.game_doc([h.event for h in hands]))
        except rules.RulesError as exc:  # a broken record must not take the page down
            out, broken = _broken_replay(hanchan, hands, exc), exc
        st = out["state"]
        scores, dealer = st["scores"], st["dealer"]
        label = st["label"]  # {"ja", "en"} or None once the game is over
        honba, sticks, riichi = st["honba"], st["sticks"], st["riichi"]
    else:
        results = {r.seat: r for r in hanchan.results.all()}
        scores = [results[s].score if s in results else rs.start_points for s in range(4)]
        dealer, label, honba, sticks, riichi = None, None, 0, 0, []
    players = []
    for seat, member in enumerate(members):
        wind = SEAT_WINDS[(seat - dealer) % 4] if dealer is not None else SEAT_WINDS[seat]
        diffs = [(names[o], scores[seat] - scores[o]) for o in range(4) if o != seat]
        players.append(PlayerState(seat=seat, member=member, name=names[seat], score=scores[seat], wind=wind,
                                   dealer=seat == dealer, riichi=seat in riichi, diffs=diffs))
    events = out["events"] if out else []
    history = [{"hand": h, "event": ev} for h, ev in zip(hands, events)]
    return {
        "hanchan": hanchan, "players": players, "label": label, "honba": honba, "sticks": sticks,
        "ended": bool(out and out["ended"]), "ended_by": out["ended_by"] if out else None,
        "history": history, "results": list(hanchan.results.select_related("member").order_by("rank", "seat")),
        "ruleset": rs, "broken": broken,
    }


def _broken_replay(hanchan: Hanchan, hands: list, exc: rules.RulesError) -> dict[str, Any]:
    """What the page can show of a record that no longer replays: the hands that still do."""
    good = hands[:exc.index] if isinstance(exc, rules.GameError) and exc.index is not None else []
    return rules.play(hanchan.game_doc([h.event for h in good]))


def state_before(*, hanchan: Hanchan, before: int | None = None) -> dict[str, Any]:
    """The engine's state (round, dealer, honba, sticks, riichi) before hand number ``before``
    (0-based; ``None``: after every stored hand). Raises ``rules.RulesError`` on a broken record."""
    events = [h.event for h in hanchan.hands.order_by("order")][:before]
    return rules.play(hanchan.game_doc(events))["state"]

"""Per-player hand figures of one hanchan from its replay, stored on ``HanchanResult`` for the boards to sum.

- ``hands``: hands dealt = events that end a hand (ron, tsumo, draw, 途中流局, 流し満貫); the same
  count for the four players. A chombo hand is replayed, so it is not counted: neither is a draw
  voided by a noten riichi (錯和, docs/rules.md §6.4), which the same hand replays.
- ``wins``: wins paid (each winner of a double ron; a 頭ハネ-bumped ron is not a win).
- ``deal_ins``: 放銃, the ron loser, once per event (also when two players won off them).
- ``riichis``: riichi declarations; ``win_points``: the value of the player's wins without honba or
  sticks; ``yakuman``: wins worth a yakuman (counted 役満 and 数え役満); ``chombo``: chombo charged
  (a chombo event, or 錯和 of a noten riichi at a draw).
"""

from __future__ import annotations

from typing import Any

HAND_ENDS = {"ron", "tsumo", "draw", "abortive", "nagashi"}
FIGURES = ("hands", "wins", "deal_ins", "riichis", "win_points", "yakuman", "chombo")


def player_figures(events: list[dict[str, Any]]) -> list[dict[str, int]]:
    """The four players' figures by seat from ``rules.play(...)["events"]``."""
    figs = [dict.fromkeys(FIGURES, 0) for _ in range(4)]
    for ev in events:
        kind = ev["type"]
        if kind in HAND_ENDS and not (kind == "draw" and ev.get("chombo")):
            for f in figs:
                f["hands"] += 1
        for seat in ev.get("riichi") or []:
            figs[seat]["riichis"] += 1
        for seat in ev.get("chombo") or []:
            figs[seat]["chombo"] += 1
        wins = []
        if kind == "ron":
            wins = [w for w in ev.get("wins") or [] if w.get("status") == "won"]
            if wins:
                figs[ev["loser"]]["deal_ins"] += 1
        elif kind == "tsumo" and ev.get("winners"):
            wins = [{"winner": ev["winners"][0], "value": ev["value"]}]
        for w in wins:
            f, value = figs[w["winner"]], w.get("value") or {}
            f["wins"] += 1
            f["win_points"] += int(value.get("total") or 0)
            f["yakuman"] += value.get("yakuman", 0) > 0 or "yakuman" in (value.get("limit") or "")
    return figs

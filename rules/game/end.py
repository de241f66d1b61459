"""Between hands: the next round and honba, and whether the game is over (RULES.md §6).

- 連荘: the dealer keeps the deal on a dealer win, dealer tenpai at a draw, or an abortive draw;
  honba +1 then and on every draw, back to 0 after a non-dealer win; a チョンボ replays the hand.
- トビ (``bust``): a score below 0 ends the game, judged without the honba part when
  ``bust_ignores_honba``.
- After 南4局: over unless the dealer keeps the deal; with ``west_round`` nobody at
  ``return_points`` means 西入, sudden death from then on (over once someone reaches it) to 西4局.
- オーラス: a dealer who keeps the deal and is top ends the game after a win (``agari_yame``) or a
  tenpai (``tenpai_yame``); with ``west_round`` only at ``return_points`` or more.

>>> from rules.ruleset import get_ruleset
>>> t = Table(get_ruleset("ariari"), round=SOUTH_4)
>>> end_hand(t, "draw", False, Ledger())
>>> t.ended_by
'south_4'
"""

from __future__ import annotations

from ..standings import ranks
from .table import SEATS, Ledger, Table

SOUTH_4 = 7  # round index of 南4局 (0 = 東1局)
WEST_4 = 11


def end_hand(t: Table, kind: str, keeps_deal: bool, ledger: Ledger) -> None:
    """Move to the next hand after a hand ended with ``kind`` (win / draw / abortive / chombo),
    then decide whether the game is over (``t.ended_by``)."""
    rs = t.rs
    played, dealer = t.round, t.dealer
    t.riichi, t.abandoned = [], []
    if kind != "chombo":
        t.honba = t.honba + 1 if keeps_deal or kind != "win" else 0
        if not keeps_deal:
            t.round += 1
    judged = [t.scores[s] - (ledger.honba[s] if rs.bust_ignores_honba else 0) for s in range(SEATS)]
    target = rs.return_points
    if rs.bust and min(judged) < 0:
        t.ended_by = "bust"
    elif played >= SOUTH_4 + 1 and max(t.scores) >= target:
        t.ended_by = "west_target"  # 西入 is sudden death: over once someone reaches return_points
    elif played in (SOUTH_4, WEST_4) and kind != "chombo":
        if not keeps_deal:
            west = rs.west_round and played == SOUTH_4 and max(t.scores) < target
            if not west:
                t.ended_by = "south_4" if played == SOUTH_4 else "west_4"
        elif ranks(t.scores, rs)[dealer] == 1 and (not rs.west_round or t.scores[dealer] >= target):
            if kind == "win" and rs.agari_yame:
                t.ended_by = "agari_yame"
            elif kind == "draw" and rs.tenpai_yame:
                t.ended_by = "tenpai_yame"

"""Between hands: the next round and honba, and whether the game is over (docs/rules.md §6.2, §6.10, §6.11, §7).

- 連荘: the dealer keeps the deal on a dealer win, dealer tenpai at a draw, or an abortive draw;
  honba +1 then and on every draw, back to 0 after a non-dealer win; a チョンボ replays the hand.
- トビ (``bust``): a score below 0 ends the game, judged without the honba part when
  ``bust_ignores_honba``.
- After 南4局: over unless the dealer keeps the deal; with ``west_round`` nobody at
  ``return_points`` means 西入, sudden death from then on (over once someone reaches it) to 西4局.
  From 南4局 on, a dealer who keeps the deal without being top always plays on, and a 途中流局
  never ends the game.
- オーラス: a dealer who keeps the deal and is top ends the game after a win (``agari_yame``) or a
  tenpai (``tenpai_yame``); with ``west_round`` only at ``return_points`` or more, except in the
  last hand (西4局).

>>> from rules.ruleset import get_ruleset
>>> t = Table(get_ruleset("ariari"), round=SOUTH_4)
>>> end_hand(t, "draw", False, Ledger())
>>> t.ended_by
'south_4'
"""

from __future__ import annotations

from ..standings import ranks
from .table import SEATS, Ledger, Table

# how a game ended (``Table.ended_by``), as the refusal of a hand after the end tells it
ENDED_JA = {"bust": "トビ", "south_4": "南4局", "agari_yame": "アガリやめ", "tenpai_yame": "テンパイやめ",
            "west_target": "西入後に返し点到達", "west_4": "西4局"}
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
    if rs.bust and min(judged) < 0:
        t.ended_by = "bust"
    elif played >= SOUTH_4 and kind in ("win", "draw", "abortive"):
        t.ended_by = _all_last(t, played, dealer, kind, keeps_deal)


def _all_last(t: Table, played: int, dealer: int, kind: str, keeps_deal: bool) -> str | None:
    """How a hand from 南4局 on ends the game, if it does (``None``: play on)."""
    rs, target = t.rs, t.rs.return_points
    top = ranks(t.scores, rs)[dealer] == 1
    if kind == "abortive" or (keeps_deal and not top):
        return None  # 途中流局, or the dealer keeps the deal without being top: play on
    last = played == WEST_4 or (played == SOUTH_4 and not rs.west_round)
    if keeps_deal:  # the dealer won or was tenpai, and is top
        yame = rs.agari_yame if kind == "win" else rs.tenpai_yame
        if yame and (last or not rs.west_round or t.scores[dealer] >= target):
            return "agari_yame" if kind == "win" else "tenpai_yame"
        if played < SOUTH_4 + 1 or max(t.scores) < target:
            return None  # 連荘
    if played >= SOUTH_4 + 1 and max(t.scores) >= target:
        return "west_target"  # 西入 is sudden death: over once someone reaches return_points
    if keeps_deal:
        return None  # 連荘
    if played == WEST_4:
        return "west_4"
    if played == SOUTH_4 and not (rs.west_round and max(t.scores) < target):
        return "south_4"
    return None  # 西入 (nobody has return_points after 南4局), or the next hand in the west

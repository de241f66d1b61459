"""Points from han and fu: base points, limit names and who pays what (docs/rules.md §3.2, §3.3).

>>> from rules.ruleset import get_ruleset
>>> ariari, tenhou = get_ruleset("ariari"), get_ruleset("tenhou")
>>> score(han=3, fu=30, dealer=False, tsumo=False, ruleset=ariari).total
3900
>>> score(han=4, fu=30, dealer=False, tsumo=False, ruleset=ariari).limit  # 切り上げ満貫
'mangan'
>>> score(han=4, fu=30, dealer=False, tsumo=False, ruleset=tenhou).total
7700
>>> [p.amount for p in score(han=1, fu=30, dealer=False, tsumo=True, ruleset=ariari).payments]
[500, 300, 300]
>>> score(yakuman=2, dealer=True, tsumo=False, ruleset=ariari).total  # capped at single
48000
"""

from __future__ import annotations

from typing import NamedTuple

from .ruleset import RuleSet

LIMIT_JA = {
    "mangan": "満貫", "haneman": "跳満", "baiman": "倍満", "sanbaiman": "三倍満",
    "kazoe_yakuman": "数え役満", "yakuman": "役満", "double_yakuman": "ダブル役満",
    "triple_yakuman": "トリプル役満",
}
VALID_FU = (20, 25) + tuple(range(30, 111, 10))
# 切り上げ満貫 applies to exactly these (docs/rules.md §3.2: 30符4翻 and 60符3翻), not to 2翻120符.
KIRIAGE = {(4, 30), (3, 60)}


class Payment(NamedTuple):
    """One payer's share of a win, before honba and sticks. ``payer`` is
    ``discarder`` (ron), ``dealer`` or ``non_dealer`` (tsumo)."""

    payer: str
    amount: int

    def as_dict(self) -> dict:
        return {"from": self.payer, "amount": self.amount}


class Score(NamedTuple):
    base: int
    limit: str | None
    payments: tuple[Payment, ...]

    @property
    def total(self) -> int:
        return sum(p.amount for p in self.payments)


def ceil100(x: int) -> int:
    return -(-x // 100) * 100


def limit_name(*, han: int, fu: int, ruleset: RuleSet, yakuman: int = 0) -> tuple[int, str | None]:
    """Base points and the limit's name (``None`` below mangan)."""
    if yakuman:
        count = min(yakuman, ruleset.yakuman_cap) if ruleset.yakuman_add_up else 1
        return 8000 * count, {1: "yakuman", 2: "double_yakuman", 3: "triple_yakuman"}.get(count, f"{count}x_yakuman")
    if han >= 13:
        return (8000, "kazoe_yakuman") if ruleset.kazoe_yakuman else (6000, "sanbaiman")
    if han >= 11:
        return 6000, "sanbaiman"
    if han >= 8:
        return 4000, "baiman"
    if han >= 6:
        return 3000, "haneman"
    if han >= 5:
        return 2000, "mangan"
    base = fu * 2 ** (han + 2)
    if base >= 2000 or (ruleset.kiriage_mangan and (han, fu) in KIRIAGE):
        return 2000, "mangan"
    return base, None


def split(base: int, *, dealer: bool, tsumo: bool) -> tuple[Payment, ...]:
    """Who pays how much for a win worth ``base`` points (each payer rounded up to 100)."""
    if not tsumo:
        return (Payment("discarder", ceil100(base * (6 if dealer else 4))),)
    if dealer:
        return (Payment("non_dealer", ceil100(base * 2)),) * 3
    return (Payment("dealer", ceil100(base * 2)),) + (Payment("non_dealer", ceil100(base)),) * 2


def score(*, dealer: bool, tsumo: bool, ruleset: RuleSet, han: int = 0, fu: int = 0, yakuman: int = 0) -> Score:
    base, limit = limit_name(han=han, fu=fu, ruleset=ruleset, yakuman=yakuman)
    return Score(base=base, limit=limit, payments=split(base, dealer=dealer, tsumo=tsumo))


def han_fu_problem(*, han: int, fu: int, tsumo: bool) -> tuple[str, str] | None:
    """Why a quick-entered han/fu cannot occur in a real hand, in English and Japanese (``None`` if it can).

    20 fu is only pinfu tsumo (so at least 2 han, and never on ron); 25 fu is 七対子 (2 han or more).
    Fu stops mattering from 5 han on, so it is not checked there.

    >>> han_fu_problem(han=1, fu=20, tsumo=False)[1]
    '20符は平和ツモだけです(2翻以上、ロンではありえません)'
    """
    if han < 1:
        return "a win needs at least 1 han", "和了には1翻以上が必要です"
    if han >= 5:
        return None
    if fu not in VALID_FU:
        return f"{fu} fu is not a possible fu value", f"{fu}符という符はありません"
    if fu == 20 and (not tsumo or han < 2):
        return "20 fu is only pinfu tsumo (at least 2 han, never ron)", "20符は平和ツモだけです(2翻以上、ロンではありえません)"
    if fu == 25 and han < 2:
        return "25 fu is only chiitoitsu (at least 2 han)", "25符は七対子だけです(2翻以上)"
    return None
    if fu not in VALID_FU:
        return f"{fu} fu is not a possible fu value"
    if fu == 20 and (not tsumo or han < 2):
        return "20 fu is only pinfu tsumo (at least 2 han, never ron)"
    if fu == 25 and han < 2:
        return "25 fu is only chiitoitsu (at least 2 han)"
    return None

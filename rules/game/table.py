"""The running state of a hanchan between events, and ``Table.pay``: every score change of the
game (wins, honba, riichi sticks, noten payments, チョンボ, 罰符) is one call of it.

>>> from rules.ruleset import get_ruleset
>>> t = Table(get_ruleset("ariari"))
>>> ledger = Ledger()
>>> t.pay(2, POT, 1000, ledger)  # C's riichi stick goes to the table
>>> t.pay(POT, 0, t.pot, ledger)  # A wins it back from the table
>>> t.scores, t.pot, ledger.deltas
([26000, 25000, 24000, 25000], 0, [1000, 0, -1000, 0])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..ruleset import RuleSet

SEATS = 4
POT = None  # the table: riichi sticks and 罰符 waiting for the next winner
WINDS = ("E", "S", "W", "N")
WIND_JA = {"E": "東", "S": "南", "W": "西", "N": "北"}
WIND_EN = {"E": "East", "S": "South", "W": "West", "N": "North"}


def round_code(round_index: int) -> str:
    """``E1`` … ``S4``, ``W1`` …

    >>> round_code(0), round_code(7), round_code(8)
    ('E1', 'S4', 'W1')
    """
    return f"{WINDS[round_index // SEATS]}{round_index % SEATS + 1}"


def round_label(round_index: int, honba: int) -> dict[str, str]:
    """The hand's name in Japanese and English.

    >>> round_label(5, 2)
    {'ja': '南2局 2本場', 'en': 'South 2, 2 honba'}
    """
    wind, number = WINDS[round_index // SEATS], round_index % SEATS + 1
    return {"ja": f"{WIND_JA[wind]}{number}局 {honba}本場", "en": f"{WIND_EN[wind]} {number}, {honba} honba"}


@dataclass
class Ledger:
    """One event's score changes: ``deltas`` per seat, and ``honba`` the 本場 share of them
    (トビ may be judged without it: ``bust_ignores_honba``)."""

    deltas: list[int] = field(default_factory=lambda: [0] * SEATS)
    honba: list[int] = field(default_factory=lambda: [0] * SEATS)


@dataclass
class Table:
    """The rule set and the players' names; scores, round (0 = 東1局, 4 = 南1局, 8 = 西1局), honba,
    the pot (points on the table) and who declared riichi / abandoned in the current hand."""

    rs: RuleSet
    players: list[str] = field(default_factory=lambda: ["A", "B", "C", "D"])
    scores: list[int] = field(default_factory=list)
    round: int = 0
    honba: int = 0
    pot: int = 0
    riichi: list[int] = field(default_factory=list)
    abandoned: list[int] = field(default_factory=list)
    ended_by: str | None = None

    def __post_init__(self) -> None:
        if not self.scores:
            self.scores = [self.rs.start_points] * SEATS

    def name(self, seat: int) -> str:
        return self.players[seat]

    def names(self, seats: list[int]) -> str:
        return ", ".join(self.players[s] for s in seats)

    @property
    def dealer(self) -> int:
        return self.round % SEATS

    @property
    def sticks(self) -> int:
        return self.pot // self.rs.riichi_stick

    def seat_wind(self, seat: int) -> str:
        return WINDS[(seat - self.dealer) % SEATS]

    @property
    def round_wind(self) -> str:
        return WINDS[self.round // SEATS % SEATS]

    def pay(self, payer: int | None, payee: int | None, amount: int, ledger: Ledger, *,
            honba: bool = False) -> None:
        """``payer`` gives ``amount`` to ``payee``; either may be ``POT`` (the table).
        ``honba``: the amount is 本場 (kept apart for トビ)."""
        for seat, sign in ((payer, -1), (payee, 1)):
            if seat is POT:
                self.pot += sign * amount
            else:
                self.scores[seat] += sign * amount
                ledger.deltas[seat] += sign * amount
                if honba:
                    ledger.honba[seat] += sign * amount

    def state(self) -> dict[str, Any]:
        """The table as the public API shows it (``state``, ``state_before``)."""
        over = self.ended_by is not None
        return {"round": None if over else round_code(self.round),
                "label": None if over else round_label(self.round, self.honba),
                "dealer": None if over else self.dealer,
                "round_wind": None if over else self.round_wind,
                "seat_winds": None if over else [self.seat_wind(s) for s in range(SEATS)],
                "honba": self.honba, "sticks": self.sticks, "pot": self.pot, "scores": list(self.scores),
                "riichi": list(self.riichi), "abandoned": list(self.abandoned)}

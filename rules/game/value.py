"""The value of one win inside a game: from han/fu or a yakuman count through ``rules.points``,
or from a full hand through the hand evaluator, with the situation filled from the table.

>>> from rules.ruleset import get_ruleset
>>> from rules.game.events import Value
>>> v = win_value(Value(han=3, fu=30), get_ruleset("ariari"), dealer=False, tsumo=False)
>>> v.total, v.limit, v.public()
(3900, None, {'han': 3, 'fu': 30, 'yakuman': 0, 'limit': None, 'total': 3900})
>>> hand_document({"hand": "234m567p3456678s", "win_tile": "6s"}, "tenhou",
...               seat_wind="S", round_wind="E", tsumo=True, honba=2, sticks=1)["seat_wind"]
'S'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ..errors import GameError, RulesError
from ..document import parse_doc
from ..points import Payment, score
from ..ruleset import RuleSet
from .events import Value

FILLED_BY_GAME = ("ruleset", "seat_wind", "round_wind", "tsumo", "honba", "sticks")


@dataclass(frozen=True)
class WinValue:
    """What a win is worth before honba and sticks: ``payments`` by payer role (``discarder``, or
    ``dealer``/``non_dealer`` on a tsumo). ``yaku`` only when a hand was scored."""

    han: int
    fu: int | None
    yakuman: int
    limit: str | None
    total: int
    payments: tuple[Payment, ...]
    yaku: tuple[dict, ...] | None = None

    def public(self) -> dict[str, Any]:
        out: dict[str, Any] = {"han": self.han, "fu": self.fu, "yakuman": self.yakuman, "limit": self.limit,
                               "total": self.total}
        if self.yaku is not None:
            out["yaku"] = list(self.yaku)
        return out

    def by_role(self) -> dict[str, int]:
        return {p.payer: p.amount for p in self.payments}


def hand_document(hand: Mapping[str, Any], ruleset: Any, *, seat_wind: str, round_wind: str, tsumo: bool,
                  honba: int, sticks: int) -> dict[str, Any]:
    """The evaluate document of a hand won in the game: the tiles as entered, the situation
    (rule set, winds, tsumo, honba, sticks) from the table."""
    return {**hand, "ruleset": ruleset, "seat_wind": seat_wind, "round_wind": round_wind, "tsumo": tsumo,
            "honba": honba, "sticks": sticks}


def check_hand(hand: Mapping[str, Any], i: int) -> None:
    clash = [k for k in FILLED_BY_GAME if k in hand]
    if clash:
        raise GameError(f"'hand' must not set {', '.join(clash)} (filled from the game)",
                        index=i, ja=f"hand に {', '.join(clash)} は書かないでください(対局から決まります)")


def _evaluate(doc: Mapping[str, Any]) -> dict[str, Any]:
    """The one call into the hand evaluator: the typed ``evaluate_hand`` of the parsed document."""
    from ..evaluate import evaluate_hand  # the evaluator is the heavy part of the engine: loaded on use

    return evaluate_hand(*parse_doc(doc))


def evaluate_document(doc: Mapping[str, Any], i: int) -> tuple[WinValue, dict[str, Any]]:
    """Score a hand document with the evaluator: its value and the evaluator's whole answer (the
    verdict a preview shows). An illegal win is a ``GameError``."""
    try:
        out = _evaluate(doc)
    except GameError:
        raise
    except RulesError as exc:
        raise GameError(f"hand: {exc.message}", index=i, ja=exc.ja) from exc  # it names its field
    if not out.get("legal", False):
        reasons = out.get("reasons") or []
        ja = "、".join(r.get("ja", "") for r in reasons) or "和了できない手です"
        en = "; ".join(r.get("en", "") for r in reasons) or "not a legal win"
        raise GameError(f"the hand is not a legal win: {en}", index=i, ja=f"和了できない手です: {ja}")
    return WinValue(han=out["han"], fu=out["fu"], yakuman=out.get("yakuman", 0), limit=out.get("limit"),
                    total=out["total"], payments=tuple(Payment(p["from"], p["amount"]) for p in out["payments"]),
                    yaku=tuple({"id": y["id"], "han": y["han"], "ja": y.get("ja", y["id"])}
                               for y in out.get("yaku", []))), out


def win_value(value: Value, rs: RuleSet, *, dealer: bool, tsumo: bool) -> WinValue:
    """The value of han/fu or a yakuman count (a yakuman hand counts 13 han per yakuman, as in evaluate)."""
    han = 13 * value.yakuman if value.yakuman else value.han or 0
    s = score(dealer=dealer, tsumo=tsumo, ruleset=rs, han=han, fu=value.fu or 0, yakuman=value.yakuman)
    return WinValue(han=han, fu=None if value.yakuman else value.fu, yakuman=value.yakuman, limit=s.limit,
                    total=s.total, payments=s.payments)

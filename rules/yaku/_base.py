"""Shared objects of the yaku modules: ``YakuHit``, the per-candidate ``Context`` and names."""

from __future__ import annotations

from typing import NamedTuple

from ..hand import Hand
from ..ruleset import RuleSet
from ..shapes import Decomposition, TileSet
from ..tiles import DRAGONS, WINDS  # noqa: F401 (the yaku modules read them from here)

_RANGES = [tuple(range(n)) for n in range(15)]


class YakuHit(NamedTuple):
    """One yaku of a candidate. ``sets`` are the indices (into ``Decomposition.sets``) the yaku is
    built from; a situational yaku (riichi, tsumo, haitei, ...) lists none and has ``situational``.
    ``yakuman`` is the yakuman count (0 for ordinary yaku); ``han`` is then 13 × yakuman."""

    id: str
    han: int
    sets: tuple[int, ...] = ()
    situational: bool = False
    yakuman: int = 0


def situational(yaku_id: str, han: int) -> YakuHit:
    return YakuHit(yaku_id, han, (), True)


def yakuman(yaku_id: str, count: int, sets: tuple[int, ...] = ()) -> YakuHit:
    return YakuHit(yaku_id, 13 * count, sets, False, count)


class Context:
    """What every yaku check reads: the hand, the rule set and one decomposition, with the body's
    runs and triplets (or quads) listed once as ``(first tile, set index)`` so checks can stop early."""

    __slots__ = ("hand", "ruleset", "d", "closed", "sets", "every", "kinds", "value_tiles", "body",
                 "standard", "runs", "triplets")

    def __init__(self, hand: Hand, ruleset: RuleSet, d: Decomposition):
        self.hand = hand
        self.ruleset = ruleset
        self.d = d
        self.closed = hand.is_closed
        self.sets: tuple[TileSet, ...] = d.sets
        self.every = _RANGES[len(d.sets)]
        self.kinds = hand.kinds
        self.value_tiles = hand.value_tiles
        self.standard = d.form == "standard"
        # the four sets besides the pair (standard form only): the pair is always last
        self.body = _RANGES[len(d.sets) - 1] if self.standard else ()
        runs, triplets = [], []
        for i in self.body:
            s = d.sets[i]
            (runs if s.kind == "run" else triplets).append((s.tiles[0], i))
        self.runs, self.triplets = runs, triplets

    def han(self, closed_han: int, open_han: int) -> int:
        """Han by closedness (食い下がり)."""
        return closed_han if self.closed else open_han

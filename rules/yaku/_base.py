"""Shared objects of the yaku modules: ``YakuHit``, the per-candidate ``Context`` and names."""

from __future__ import annotations

from typing import NamedTuple

from ..hand import Hand
from ..ruleset import RuleSet
from ..shapes import Decomposition, TileSet
from ..tiles import DRAGONS, WINDS  # noqa: F401 (the yaku modules read them from here)

_RANGES = [tuple(range(n)) for n in range(15)]


def _bits(kinds) -> int:
    return sum(1 << t for t in kinds)


# What a hand can be, as bits: each yaku module may declare ``WHEN``, the features it needs, and
# ``find`` skips its check on a hand without them (a quick reject; the check still holds the rule).
CLOSED, NO_MELDS, RIICHI, TSUMO, FLAGS, VALUE, SIMPLES, YAOCHUU, ONE_SUIT, THREE_SUITS, ALL_HONORS, \
    ALL_GREEN, WINDS3, DRAGONS2, FULL_SUIT, KANS3 = (1 << n for n in range(16))
_YAOCHUU = _bits((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))
_SUITS = tuple(_bits(range(9 * s, 9 * s + 9)) for s in range(3))
_HONORS = _bits(range(27, 34))
_GREEN = _bits((19, 20, 21, 23, 25, 32))
_WINDS = tuple(1 << t for t in WINDS)
_DRAGONS = tuple(1 << t for t in DRAGONS)


def features(hand: Hand) -> int:
    """The features of a won hand (bits above), computed once per hand."""
    f = hand.__dict__.get("_features")
    if f is not None:
        return f
    m = hand.mask
    f = TSUMO if hand.tsumo else 0
    if hand.is_closed:
        f |= CLOSED | (RIICHI if hand.riichi or hand.double_riichi else 0)
    if not hand.melds:
        f |= NO_MELDS
    elif sum(1 for x in hand.melds if len(x.tiles) == 4) >= 3:
        f |= KANS3
    if hand.flags:
        f |= FLAGS
    if m & _YAOCHUU:
        f |= YAOCHUU
    else:
        f |= SIMPLES
    suits = [s for s in _SUITS if m & s]
    if len(suits) == 1:
        f |= ONE_SUIT
    elif len(suits) == 3:
        f |= THREE_SUITS
    if any(m & s == s for s in suits):
        f |= FULL_SUIT
    if m & _HONORS:
        if not suits:
            f |= ALL_HONORS
        if m & _bits(hand.value_tiles):
            f |= VALUE
        if sum(1 for w in _WINDS if m & w) >= 3:
            f |= WINDS3
        if sum(1 for d in _DRAGONS if m & d) >= 2:
            f |= DRAGONS2
    if not m & ~_GREEN:
        f |= ALL_GREEN
    hand.__dict__["_features"] = f
    return f


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

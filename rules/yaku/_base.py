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
# ... and what one standard-form reading can be, from its count of runs and of triplets/quads
# (``Context.shape``; 0 for 七対子 and 国士, whose checks never ask for these)
RUNS2, RUNS3, RUNS4, NO_RUNS, TRIPLETS2, TRIPLETS3, SAME3 = (1 << n for n in range(16, 23))
# ... and from which sets it holds: two runs alike (一盃口), the same run or triplet in all three suits
# (三色), 123 456 789 of one suit (一通), a terminal or honor pair (set for 七対子 and 国士 too)
SAME_RUNS, SANSHOKU_SETS, ITTSUU_RUNS, YAOCHUU_PAIR = (1 << n for n in range(23, 27))
# ... and two more: of the hand (``features``), no 4, 5 or 6 of any suit among its kinds (what every
# terminal family needs); of the reading (``Context.shape``), a triplet or quad of honors (every 役牌)
NO_MIDDLE, HONOR_TRIPLETS = 1 << 27, 1 << 28
_SHAPES = tuple((RUNS2 if r >= 2 else 0) | (RUNS3 if r >= 3 else 0) | (RUNS4 if r == 4 else 0)
                | (NO_RUNS if r == 0 else 0) | (TRIPLETS2 if t >= 2 else 0) | (TRIPLETS3 if t >= 3 else 0)
                | (SAME3 if r >= 3 or t >= 3 else 0) for r in range(5) for t in range(5))
_YAOCHUU = _bits((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))
_SUITS = tuple(_bits(range(9 * s, 9 * s + 9)) for s in range(3))
_HONORS = _bits(range(27, 34))
_GREEN = _bits((19, 20, 21, 23, 25, 32))
_TERMINALS = _bits((0, 8, 9, 17, 18, 26))
_MIDDLE = _bits(9 * s + o for s in range(3) for o in (3, 4, 5))
# kinds as bits, for the checks that read ``Context.mask``
YAOCHUU_BITS, TERMINAL_BITS, HONOR_BITS, GREEN_BITS, SUIT_BITS = _YAOCHUU, _TERMINALS, _HONORS, _GREEN, _SUITS
NUMBER_BITS = _SUITS[0] | _SUITS[1] | _SUITS[2]


_WIND_BITS = _bits(WINDS)
_DRAGON_BITS = _bits(DRAGONS)
_VALUE_BITS = {(seat, round_): _bits({seat, round_, *DRAGONS}) for seat in WINDS for round_ in WINDS}


def features(hand: Hand) -> int:
    """The features of a won hand (bits above), computed once per hand."""
    derived = hand.__dict__
    f = derived.get("_features")
    if f is not None:
        return f
    f = derived.get("_situation_features")  # what does not depend on the winning tile (kept by with_win)
    if f is None:
        f = TSUMO if hand.tsumo else 0
        if hand.is_closed:
            f |= CLOSED | (RIICHI if hand.riichi or hand.double_riichi else 0)
        if not hand.melds:
            f |= NO_MELDS
        elif len(hand.melds) >= 3 and sum(len(x.tiles) == 4 for x in hand.melds) >= 3:
            f |= KANS3
        if hand.flags:
            f |= FLAGS
        derived["_situation_features"] = f
    m = hand.mask
    f |= YAOCHUU if m & _YAOCHUU else SIMPLES
    if not m & _MIDDLE:
        f |= NO_MIDDLE
    man, pin, sou = m & _SUITS[0], m & _SUITS[1], m & _SUITS[2]
    suits = (man != 0) + (pin != 0) + (sou != 0)
    if suits == 1:
        f |= ONE_SUIT
    elif suits == 3:
        f |= THREE_SUITS
    if man == _SUITS[0] or pin == _SUITS[1] or sou == _SUITS[2]:
        f |= FULL_SUIT
    if m & _HONORS:
        if not suits:
            f |= ALL_HONORS
        if m & (_VALUE_BITS.get((hand.seat_wind, hand.round_wind)) or _bits(hand.value_tiles)):
            f |= VALUE
        if (m & _WIND_BITS).bit_count() >= 3:
            f |= WINDS3
        if (m & _DRAGON_BITS).bit_count() >= 2:
            f |= DRAGONS2
    if not m & ~_GREEN:
        f |= ALL_GREEN
    derived["_features"] = f
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


def every_hits(yaku_id: str, han: int) -> tuple[YakuHit, ...]:
    """The hit of a yaku made of every set, made once per count of sets (``Context.every``): a check
    returns ``hits[len(ctx.every)]`` rather than building the same hit for each reading."""
    return tuple(YakuHit(yaku_id, han, every) for every in _RANGES)


def situational(yaku_id: str, han: int) -> YakuHit:
    return YakuHit(yaku_id, han, (), True)


def yakuman(yaku_id: str, count: int, sets: tuple[int, ...] = ()) -> YakuHit:
    return YakuHit(yaku_id, 13 * count, sets, False, count)


class Context:
    """What every yaku check reads: the hand, the rule set and one decomposition, with the body's
    runs and triplets (or quads) listed once as ``(first tile, set index)`` so checks can stop early."""

    __slots__ = ("hand", "ruleset", "d", "closed", "sets", "every", "mask", "value_tiles", "body",
                 "standard", "runs", "triplets", "shape")

    def __init__(self, hand: Hand, ruleset: RuleSet, d: Decomposition):
        self.hand = hand
        self.ruleset = ruleset
        self.d = d
        self.closed = hand.is_closed
        sets: tuple[TileSet, ...] = d.sets
        self.sets = sets
        self.every = _RANGES[len(sets)]
        self.mask = hand.mask  # the kinds of the hand as bits (1 << kind)
        self.value_tiles = hand.value_tiles
        runs: list[tuple[int, int]] = []
        triplets: list[tuple[int, int]] = []
        self.runs, self.triplets = runs, triplets
        self.standard = d.form == "standard"
        if not self.standard:
            self.body = ()
            self.shape = YAOCHUU_PAIR
            return
        # the four sets besides the pair (standard form only): the pair is always last
        self.body = body = _RANGES[len(sets) - 1]
        shape = run_bits = triplet_bits = 0
        for i in body:
            s = sets[i]
            first = s[1][0]
            if s[0] == "run":
                runs.append((first, i))
                if run_bits >> first & 1:
                    shape = SAME_RUNS
                run_bits |= 1 << first
            else:
                triplets.append((first, i))
                triplet_bits |= 1 << first
        shape |= _SHAPES[5 * len(runs) + len(triplets)]
        if (run_bits & run_bits >> 9 & run_bits >> 18 | triplet_bits & triplet_bits >> 9 & triplet_bits >> 18) & 0x1FF:
            shape |= SANSHOKU_SETS
        if len(runs) >= 3 and (run_bits & 73 == 73 or run_bits >> 9 & 73 == 73 or run_bits >> 18 & 73 == 73):
            shape |= ITTSUU_RUNS  # 73: runs from 1, 4 and 7 of a suit
        if _YAOCHUU >> sets[-1][1][0] & 1:
            shape |= YAOCHUU_PAIR
        if triplet_bits >> 27:
            shape |= HONOR_TRIPLETS
        self.shape = shape

    def han(self, closed_han: int, open_han: int) -> int:
        """Han by closedness (食い下がり)."""
        return closed_han if self.closed else open_han

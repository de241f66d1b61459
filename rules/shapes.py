"""Hand shapes: every way 14 tiles split into 4 sets + a pair (melds fixed), 七対子, 国士無双,
which set the winning tile completes and the wait, and the waits of a 13-tile hand.

Every split of one suit's counts is looked up in a table built at import (about 30,000 patterns,
0.1 s), keyed by the suit's counts as one int (``tiles.suit_code``); the splits placed on a suit's
tiles are kept as patterns are met, and decompositions of the concealed part are cached per
``suit_codes`` tuple.

>>> from rules.document import parse_doc
>>> hand, _ = parse_doc({"hand": "1123344s123m123p", "win_tile": "2s"})
>>> sorted({(d.wait, d.sets[d.win_set].tiles) for d in decompositions(hand)})
[('kanchan', (18, 19, 20)), ('ryanmen', (19, 20, 21))]
>>> [tile for tile in waits(hand)]
[19, 22]
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement
from operator import itemgetter
from typing import NamedTuple

from .hand import Hand
from .tiles import CODE_INC, SUIT_OF, TERMINALS_HONORS, counts34, suit_code  # noqa: F401 (counts34: doctests)

KOKUSHI_TILES = tuple(sorted(TERMINALS_HONORS))
_NOT_YAOCHUU = sum(1 << t for t in range(34) if t not in TERMINALS_HONORS)


class TileSet(NamedTuple):
    """One set of a decomposition: ``kind`` run / triplet / quad / pair (kokushi: ``kokushi``),
    ``tiles`` sorted kinds, ``open`` (called, or a triplet completed by ron), ``source`` the meld's
    call index or ``None`` when concealed."""

    kind: str
    tiles: tuple[int, ...]
    open: bool = False
    source: int | None = None

    @property
    def first(self) -> int:
        return self.tiles[0]


class Decomposition(NamedTuple):
    """One reading of a complete hand. ``form`` standard / chiitoitsu / kokushi; ``sets`` are the
    melds in call order, then the concealed sets, then the pair (standard form); ``win_set`` the
    index of the set the winning tile completes and ``wait`` its wait type (ryanmen kanchan penchan
    tanki shanpon)."""

    form: str
    sets: tuple[TileSet, ...]
    win_set: int
    wait: str

    @property
    def pair(self) -> TileSet | None:
        return self.sets[-1] if self.form == "standard" else None


Split = tuple[int, tuple[tuple[str, int], ...]]  # (pair offset or -1, ((kind, offset), ...))


def _split_table(size: int, runs: bool) -> dict[tuple[int, ...], tuple[Split, ...]]:
    """Every count pattern of one suit (``size`` kinds) that splits into at most four sets and at
    most one pair, with all its splits: pairs in ascending order, then the sets read from the lowest
    tile up, a triplet before a run on the same tile. A kind may appear 5 times: a shape "won" on a
    kind the hand holds all four of (formal tenpai asks). Built once at import: about 30,000
    patterns, 0.1 s."""
    kinds = [("triplet", o) for o in range(size)] + ([("run", o) for o in range(size - 2)] if runs else [])
    kinds.sort(key=lambda k: (k[1], k[0] == "run"))
    table: dict[tuple[int, ...], list[tuple[tuple, Split]]] = {}
    for n in range(5):
        for sets in combinations_with_replacement(kinds, n):
            counts = [0] * size
            for kind, o in sets:
                for t in (o, o, o) if kind == "triplet" else (o, o + 1, o + 2):
                    counts[t] += 1
            if n and max(counts) > 5:
                continue
            order = tuple((o, kind == "run") for kind, o in sets)
            table.setdefault(tuple(counts), []).append(((-1, order), (-1, sets)))
            for p in range(size):
                if counts[p] <= 3:
                    counts[p] += 2
                    table.setdefault(tuple(counts), []).append(((p, order), (p, sets)))
                    counts[p] -= 2
    return {counts: tuple(split for _, split in sorted(found)) for counts, found in table.items()}


_SPLITS = (_split_table(9, True), _split_table(7, False))  # number suits, honors


def _suit_splits(counts: tuple[int, ...], honor: bool) -> tuple[Split, ...]:
    """Every split of one suit's counts into sets plus at most one pair (empty: none)."""
    return _SPLITS[honor].get(counts, ())


# the same table keyed by ``tiles.suit_code`` (what the engine reads per hand: one int per suit), and
# per whole pattern 0 (it splits into sets only) or 1 (sets and one pair: never both, by tile count)
_CODE_SPLITS = tuple({suit_code(c): sp for c, sp in t.items()} for t in _SPLITS)
_CODE_WHOLE = tuple({code: 1 if sp[0][0] >= 0 else 0 for code, sp in t.items()} for t in _CODE_SPLITS)
_INC = tuple(1 << 3 * o for o in range(9))


# the concealed sets, one shared object per kind and first tile
_CONCEALED = {"run": tuple(TileSet("run", (t, t + 1, t + 2)) for t in range(34)),
              "triplet": tuple(TileSet("triplet", (t, t, t)) for t in range(34))}
_PAIRS = tuple(TileSet("pair", (t, t)) for t in range(34))
_RON_TRIPLETS = tuple(TileSet("triplet", (t, t, t), True) for t in range(34))  # completed by ron: open


# per suit (m p s z): a pattern (``suit_code``) -> its splits with the suit's own tiles, ``(pair set or
# None, sets)``; filled as patterns are met (at most the ~30,000 patterns of ``_SPLITS`` per suit)
_PLACED: tuple[dict, ...] = ({}, {}, {}, {})


def _placed(s: int, code: int) -> tuple[tuple[TileSet | None, tuple[TileSet, ...]], ...]:
    found = _PLACED[s].get(code)
    if found is None:
        base = 9 * s
        found = _PLACED[s][code] = tuple(
            (_PAIRS[base + p] if p >= 0 else None, tuple(_CONCEALED[k][base + o] for k, o in more))
            for p, more in _CODE_SPLITS[s == 3].get(code, ()))
    return found


@lru_cache(maxsize=65536)
def _standard(codes: tuple[int, int, int, int]) -> tuple[tuple[TileSet, ...], ...]:
    """Every split of the concealed tiles (``suit_codes``) into sets and exactly one pair: the sets,
    the pair last."""
    partial = _placed(0, codes[0])
    for s, part in ((1, codes[1]), (2, codes[2]), (3, codes[3])):
        if not partial:
            return ()
        more = _placed(s, part)
        if len(partial) == 1 and len(more) == 1:
            (pair, sets), (pair2, sets2) = partial[0], more[0]
            partial = () if pair and pair2 else ((pair or pair2, sets + sets2),)
        else:
            partial = tuple((pair or pair2, sets + sets2) for pair, sets in partial for pair2, sets2 in more
                            if not (pair and pair2))
    return tuple(sets + (pair,) for pair, sets in partial if pair)


_kokushi_counts = itemgetter(*KOKUSHI_TILES)


def _is_chiitoitsu(counts: tuple[int, ...]) -> bool:
    return counts.count(2) == 7


def _is_kokushi(counts: tuple[int, ...]) -> bool:
    held = _kokushi_counts(counts)
    return 0 not in held and sum(held) == 14


def is_complete(counts: tuple[int, ...], n_melds: int) -> bool:
    """Do the concealed ``counts`` (14 - 3 × melds tiles) form a winning shape?

    >>> is_complete(tuple(counts34([0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 9])), 0)
    False
    >>> is_complete(tuple(counts34([0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 4])), 0)  # 九蓮
    True
    """
    pairs = 0
    for s in range(4):
        whole = _CODE_WHOLE[s == 3].get(suit_code(counts[9 * s:9 * s + 9]))
        if whole is None:
            break
        pairs += whole
    else:
        if pairs == 1:
            return True
    if n_melds == 0 and (_is_chiitoitsu(counts) or _is_kokushi(counts)):
        return True
    return False


def _run_wait(first: int, win: int) -> str:
    """The wait of a run completed by ``win``."""
    if win == first + 1:
        return "kanchan"
    if (win == first + 2 and first % 9 == 0) or (win == first and first % 9 == 6):
        return "penchan"
    return "ryanmen"


def decompositions(hand: Hand) -> list[Decomposition]:
    """Every reading of the hand with its winning tile, one per (split × winning-set choice)."""
    if hand.win_tile is None:
        return []
    win = hand.win_tile
    codes = list(hand.codes13)
    codes[SUIT_OF[win]] += CODE_INC[win]
    meld_sets = hand.__dict__.get("meld_sets")
    if meld_sets is None:
        meld_sets = hand.__dict__["meld_sets"] = tuple(
            TileSet("run" if m.type == "chi" else "quad" if m.is_quad else "triplet", m.tiles, m.opened, m.index)
            for m in hand.melds
        )
    ron = not hand.tsumo
    out: list[Decomposition] = []
    first = len(meld_sets)
    for concealed in _standard((codes[0], codes[1], codes[2], codes[3])):
        all_sets = meld_sets + concealed if first else concealed
        seen = []
        for i, s in enumerate(concealed, first):
            kind, tiles = s[0], s[1]
            if kind == "run":
                if not tiles[0] <= win <= tiles[2] or s in seen:
                    continue
                seen.append(s)
                out.append(Decomposition("standard", all_sets, i, _run_wait(tiles[0], win)))
            elif tiles[0] != win or s in seen:
                continue
            elif kind == "pair":
                seen.append(s)
                out.append(Decomposition("standard", all_sets, i, "tanki"))
            else:
                seen.append(s)
                chosen = all_sets[:i] + (_RON_TRIPLETS[win],) + all_sets[i + 1:] if ron else all_sets
                out.append(Decomposition("standard", chosen, i, "shanpon"))
    if hand.melds or (hand.mask.bit_count() != 7 and hand.mask & _NOT_YAOCHUU):
        return out  # 七対子 needs 7 kinds, 国士 terminals and honors only
    counts = list(hand.counts13)
    counts[win] += 1
    if _is_chiitoitsu(counts):
        pairs = tuple(_PAIRS[t] for t in range(34) if counts[t] == 2)
        out.append(Decomposition("chiitoitsu", pairs, next(i for i, s in enumerate(pairs) if s.first == win), "tanki"))
    if _is_kokushi(counts):
        tiles = tuple(sorted(hand.concealed + (win,)))
        out.append(Decomposition("kokushi", (TileSet("kokushi", tiles),), 0, "tanki"))
    return out


def waits(hand: Hand) -> list[int]:
    """Tile kinds completing the 13 tiles (concealed without the winning tile, plus melds), except a
    kind of which the hand itself already holds all four (RULES.md §5)."""
    counts = hand.counts13
    found = _standard_waits(hand.codes13)
    if not hand.melds:
        kinds = hand.mask13
        # 七対子 waits need exactly 7 kinds, 国士 waits terminals and honors only
        special = _special_waits(counts) if kinds.bit_count() == 7 or not kinds & _NOT_YAOCHUU else ()
        return sorted({t for t in (*found, *special) if counts[t] < 4}) if special else [
            t for t in found if counts[t] < 4]
    held = list(counts)
    for m in hand.melds:
        for t in m.tiles:
            held[t] += 1
    return [t for t in found if held[t] < 4]


def hand_waits(hand: Hand) -> tuple[int, ...]:
    """``waits`` of a hand, kept with it (and with every ``with_win`` of it): every rule set compared
    side by side, and every wait's analysis, asks for the same hand's."""
    found = hand.__dict__.get("waits13")
    if found is None:
        found = hand.__dict__["waits13"] = tuple(waits(hand))
    return found


def _standard_waits(codes: tuple[int, int, int, int]) -> list[int]:
    """Kinds completing 4-sets-and-a-pair shapes, suit by suit: the suit that gets the tile must
    become whole while every other suit already is (exactly one of all holding the pair). Each
    kind is one table look-up of its suit's pattern grown by that tile."""
    whole = [_CODE_WHOLE[s == 3].get(code) for s, code in enumerate(codes)]  # 0 / 1 (a pair) / None
    broken = [s for s in range(4) if whole[s] is None]
    if len(broken) > 1:
        return []
    paired = whole.count(1)
    out: list[int] = []
    for s in broken or range(4):
        need_pair = paired - (whole[s] == 1)  # the other suits that hold a pair
        if need_pair > 1:
            continue
        want = 1 - need_pair  # the grown suit must hold the pair when no other does
        table, code = _CODE_WHOLE[s == 3], codes[s]
        for o in range(7 if s == 3 else 9):
            if table.get(code + _INC[o]) == want:
                out.append(9 * s + o)
    return out


def _special_waits(counts: tuple[int, ...]) -> list[int]:
    """Waits of 七対子 (six pairs and a single) and 国士無双 (13 tiles, terminals and honors)."""
    out = []
    if counts.count(2) == 6 and counts.count(1) == 1:
        out.append(counts.index(1))
    if sum(_kokushi_counts(counts)) == 13:  # 13 tiles, all terminals and honors
        missing = [t for t in KOKUSHI_TILES if not counts[t]]
        if not missing:
            out += KOKUSHI_TILES
        elif len(missing) == 1:
            out += missing
    return out

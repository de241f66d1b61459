"""The tables behind ``rules.shapes``, keyed by one suit's counts as one int (``tiles.suit_code``):
every split of a suit into sets and at most one pair (built at import: about 30,000 patterns, 0.1 s,
a few MB), and, filled as patterns are met, the splits placed on a suit's tiles (``_placed``), the
places of a winning tile in them (``_won``) and the kinds that make a suit whole (``_grown``): caches
of pure functions of one suit's pattern, never of a hand, each cleared if it ever grows past
``_CACHE_MAX`` entries. The small patterns (up to 6 tiles) are placed and won at import (``_prefill``:
about 2,700 entries, 6 ms, 0.6 MB): most hands hold them, and a first meeting costs a hand
several times a lookup. ``tests/rules/test_shape_tables.py`` checks them against plain recursion.

>>> [[x.tiles for x in sets] for pair, sets in _placed(0, suit_code((3, 3, 3)))]  # 111222333m
[[(0, 0, 0), (1, 1, 1), (2, 2, 2)], [(0, 1, 2), (0, 1, 2), (0, 1, 2)]]
>>> [wins for pair, sets, wins in _won(0, suit_code((3, 3, 3)), 1)]  # won on 2m: (set index, wait)
[((1, 'shanpon'),), ((0, 'kanchan'),)]
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import NamedTuple

from .tiles import CODE_INC, suit_code

_CACHE_MAX = 200_000


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
_INC = CODE_INC[:9]  # one more tile at an offset of a suit


# the concealed sets, one shared object per kind and first tile
_CONCEALED = {"run": tuple(TileSet("run", (t, t + 1, t + 2)) for t in range(34)),
              "triplet": tuple(TileSet("triplet", (t, t, t)) for t in range(34))}
_PAIRS = tuple(TileSet("pair", (t, t)) for t in range(34))
_RON_TRIPLETS = tuple(TileSet("triplet", (t, t, t), True) for t in range(34))  # completed by ron: open


# per suit (m p s z): a pattern (``suit_code``) -> its splits with the suit's own tiles, ``(pair set or
# None, sets)`` (empty: the pattern does not split); filled as patterns are met
_PLACED: tuple[dict, ...] = ({}, {}, {}, {})


def _placed(s: int, code: int) -> tuple[tuple[TileSet | None, tuple[TileSet, ...]], ...]:
    found = _PLACED[s].get(code)
    if found is None:
        base = 9 * s
        found = tuple([(_PAIRS[base + p] if p >= 0 else None, tuple([_CONCEALED[k][base + o] for k, o in more]))
                       for p, more in _CODE_SPLITS[s == 3].get(code, ())])
        if len(_PLACED[s]) >= _CACHE_MAX:
            _PLACED[s].clear()
        _PLACED[s][code] = found
    return found


def _run_wait(first: int, win: int) -> str:
    """The wait of a run completed by ``win``."""
    if win == first + 1:
        return "kanchan"
    if (win == first + 2 and first % 9 == 0) or (win == first and first % 9 == 6):
        return "penchan"
    return "ryanmen"


# per suit: (14-tile pattern code, winning offset) as ``code << 4 | offset`` -> the suit's splits with the
# winning tile placed: ``(pair set or None, sets, ((index in sets or -1 for the pair, wait), ...))``;
# filled as met (a cache of a pure function of one suit; cleared if it ever grows past _CACHE_MAX)
_WON: tuple[dict, ...] = ({}, {}, {}, {})


def _won(s: int, code: int, win: int) -> tuple:
    key = code << 4 | (win - 9 * s)
    found = _WON[s].get(key)
    if found is None:
        out = []
        for pair, sets in _placed(s, code):
            wins = []
            last = None
            for i, ts in enumerate(sets):
                # a split's sets are in order and one object per kind and tile: a set like the one
                # before it is the same place
                if ts is last:
                    continue
                last = ts
                first = ts[1][0]
                if ts[0] == "run":
                    if first <= win <= first + 2:
                        wins.append((i, _run_wait(first, win)))
                elif first == win:
                    wins.append((i, "shanpon"))
            if pair is not None and pair[1][0] == win:
                wins.append((-1, "tanki"))
            out.append((pair, sets, tuple(wins)))
        if len(_WON[s]) >= _CACHE_MAX:
            _WON[s].clear()
        found = _WON[s][key] = tuple(out)
    return found


_PREFILLED = 6  # tiles


def _prefill(most: int) -> None:
    """``_won`` (and so ``_placed``) of every pattern of at most ``most`` tiles that splits, in each
    suit, won on each kind it holds."""
    for honor, table in enumerate(_SPLITS):
        for counts in table:
            if sum(counts) <= most:
                code = suit_code(counts)
                for s in (3,) if honor else (0, 1, 2):
                    for o, n in enumerate(counts):
                        if n:
                            _won(s, code, 9 * s + o)


_prefill(_PREFILLED)


# per suit kind (number, honor): a pattern (``suit_code``) -> the offsets whose one more tile makes it
# whole without a pair, and with one; filled as met, a cache of a pure function of one suit's pattern
_GROWN: tuple[dict, dict] = ({}, {})
# a kind whose one more tile can make a suit whole is held, or (numbers) within two of a held kind: a
# tile with nothing within two is a lone single. ``_HELD``: 3 kinds' counts (9 bits) -> which are held;
# ``_NEAR``: held kinds (bits) -> the kinds worth trying, ascending
_HELD = tuple(sum(1 << k for k in range(3) if c >> 3 * k & 7) for c in range(512))
_NEAR = tuple(tuple(tuple([o for o in range(size) if held >> o & 1 or runs and held & (31 << o >> 2)])
                    for held in range(512)) for runs, size in ((True, 9), (False, 7)))


def _grown(honor: bool, code: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    found = _GROWN[honor].get(code)
    if found is None:
        get = _CODE_WHOLE[honor].get
        alone: list[int] = []
        paired: list[int] = []
        for o in _NEAR[honor][_HELD[code & 0o777] | _HELD[code >> 9 & 0o777] << 3 | _HELD[code >> 18] << 6]:
            w = get(code + _INC[o])
            if w is not None:
                (paired if w else alone).append(o)
        found = (tuple(alone), tuple(paired))
        if len(_GROWN[honor]) >= _CACHE_MAX:
            _GROWN[honor].clear()
        _GROWN[honor][code] = found
    return found

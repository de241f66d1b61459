"""Hand shapes: every way 14 tiles split into 4 sets + a pair (melds fixed), 七対子, 国士無双,
which set the winning tile completes and the wait, and the waits of a 13-tile hand.

Every split of one suit's counts is looked up in a table built at import; decompositions of
the concealed part are cached per 34-count tuple.

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
from .tiles import TERMINALS_HONORS, counts34

KOKUSHI_TILES = tuple(sorted(TERMINALS_HONORS))


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


# per pattern: (splits without a pair, splits with one pair)
_MODES = tuple({c: (any(p < 0 for p, _ in sp), any(p >= 0 for p, _ in sp)) for c, sp in t.items()} for t in _SPLITS)


def _suit_modes(counts: tuple[int, ...], honor: bool) -> tuple[bool, bool]:
    """(splits without a pair, splits with one pair) for one suit."""
    return _MODES[honor].get(counts, (False, False))


def _suits(counts: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return counts[0:9], counts[9:18], counts[18:27], counts[27:34]


# the concealed sets, one shared object per kind and first tile
_CONCEALED = {"run": tuple(TileSet("run", (t, t + 1, t + 2)) for t in range(34)),
              "triplet": tuple(TileSet("triplet", (t, t, t)) for t in range(34))}
_PAIRS = tuple(TileSet("pair", (t, t)) for t in range(34))
_RON_TRIPLETS = tuple(TileSet("triplet", (t, t, t), True) for t in range(34))  # completed by ron: open


@lru_cache(maxsize=65536)
def _standard(counts: tuple[int, ...]) -> tuple[tuple[TileSet, ...], ...]:
    """Every split of concealed ``counts`` into sets and exactly one pair: the sets, the pair last."""
    partial: list[tuple[int, tuple[TileSet, ...]]] = [(-1, ())]
    for s, part in enumerate(_suits(counts)):
        base = 9 * s
        nxt = []
        for pair, sets in partial:
            for p, more in _suit_splits(part, s == 3):
                if p >= 0 and pair >= 0:
                    continue
                nxt.append((base + p if p >= 0 else pair,
                            sets + tuple(_CONCEALED[k][base + o] for k, o in more)))
        partial = nxt
        if not partial:
            return ()
    return tuple(sets + (_PAIRS[pair],) for pair, sets in partial if pair >= 0)


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
    for s, part in enumerate(_suits(counts)):
        plain, with_pair = _suit_modes(part, s == 3)
        if plain:
            continue
        if not with_pair:
            break
        pairs += 1
    else:
        if pairs == 1:
            return True
    if n_melds == 0 and (_is_chiitoitsu(counts) or _is_kokushi(counts)):
        return True
    return False


def _wait(kind: str, first: int, win: int) -> str:
    if kind == "pair":
        return "tanki"
    if kind == "triplet":
        return "shanpon"
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
    counts = counts34(hand.concealed)
    counts[win] += 1
    key = tuple(counts)
    meld_sets = tuple(
        TileSet("run" if m.type == "chi" else "quad" if m.is_quad else "triplet", m.tiles, m.opened, m.index)
        for m in hand.melds
    )
    ron = not hand.tsumo
    out: list[Decomposition] = []
    for concealed in _standard(key):
        all_sets = meld_sets + concealed
        seen = set()
        for i in range(len(meld_sets), len(all_sets)):
            s = all_sets[i]
            if win not in s.tiles or s in seen:
                continue
            seen.add(s)
            chosen = all_sets
            if ron and s.kind == "triplet":
                chosen = all_sets[:i] + (_RON_TRIPLETS[win],) + all_sets[i + 1:]
            out.append(Decomposition("standard", chosen, i, _wait(s.kind, s.tiles[0], win)))
    if not hand.melds and _is_chiitoitsu(key):
        pairs = tuple(_PAIRS[t] for t in range(34) if counts[t] == 2)
        out.append(Decomposition("chiitoitsu", pairs, next(i for i, s in enumerate(pairs) if s.first == win), "tanki"))
    if not hand.melds and _is_kokushi(key):
        tiles = tuple(sorted(hand.concealed + (win,)))
        out.append(Decomposition("kokushi", (TileSet("kokushi", tiles),), 0, "tanki"))
    return out


def waits(hand: Hand) -> list[int]:
    """Tile kinds completing the 13 tiles (concealed without the winning tile, plus melds), except a
    kind of which the hand itself already holds all four (RULES.md §5)."""
    counts = tuple(counts34(hand.concealed))
    found = set(_standard_waits(counts))
    if not hand.melds:
        found.update(_special_waits(counts))
    held = counts34(t for m in hand.melds for t in m.tiles)
    return sorted(t for t in found if counts[t] + held[t] < 4)


@lru_cache(maxsize=1024)
def hand_waits(hand: Hand) -> tuple[int, ...]:
    """``waits`` of a hand, cached: every rule set compared side by side asks for the same hand's."""
    return tuple(waits(hand))


@lru_cache(maxsize=None)
def _suit_completions(part: tuple[int, ...], honor: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Offsets whose one more tile lets this suit split into sets only / sets and one pair."""
    plain, paired = [], []
    for o in range(len(part)):
        grown = part[:o] + (part[o] + 1,) + part[o + 1:]
        can_plain, can_pair = _suit_modes(grown, honor)
        if can_plain:
            plain.append(o)
        if can_pair:
            paired.append(o)
    return tuple(plain), tuple(paired)


@lru_cache(maxsize=65536)
def _standard_waits(counts: tuple[int, ...]) -> tuple[int, ...]:
    """Kinds completing 4-sets-and-a-pair shapes, suit by suit: the suit that gets the tile must
    become whole while every other suit already is (exactly one of all holding the pair)."""
    parts = _suits(counts)
    modes = [_suit_modes(part, s == 3) for s, part in enumerate(parts)]
    out: list[int] = []
    for s, part in enumerate(parts):
        others = [modes[o] for o in range(4) if o != s]
        if not all(plain or pair for plain, pair in others):
            continue
        need_pair = sum(1 for plain, _ in others if not plain)
        plain_c, pair_c = _suit_completions(part, s == 3)
        if need_pair == 0:
            out += [9 * s + o for o in pair_c]
        elif need_pair == 1:
            out += [9 * s + o for o in plain_c]
    return tuple(out)


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

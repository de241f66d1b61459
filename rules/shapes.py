"""Hand shapes: every way 14 tiles split into 4 sets + a pair (melds fixed), 七対子, 国士無双,
which set the winning tile completes and the wait, and the waits of a 13-tile hand.

Every split of one suit's counts is looked up in a table built at import (about 30,000 patterns,
0.1 s), keyed by the suit's counts as one int (``tiles.suit_code``); the splits placed on a suit's
tiles, the places of a winning tile in them, and the kinds that make a suit whole are kept as
patterns are met (caches of pure functions of one suit's pattern, never of a hand). A hand keeps
what it has looked up for its 13 tiles' suits (``parts13``, and from the plain reader, which reads
them with each suit's group, ``whole13`` and ``grown13``), and so does every ``with_win`` of it.

>>> from rules.document import parse_doc
>>> hand, _ = parse_doc({"hand": "1123344s123m123p", "win_tile": "2s"})
>>> sorted({(d.wait, d.sets[d.win_set].tiles) for d in decompositions(hand)})
[('kanchan', (18, 19, 20)), ('ryanmen', (19, 20, 21))]
>>> [tile for tile in waits(hand)]
[19, 22]
"""

from __future__ import annotations

from operator import itemgetter
from typing import NamedTuple

from .hand import Hand
from .shape_tables import (
    _CODE_WHOLE,
    _GROWN,
    _PAIRS,
    _RON_TRIPLETS,
    _WON,
    TileSet,
    _grown,
    _placed,
    _won,
)
from .tiles import CODE_INC, SUIT_OF, TERMINALS_HONORS, counts34, suit_code  # noqa: F401 (counts34: doctests)

KOKUSHI_TILES = tuple(sorted(TERMINALS_HONORS))
_ALL_SUITS = range(4)
_OTHERS = tuple(tuple(s for s in range(4) if s != ws) for ws in range(4))  # per suit: the other three
_NOT_YAOCHUU = sum(1 << t for t in range(34) if t not in TERMINALS_HONORS)


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


def decompositions(hand: Hand) -> list[Decomposition]:
    """Every reading of the hand with its winning tile, one per (split × winning-set choice): the
    suits' splits combined in suit order (``_placed``; the winning tile's suit with its places,
    ``_won``), exactly one suit holding the pair."""
    win = hand.win_tile
    if win is None:
        return []
    derived = hand.__dict__
    if hand.melds:
        meld_sets = derived.get("meld_sets")
        if meld_sets is None:
            meld_sets = derived["meld_sets"] = tuple([
                TileSet("run" if m.type == "chi" else "quad" if m.is_quad else "triplet", m.tiles, m.opened, m.index)
                for m in hand.melds])
    else:
        meld_sets = ()
    ws = SUIT_OF[win]
    codes = hand.codes13
    out: list[Decomposition] = []
    code = codes[ws] + CODE_INC[win]
    won = _WON[ws].get(code << 4 | (win - 9 * ws)) or _won(ws, code, win)  # ``_won``, its cache read here
    parts = [won, won, won, won] if won else ()
    if parts:
        # the other suits' splits before the win, each placed when a reading first needs it and kept
        # with the hand and every ``with_win`` of it; a suit that does not split ends the search
        parts13 = derived.get("parts13")
        if parts13 is None:
            parts13 = derived["parts13"] = [None, None, None, None]
        for s in _OTHERS[ws]:
            part = parts13[s]
            if part is None:
                part = parts13[s] = _placed(s, codes[s])
            if not part:
                parts = ()
                break
            parts[s] = part
    # a suit's splits all hold a pair or none (by its tile count): a reading needs exactly one pair
    if parts and (parts[0][0][0] is not None) + (parts[1][0][0] is not None) + (parts[2][0][0] is not None) + (
            parts[3][0][0] is not None) == 1:
        m_, p_, s_, z_ = parts
        if len(m_) == 1 and len(p_) == 1 and len(s_) == 1 and len(z_) == 1:
            m, p, s, z = m_[0], p_[0], s_[0], z_[0]
            before = 0 if ws == 0 else len(m[1]) if ws == 1 else len(m[1]) + len(p[1]) if ws == 2 else \
                len(m[1]) + len(p[1]) + len(s[1])
            combos: list = [(m[1] + p[1] + s[1] + z[1], m[0] or p[0] or s[0] or z[0], before, won[0][2])]
        else:
            combos = [((), None, 0, ())]
            for suit, part in enumerate(parts):
                if suit == ws:
                    combos = [(sets + more, pair or pair2, len(sets), wins)
                              for sets, pair, _, _ in combos for pair2, more, wins in part]
                else:
                    combos = [(sets + more, pair or pair2, before, wins)
                              for sets, pair, before, wins in combos for pair2, more in part]
        ron = not hand.tsumo
        first = len(meld_sets)
        new = tuple.__new__
        for sets, pair, before, wins in combos:
            if not wins:
                continue
            all_sets = meld_sets + sets + (pair,) if first else sets + (pair,)
            for pos, wait in wins:
                if pos < 0:
                    out.append(new(Decomposition, ("standard", all_sets, len(all_sets) - 1, "tanki")))
                    continue
                i = first + before + pos
                if ron and wait == "shanpon":
                    out.append(new(Decomposition, (
                        "standard", all_sets[:i] + (_RON_TRIPLETS[win],) + all_sets[i + 1:], i, wait)))
                else:
                    out.append(new(Decomposition, ("standard", all_sets, i, wait)))
    mask = hand.mask
    if hand.melds or (mask.bit_count() != 7 and mask & _NOT_YAOCHUU):
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
    kind of which the hand itself already holds all four (docs/rules.md §1.4)."""
    counts = hand.counts13
    found = _standard_waits(hand.codes13, hand.__dict__.get("whole13"), hand.__dict__.get("grown13"))
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


def _standard_waits(codes: tuple[int, int, int, int], whole: tuple | None = None,
                    grown: tuple | None = None) -> list[int]:
    """Kinds completing 4-sets-and-a-pair shapes, suit by suit: the suit that gets the tile must
    become whole while every other suit already is (exactly one of all holding the pair). A suit's
    kinds that make it whole are looked up by its pattern (``_grown``). ``whole`` and ``grown``: each
    suit's ``_CODE_WHOLE`` value and ``_grown`` kinds (None: not known) when the caller has them (the
    plain reader reads them with the suits)."""
    if whole is None:
        numbers, honors = _CODE_WHOLE
        whole = (numbers.get(codes[0]), numbers.get(codes[1]), numbers.get(codes[2]), honors.get(codes[3]))
    if None in whole:  # a suit that does not split: only it can take the tile
        if whole.count(None) > 1:
            return []
        broken: tuple[int, ...] | range = (whole.index(None),)
    else:
        broken = _ALL_SUITS
    paired = whole.count(1)
    out: list[int] = []
    for s in broken:
        need_pair = paired - (whole[s] == 1)  # the other suits that hold a pair
        if need_pair > 1:
            continue
        # the grown suit must hold the pair when no other does
        kinds = grown[s] if grown is not None else None
        if kinds is None:
            kinds = _GROWN[s == 3].get(codes[s]) or _grown(s == 3, codes[s])
        found = kinds[1 - need_pair]
        if found:
            out += found if s == 0 else [9 * s + o for o in found]
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

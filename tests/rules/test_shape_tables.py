"""The shape tables keyed by ``tiles.suit_code`` (one int per suit, what the engine reads per hand)
against plain recursion (``test_shapes._reference_splits``): which patterns are whole and with a
pair or not, the waits found by growing a code (``_grown``), the splits of a whole hand placed on its
tiles with the winning tile's places (``_won``), and every reading ``decompositions`` gives."""

from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st
from test_shapes import _reference_splits, thirteen

from rules.hand import Hand
from rules.shape_tables import _CODE_WHOLE, _INC, _SPLITS, _grown, _won
from rules.shapes import _standard_waits, decompositions
from rules.tiles import suit_code, suit_codes


def test_every_whole_pattern_is_known_by_its_code_with_or_without_its_pair():
    for honor in (False, True):
        assert len(_CODE_WHOLE[honor]) == len(_SPLITS[honor])
        for counts in _SPLITS[honor]:
            pairs = {pair >= 0 for pair, _ in _reference_splits(counts, honor)}
            assert len(pairs) == 1  # a pattern is whole either with its pair or without one
            assert _CODE_WHOLE[honor][suit_code(counts)] == int(pairs.pop())


@given(st.booleans(), st.data())
@settings(max_examples=500, deadline=None)
def test_a_pattern_without_a_split_has_no_code_in_the_table_and_growing_a_code_adds_one_tile(honor, data):
    size = 7 if honor else 9
    counts = data.draw(st.lists(st.integers(0, 4), min_size=size, max_size=size).filter(lambda c: sum(c) <= 14))
    assert (suit_code(counts) in _CODE_WHOLE[honor]) == bool(_reference_splits(counts, honor))
    o = data.draw(st.integers(0, size - 1))
    assert suit_code(counts) + _INC[o] == suit_code(counts[:o] + [counts[o] + 1] + counts[o + 1:])


def _reference_waits(tiles):
    """Kinds whose one more tile makes 4 sets and a pair, by recursion on the grown counts."""
    out = []
    for t in range(34):
        counts = [tiles.count(k) for k in range(34)]
        counts[t] += 1
        pairs = 0
        for s in range(4):
            splits = _reference_splits(counts[9 * s:9 * s + 9], s == 3)
            if not splits:
                break
            pairs += next(iter(splits))[0] >= 0
        else:
            if pairs == 1:
                out.append(t)
    return out


@given(thirteen())
@settings(max_examples=300, deadline=None)
def test_waits_grown_from_suit_codes_agree_with_recursion(tiles):
    assert _standard_waits(suit_codes(tiles)) == _reference_waits(tiles)


def _reference_readings(tiles, win):
    """Every reading of 14 concealed tiles won on ``win`` (tsumo), by plain recursion per suit and
    every combination with one pair: ``(pair, sorted sets, winning set, wait)``, a winning set once
    per distinct set."""
    per_suit = []
    for s in range(4):
        counts = [tiles.count(k) for k in range(9 * s, min(9 * s + 9, 34))]
        per_suit.append([(9 * s + p if p >= 0 else -1, tuple((k, 9 * s + o) for k, o in sets))
                         for p, sets in _reference_splits(counts, s == 3)])
    out = set()
    for combo in product(*per_suit):
        pairs = [p for p, _ in combo if p >= 0]
        if len(pairs) != 1:
            continue
        sets = tuple(sorted(x for _, sets in combo for x in sets))
        for kind, first in set(sets):
            if kind == "triplet" and first == win:
                out.add((pairs[0], sets, (kind, first), "shanpon"))
            elif kind == "run" and first <= win <= first + 2:
                o = win - first
                wait = "kanchan" if o == 1 else "penchan" if (o == 2 and first % 9 == 0) or (
                    o == 0 and first % 9 == 6) else "ryanmen"
                out.add((pairs[0], sets, (kind, first), wait))
        if pairs[0] == win:
            out.add((pairs[0], sets, ("pair", win), "tanki"))
    return out


@given(thirteen(), st.integers(0, 33))
@settings(max_examples=400, deadline=None)
def test_the_readings_of_a_won_hand_are_every_split_with_each_distinct_set_the_winning_tile_completes(tiles, win):
    hand = Hand(concealed=tuple(tiles), win_tile=win, tsumo=True)
    found = [(d.sets[-1].tiles[0], tuple(sorted((x.kind, x.tiles[0]) for x in d.sets[:-1])),
              (d.sets[d.win_set].kind, d.sets[d.win_set].tiles[0]), d.wait)
             for d in decompositions(hand) if d.form == "standard"]
    assert len(found) == len(set(found))  # no reading twice
    assert set(found) == _reference_readings(sorted(tiles + [win]), win)


@given(st.booleans(), st.data())
@settings(max_examples=400, deadline=None)
def test_a_suits_winning_places_are_the_sets_and_pair_of_each_split_that_hold_the_tile(honor, data):
    size = 7 if honor else 9
    s = 3 if honor else data.draw(st.integers(0, 2))
    counts = data.draw(st.lists(st.integers(0, 4), min_size=size, max_size=size).filter(lambda c: sum(c) <= 14))
    o = data.draw(st.integers(0, size - 1))
    found = _won(s, suit_code(counts), 9 * s + o)
    assert len(found) == len(_reference_splits(counts, honor))
    for pair, sets, wins in found:
        for pos, wait in wins:
            held = pair if pos < 0 else sets[pos]
            assert 9 * s + o in held.tiles and (wait == "tanki") == (pos < 0)
        holding = {x for x in sets if 9 * s + o in x.tiles}
        assert len([pos for pos, _ in wins if pos >= 0]) == len(holding)  # each distinct set once


@given(st.booleans(), st.data())
@settings(max_examples=400, deadline=None)
def test_the_kinds_that_make_a_suit_whole_are_found_by_growing_its_code(honor, data):
    size = 7 if honor else 9
    counts = data.draw(st.lists(st.integers(0, 4), min_size=size, max_size=size).filter(lambda c: sum(c) <= 13))
    no_pair, with_pair = _grown(honor, suit_code(counts))
    expected: tuple[list, list] = ([], [])
    for o in range(size):
        grown = counts[:o] + [counts[o] + 1] + counts[o + 1:]
        splits = _reference_splits(grown, honor)
        if splits:
            expected[next(iter(splits))[0] >= 0].append(o)
    assert (list(no_pair), list(with_pair)) == expected

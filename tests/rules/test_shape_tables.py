"""The shape tables keyed by ``tiles.suit_code`` (one int per suit, what the engine reads per hand)
against plain recursion (``test_shapes._reference_splits``): which patterns are whole and with a
pair or not, the waits found by growing a code, and the splits of a whole hand placed on its tiles."""

from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st
from test_shapes import _reference_splits, thirteen

from rules.shapes import _CODE_WHOLE, _INC, _SPLITS, _standard, _standard_waits
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


@given(thirteen(), st.integers(0, 33))
@settings(max_examples=300, deadline=None)
def test_the_splits_of_a_whole_hand_are_every_combination_of_its_suits_splits_with_one_pair(tiles, extra):
    tiles = sorted(tiles + [extra])
    per_suit = []
    for s in range(4):
        counts = [tiles.count(k) for k in range(9 * s, min(9 * s + 9, 34))]
        per_suit.append([(9 * s + p if p >= 0 else -1, tuple((k, 9 * s + o) for k, o in sets))
                         for p, sets in _reference_splits(counts, s == 3)])
    expected = set()
    for combo in product(*per_suit):
        pairs = [p for p, _ in combo if p >= 0]
        if len(pairs) == 1:
            expected.add((pairs[0], tuple(sorted(x for _, sets in combo for x in sets))))
    found = {(split[-1].tiles[0], tuple(sorted((s.kind, s.tiles[0]) for s in split[:-1])))
             for split in _standard(suit_codes(tiles))}
    assert found == expected

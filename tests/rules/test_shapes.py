"""Decompositions, wait types and waits (docs/rules.md §1.4, §2.6)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.document import parse_doc
from rules.shape_tables import _SPLITS, _suit_splits
from rules.shapes import decompositions, is_complete, waits
from rules.tiles import counts34, parse_tiles, to_mpsz


def _hand(text, win=None, **situation):
    return parse_doc({"hand": text, "win_tile": win, **situation})[0]


def _readings(text, win, **situation):
    """Each decomposition as (form, sorted concealed sets as mpsz, wait)."""
    out = set()
    for d in decompositions(_hand(text, win, **situation)):
        sets = tuple(sorted(f"{s.kind}:{to_mpsz(s.tiles)}" for s in d.sets if s.source is None))
        out.add((d.form, sets, d.wait))
    return out


def test_two_splits_of_three_identical_runs():
    readings = _readings("111222333m456p6s", "6s")
    assert {r[1] for r in readings} == {
        ("pair:66s", "run:123m", "run:123m", "run:123m", "run:456p"),
        ("pair:66s", "run:456p", "triplet:111m", "triplet:222m", "triplet:333m"),
    }


def test_each_winning_set_choice_is_its_own_candidate():
    # 1123344s on 2s: 123 kanchan or 234 ryanmen (seed 003's 高点法 example)
    assert {(r[2], r[1]) for r in _readings("1123344s123m123p", "2s")} == {
        ("kanchan", ("pair:44s", "run:123m", "run:123p", "run:123s", "run:123s")),
        ("ryanmen", ("pair:11s", "run:123m", "run:123p", "run:234s", "run:234s")),
    }


def test_chiitoitsu_and_ryanpeikou_are_both_readings():
    assert {r[0] for r in _readings("112233m556677p5z", "5z")} == {"standard", "chiitoitsu"}


def test_four_of_a_kind_is_not_two_pairs():
    assert _readings("1111m3344p5566s7z", "7z") == set()


def test_kokushi_reading():
    assert {r[0] for r in _readings("19m19p19s1234567z", "7z")} == {"kokushi"}


@pytest.mark.parametrize("hand, win, wait", [
    ("123m456p789s13s55z", "2s", "kanchan"),
    ("123m456p789s12s55z", "3s", "penchan"),
    ("123m456p789s89s55z", "7s", "penchan"),
    ("123m456p789s23s55z", "1s", "ryanmen"),
    ("123m456p789s23s55z", "4s", "ryanmen"),
    ("123m456p789s78s55z", "9s", "ryanmen"),
    ("123m456p789s123s5z", "5z", "tanki"),
    ("123m456p789s11s55z", "1s", "shanpon"),
])
def test_wait_types(hand, win, wait):
    assert {r[2] for r in _readings(hand, win)} == {wait}


@pytest.mark.parametrize("tsumo, open_", [(False, True), (True, False)])
def test_a_triplet_completed_by_ron_is_open(tsumo, open_):
    (d,) = decompositions(_hand("123m456p789s11s55z", "1s", tsumo=tsumo))
    assert d.sets[d.win_set].kind == "triplet" and d.sets[d.win_set].open is open_


def test_melds_come_first_in_call_order_with_their_source():
    (d,) = decompositions(_hand("(pon)777z(ankan)1111p(chi)345s23m55z", "1m"))
    assert [(s.kind, s.open, s.source) for s in d.sets[:3]] == [
        ("triplet", True, 0), ("quad", False, 1), ("run", True, 2)]
    assert [s.source for s in d.sets[3:]] == [None, None]
    assert d.pair.tiles == (31, 31)


@pytest.mark.parametrize("hand, expected", [
    ("1112345678999m", "123456789m"),     # 九蓮: nine waits
    ("19m19p19s1234567z", "19m19p19s1234567z"),  # 国士十三面
    ("119m19p19s123456z", "7z"),
    ("2345m456p789s111z", "25m"),
    ("1112m456p789s111z", "23m"),
    ("1122m3344p5566s7z", "7z"),          # 七対子 tanki
    ("1123344s123m123p", "25s"),
    ("1111m234p567s789s", ""),            # only 1m would complete it, and all four are held
    ("123m456p789s1357z", ""),            # not tenpai
    ("(pon)111z(pon)222z(pon)333z(pon)444z5z", "5z"),
])
def test_waits(hand, expected):
    assert to_mpsz(waits(_hand(hand))) == expected


def test_a_kind_held_four_times_would_complete_the_shape():
    counts = counts34(parse_tiles("11111m234p567s789s")[0])
    assert is_complete(tuple(counts), 0)  # the shape, not a legal hand: waits() leaves 1m out


@st.composite
def thirteen(draw):
    pool = [t for t in range(34) for _ in range(4)]
    # bias towards few kinds so that tenpai hands are common
    kinds = draw(st.lists(st.integers(0, 33), min_size=4, max_size=9, unique=True))
    pool = [t for t in pool if t in kinds] if draw(st.booleans()) else pool
    idx = draw(st.lists(st.integers(0, len(pool) - 1), min_size=13, max_size=13, unique=True))
    return sorted(pool[i] for i in idx)


@given(thirteen())
@settings(max_examples=300, deadline=None)
def test_waits_agree_with_brute_force(tiles):
    counts = counts34(tiles)
    brute = []
    for t in range(34):
        if counts[t] < 4:
            counts[t] += 1
            if is_complete(tuple(counts), 0):
                brute.append(t)
            counts[t] -= 1
    assert waits(_hand(to_mpsz(tiles))) == brute


def _reference_splits(counts, honor):
    """Every split of one suit into sets and at most one pair, by plain recursion from the lowest
    tile: the independent check of ``shapes``' table."""
    out = set()

    def go(c, sets, pair):
        i = next((k for k, n in enumerate(c) if n), None)
        if i is None:
            out.add((pair, tuple(sorted(sets, key=lambda k: (k[1], k[0] == "run")))))  # one order per split
            return
        if c[i] >= 3:
            c[i] -= 3
            go(c, sets + [("triplet", i)], pair)
            c[i] += 3
        if not honor and i + 2 < len(c) and c[i + 1] and c[i + 2]:
            for k in (i, i + 1, i + 2):
                c[k] -= 1
            go(c, sets + [("run", i)], pair)
            for k in (i, i + 1, i + 2):
                c[k] += 1
        if pair < 0 and c[i] >= 2:
            c[i] -= 2
            go(c, sets, i)
            c[i] += 2

    go(list(counts), [], -1)
    return out


@given(st.booleans(), st.data())
@settings(max_examples=500, deadline=None)
def test_the_suit_split_table_agrees_with_plain_recursion(honor, data):
    size = 7 if honor else 9
    # mostly dense patterns of up to 14 tiles (a kind up to 5 times: formal tenpai asks about those)
    counts = data.draw(st.lists(st.integers(0, 5), min_size=size, max_size=size).filter(lambda c: sum(c) <= 14))
    table = _suit_splits(tuple(counts), honor)
    assert len(set(table)) == len(table)  # each split once
    assert set(table) == _reference_splits(counts, honor)


def test_every_pattern_of_the_table_is_a_real_split():
    for honor in (False, True):
        for counts, splits in _SPLITS[honor].items():
            assert set(splits) == _reference_splits(counts, honor), counts


def test_with_win_knows_every_derived_value_a_hand_holds(monkeypatch):
    """``Hand.with_win`` drops the derived values of ``_DROPPED_BY_WITH_WIN`` by name and keeps the rest:
    every key any hand holds (after evaluate and compare of every preset, with and without the winning
    tile, melds too) is a field, one it keeps or one it drops."""
    import oracle

    import rules
    from rules import hand as hand_mod

    seen: set[str] = set()
    with_win = hand_mod.Hand.with_win

    def spy(self, tile, red=False):
        seen.update(self.__dict__)
        return with_win(self, tile, red)

    monkeypatch.setattr(hand_mod.Hand, "with_win", spy)
    for case in oracle.random_cases(150, 77):
        for preset in ("ariari", "kanzen_sakizuke", "tenhou"):
            doc = oracle.to_doc(case, preset)
            rules.evaluate(doc)
            rules.compare(doc)
    assert seen and seen <= hand_mod._KEPT | hand_mod._DROPPED_BY_WITH_WIN, seen - hand_mod._KEPT
    assert {name for name, value in vars(hand_mod.Hand).items()
            if isinstance(value, hand_mod._derived)} <= hand_mod._KEPT | hand_mod._DROPPED_BY_WITH_WIN

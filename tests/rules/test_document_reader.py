"""The two readers of an evaluate document: ``read_plain`` (one pass, the common plain document)
must build exactly the hand of the full reader, and leave every document it does not accept, or
that is wrong, to the full reader, so errors stay the full reader's (same class, same message)."""

from __future__ import annotations

import copy

import oracle
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.document import parse_doc, parse_doc_checked, read_plain
from rules.errors import RulesError
from rules.hand import _FIELD_NAMES
from rules.shape_tables import _CODE_WHOLE, _grown, _placed

BASE = {"ruleset": "tenhou", "hand": "1230m456p789s11z", "melds": [], "win_tile": "1z", "tsumo": False,
        "seat_wind": "S", "round_wind": "E", "riichi": True, "double_riichi": False, "ippatsu": False,
        "situational": [], "dora_indicators": ["3m"], "ura_indicators": [], "honba": 0, "sticks": 0}
BAD_VALUES = [None, True, False, 0, -1, 3, 101, 10 ** 40, "", " ", "E", "e", "南", "1z", "8z", "0m", "5m",
              "0z", "x", "1", "(ポン)", "0m0m", "1111m", "9" * 130, [], [""], ["", "", "", "", "", ""],
              ["1m"] * 6, ["123456m"], ["1m", 2], "houtei", ["houtei"], ["rinshan"], ["tenhou"],
              ["nope"], [[1]], {}, {"type": "pon", "tiles": "111z"}, [{"type": "pon", "tiles": "111z"}],
              [{"type": "pon", "tiles": "111z", "x": 1}], [{"type": "chi", "tiles": "124m"}],
              [{"type": "pon", "tiles": "0m55m"}], [{"type": "ankan", "tiles": "1111z"}], ("1m",),
              {"preset": "ariari"}, {"preset": "nope"}, {"preset": "ariari", "options": {"shibari": 3}}]


def fields_of(hand) -> dict:
    return {k: (type(hand.__dict__[k]), hand.__dict__[k]) for k in _FIELD_NAMES}


def outcome(reader, doc):
    try:
        hand, rs = reader(doc)
    except RulesError as e:
        return ("error", type(e), str(e), e.ja)
    return ("ok", fields_of(hand), rs)


@pytest.mark.parametrize("red", [False, True])
@pytest.mark.parametrize("ruleset", ["ariari", "tenhou"])
def test_the_plain_reader_builds_the_same_hand_as_the_full_reader(ruleset, red):
    for case in oracle.random_cases(400, 31 + red):
        doc = oracle.to_doc(case, ruleset, red_fives=red)
        plain = read_plain(doc)
        assert plain is not None, doc
        checked = parse_doc_checked(doc)
        assert fields_of(plain[0]) == fields_of(checked[0]) and plain[1] == checked[1]
        # the values the plain reader derives on the way are the hand's own
        assert plain[0].__dict__["counts13"] == checked[0].counts13
        assert plain[0].__dict__["mask13"] == checked[0].mask13
        assert plain[0].__dict__["mask"] == checked[0].mask
        # what the shape tables say of each suit's code, read with the suits of a canonical hand text
        if plain[0].__dict__["whole13"] is not None:
            codes = list(enumerate(checked[0].codes13))
            assert plain[0].__dict__["whole13"] == tuple(_CODE_WHOLE[s == 3].get(code) for s, code in codes)
            assert plain[0].__dict__["parts13"] == [_placed(s, code) for s, code in codes]
            assert plain[0].__dict__["grown13"] == tuple(None if _CODE_WHOLE[s == 3].get(code) is not None
                                                         else _grown(s == 3, code) for s, code in codes)
        assert plain[0].__dict__["codes13"] == checked[0].codes13
        assert plain[0].__dict__["is_closed"] == checked[0].is_closed
        assert plain[0].__dict__["value_tiles"] == checked[0].value_tiles


@pytest.mark.parametrize("key", sorted(BASE) + ["unknown"])
@pytest.mark.parametrize("value", BAD_VALUES, ids=repr)
def test_any_field_set_to_anything_reads_and_fails_as_the_full_reader_says(key, value):
    doc = {**copy.deepcopy(BASE), key: copy.deepcopy(value)}
    assert outcome(parse_doc, doc) == outcome(parse_doc_checked, doc)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(sorted(BASE)), st.sampled_from(BAD_VALUES), max_size=4))
def test_several_odd_fields_together_fail_first_where_the_full_reader_fails(changes):
    doc = {**copy.deepcopy(BASE), **copy.deepcopy(changes)}
    assert outcome(parse_doc, doc) == outcome(parse_doc_checked, doc)


def _spelled(kinds: list[int], reds: set[int], order: list[int], group_suits: bool) -> str:
    """``kinds`` written in mpsz: in the given order, each tile its own group or runs of one suit
    grouped; the tiles at the positions in ``reds`` that are fives written 0."""
    tokens = [(("0" if i in reds and t < 27 and t % 9 == 4 else str(t % 9 + 1)), "mpsz"[t // 9])
              for i, t in enumerate(kinds[j] for j in order)]
    out = ""
    for n, (digit, suit) in enumerate(tokens):
        last = n + 1 == len(tokens) or tokens[n + 1][1] != suit or not group_suits
        out += digit + (suit if last else "")
    return out


@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=13, max_size=13), st.sets(st.integers(0, 12), max_size=3),
       st.randoms(use_true_random=False), st.sampled_from(["sorted", "within suits", "any"]), st.booleans(),
       st.sampled_from(["ariari", "tenhou"]))
def test_any_spelling_of_the_tiles_reads_as_the_full_reader_reads_it(kinds, reds, rnd, order_by, group_suits,
                                                                      ruleset):
    """Sorted or not, grouped by suit or not, with red fives or five of a kind: the plain reader
    (which reads canonical suit groups by their own table) builds the full reader's hand, with the
    same derived values and the canonical spelling of the concealed tiles, or fails as it does."""
    order = list(range(13))
    kinds = sorted(kinds)
    if order_by != "sorted":
        rnd.shuffle(order)
    if order_by == "within suits":
        order.sort(key=lambda j: kinds[j] // 9)
    doc = {**copy.deepcopy(BASE), "ruleset": ruleset, "hand": _spelled(kinds, reds, order, group_suits),
           "win_tile": "1z" if kinds.count(27) < 4 else "2z", "riichi": False}
    assert outcome(parse_doc, doc) == outcome(parse_doc_checked, doc)
    plain = read_plain(doc)
    if plain is not None:
        hand, checked = plain[0], parse_doc_checked(doc)[0]
        for name in ("counts13", "mask13", "mask", "codes13", "is_closed", "value_tiles", "concealed_text"):
            assert getattr(hand, name) == getattr(checked, name), name

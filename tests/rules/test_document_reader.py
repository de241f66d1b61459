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

"""The hand form and the stored event describe each other: editing a hand shows exactly what was saved."""

import pytest
from django.http import QueryDict

from scoring.forms import HandForm

NAMES = ["山田", "佐藤", "鈴木", "田中"]


def as_post(data: dict) -> QueryDict:
    q = QueryDict(mutable=True)
    for key, value in data.items():
        if isinstance(value, list):
            q.setlist(key, [str(v) for v in value])
        elif value is True:
            q[key] = "on"
        elif value not in (False, None, ""):
            q[key] = str(value)
    return q


@pytest.mark.parametrize("event", [
    {"type": "ron", "winner": 1, "loser": 0, "han": 3, "fu": 30},
    {"type": "ron", "winner": 1, "loser": 0, "han": 6},
    {"type": "ron", "winner": 2, "loser": 3, "han": 2, "fu": 25, "riichi": [0, 2]},
    {"type": "tsumo", "winner": 0, "yakuman": 2, "pao": 1},
    {"type": "draw", "tenpai": [1, 3], "riichi": [1]},
    {"type": "draw", "tenpai": []},
    {"type": "chombo", "offender": 2},
    {"type": "penalty", "offender": 0},
    {"type": "abandon", "player": 3},
    {"type": "tsumo", "winner": 3, "riichi": [3],
     "hand": {"hand": "234m456p678s5577z", "win_tile": "7z", "riichi": True, "ippatsu": True,
              "situational": ["haitei"], "dora_indicators": ["4m"], "ura_indicators": ["9p"]}},
    {"type": "ron", "winner": 1, "loser": 2,
     "hand": {"hand": "234m456p11z", "melds": [{"type": "pon", "tiles": "777z"}], "win_tile": "1z"}},
    {"type": "ron", "loser": 0, "riichi": [2], "wins": [{"winner": 1, "han": 2, "fu": 30},
                                                        {"winner": 2, "yakuman": 1, "pao": 3}]},
    {"type": "ron", "loser": 3, "wins": [{"winner": 0, "han": 1, "fu": 30}, {"winner": 1, "han": 5},
                                         {"winner": 2, "hand": {"hand": "234m456p678s5577z", "win_tile": "7z"}}]},
    {"type": "abortive", "kind": "suufon_renda", "riichi": [0]},
    {"type": "nagashi", "winners": [1, 3], "tenpai": [0]},
    {"type": "nagashi", "winners": [2]},
])
def test_a_stored_event_survives_the_round_trip_through_the_edit_form(event):
    form = HandForm(as_post(HandForm.initial_from_event(event)), names=NAMES)
    assert form.is_valid(), form.errors
    assert form.event == event


@pytest.mark.parametrize("data, field", [
    ({"type": "ron", "loser": "0", "value": "quick", "han": "1", "fu": "30"}, "winner"),
    ({"type": "ron", "winner": "0", "value": "quick", "han": "1", "fu": "30"}, "loser"),
    ({"type": "tsumo", "winner": "0", "value": "quick"}, "han"),
    ({"type": "tsumo", "winner": "0", "value": "quick", "han": "2"}, "fu"),
    ({"type": "tsumo", "winner": "0", "value": "yakuman"}, "yakuman"),
    ({"type": "tsumo", "winner": "0", "value": "tiles", "win_tile": "1z"}, "hand"),
    ({"type": "tsumo", "winner": "0", "value": "tiles", "hand": "123m"}, "win_tile"),
    ({"type": "tsumo", "winner": "0", "value": "tiles", "hand": "123m", "win_tile": "1z", "melds": "pon 555z"},
     "melds"),
    ({"type": "penalty"}, "offender"),
    ({"type": "ron", "winner": "4", "loser": "0", "value": "quick", "han": "1", "fu": "30"}, "winner"),
])
def test_missing_or_bad_fields_are_reported_on_that_field(data, field):
    form = HandForm(data, names=NAMES)
    assert not form.is_valid()
    assert field in form.errors


def test_riichi_declared_before_a_penalty_in_the_same_hand_is_read_without_a_replay():
    from scoring.forms.hands import declared_riichi
    events = [{"type": "draw", "tenpai": [], "riichi": [3]},
              {"type": "penalty", "offender": 0, "riichi": [1]}, {"type": "abandon", "player": 2, "riichi": [2]}]
    assert declared_riichi(events) == [1, 2]
    assert declared_riichi(events[:1]) == [] and declared_riichi([]) == []


def test_a_listed_win_is_shown_by_its_value():
    from scoring.forms.hands import win_value_text
    assert win_value_text({"winner": 1, "han": 3, "fu": 30}) == "3翻30符"
    assert win_value_text({"winner": 1, "han": 6}) == "6翻"


def test_the_rule_set_decides_which_result_types_are_offered():
    import rules
    ariari = HandForm(names=NAMES, ruleset=rules.get_ruleset("ariari"))
    tenhou = HandForm(names=NAMES, ruleset=rules.get_ruleset("tenhou"))
    assert [c[0] for c in ariari.fields["type"].choices] == ["ron", "tsumo", "draw", "chombo", "penalty", "abandon"]
    assert {"abortive", "nagashi"} <= {c[0] for c in tenhou.fields["type"].choices}
    assert "sanchahou" in {c[0] for c in tenhou.fields["kind"].choices}

"""rules.next_hand (one more event previewed in one replay) and play's per-event ``state_before``."""

import pytest

import rules
from rules import DocumentError, GameError, next_hand, play

PLAYERS = ["A", "B", "C", "D"]
NOTEN_DRAW = {"type": "draw", "tenpai": []}
PINFU_TANYAO = {"hand": "234m567p3456678s", "win_tile": "6s"}


def game(hands, ruleset="ariari"):
    return {"ruleset": ruleset, "players": PLAYERS, "hands": hands}


def test_it_answers_for_the_new_event_with_the_state_before_and_after():
    doc = game([{"type": "draw", "tenpai": [1], "riichi": [1]}])  # dealer A noten: 東2局1本場, B's stick
    out = next_hand(doc, {"type": "ron", "winner": 2, "loser": 3, "han": 1, "fu": 30, "riichi": [0]})
    before, after = out["before"], out["after"]
    assert (before["round"], before["dealer"], before["honba"], before["sticks"]) == ("E2", 1, 1, 1)
    assert before["round_wind"] == "E" and before["seat_winds"] == ["N", "E", "S", "W"]
    assert before["scores"] == [24000, 24000 + 3000, 24000, 24000] and before["riichi"] == []
    # C: 1000 + 300 + B's and A's sticks
    assert out["event"]["deltas"] == [-1000, 0, 1000 + 300 + 2000, -1300]
    assert (after["round"], after["honba"], after["sticks"]) == ("E3", 0, 0)
    assert after["scores"] == out["event"]["scores"]
    assert out["ended"] is False and out["result"] is None and out["hands"] == []


def test_it_is_the_same_as_playing_the_longer_game():
    hands = [{"type": "draw", "tenpai": [0]}, {"type": "penalty", "offender": 2}]
    extra = {"type": "tsumo", "winner": 1, "han": 2, "fu": 30}
    out = next_hand(game(hands), extra)
    full = play(game(hands + [extra]))
    assert out["event"] == full["events"][-1] and out["after"] == full["state"]
    assert out["before"] == full["events"][-1]["state_before"]


def test_riichi_already_declared_in_the_hand_is_in_the_state_before():
    out = next_hand(game([{"type": "penalty", "offender": 0, "riichi": [3]}]), NOTEN_DRAW)
    assert out["before"]["riichi"] == [3]


def test_it_reports_the_end_and_the_result():
    out = next_hand(game([NOTEN_DRAW] * 7), NOTEN_DRAW)
    assert out["ended"] and out["ended_by"] == "south_4" and out["result"]["ranks"] == [1, 2, 3, 4]
    assert out["after"]["round"] is None


def test_a_bad_event_names_its_index_after_the_game():
    with pytest.raises(GameError) as exc:
        next_hand(game([NOTEN_DRAW, NOTEN_DRAW]), {"type": "ron", "winner": 1, "loser": 1, "han": 1, "fu": 30})
    assert exc.value.index == 2


def test_no_event_after_the_end():
    with pytest.raises(GameError, match="already ended"):
        next_hand(game([NOTEN_DRAW] * 8), NOTEN_DRAW)


def test_a_won_hand_comes_with_its_evaluate_document():
    doc = game([{"type": "draw", "tenpai": [0], "riichi": [0]}], "tenhou")  # 東1局1本場, A's stick
    out = next_hand(doc, {"type": "ron", "winner": 2, "loser": 1, "hand": PINFU_TANYAO})
    [entry] = out["hands"]
    assert entry["winner"] == 2
    assert entry["document"] == {**PINFU_TANYAO, "ruleset": "tenhou", "seat_wind": "W", "round_wind": "E",
                                 "tsumo": False, "honba": 1, "sticks": 1}
    # the document is what rules.evaluate scores: the same value as the game's
    evaluated = rules.evaluate(entry["document"])
    assert evaluated["total"] == out["event"]["value"]["total"] == 2000
    assert evaluated["received"] == 2000 + 300 + 1000 == out["event"]["deltas"][2]


def test_state_before_of_every_event_in_play():
    out = play(game([NOTEN_DRAW, {"type": "penalty", "offender": 1}, NOTEN_DRAW]))
    befores = [e["state_before"] for e in out["events"]]
    assert [(b["round"], b["honba"], b["sticks"]) for b in befores] == [("E1", 0, 0), ("E2", 1, 0), ("E2", 1, 1)]
    assert befores[1]["seat_winds"] == ["N", "E", "S", "W"]


# --------------------------------------------------------------------------- input bounds

@pytest.mark.parametrize("event, fragment", [
    ({"type": "ron", "winner": 1, "loser": 0, "han": 100}, "'han' is out of range (at most 99)"),
    ({"type": "ron", "winner": 1, "loser": 0, "han": -10 ** 5000, "fu": 30}, "'han' is out of range"),
    ({"type": "ron", "winner": 1, "loser": 0, "han": 2, "fu": 10 ** 6}, "'fu' is out of range"),
    ({"type": "ron", "winner": 1, "loser": 0, "yakuman": 11}, "'yakuman' is out of range (at most 10)"),
    ({"type": "x" * 10_000}, "unknown event type"),
])
def test_event_values_are_bounded(event, fragment):
    with pytest.raises(GameError) as exc:
        play(game([event]))
    assert fragment in exc.value.message and len(exc.value.message) < 400 and exc.value.ja


def test_a_game_has_at_most_500_events():
    play(game([{"type": "penalty", "offender": 0}] * 20))
    with pytest.raises(DocumentError, match="at most 500 events"):
        play(game([{"type": "penalty", "offender": 0}] * 501))
    with pytest.raises(DocumentError, match="at most 500 events"):
        next_hand(game([{"type": "abandon", "player": 0}] * 500), NOTEN_DRAW)


def test_player_names_are_bounded():
    with pytest.raises(DocumentError, match="longer than 40"):
        play({"players": ["A" * 41, "B", "C", "D"], "hands": []})


def test_final_result_sticks_are_bounded():
    with pytest.raises(DocumentError, match="0 to 9999"):
        rules.final_result([25000] * 4, sticks=10_000)

"""rules.play / rules.final_result: flow, payments, errors (docs/rules.md §6, §8; docs/api.md).

Every expected number is written out from the rule it checks (start 25000, 300 per honba, ...).
"""

import importlib.util

import pytest

import rules
from rules import DocumentError, GameError, final_result, play

PLAYERS = ["A", "B", "C", "D"]
NOTEN_DRAW = {"type": "draw", "tenpai": []}  # nobody tenpai: dealer moves on, honba +1, no payments


def run(hands, ruleset="ariari"):
    return play({"ruleset": ruleset, "players": PLAYERS, "hands": hands})


def last(hands, ruleset="ariari"):
    return run(hands, ruleset)["events"][-1]


# --------------------------------------------------------------------------- single wins

@pytest.mark.parametrize("event, deltas", [
    # non-dealer ron 3翻30符 = 30×2^5×4 = 3840 -> 3900
    ({"type": "ron", "winner": 1, "loser": 0, "han": 3, "fu": 30}, [-3900, 3900, 0, 0]),
    # dealer ron 3翻30符 = 30×2^5×6 = 5760 -> 5800
    ({"type": "ron", "winner": 0, "loser": 2, "han": 3, "fu": 30}, [5800, 0, -5800, 0]),
    # non-dealer tsumo 1翻30符: dealer 240×2 -> 500, others 240 -> 300
    ({"type": "tsumo", "winner": 3, "han": 1, "fu": 30}, [-500, -300, -300, 1100]),
    # dealer tsumo 2翻20符 (pinfu tsumo): 20×2^4×2 = 640 -> 700 all
    ({"type": "tsumo", "winner": 0, "han": 2, "fu": 20}, [2100, -700, -700, -700]),
    # non-dealer tsumo mangan: 4000 / 2000
    ({"type": "tsumo", "winner": 1, "han": 5}, [-4000, 4000 + 2000 + 2000, -2000, -2000]),
    # yakuman ron by a non-dealer: 32000
    ({"type": "ron", "winner": 2, "loser": 1, "yakuman": 1}, [0, -32000, 32000, 0]),
    # 七対子 ron 2翻25符: 25×2^4×4 = 1600
    ({"type": "ron", "winner": 1, "loser": 3, "han": 2, "fu": 25}, [0, 1600, 0, -1600]),
])
def test_single_win_deltas(event, deltas):
    ev = last([event])
    assert ev["deltas"] == deltas
    assert ev["scores"] == [25000 + d for d in deltas]
    assert ev["winners"] == [event["winner"]]


def test_event_output_fields():
    out = run([{"type": "ron", "winner": 1, "loser": 0, "han": 3, "fu": 30, "riichi": [1]}])
    ev = out["events"][0]
    assert ev["index"] == 0 and ev["type"] == "ron" and ev["round"] == "E1" and ev["dealer"] == 0
    assert ev["label"] == {"ja": "東1局 0本場", "en": "East 1, 0 honba"}
    # B puts 1000 down then wins 3900 and takes the stick back
    assert ev["deltas"] == [-3900, -1000 + 3900 + 1000, 0, 0]
    assert ev["sticks"] == 0
    assert ev["value"] == {"han": 3, "fu": 30, "yakuman": 0, "limit": None, "total": 3900}
    assert ev["description"]["ja"].startswith("B が A から 3900 のロン(3翻30符")
    assert out["state"]["round"] == "E2" and out["state"]["dealer"] == 1 and out["state"]["honba"] == 0
    assert out["ended"] is False and out["ended_by"] is None and out["result"] is None


def test_honba_paid_by_discarder_and_by_each_on_tsumo():
    hands = [NOTEN_DRAW, NOTEN_DRAW]  # E1 -> E2 1本場 -> E3 2本場
    ron = last(hands + [{"type": "ron", "winner": 3, "loser": 1, "han": 1, "fu": 30}])
    assert ron["honba"] == 2 and ron["round"] == "E3"
    assert ron["deltas"] == [0, -(1000 + 2 * 300), 0, 1000 + 2 * 300]
    tsumo = last(hands + [{"type": "tsumo", "winner": 3, "han": 1, "fu": 30}])
    # dealer (seat 2 in E3) 500 + 200, others 300 + 200
    assert tsumo["deltas"] == [-(300 + 200), -(300 + 200), -(500 + 200), 1100 + 3 * 200]


@pytest.mark.parametrize("hands, state", [
    # dealer win: 連荘, honba +1
    ([{"type": "ron", "winner": 0, "loser": 1, "han": 1, "fu": 30}], ("E1", 0, 1)),
    # non-dealer win: deal moves, honba back to 0
    ([NOTEN_DRAW, {"type": "tsumo", "winner": 2, "han": 1, "fu": 30}], ("E3", 2, 0)),
    # dealer tenpai at a draw: 連荘, honba +1
    ([{"type": "draw", "tenpai": [0, 3]}], ("E1", 0, 1)),
    # dealer noten at a draw: deal moves, honba still +1
    ([{"type": "draw", "tenpai": [3]}], ("E2", 1, 1)),
    # chombo: same hand again, same honba
    ([NOTEN_DRAW, {"type": "chombo", "offender": 2}], ("E2", 1, 1)),
    # penalty and abandon do not end the hand
    ([{"type": "penalty", "offender": 2}, {"type": "abandon", "player": 1}], ("E1", 0, 0)),
    # four moves of the deal: 南1局
    ([NOTEN_DRAW] * 4, ("S1", 0, 4)),
])
def test_flow(hands, state):
    s = run(hands)["state"]
    assert (s["round"], s["dealer"], s["honba"]) == state


def test_labels_follow_rounds():
    out = run([NOTEN_DRAW] * 7)
    assert [e["round"] for e in out["events"]] == ["E1", "E2", "E3", "E4", "S1", "S2", "S3"]
    assert out["events"][5]["label"] == {"ja": "南2局 5本場", "en": "South 2, 5 honba"}
    assert out["state"]["label"]["ja"] == "南4局 7本場"


# --------------------------------------------------------------------------- draws

@pytest.mark.parametrize("tenpai, deltas", [
    ([], [0, 0, 0, 0]),
    ([2], [-1000, -1000, 3000, -1000]),  # 3000 from the three noten
    ([0, 3], [1500, -1500, -1500, 1500]),  # 1500 each way
    ([0, 1, 3], [1000, 1000, -3000, 1000]),  # noten pays 1000 to each
    ([0, 1, 2, 3], [0, 0, 0, 0]),
])
def test_noten_payments(tenpai, deltas):
    assert last([{"type": "draw", "tenpai": tenpai}])["deltas"] == deltas


def test_abandoned_player_is_noten_at_the_draw():
    ev = last([{"type": "abandon", "player": 1}, {"type": "draw", "tenpai": [0, 1]}])
    assert ev["tenpai"] == [0]
    assert ev["deltas"] == [3000, -1000, -1000, -1000]


# --------------------------------------------------------------------------- riichi, penalty, chombo

def test_riichi_sticks_stay_on_the_table_until_a_win():
    out = run([
        {"type": "draw", "tenpai": [1], "riichi": [1]},  # B: -1000 stick +3000 noten; dealer noten
        {"type": "ron", "winner": 2, "loser": 3, "han": 1, "fu": 30, "riichi": [0]},
    ])
    first, second = out["events"]
    assert first["deltas"] == [-1000, 3000 - 1000, -1000, -1000] and first["sticks"] == 1
    # E2 1本場: C 1000 + 300 honba + 2 sticks
    assert second["deltas"] == [-1000, 0, 1000 + 300 + 2000, -(1000 + 300)]
    assert second["sticks"] == 0


def test_riichi_on_penalty_or_abandon_events_counts_for_the_hand():
    out = run([{"type": "abandon", "player": 3, "riichi": [3]}, {"type": "draw", "tenpai": [3]}])
    # D declared, then abandoned: tenpai, so no chombo, but noten for the payments (all noten)
    assert out["events"][1]["deltas"] == [0, 0, 0, 0]
    assert out["state"]["sticks"] == 1 and out["state"]["scores"] == [25000, 25000, 25000, 24000]


def test_penalty_goes_to_the_next_winner():
    out = run([{"type": "penalty", "offender": 1}, {"type": "tsumo", "winner": 0, "han": 1, "fu": 30}])
    assert out["events"][0]["deltas"] == [0, -1000, 0, 0] and out["events"][0]["sticks"] == 1
    # dealer tsumo 1翻30符: 500 all, plus the 1000 罰符
    assert out["events"][1]["deltas"] == [1500 + 1000, -500, -500, -500]


def test_chombo_returns_that_hands_riichi_sticks_only():
    out = run([
        {"type": "draw", "tenpai": [0, 1, 2, 3], "riichi": [2]},  # C's stick stays on the table
        {"type": "penalty", "offender": 0, "riichi": [1]},
        {"type": "chombo", "offender": 3, "riichi": [0]},
    ])
    ev = out["events"][2]
    # D pays 3000 to each; B's and A's sticks of this hand go back
    assert ev["deltas"] == [3000, 3000 + 1000, 3000, -9000]
    assert out["state"]["scores"] == [25000 - 1000 + 3000, 25000 + 3000, 25000 - 1000 + 3000, 25000 - 9000]
    assert out["state"]["sticks"] == 2  # C's riichi and A's 罰符
    assert (out["state"]["round"], out["state"]["honba"]) == ("E1", 1)


def test_riichi_needs_the_minimum_score():
    hands = _d_at_1000()  # D has exactly 1000: may declare
    assert last(hands + [{"type": "draw", "tenpai": [3], "riichi": [3]}])["deltas"][3] == -1000 + 3000
    with pytest.raises(GameError, match="event 5: D .* has 0 and cannot declare riichi"):
        run(hands + [{"type": "penalty", "offender": 3}, {"type": "draw", "tenpai": [3], "riichi": [3]}])


# --------------------------------------------------------------------------- pao

def test_pao_tsumo_pays_all_and_the_honba():
    ev = last([NOTEN_DRAW, {"type": "tsumo", "winner": 2, "yakuman": 1, "pao": 0}])
    # E2 1本場, C non-dealer yakuman tsumo 8000/16000 = 32000 + 300, all from A
    assert ev["deltas"] == [-(32000 + 300), 0, 32000 + 300, 0]


def test_pao_ron_half_each_honba_by_discarder():
    ev = last([NOTEN_DRAW, {"type": "ron", "winner": 1, "loser": 3, "yakuman": 1, "pao": 0}])
    # E2 1本場, B is the dealer: 48000 -> 24000 from pao A, 24000 + 300 from D
    assert ev["deltas"] == [-24000, 48000 + 300, 0, -(24000 + 300)]


# --------------------------------------------------------------------------- end of game

def test_ends_after_south_4():
    out = run([NOTEN_DRAW] * 8)
    assert out["ended"] and out["ended_by"] == "south_4"
    assert out["state"]["round"] is None
    with pytest.raises(GameError, match="event 8: the game has already ended") as refused:
        run([NOTEN_DRAW] * 9)
    assert refused.value.ja.endswith("対局はすでに終了しています(南4局)")  # says why, as the English does


def test_south_4_dealer_keeps_the_deal():
    hands = [NOTEN_DRAW] * 7 + [{"type": "draw", "tenpai": [3]}]
    out = run(hands)
    assert not out["ended"] and out["state"]["round"] == "S4" and out["state"]["honba"] == 8


@pytest.mark.parametrize("options, final_event, ended_by", [
    ({"agari_yame": True}, {"type": "ron", "winner": 3, "loser": 0, "han": 1, "fu": 30}, "agari_yame"),
    ({"tenpai_yame": True}, {"type": "draw", "tenpai": [3]}, "tenpai_yame"),
    ({"agari_yame": True}, {"type": "draw", "tenpai": [3]}, None),  # tenpai is not a win
    ({}, {"type": "ron", "winner": 3, "loser": 0, "han": 1, "fu": 30}, None),
])
def test_yame_options(options, final_event, ended_by):
    out = run([NOTEN_DRAW] * 7 + [final_event], {"preset": "ariari", "options": options})
    assert out["ended_by"] == ended_by


def test_agari_yame_only_when_the_dealer_is_top():
    hands = [{"type": "ron", "winner": 0, "loser": 1, "han": 3, "fu": 30}] + [NOTEN_DRAW] * 8
    # A (5800 up) is top; D wins 1000 in 南4 but is not first: the game goes on
    out = run(hands[:1] + [NOTEN_DRAW] * 7 + [{"type": "ron", "winner": 3, "loser": 1, "han": 1, "fu": 30}],
              {"preset": "ariari", "options": {"agari_yame": True}})
    assert out["ended_by"] is None and out["state"]["round"] == "S4"


def test_west_round_when_nobody_reaches_return_points():
    rs = {"preset": "ariari", "options": {"west_round": True, "return_points": 30000, "uma": [15000, 5000, -5000, -15000]}}
    out = run([NOTEN_DRAW] * 8, rs)
    assert not out["ended"] and out["state"]["round"] == "W1"
    # sudden death in the west: A's dealer mangan 12000 -> 37000 >= 30000
    out = run([NOTEN_DRAW] * 8 + [{"type": "ron", "winner": 0, "loser": 1, "han": 5}], rs)
    assert out["ended_by"] == "west_target"
    assert run([NOTEN_DRAW] * 12, rs)["ended_by"] == "west_4"


def test_leftover_sticks_go_to_the_top():
    out = run([NOTEN_DRAW] * 7 + [{"type": "draw", "tenpai": [0, 2], "riichi": [0, 2]}])
    # 南4局, dealer D noten: the game ends. A and C: -1000 stick +1500; B and D: -1500
    assert out["ended_by"] == "south_4"
    res = out["result"]
    assert res["raw_scores"] == [25000 - 1000 + 1500, 25000 - 1500, 25000 - 1000 + 1500, 25000 - 1500]
    # A and C tie at 25500: A (nearer 起家) is top and takes the 2 sticks; B above D likewise
    assert res["ranks"] == [1, 3, 2, 4]
    assert res["scores"] == [25500 + 2000, 23500, 25500, 23500]
    assert res["leftover_sticks"] == 2 and res["leftover_to"] == 0
    assert res["net"] == [27500 - 25000 + 12000, 23500 - 25000 - 4000, 25500 - 25000 + 4000, 23500 - 25000 - 12000]
    assert sum(res["net"]) == 0


# --------------------------------------------------------------------------- bust

def _d_at_1000():
    # D: two chombos (3000 to each of three) and two draws where only D is noten (dealer A tenpai: 1本場, 2本場)
    return [{"type": "chombo", "offender": 3}] * 2 + [{"type": "draw", "tenpai": [0, 1, 2]}] * 2


def test_bust_ignores_the_honba_part():
    hands = _d_at_1000()
    state = run(hands)["state"]
    assert state["scores"][3] == 25000 - 2 * 3 * 3000 - 2 * 3000 == 1000 and state["honba"] == 2
    ron = {"type": "ron", "winner": 1, "loser": 3, "han": 1, "fu": 30}
    out = run(hands + [ron])
    # D: 1000 - 1000 - 2×300 = -600, but without the honba 1000 - 1000 = 0: plays on
    assert out["events"][-1]["scores"][3] == -600 and not out["ended"]
    out = run(hands + [ron], {"preset": "ariari", "options": {"bust_ignores_honba": False}})
    assert out["ended_by"] == "bust"
    # 1000 - 1300 = -300 even without honba: bust
    out = run(hands + [{"type": "ron", "winner": 1, "loser": 3, "han": 1, "fu": 40}])
    assert out["ended_by"] == "bust" and out["result"]["ranks"][3] == 4


def test_no_bust_in_tournament_mode():
    hands = _d_at_1000() + [{"type": "ron", "winner": 1, "loser": 3, "han": 5}]
    assert run(hands)["ended_by"] == "bust"
    out = run(hands, {"preset": "ariari", "options": {"bust": False}})
    assert not out["ended"] and out["state"]["scores"][3] == 1000 - 8000 - 600


# --------------------------------------------------------------------------- final_result

@pytest.mark.parametrize("scores, sticks, ranks, uma, net", [
    ([32600, 25000, 25000, 17400], 0, [1, 2, 3, 4], [12000, 4000, -4000, -12000], [19600, 4000, -4000, -19600]),
    # ties rank by seat (上家優先)
    ([25000, 25000, 25000, 25000], 0, [1, 2, 3, 4], [12000, 4000, -4000, -12000], [12000, 4000, -4000, -12000]),
    ([20000, 30000, 20000, 30000], 0, [3, 1, 4, 2], [-4000, 12000, -12000, 4000], [-9000, 17000, -17000, 9000]),
    # one stick left: to the top (B)
    ([20000, 40000, 20000, 19000], 1, [2, 1, 3, 4], [4000, 12000, -4000, -12000], [-1000, 28000, -9000, -18000]),
    # negative scores after a bust
    ([60000, 30000, 10600, -600], 0, [1, 2, 3, 4], [12000, 4000, -4000, -12000], [47000, 9000, -18400, -37600]),
])
def test_final_result(scores, sticks, ranks, uma, net):
    r = final_result(scores, "ariari", sticks=sticks)
    assert (r["ranks"], r["uma"], r["net"]) == (ranks, uma, net)
    assert sum(r["net"]) == 0


@pytest.mark.parametrize("scores, ranks, uma", [
    # 同着折半: two tied first share (12000 + 4000) / 2
    ([30000, 30000, 20000, 20000], [1, 1, 3, 3], [8000, 8000, -8000, -8000]),
    # three tied second: (4000 - 4000 - 12000) / 3 = -4000
    ([40000, 20000, 20000, 20000], [1, 2, 2, 2], [12000, -4000, -4000, -4000]),
    # four tied: 0 each
    ([25000] * 4, [1, 1, 1, 1], [0, 0, 0, 0]),
])
def test_final_result_split(scores, ranks, uma):
    r = final_result(scores, {"preset": "ariari", "options": {"tie_break": "split"}})
    assert (r["ranks"], r["uma"]) == (ranks, uma)
    assert sum(r["net"]) == 0


def test_split_rounds_to_100_and_keeps_the_sum():
    rs = {"preset": "ariari", "options": {"tie_break": "split", "uma": [20000, 10000, -10000, -20000]}}
    # three tied first: 20000 / 3 -> 6700, 6700, 6600 (earlier seats first)
    assert final_result([30000, 30000, 30000, 10000], rs)["uma"] == [6700, 6700, 6600, -20000]
    # two tied top share the one leftover stick: 500 each
    r = final_result([30000, 30000, 20000, 19000], rs, sticks=1)
    assert r["scores"] == [30500, 30500, 20000, 19000] and sum(r["net"]) == 0


@pytest.mark.parametrize("scores, sticks, fragment", [
    ([30000, 30000, 20000, 19000], 0, "合計が100000点になりません(99000点、供託1000点で説明がつく場合は供託を入力してください)"),
    ([30000, 30000, 20000, 21000], 0, "合計が100000点になりません(101000点)"),
    ([30000, 30000, 20000, 20000], 1, "供託1000点"),
    ([30000, 30000, 20000, 19950], 0, "100点単位ではありません: 19950"),
    ([30000, 30000, 40000], 0, "4人分"),
    ([30000, 30000, 20000, "20000"], 0, "整数ではありません"),
])
def test_final_result_rejects_bad_sheets(scores, sticks, fragment):
    with pytest.raises(DocumentError) as exc:
        final_result(scores, "ariari", sticks=sticks)
    assert fragment in exc.value.ja
    assert exc.value.message  # English too


def test_public_api_is_the_same_function():
    assert rules.final_result([25000] * 4)["net"] == [12000, 4000, -4000, -12000]
    assert rules.play({"players": PLAYERS, "hands": []})["state"]["scores"] == [25000] * 4


# --------------------------------------------------------------------------- invalid events

RON = {"type": "ron", "winner": 1, "loser": 0, "han": 1, "fu": 30}


@pytest.mark.parametrize("event, fragment", [
    ({"type": "kan"}, "unknown event type 'kan'"),
    ({"type": ["ron"]}, "unknown event type ['ron']"),
    ({**RON, "note": "x"}, "unknown field(s) in 'ron' event: note"),
    ({**RON, "winner": 4}, "'winner' must be a seat 0-3, not 4"),
    ({**RON, "winner": True}, "'winner' must be a seat 0-3"),
    ({**RON, "loser": 1}, "cannot be the loser"),
    ({**RON, "fu": 20, "han": 1}, "1 han 20 fu cannot occur"),
    ({**RON, "fu": 20, "han": 3}, "3 han 20 fu cannot occur"),  # 20符 is pinfu tsumo only
    ({"type": "tsumo", "winner": 1, "han": 1, "fu": 20}, "1 han 20 fu cannot occur"),
    ({**RON, "fu": 25, "han": 1}, "1 han 25 fu cannot occur"),
    ({**RON, "fu": 35}, "35 fu is not a possible fu value"),
    ({**RON, "han": 0}, "0 han"),
    ({**RON, "han": 6, "fu": 33}, "33 fu is not a possible fu value"),
    ({"type": "ron", "winner": 1, "loser": 0, "han": 2}, "2 han needs its fu"),
    ({"type": "ron", "winner": 1, "loser": 0, "yakuman": 0}, "yakuman count must be at least 1"),
    ({"type": "ron", "winner": 1, "loser": 0, "yakuman": 1, "han": 5}, "exactly one value"),
    ({"type": "ron", "winner": 1, "loser": 0}, "exactly one value"),
    ({"type": "tsumo", "winner": 1, "yakuman": 1, "pao": 1}, "'pao' cannot be the winner"),
    ({"type": "tsumo", "winner": 1, "han": 5, "pao": 2}, "pao applies only to a yakuman"),
    ({"type": "ron", "loser": 0, "wins": [{"winner": 1, "han": 1, "fu": 30}, {"winner": 1, "han": 2, "fu": 30}]},
     "a winner is listed twice"),
    ({"type": "ron", "loser": 0, "wins": []}, "'wins' must list 1 to 3 wins"),
    ({"type": "ron", "loser": 0, "winner": 2, "wins": [{"winner": 1, "han": 1, "fu": 30}]}, "not both"),
    ({"type": "ron", "loser": 0, "wins": [{"winner": 1, "han": 1, "fu": 30, "x": 1}]}, "unknown field(s) in a win: x"),
    ({**RON, "riichi": [1, 1]}, "lists a seat twice"),
    ({"type": "draw", "tenpai": [0, 5]}, "'tenpai' must be a seat 0-3, not 5"),
    ({"type": "draw", "tenpai": 0}, "'tenpai' must be a list"),
    ({"type": "chombo"}, "'offender' must be a seat 0-3, not None"),
    ("ron", "an event must be an object"),
])
def test_bad_event_names_its_index(event, fragment):
    hands = [NOTEN_DRAW, event]
    with pytest.raises(GameError) as exc:
        run(hands)
    assert exc.value.index == 1
    assert exc.value.message.startswith("event 1: ")
    assert fragment in exc.value.message
    assert exc.value.ja.startswith("2番目の記録")


@pytest.mark.parametrize("event, ja", [
    ({**RON, "fu": 20, "han": 1}, "1翻20符はありえません(20符は平和ツモだけです(2翻以上、ロンではありえません))"),
    ({**RON, "fu": 25, "han": 1}, "1翻25符はありえません(25符は七対子だけです(2翻以上))"),
    ({**RON, "fu": 35}, "1翻35符はありえません(35符という符はありません)"),
    ({**RON, "han": 6, "fu": 33}, "6翻33符はありえません(33符という符はありません)"),
])
def test_an_impossible_han_and_fu_is_told_in_japanese_only(event, ja):
    """The Japanese message used to carry the English reason in its brackets."""
    with pytest.raises(GameError) as exc:
        run([event])
    assert exc.value.ja.endswith(ja)


@pytest.mark.parametrize("hands, index, fragment", [
    ([{"type": "draw", "tenpai": [], "riichi": [2]}, {"type": "abandon", "player": 2, "riichi": [2]},
      {"type": "draw", "tenpai": [2], "riichi": [2]}], 2, "already declared riichi"),
    ([{"type": "abandon", "player": 2}, {"type": "abandon", "player": 2}], 1, "already abandoned"),
    ([{"type": "abandon", "player": 2}, {"type": "tsumo", "winner": 2, "han": 1, "fu": 30}], 1, "cannot win"),
])
def test_bad_sequences(hands, index, fragment):
    with pytest.raises(GameError) as exc:
        run(hands)
    assert exc.value.index == index and fragment in exc.value.message


def test_pao_needs_the_rule():
    with pytest.raises(GameError, match="no pao"):
        run([{"type": "tsumo", "winner": 1, "yakuman": 1, "pao": 2}], {"preset": "ariari", "options": {"pao": False}})


@pytest.mark.parametrize("doc, fragment", [
    ({"players": ["A", "B", "C"], "hands": []}, "four names"),
    ({"players": ["A", "A", "C", "D"], "hands": []}, "name twice"),
    ({"players": PLAYERS, "hands": {}}, "list of events"),
    ({"players": PLAYERS, "hands": [], "extra": 1}, "unknown field(s) in the game: extra"),
])
def test_bad_documents(doc, fragment):
    with pytest.raises(DocumentError) as exc:
        play(doc)
    assert fragment in exc.value.message


def test_bad_ruleset_is_a_rules_error():
    with pytest.raises(rules.RulesetError):
        play({"ruleset": "nope", "players": PLAYERS, "hands": []})


# --------------------------------------------------------------------------- hand documents (rules.evaluate)

needs_evaluate = pytest.mark.skipif(importlib.util.find_spec("rules.evaluate") is None,
                                    reason="rules/evaluate.py (the core engine) is not there yet")

# 234m 567p 345s 66s 78s, won on 6s: 平和 断么九 (ryanmen 78s), 2翻30符
PINFU_TANYAO = {"hand": "234m567p3456678s", "win_tile": "6s"}


@needs_evaluate
def test_hand_value_ron():
    ev = last([{"type": "ron", "winner": 1, "loser": 0, "hand": PINFU_TANYAO}])
    # non-dealer ron 2翻30符 = 30×2^4×4 = 1920 -> 2000
    assert ev["deltas"] == [-2000, 2000, 0, 0]
    assert (ev["value"]["han"], ev["value"]["fu"]) == (2, 30)


@needs_evaluate
def test_hand_value_tsumo_uses_the_games_winds_and_tsumo():
    ev = last([{"type": "tsumo", "winner": 0, "hand": PINFU_TANYAO}])
    # dealer tsumo: 平和 断么九 門前清自摸和 3翻20符 = 20×2^5×2 = 1280 -> 1300 all
    assert ev["deltas"] == [3900, -1300, -1300, -1300]


@needs_evaluate
def test_illegal_hand_is_a_game_error():
    # 123m 456p 789s 東東 99m, ron on 9m by South: no yaku
    with pytest.raises(GameError) as exc:
        run([{"type": "ron", "winner": 1, "loser": 0, "hand": {"hand": "123m456p789s11z99m", "win_tile": "9m"}}])
    assert exc.value.index == 0 and "和了できない" in exc.value.ja


def test_hand_must_not_set_what_the_game_fills():
    with pytest.raises(GameError, match="must not set tsumo"):
        run([{"type": "ron", "winner": 1, "loser": 0, "hand": {**PINFU_TANYAO, "tsumo": False}}])


# --------------------------------------------------------------------------- how play uses rules.evaluate
# A stand-in for the core engine (rules.game.value._evaluate, the one call into it), so that what the
# game sends and how it reads the answer are tested on their own: it records the document and scores a
# fixed 3翻40符 (or the yakuman count in "y").

class FakeEvaluate:
    def __init__(self, legal=True, error=None):
        self.docs, self.legal, self.error = [], legal, error

    def evaluate(self, doc):
        from rules.points import score

        self.docs.append(doc)
        if self.error:
            raise self.error
        y = doc.get("y", 0)
        s = score(han=3, fu=40, yakuman=y, dealer=doc["seat_wind"] == "E", tsumo=doc["tsumo"],
                  ruleset=rules.get_ruleset(doc["ruleset"]))
        reasons = [] if self.legal else [{"code": "no_yaku", "ja": "役がありません", "en": "no yaku"}]
        return {"legal": self.legal, "reasons": reasons, "han": 13 * y or 3, "fu": 40, "yakuman": y,
                "limit": s.limit, "payments": [p.as_dict() for p in s.payments], "total": s.total,
                "yaku": [{"id": "riichi", "han": 1, "ja": "立直"}]}


@pytest.fixture
def fake(monkeypatch):
    import rules.game.value

    def install(**kw):
        f = FakeEvaluate(**kw)
        monkeypatch.setattr(rules.game.value, "_evaluate", f.evaluate)
        return f
    return install


def test_hand_doc_gets_winds_and_tsumo_from_the_game(fake):
    f = fake()
    # 東2局1本場 (dealer B): C tsumo; C (seat 2) is 南家 when B deals
    out = run([NOTEN_DRAW, {"type": "tsumo", "winner": 2, "hand": {"hand": "x"}}])
    doc = f.docs[0]
    # honba and sticks are the table's (the document is the one next_hand shows); the game pays them itself
    assert (doc["seat_wind"], doc["round_wind"], doc["tsumo"], doc["honba"], doc["sticks"]) == ("S", "E", True, 1, 0)
    assert doc["ruleset"] == "ariari" and doc["hand"] == "x"
    # non-dealer tsumo 3翻40符 = 40×2^5 = 1280: dealer 2600, others 1300; plus 100 each for 1本場
    assert out["events"][1]["deltas"] == [-1400, -2700, 2600 + 1300 + 1300 + 300, -1400]
    assert out["events"][1]["value"]["yaku"][0]["id"] == "riichi"


def test_hand_doc_round_wind_in_the_south(fake):
    f = fake()
    run([NOTEN_DRAW] * 4 + [{"type": "ron", "winner": 0, "loser": 3, "hand": {}}])
    assert (f.docs[0]["seat_wind"], f.docs[0]["round_wind"], f.docs[0]["tsumo"]) == ("E", "S", False)


def test_illegal_hand_reason_is_passed_on(fake):
    fake(legal=False)
    with pytest.raises(GameError) as exc:
        run([NOTEN_DRAW, {"type": "ron", "winner": 1, "loser": 0, "hand": {}}])
    assert exc.value.index == 1 and "役がありません" in exc.value.ja and "no yaku" in exc.value.message


def test_hand_notation_error_names_the_event(fake):
    fake(error=rules.NotationError("unknown tile 'x9'", ja="読めない牌です: x9"))
    with pytest.raises(GameError) as exc:
        run([{"type": "ron", "winner": 1, "loser": 0, "hand": {"hand": "x9"}}])
    assert exc.value.index == 0 and "x9" in exc.value.message and "x9" in exc.value.ja


def test_yakuman_hand_doc_allows_pao(fake):
    fake()
    ev = last([{"type": "tsumo", "winner": 1, "hand": {"y": 1}, "pao": 3}])
    assert ev["deltas"] == [0, 32000, 0, -32000]
    with pytest.raises(GameError, match="pao applies only to a yakuman"):
        run([{"type": "tsumo", "winner": 1, "hand": {}, "pao": 3}])

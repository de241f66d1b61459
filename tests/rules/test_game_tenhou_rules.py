"""Tenhou's game rules as rule options (docs/rules.md §4.3 ``tenhou``, §7): 途中流局,
流し満貫, オーラス止め, 西入, トビ with honba, final points. Each is off in ``ariari``.

Every expected number is written out from the rule it checks.
"""

import pytest

from rules import GameError, final_result, get_ruleset, play
from rules.standings import rounded

PLAYERS = ["A", "B", "C", "D"]
NOTEN_DRAW = {"type": "draw", "tenpai": []}


def run(hands, ruleset="tenhou"):
    return play({"ruleset": ruleset, "players": PLAYERS, "hands": hands})


# --------------------------------------------------------------------------- options

def test_ariari_has_none_of_tenhous_game_rules():
    ariari, tenhou = get_ruleset("ariari"), get_ruleset("tenhou")
    for option in ("abortive_draws", "nagashi_mangan", "agari_yame", "tenpai_yame", "west_round", "pao_pays_ron_honba",
                   "top_takes_remainder"):
        assert getattr(ariari, option) is False and getattr(tenhou, option) is True, option
    assert ariari.score_rounding == "none" and tenhou.score_rounding == "shisha_gonyu"
    assert ariari.bust_ignores_honba and not tenhou.bust_ignores_honba
    assert (ariari.return_points, tenhou.return_points) == (25000, 30000)


@pytest.mark.parametrize("event, fragment", [
    ({"type": "abortive", "kind": "kyuushu"}, "no abortive draws"),
    ({"type": "nagashi", "winners": [1]}, "no nagashi mangan"),
])
def test_ariari_refuses_abortive_draws_and_nagashi(event, fragment):
    with pytest.raises(GameError, match=fragment) as exc:
        run([NOTEN_DRAW, event], "ariari")
    assert exc.value.index == 1 and exc.value.ja.startswith("2番目の記録")


# --------------------------------------------------------------------------- 途中流局

def _dealer_d_on_top():
    # D rons A for 8000 in 東1局, then noten draws to 南4局 (D deals, 33000)
    return [{"type": "ron", "winner": 3, "loser": 0, "han": 5}] + [NOTEN_DRAW] * 6


@pytest.mark.parametrize("kind, ja", [
    ("kyuushu", "九種九牌"), ("suufon_renda", "四風連打"), ("suukaikan", "四開槓"), ("sanchahou", "三家和"),
])
def test_abortive_draw_keeps_the_deal_and_the_sticks(kind, ja):
    out = run([{"type": "draw", "tenpai": [1]},  # dealer A noten: 東2局1本場
               {"type": "abortive", "kind": kind, "riichi": [2]}])
    ev = out["events"][1]
    assert ev["deltas"] == [0, 0, -1000, 0] and ev["sticks"] == 1
    assert ja in ev["description"]["ja"]
    # the dealer (B) keeps the deal, honba +1, C's stick stays for the next winner
    assert (out["state"]["round"], out["state"]["honba"], out["state"]["sticks"]) == ("E2", 2, 1)


def test_four_riichi_needs_all_four_declared():
    out = run([{"type": "abortive", "kind": "suucha_riichi", "riichi": [2, 1, 3, 0]}])
    assert out["events"][0]["deltas"] == [-1000] * 4 and out["state"]["sticks"] == 4
    with pytest.raises(GameError, match="四家立直 needs all four riichi"):
        run([{"type": "abortive", "kind": "suucha_riichi", "riichi": [2, 1, 3]}])


def test_abortive_kind_must_be_known():
    with pytest.raises(GameError, match="'kind' must be one of kyuushu"):
        run([{"type": "abortive", "kind": "chombo"}])


def test_sanchahou_abortive_needs_the_triple_ron_draw():
    rs = {"preset": "tenhou", "options": {"triple_ron_draw": False}}
    with pytest.raises(GameError, match="pays a triple ron"):
        run([{"type": "abortive", "kind": "sanchahou"}], rs)


def test_abortive_in_all_last_does_not_end_the_game_even_with_the_dealer_on_top():
    out = run(_dealer_d_on_top() + [{"type": "abortive", "kind": "kyuushu"}])  # 南4局, dealer D top with 33000
    assert not out["ended"] and out["state"]["round"] == "S4"


# --------------------------------------------------------------------------- 流し満貫

def test_nagashi_is_a_mangan_tsumo_without_honba_or_sticks():
    out = run([{"type": "draw", "tenpai": [0, 3], "riichi": [3]},  # 東1局1本場 next, D's stick on the table
               {"type": "nagashi", "winners": [2], "tenpai": [0]}])
    ev = out["events"][1]
    # non-dealer C: 4000 from the dealer A, 2000 from each other; no honba, the stick stays
    assert ev["deltas"] == [-4000, -2000, 8000, -2000] and ev["sticks"] == 1
    assert ev["winners"] == [2] and ev["value"]["limit"] == "mangan"
    assert ev["description"]["ja"] == "流し満貫: C 2000-4000"
    # a draw: the dealer tenpai keeps the deal, honba +1
    assert (out["state"]["round"], out["state"]["honba"]) == ("E1", 2)


def test_nagashi_by_the_dealer_and_another_player():
    ev = run([{"type": "nagashi", "winners": [0, 1]}])["events"][0]
    # A (dealer) 4000 all; B 4000 from A, 2000 from C and D
    assert ev["deltas"] == [12000 - 4000, -4000 + 8000, -4000 - 2000, -4000 - 2000]
    assert ev["description"]["en"] == "nagashi mangan: A 4000 all / B 2000-4000"


def test_nagashi_without_dealer_tenpai_moves_the_deal():
    out = run([{"type": "nagashi", "winners": [0]}])
    assert (out["state"]["round"], out["state"]["honba"]) == ("E2", 1)


def test_nagashi_needs_winners():
    with pytest.raises(GameError, match="'winners' must name at least one seat"):
        run([{"type": "nagashi", "winners": []}])


# --------------------------------------------------------------------------- オーラス, 西入, トビ

@pytest.mark.parametrize("final_event, ended_by", [
    ({"type": "ron", "winner": 3, "loser": 1, "han": 1, "fu": 30}, "agari_yame"),
    ({"type": "draw", "tenpai": [3]}, "tenpai_yame"),
])
def test_all_last_dealer_on_top_ends_the_game(final_event, ended_by):
    out = run(_dealer_d_on_top() + [final_event])
    assert out["events"][-1]["round"] == "S4" and out["ended_by"] == ended_by


def test_all_last_dealer_on_top_below_30000_goes_on():
    hands = [{"type": "ron", "winner": 3, "loser": 0, "han": 1, "fu": 30}] + [NOTEN_DRAW] * 6
    out = run(hands + [{"type": "draw", "tenpai": [3]}])  # D top with 29000 < 30000
    assert out["state"]["scores"][3] == 25000 + 1000 + 3000 and not out["ended"]
    assert out["state"]["round"] == "S4"


def test_west_round_is_sudden_death():
    out = run([NOTEN_DRAW] * 8)  # nobody at 30000 after 南4局: 西入
    assert not out["ended"] and out["state"]["round"] == "W1"
    out = run([NOTEN_DRAW] * 8 + [{"type": "ron", "winner": 2, "loser": 1, "han": 5}])  # C 33000
    assert out["ended_by"] == "west_target"
    assert run([NOTEN_DRAW] * 12)["ended_by"] == "west_4"


def test_pao_pays_the_honba_of_a_ron_under_tenhou():
    hands = [{"type": "draw", "tenpai": [0]}]  # 東1局1本場
    ron = {"type": "ron", "winner": 1, "loser": 3, "yakuman": 1, "pao": 2}
    # B's yakuman 32000: 16000 from the pao C and 16000 from the discarder D; the 300 from C at Tenhou
    assert run(hands + [ron])["events"][-1]["deltas"] == [0, 32300, -16300, -16000]
    # seed 002 (ariari): the discarder pays the honba
    assert run(hands + [ron], "ariari")["events"][-1]["deltas"] == [0, 32300, -16000, -16300]


def test_bust_counts_honba_under_tenhou():
    hands = [{"type": "draw", "tenpai": [0, 1, 2]}] * 3  # D alone noten three times: 16000, 東1局3本場
    # A (dealer) rons D 5翻 12000 + 900 = 12900: D 3100, 4本場
    hands.append({"type": "ron", "winner": 0, "loser": 3, "han": 5})
    assert run(hands)["state"]["scores"][3] == 3100
    # dealer 2翻30符 = 2900 + 4×300: D 3100 - 4100 = -1000; without the honba 200 would be left
    last = {"type": "ron", "winner": 0, "loser": 3, "han": 2, "fu": 30}
    out = run(hands + [last])
    assert out["events"][-1]["scores"][3] == -1000 and out["ended_by"] == "bust"
    # seed 002 (ariari) judges without the honba: plays on
    assert not run(hands + [last], "ariari")["ended"]


# --------------------------------------------------------------------------- final points

@pytest.mark.parametrize("score, how, thousands", [
    (36500, "shisha_gonyu", 37), (36400, "shisha_gonyu", 36), (21500, "shisha_gonyu", 22),
    (-1500, "shisha_gonyu", -2), (-400, "shisha_gonyu", 0),
    (36500, "gosha_rokunyu", 36), (36600, "gosha_rokunyu", 37), (-1500, "gosha_rokunyu", -1),
    (36500, "none", 36.5),
])
def test_rounding_of_a_raw_score(score, how, thousands):
    assert rounded(score, how) == thousands * 1000


@pytest.mark.parametrize("scores, points", [
    # 天鳳: 2nd (36200 -> 36) - 30 + 10 = 16, 3rd 26 - 30 - 10, 4th -5 - 30 - 20; the top takes the rest
    ([42400, -5000, 36200, 26400], [53.0, -55.0, 16.0, -14.0]),
    # 36500 rounds up to 37 (2nd: +10), 24800 to 25 (3rd: -10), 1000 to 1 (4th: -20)
    ([36500, 24800, 37700, 1000], [17.0, -15.0, 47.0, -49.0]),
    # a negative score rounds away from zero: -1500 -> -2
    ([7100, -1500, 50400, 44000], [-33.0, -52.0, 61.0, 24.0]),
])
def test_tenhou_final_points(scores, points):
    """The oracle data's README says 五捨六入; the games say otherwise (and "the game is right"): every raw
    score is rounded to 1000 with 500 away from zero — 36500 → 37, 21500 → 22, -1500 → -2 — before
    the 30000 return; no rounding of the difference fits all 133 games (docs/rules.md §7, §9.3)."""
    r = final_result(scores, "tenhou")
    assert [n / 1000 for n in r["net"]] == points and sum(r["net"]) == 0


def test_the_top_takes_the_remainder_shared_when_tied_and_split():
    rs = {"preset": "tenhou", "options": {"tie_break": "split"}}
    r = final_result([35000, 35000, 15000, 15000], rs)
    # 3rd/4th share -10/-20: (15-30) - 15 = -30 each; the two tops share +60
    assert r["net"] == [30000, 30000, -30000, -30000]


def test_oka_without_rounding():
    rs = {"preset": "ariari", "options": {"return_points": 30000, "top_takes_remainder": True}}
    r = final_result([40000, 30000, 20000, 10000], rs)
    # 2nd: 0 + 4000, 3rd: -10000 - 4000, 4th: -20000 - 12000; the top: +10000 + 12000 + 20000 oka
    assert r["net"] == [42000, 4000, -14000, -32000]


def test_oka_goes_to_the_top_without_top_takes_remainder():
    """30000返し on a 25000 start is an オカ of 4 × 5000 for the top, as the rule-set form says
    (「持ち点より多いとオカ」): without it the four nets summed to −20.0 in every game."""
    rs = {"preset": "ariari", "options": {"return_points": 30000, "uma": [30000, 10000, -10000, -30000]}}
    r = final_result([55200, 30700, 7100, 7000], rs)
    # the club evening's table: 55.2 − 30 + 30 + 20 / 30.7 − 30 + 10 / 7.1 − 30 − 10 / 7.0 − 30 − 30
    assert r["net_text"] == ["+75.2", "+10.7", "-32.9", "-53.0"] and sum(r["net"]) == 0
    assert r["oka"] == [20000, 0, 0, 0]


def test_tied_tops_share_the_oka_and_a_lower_return_takes_it_back():
    split = {"preset": "ariari", "options": {"return_points": 30000, "tie_break": "split",
                                            "uma": [30000, 10000, -10000, -30000]}}
    # a paper sheet with one stick left: the two tops share the stick, their 順位点 and the オカ
    r = final_result([35000, 35000, 20000, 9000], split, sticks=1)
    assert r["ranks"] == [1, 1, 3, 4] and r["oka"] == [10000, 10000, 0, 0]
    assert r["net_text"] == ["+35.5", "+35.5", "-20.0", "-51.0"] and sum(r["net"]) == 0
    under = final_result([40000, 30000, 20000, 10000], {"options": {"return_points": 20000}})
    assert under["oka"] == [-20000, 0, 0, 0] and sum(under["net"]) == 0


def test_in_the_west_the_dealer_keeps_the_deal_unless_top_even_past_30000():
    # 西1局 8本場 (dealer A): C deals into A (1翻30符 1500 + honba 2400) and B (満貫 8000): ダブロン
    west = [NOTEN_DRAW] * 8
    ron = {"type": "ron", "loser": 2, "wins": [{"winner": 0, "han": 1, "fu": 30}, {"winner": 1, "han": 5}]}
    out = run(west + [ron])
    assert out["events"][-1]["scores"] == [25000 + 1500 + 2400, 33000, 25000 - 11900, 25000]
    # B has 33000, but the dealer A won and is not top: 連荘, as at Tenhou
    assert not out["ended"] and (out["state"]["round"], out["state"]["honba"]) == ("W1", 9)
    # the next hand someone at 30000 ends it once the deal does not stay with a dealer below the top
    out = run(west + [ron, NOTEN_DRAW])
    assert out["ended_by"] == "west_target"


def test_west_4_is_the_last_hand():
    to_west_4 = [NOTEN_DRAW] * 11  # 西4局 11本場, dealer D, nobody at 30000
    out = run(to_west_4 + [{"type": "draw", "tenpai": [3]}])  # D top with 28000: over even below 30000
    assert out["ended_by"] == "tenpai_yame"
    out = run(to_west_4 + [{"type": "draw", "tenpai": [3]}],
              {"preset": "ariari", "options": {"west_round": True, "return_points": 30000}})
    assert not out["ended"] and out["state"]["round"] == "W4"  # no テンパイ止め: 連荘
    out = run(to_west_4 + [{"type": "abortive", "kind": "kyuushu"}])
    assert not out["ended"]
    assert run(to_west_4 + [{"type": "draw", "tenpai": [0]}])["ended_by"] == "west_4"

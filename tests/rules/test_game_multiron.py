"""Several ron claims on one discard (seed 004 頭ハネ・ダブロン・三家和).

Decisions (seed 004 lists the variants; a club picks one):
- 頭ハネ (`ariari`, seed 002 ⑩): only the claimant first in turn order after the discarder wins.
- ダブロン (`tenhou`): each winner is paid by the discarder; riichi sticks go to the claimant
  nearest the discarder (seed 004: 「上家取りの原則に従い上家に位置する者がすべての保留リーチ棒を取得」),
  and so does the honba (seed 004 積み棒の処理, variant 2 — 上家取り).
- A dealer among the winners keeps the deal (seed 004 連荘するか否か, variant 1 = 天鳳).
- 三家和 with `triple_ron_draw` (`tenhou`): an abortive draw with no points exchanged (variant 2);
  the dealer keeps the deal, honba +1, the riichi sticks stay on the table.
"""

import pytest

from rules import GameError, play

PLAYERS = ["東家", "南家", "西家", "北家"]
TRIPLE_OFF = {"preset": "tenhou", "options": {"triple_ron_draw": False}}


def run(hands, ruleset):
    return play({"ruleset": ruleset, "players": PLAYERS, "hands": hands})


# seed 004's double-ron figure: 東家 discards 4索; 南家 平和のみ 1000, 西家 跳満 12000; 北家 has a riichi stick out
DOUBLE = {"type": "ron", "loser": 0, "riichi": [3],
          "wins": [{"winner": 2, "han": 6}, {"winner": 1, "han": 1, "fu": 30}]}
# seed 004's triple-ron figure: 西家 discards 3索 into three riichi: 北家 8000, 東家 (dealer) 12000, 南家 8000
TRIPLE = {"type": "ron", "loser": 2, "riichi": [0, 1, 3],
          "wins": [{"winner": 0, "han": 5}, {"winner": 1, "han": 5}, {"winner": 3, "han": 5}]}


@pytest.mark.parametrize("ruleset, deltas, winners, bumped", [
    # 頭ハネ: 南家 only; he also takes 北家's stick
    ("ariari", [-1000, 1000 + 1000, 0, -1000], [1], [2]),
    # ダブロン: 東家 pays both; the stick goes to 南家 (nearer the discarder)
    ("tenhou", [-(1000 + 12000), 1000 + 1000, 12000, -1000], [1, 2], []),
])
def test_seed_004_double_ron(ruleset, deltas, winners, bumped):
    ev = run([DOUBLE], ruleset)["events"][0]
    assert ev["deltas"] == deltas
    assert ev["winners"] == winners and ev["head_bumped"] == bumped


@pytest.mark.parametrize("ruleset, deltas, ended_by, sticks", [
    # 頭ハネ: only 北家 (next after 西家): 8000 + the three sticks
    ("ariari", [-1000, -1000, -8000, -1000 + 8000 + 3000], None, 0),
    # 三家和 = abortive draw: nothing but the riichi sticks moves; they stay on the table
    ("tenhou", [-1000, -1000, 0, -1000], None, 3),
    # トリプルロンあり: 8000 + 12000 + 8000 = 28000 from 西家 -> -3000: 「東1局で半荘終了」
    (TRIPLE_OFF, [-1000 + 12000, -1000 + 8000, -28000, -1000 + 8000 + 3000], "bust", 0),
])
def test_seed_004_triple_ron(ruleset, deltas, ended_by, sticks):
    out = run([TRIPLE], ruleset)
    ev = out["events"][0]
    assert ev["deltas"] == deltas and ev["sticks"] == sticks
    assert out["ended_by"] == ended_by


def test_triple_ron_draw_keeps_the_deal():
    out = run([TRIPLE], "tenhou")
    ev = out["events"][0]
    assert ev["sanchahou"] and ev["winners"] == [] and "三家和" in ev["description"]["ja"]
    assert (out["state"]["round"], out["state"]["honba"], out["state"]["sticks"]) == ("E1", 1, 3)
    # the next winner takes the three sticks: 東1局1本場, 南家 1000 + 300 from 北家
    out = run([TRIPLE, {"type": "ron", "winner": 1, "loser": 3, "han": 1, "fu": 30}], "tenhou")
    assert out["events"][1]["deltas"] == [0, 1000 + 300 + 3000, 0, -1300]


def test_triple_ron_draw_needs_no_values():
    claims = {"type": "ron", "loser": 2, "wins": [{"winner": 0}, {"winner": 1}, {"winner": 3}]}
    assert run([claims], "tenhou")["events"][0]["deltas"] == [0, 0, 0, 0]
    with pytest.raises(GameError, match="event 0: a win needs exactly one value"):
        run([claims], "ariari")  # 頭ハネ: 北家 is paid, so his value is needed


def test_triple_ron_draw_also_with_atamahane_when_chosen():
    rs = {"preset": "ariari", "options": {"triple_ron_draw": True}}
    assert run([TRIPLE], rs)["events"][0]["deltas"] == [-1000, -1000, 0, -1000]


def test_double_ron_honba_goes_to_the_first_claimant_and_dealer_keeps_the_deal():
    hands = [{"type": "draw", "tenpai": [0]},  # 東1局1本場
             {"type": "ron", "loser": 3, "wins": [{"winner": 2, "han": 2, "fu": 30}, {"winner": 0, "han": 1, "fu": 30}]}]
    out = run(hands, "tenhou")
    ev = out["events"][1]
    # order after 北家: 東家 (dealer, 1翻30符 = 1500) first, then 西家 (2翻30符 = 2000)
    assert ev["winners"] == [0, 2]
    assert ev["deltas"] == [1500 + 300, 0, 2000, -(1500 + 300 + 2000)]
    # the dealer won: 連荘, 2本場
    assert (out["state"]["round"], out["state"]["honba"]) == ("E1", 2)


def test_double_ron_dealer_second_claimant_still_keeps_the_deal():
    ev_hands = [{"type": "ron", "loser": 2, "wins": [{"winner": 0, "han": 1, "fu": 30}, {"winner": 3, "han": 1, "fu": 30}]}]
    out = run(ev_hands, "tenhou")
    # order after 西家: 北家 first, 東家 second
    assert out["events"][0]["winners"] == [3, 0]
    assert (out["state"]["round"], out["state"]["honba"]) == ("E1", 1)
    # under 頭ハネ the dealer is bumped: the deal moves
    out = run(ev_hands, "ariari")
    assert out["events"][0]["winners"] == [3] and out["state"]["round"] == "E2"


def test_double_ron_of_non_dealers_moves_the_deal():
    out = run([{"type": "draw", "tenpai": [0]}, {**DOUBLE, "riichi": []}], "tenhou")
    # 東1局1本場, discarder is the dealer: 南家 1000 + 300, 西家 12000; 東2局0本場 next
    assert out["events"][1]["deltas"] == [-(1300 + 12000), 1300, 12000, 0]
    assert (out["state"]["round"], out["state"]["honba"]) == ("E2", 0)


def test_double_ron_with_pao():
    hands = [{"type": "ron", "loser": 0, "wins": [{"winner": 1, "yakuman": 1, "pao": 3}, {"winner": 2, "han": 1, "fu": 30}]}]
    ev = run(hands, "tenhou")["events"][0]
    # 南家 yakuman 32000: half from pao 北家, half from 東家; 西家 1000 from 東家
    assert ev["deltas"] == [-(16000 + 1000), 32000, 1000, -16000]


def test_atamahane_still_checks_the_bumped_value():
    bad = {"type": "ron", "loser": 0, "wins": [{"winner": 1, "han": 1, "fu": 30}, {"winner": 2, "han": 1, "fu": 20}]}
    with pytest.raises(GameError, match="1 han 20 fu cannot occur"):
        run([bad], "ariari")


def test_one_entry_in_wins_is_a_plain_ron():
    one = {"type": "ron", "loser": 0, "wins": [{"winner": 1, "han": 1, "fu": 30}]}
    plain = {"type": "ron", "loser": 0, "winner": 1, "han": 1, "fu": 30}
    assert run([one], "ariari")["events"][0]["deltas"] == run([plain], "ariari")["events"][0]["deltas"]

"""Worked games for the rules of seed 002 (主なルール / アガリ放棄・チョンボ) that move points.

Each expected score is written as the arithmetic a scorekeeper does at the table.
"""

import pytest

from rules import GameError, play

PLAYERS = ["A", "B", "C", "D"]
NOTEN_DRAW = {"type": "draw", "tenpai": []}


def run(hands, ruleset="ariari"):
    return play({"ruleset": ruleset, "players": PLAYERS, "hands": hands})


def test_full_hanchan():
    """② 東南戦・25000点持ち、⑥ ノーテン罰符3000、⑦ 一本場300、⑧ テンパイ連荘、⑪ 切り上げ満貫、
    チョンボ、罰符, ⑤ 順位点 — one whole game, event by event."""
    hands = [
        # 0 東1局0本場: B riichi, B rons A 3翻30符 = 3900, takes his own stick back
        {"type": "ron", "winner": 1, "loser": 0, "han": 3, "fu": 30, "riichi": [1]},
        # 1 東2局0本場 (dealer B): B tsumo 2翻40符 = 40×2^4×2 = 1280 -> 1300 all
        {"type": "tsumo", "winner": 1, "han": 2, "fu": 40},
        # 2 東2局1本場: draw, B (dealer) and D tenpai: 1500 each way; テンパイ連荘
        {"type": "draw", "tenpai": [1, 3]},
        # 3 東2局2本場: C riichi; D rons B 満貫 8000 + 2×300, takes C's stick
        {"type": "ron", "winner": 3, "loser": 1, "han": 5, "riichi": [2]},
        # 4 東3局0本場 (dealer C): A チョンボ, 3000 to each; the hand is replayed
        {"type": "chombo", "offender": 0},
        # 5 東3局0本場 (again): B 罰符 1000 to the table
        {"type": "penalty", "offender": 1},
        # 6 all noten: dealer C moves on, 1本場
        NOTEN_DRAW,
        # 7 東4局1本場 (dealer D): A tsumo 1翻30符 = 500/300 + 100 each, plus B's 罰符
        {"type": "tsumo", "winner": 0, "han": 1, "fu": 30},
        # 8 南1局0本場 (dealer A): A rons C 4翻30符 = 切り上げ満貫 12000 (⑪)
        {"type": "ron", "winner": 0, "loser": 2, "han": 4, "fu": 30},
        # 9 南1局1本場: C rons A 3翻60符 = 切り上げ満貫 8000 + 300
        {"type": "ron", "winner": 2, "loser": 0, "han": 3, "fu": 60},
        # 10 南2局0本場 (dealer B): D rons B 2翻30符 = 2000
        {"type": "ron", "winner": 3, "loser": 1, "han": 2, "fu": 30},
        # 11 南3局0本場 (dealer C): only C tenpai: 1000 from each; 連荘
        {"type": "draw", "tenpai": [2]},
        # 12 南3局1本場: D riichi and alone tenpai; dealer C noten -> 南4局2本場
        {"type": "draw", "tenpai": [3], "riichi": [3]},
        # 13 南4局2本場 (dealer D): B rons A 1翻40符 = 1300 + 600 + D's stick; D loses the deal: game over
        {"type": "ron", "winner": 1, "loser": 0, "han": 1, "fu": 40},
    ]
    out = run(hands)
    ev = out["events"]
    expected = [
        [25000 - 3900, 25000 - 1000 + 3900 + 1000, 25000, 25000],
        [21100 - 1300, 28900 + 3 * 1300, 25000 - 1300, 25000 - 1300],
        [19800 - 1500, 32800 + 1500, 23700 - 1500, 23700 + 1500],
        [18300, 34300 - 8000 - 600, 22200 - 1000, 25200 + 8000 + 600 + 1000],
        [18300 - 9000, 25700 + 3000, 21200 + 3000, 34800 + 3000],
        [9300, 28700 - 1000, 24200, 37800],
        [9300, 27700, 24200, 37800],
        [9300 + 300 + 100 + 300 + 100 + 500 + 100 + 1000, 27700 - 400, 24200 - 400, 37800 - 600],
        [11700 + 12000, 27300, 23800 - 12000, 37200],
        [23700 - 8000 - 300, 27300, 11800 + 8000 + 300, 37200],
        [15400, 27300 - 2000, 20100, 37200 + 2000],
        [14400, 24300, 20100 + 3000, 38200],
        [13400, 23300, 22100, 38200 - 1000 + 3000],
        [13400 - 1300 - 600, 23300 + 1300 + 600 + 1000, 22100, 40200],
    ]
    assert [e["scores"] for e in ev] == expected
    assert [e["label"]["ja"] for e in ev] == [
        "東1局 0本場", "東2局 0本場", "東2局 1本場", "東2局 2本場", "東3局 0本場", "東3局 0本場", "東3局 0本場",
        "東4局 1本場", "南1局 0本場", "南1局 1本場", "南2局 0本場", "南3局 0本場", "南3局 1本場", "南4局 2本場"]
    assert [e["sticks"] for e in ev] == [0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1, 0]
    assert ev[8]["value"]["limit"] == "mangan" and ev[9]["value"]["limit"] == "mangan"
    assert out["ended"] and out["ended_by"] == "south_4"
    res = out["result"]
    assert res["scores"] == [11500, 26200, 22100, 40200]
    assert res["ranks"] == [4, 2, 3, 1]
    assert res["net"] == [11500 - 25000 - 12000, 26200 - 25000 + 4000, 22100 - 25000 - 4000, 40200 - 25000 + 12000]
    assert res["net_text"] == ["-25.5", "+5.2", "-6.9", "+27.2"]


def test_rule_3_bust_without_honba():
    """③ 点数を借りた時点でゲーム終了(積み棒は除外、但し大会は借りて続行)."""
    haneman = {"type": "ron", "winner": 0, "loser": 3, "han": 6}  # dealer 跳満 18000
    start = [haneman]  # D: 25000 - 18000 = 7000; 東1局1本場
    # dealer 2翻70符 = 70×2^4×6 = 6720 -> 6800; D: 7000 - 6800 - 300 = -100, but 7000 - 6800 >= 0: plays on
    out = run(start + [{"type": "ron", "winner": 0, "loser": 3, "han": 2, "fu": 70}])
    assert out["state"]["scores"][3] == 7000 - 6800 - 300 and not out["ended"]
    # dealer 3翻40符 = 7680 -> 7700 > 7000: D is below 0 even without the honba: the game ends
    out = run(start + [{"type": "ron", "winner": 0, "loser": 3, "han": 3, "fu": 40}])
    assert out["ended_by"] == "bust" and out["result"]["scores"][3] == 7000 - 7700 - 300
    # 大会: play on with a negative score
    out = run(start + [{"type": "ron", "winner": 0, "loser": 3, "han": 3, "fu": 40}],
              {"preset": "ariari", "options": {"bust": False}})
    assert not out["ended"] and out["state"]["scores"][3] == -1000


def test_rule_4_formal_tenpai_is_what_the_scorekeeper_records():
    """④ 形式テンパイあり: a riichi player recorded tenpai is paid as tenpai (no chombo)."""
    ev = run([{"type": "draw", "tenpai": [2], "riichi": [2]}])["events"][0]
    assert ev["deltas"] == [-1000, -1000, -1000 + 3000, -1000] and ev["chombo"] == []


def test_rule_5_equal_scores_rank_by_seat():
    """⑤ 順位点 +12000/+4000/-4000/-12000; 同点は上家が上位."""
    out = run([NOTEN_DRAW] * 8)  # eight all-noten draws: nobody pays, the game ends after 南4局
    assert out["ended_by"] == "south_4"
    assert out["result"]["ranks"] == [1, 2, 3, 4]
    assert out["result"]["net"] == [25000 - 25000 + 12000, 4000, -4000, -12000]


def test_rule_8_leftover_sticks_at_the_last_draw_go_to_the_top():
    """⑧ オーラスでの流局終了時の供託はトップ取り."""
    hands = [{"type": "ron", "winner": 1, "loser": 0, "han": 1, "fu": 30}] + [NOTEN_DRAW] * 6
    # B won 1000 in 東1局; after 6 more noten draws it is 南4局 6本場, dealer D
    out = run(hands + [{"type": "draw", "tenpai": [0], "riichi": [0]}])
    assert out["events"][-1]["label"]["ja"] == "南4局 6本場"
    res = out["result"]
    # A: 24000 - 1000 stick + 3000 = 26000; B 26000 - 1000 = 25000; C, D 24000
    assert res["raw_scores"] == [26000, 25000, 24000, 24000]
    assert res["scores"] == [26000 + 1000, 25000, 24000, 24000] and res["leftover_to"] == 0


def test_rule_10_only_one_winner():
    """⑩ あがり者は常に一人(同時あがりは頭ハネ): C and D both claim A's discard; C is first after A."""
    ev = run([{"type": "ron", "loser": 0, "riichi": [3],
               "wins": [{"winner": 3, "han": 5}, {"winner": 2, "han": 1, "fu": 30}]}])["events"][0]
    assert ev["winners"] == [2] and ev["head_bumped"] == [3]
    assert ev["deltas"] == [-1000, 0, 1000 + 1000, -1000]
    assert "頭ハネ: D" in ev["description"]["ja"]


def test_rule_11_kiriage_mangan_and_no_kiriage_under_tenhou():
    """⑪ 30符4翻(60符3翻)は満貫扱い."""
    hands = [{"type": "ron", "winner": 1, "loser": 0, "han": 4, "fu": 30}]
    assert run(hands)["events"][0]["deltas"][1] == 8000
    assert run(hands, "tenhou")["events"][0]["deltas"][1] == 7700  # 30×2^6×4 = 7680 -> 7700


def test_rule_14_pao():
    """⑭ パオ: ツモは全額、ロンは半額負担."""
    tsumo = run([{"type": "tsumo", "winner": 0, "yakuman": 1, "pao": 2}])["events"][0]
    assert tsumo["deltas"] == [48000, 0, -48000, 0]  # dealer yakuman 16000 all, all from C
    ron = run([{"type": "ron", "winner": 1, "loser": 3, "yakuman": 1, "pao": 2}])["events"][0]
    assert ron["deltas"] == [0, 32000, -32000 // 2, -32000 // 2]
    assert "C のパオ" in ron["description"]["ja"]


def test_other_9_double_yakuman_paid_as_single():
    """その他⑨ ダブル役満以上であっても、子で32000点、親で48000点."""
    hands = [{"type": "ron", "winner": 0, "loser": 1, "yakuman": 2}]
    assert run(hands)["events"][0]["deltas"][0] == 48000
    assert run(hands, "tenhou")["events"][0]["deltas"][0] == 2 * 48000


def test_rule_20_noten_riichi_is_chombo_at_the_draw():
    """⑳ ノーテンリーチは流局時チョンボ. Decision: チョンボ makes the hand void (アガリ放棄・チョンボ ③
    「その局は無効局としてもう一回やり直す(リーチ棒は元に戻し、積み棒もなし)」), so there are no noten
    payments, the riichi sticks of the hand go back, and the same hand with the same honba is replayed."""
    out = run([
        {"type": "draw", "tenpai": [0, 1, 2, 3], "riichi": [2]},  # 東1局1本場 next; C's stick stays
        {"type": "draw", "tenpai": [0], "riichi": [0, 1]},  # B riichi but noten
    ])
    ev = out["events"][1]
    assert ev["chombo"] == [1]
    # B: -1000 stick, back +1000, pays 3000 to each of three; A: -1000 stick, back +1000, +3000
    assert ev["deltas"] == [3000, -9000, 3000, 3000]
    assert ev["sticks"] == 1  # only the stick of the earlier hand
    assert (out["state"]["round"], out["state"]["honba"]) == ("E1", 1)


def test_rule_20_abandoned_riichi_player():
    """⑳ 誤ロンであがり放棄になった場合も、流局時にノーテンならチョンボ; tenpai: just noten (②)."""
    abandon = {"type": "abandon", "player": 2, "riichi": [2]}
    tenpai = run([abandon, {"type": "draw", "tenpai": [1, 2]}])["events"][1]
    # C shows a tenpai hand: no chombo, but アガリ放棄 is noten: B alone tenpai gets 3000
    assert tenpai["chombo"] == [] and tenpai["deltas"] == [-1000, 3000, -1000, -1000]
    noten = run([abandon, {"type": "draw", "tenpai": [1]}])["events"][1]
    assert noten["chombo"] == [2] and noten["deltas"] == [3000, 3000, 1000 - 9000, 3000]


def test_chombo_same_dealer_same_honba_sticks_back():
    """アガリ放棄・チョンボ ③: 親・子に関わらず3000点ずつ、やり直し(リーチ棒は元に戻し、積み棒もなし)."""
    out = run([
        {"type": "draw", "tenpai": [0]},  # 東1局1本場
        {"type": "chombo", "offender": 0, "riichi": [3]},  # the dealer pays 3000 to each; D's stick back
        {"type": "tsumo", "winner": 0, "han": 1, "fu": 30},  # still 東1局1本場: 500 all + 100 each
    ])
    chombo, win = out["events"][1], out["events"][2]
    assert chombo["deltas"] == [-9000, 3000, 3000, 3000] and chombo["sticks"] == 0
    assert win["label"]["ja"] == "東1局 1本場"
    assert win["deltas"] == [3 * (500 + 100), -600, -600, -600]


def test_penalty_1000_to_the_table():
    """アガリ放棄・チョンボ ① 1000点罰符: to the table, taken by the next winner (even hands later)."""
    out = run([
        {"type": "penalty", "offender": 2},
        NOTEN_DRAW,
        {"type": "ron", "winner": 3, "loser": 0, "han": 2, "fu": 30},
    ])
    assert out["events"][0]["deltas"] == [0, 0, -1000, 0]
    # 東2局1本場: 2000 + 300 + the 罰符
    assert out["events"][2]["deltas"] == [-2300, 0, 0, 2000 + 300 + 1000]


def test_abandon_moves_no_points():
    """アガリ放棄 ②: no points change; the player cannot win that hand; noten at the draw."""
    out = run([{"type": "abandon", "player": 0}])
    assert out["events"][0]["deltas"] == [0, 0, 0, 0] and out["state"]["abandoned"] == [0]
    with pytest.raises(GameError, match="event 1: A .* abandoned this hand"):
        run([{"type": "abandon", "player": 0}, {"type": "tsumo", "winner": 0, "han": 1, "fu": 30}])
    # next hand: the abandonment is over
    out = run([{"type": "abandon", "player": 0}, NOTEN_DRAW, {"type": "tsumo", "winner": 0, "han": 1, "fu": 30}])
    assert out["events"][2]["winners"] == [0]


def test_other_5_no_riichi_below_1000():
    """その他⑤ 持ち点1000点未満でのリーチ不可."""
    hands = [{"type": "chombo", "offender": 1}] * 2 + [{"type": "draw", "tenpai": [0, 2, 3]}] * 2
    # B: 25000 - 2×9000 - 2×3000 = 1000: may declare; after a 罰符, 0: may not
    assert run(hands)["state"]["scores"][1] == 1000
    run(hands + [{"type": "penalty", "offender": 0, "riichi": [1]}])
    with pytest.raises(GameError, match="event 5: B .* cannot declare riichi"):
        run(hands + [{"type": "penalty", "offender": 1}, {"type": "draw", "tenpai": [1], "riichi": [1]}])

"""Fu, line by line of docs/rules.md §3.1. Each case lists the whole breakdown; the lines add up to the total."""

import pytest

from rules import evaluate

DWP2 = {"preset": "ariari", "options": {"double_wind_pair_fu": 2}}

CASES = [
    # rule, hand (calls inline), win, situation, ruleset, total, lines
    ("20 base: pinfu tsumo gets no tsumo fu", "123m456p789s2399s", "4s", {"tsumo": True}, "ariari", 20,
     [("base", 20)]),
    ("+10 closed ron", "123m456p789s2399s", "4s", {}, "ariari", 30, [("base", 20), ("menzen_ron", 10)]),
    ("+2 tsumo, +2 kanchan, round up", "123m456p789s1399s", "2s", {"tsumo": True}, "ariari", 30,
     [("base", 20), ("tsumo", 2), ("kanchan", 2), ("round_up", 6)]),
    ("+2 penchan", "123m456p789s1299s", "3s", {}, "ariari", 40,
     [("base", 20), ("menzen_ron", 10), ("penchan", 2), ("round_up", 8)]),
    ("+2 tanki", "1235m456p789s123s", "5m", {}, "ariari", 40,
     [("base", 20), ("menzen_ron", 10), ("tanki", 2), ("round_up", 8)]),
    ("chiitoitsu 25 flat", "1122m3344p5566s7z", "7z", {"tsumo": True}, "ariari", 25, [("chiitoitsu", 25)]),
    ("open pinfu shape ron is 30", "(chi)123m456p789s2399s", "1s", {}, "ariari", 30,
     [("base", 20), ("open_pinfu", 10)]),
    ("open pinfu shape tsumo: 22 rounds to 30", "(chi)123m456p789s2399s", "1s", {"tsumo": True}, "ariari", 30,
     [("base", 20), ("tsumo", 2), ("round_up", 8)]),
    ("open simple triplet 2", "(pon)222m456p789s2399s", "1s", {}, "ariari", 30,
     [("base", 20), ("open_triplet", 2), ("round_up", 8)]),
    ("closed simple triplet 4", "222m456p789s2399s", "1s", {}, "ariari", 40,
     [("base", 20), ("menzen_ron", 10), ("closed_triplet", 4), ("round_up", 6)]),
    ("open terminal triplet 4", "(pon)999m456p789s2399s", "1s", {}, "ariari", 30,
     [("base", 20), ("open_triplet", 4), ("round_up", 6)]),
    ("closed terminal triplet 8", "999m456p789s2399s", "1s", {}, "ariari", 40,
     [("base", 20), ("menzen_ron", 10), ("closed_triplet", 8), ("round_up", 2)]),
    ("a triplet completed by ron is open (shanpon)", "123m456p789s55z99s", "5z", {}, "ariari", 40,
     [("base", 20), ("menzen_ron", 10), ("open_triplet", 4), ("round_up", 6)]),
    ("the same triplet by tsumo is closed", "123m456p789s55z99s", "5z", {"tsumo": True}, "ariari", 30,
     [("base", 20), ("tsumo", 2), ("closed_triplet", 8)]),
    ("open simple quad 8", "(minkan)2222m456p789s2399s", "1s", {}, "ariari", 30,
     [("base", 20), ("open_quad", 8), ("round_up", 2)]),
    ("closed simple quad 16 (ankan keeps the hand closed)", "(ankan)2222m456p789s2399s", "1s", {}, "ariari", 50,
     [("base", 20), ("menzen_ron", 10), ("closed_quad", 16), ("round_up", 4)]),
    ("open terminal quad 16", "(minkan)9999m456p789s2399s", "1s", {}, "ariari", 40,
     [("base", 20), ("open_quad", 16), ("round_up", 4)]),
    ("closed honor quad 32", "(ankan)1111z456p789s2399s", "1s", {}, "ariari", 70,
     [("base", 20), ("menzen_ron", 10), ("closed_quad", 32), ("round_up", 8)]),
    ("dragon pair 2", "123m456p789s23s55z", "1s", {}, "ariari", 40,
     [("base", 20), ("menzen_ron", 10), ("yakuhai_pair", 2), ("round_up", 8)]),
    ("seat wind pair 2", "123m456p789s23s22z", "1s", {"seat_wind": "S", "round_wind": "E"}, "ariari", 40,
     [("base", 20), ("menzen_ron", 10), ("yakuhai_pair", 2), ("round_up", 8)]),
    ("round wind pair 2", "123m456p789s23s22z", "1s", {"seat_wind": "W", "round_wind": "S"}, "ariari", 40,
     [("base", 20), ("menzen_ron", 10), ("yakuhai_pair", 2), ("round_up", 8)]),
    ("other wind pair 0", "123m456p789s23s22z", "1s", {"seat_wind": "W", "round_wind": "E"}, "ariari", 30,
     [("base", 20), ("menzen_ron", 10)]),
    ("double wind pair 4 (default)", "999m456p789s23s22z", "1s", {"seat_wind": "S", "round_wind": "S"}, "ariari",
     50, [("base", 20), ("menzen_ron", 10), ("closed_triplet", 8), ("double_wind_pair", 4), ("round_up", 8)]),
    ("double wind pair 2 (option)", "999m456p789s23s22z", "1s", {"seat_wind": "S", "round_wind": "S"}, DWP2,
     40, [("base", 20), ("menzen_ron", 10), ("closed_triplet", 8), ("double_wind_pair", 2)]),
    ("ryanmen and shanpon add nothing", "(pon)555z123m456p11s99s", "9s", {}, "ariari", 30,
     [("base", 20), ("open_triplet", 4), ("open_triplet", 4), ("round_up", 2)]),
]


@pytest.mark.parametrize("rule, hand, win, situation, ruleset, total, lines", CASES, ids=[c[0] for c in CASES])
def test_fu(rule, hand, win, situation, ruleset, total, lines):
    out = evaluate({"ruleset": ruleset, "hand": hand, "win_tile": win, **situation})
    assert [(line["id"], line["fu"]) for line in out["fu_detail"]] == lines
    assert out["fu"] == total == sum(line["fu"] for line in out["fu_detail"])
    assert all(line["ja"] and line["en"] for line in out["fu_detail"])


def test_the_higher_scoring_wait_reading_is_taken():
    # 1123344s123m123p on 2s: kanchan reading (三色一盃口) beats ryanmen pinfu (seed 003)
    out = evaluate({"hand": "1123344s123m123p", "win_tile": "2s", "seat_wind": "S"})
    assert [y["id"] for y in out["yaku"]] == ["iipeikou", "sanshoku"]
    assert (out["fu"], out["total"]) == (40, 5200)


def test_fu_read_from_a_readings_triplets_is_fu_read_from_its_sets():
    import oracle

    from rules.document import parse_doc
    from rules.fu import fu_parts
    from rules.shapes import decompositions, hand_waits
    from rules.yaku import Context

    for case in oracle.random_cases(800, 13):
        hand, rs = parse_doc(oracle.to_doc(case, "ariari"))
        for won in [hand] + [hand.with_win(w) for w in hand_waits(hand)]:
            for d in decompositions(won):
                for pinfu in (False, True):
                    assert fu_parts(won, rs, d, pinfu=pinfu, triplets=Context(won, rs, d).triplets) == \
                        fu_parts(won, rs, d, pinfu=pinfu)

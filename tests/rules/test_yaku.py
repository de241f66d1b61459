"""Every yaku of docs/rules.md §2: a positive case and a near miss each, closed and open han.

Each case is a readable hand: concealed tiles without the winning tile, calls written inline as
``(pon)555z`` (call order = reading order), the winning tile, and the situation. ``han`` 0 means
the yaku must be absent; a yakuman's han is 13 × its count.
"""

import pytest

from rules import evaluate

ARIARI, TENHOU = "ariari", "tenhou"
# 四暗刻単騎, 国士十三面, 純正九蓮 and 大四喜 double (majiang-core; real Tenhou pays them single)
DOUBLE_YAKUMAN = {"preset": "tenhou", "options": {"double_yakuman_hands": True}}


def yaku_of(hand: str, win: str, ruleset="ariari", **situation) -> dict[str, int]:
    out = evaluate({"ruleset": ruleset, "hand": hand, "win_tile": win, **situation})
    return {y["id"]: y["han"] for y in out["yaku"]}


CASES = [
    # id, hand, win, situation, ruleset, han
    ("riichi", "123m456p789s23s55z", "1s", {"riichi": True}, ARIARI, 1),
    ("riichi", "123m456p789s23s55z", "1s", {}, ARIARI, 0),
    ("riichi", "123m456p789s23s55z", "1s", {"riichi": True, "double_riichi": True}, ARIARI, 0),
    ("double_riichi", "123m456p789s23s55z", "1s", {"double_riichi": True}, ARIARI, 2),
    ("double_riichi", "123m456p789s23s55z", "1s", {"riichi": True}, ARIARI, 0),
    ("ippatsu", "123m456p789s23s55z", "1s", {"riichi": True, "ippatsu": True}, ARIARI, 1),
    ("ippatsu", "123m456p789s23s55z", "1s", {"riichi": True}, ARIARI, 0),
    ("menzen_tsumo", "123m456p789s23s55z", "1s", {"tsumo": True}, ARIARI, 1),
    ("menzen_tsumo", "(ankan)1111m456p789s23s55z", "1s", {"tsumo": True}, ARIARI, 1),  # ankan stays closed
    ("menzen_tsumo", "(chi)123m456p789s23s55z", "1s", {"tsumo": True}, ARIARI, 0),
    ("menzen_tsumo", "123m456p789s23s55z", "1s", {}, ARIARI, 0),
    ("pinfu", "123m456p789s2399s", "1s", {}, ARIARI, 1),
    ("pinfu", "123m456p789s2399s", "4s", {"tsumo": True}, ARIARI, 1),
    ("pinfu", "123m456p789s1399s", "2s", {}, ARIARI, 0),  # kanchan
    ("pinfu", "123m456p789s1299s", "3s", {}, ARIARI, 0),  # penchan
    ("pinfu", "123m456p789s2355z", "1s", {}, ARIARI, 0),  # 白 pair
    ("pinfu", "123m456p789s23s11z", "1s", {"seat_wind": "S", "round_wind": "S"}, ARIARI, 1),  # 東 is no value here
    ("pinfu", "(chi)123m456p789s2399s", "1s", {}, ARIARI, 0),
    ("tanyao", "234m456p678s3455s", "2s", {}, ARIARI, 1),
    ("tanyao", "(chi)234m456p678s3455s", "2s", {}, ARIARI, 1),
    ("tanyao", "(chi)234m456p678s3455s", "2s", {}, {"preset": "ariari", "options": {"open_tanyao": False}}, 0),
    ("tanyao", "234m456p678s3455s", "1s", {}, ARIARI, 0),
    ("iipeikou", "112233m456p789s5s", "5s", {}, ARIARI, 1),
    ("iipeikou", "(chi)456p112233m789s5s", "5s", {}, ARIARI, 0),
    ("iipeikou", "123345m456p789s5s", "5s", {"riichi": True}, ARIARI, 0),
    ("yakuhai_haku", "123m456p789s55z66z", "5z", {}, ARIARI, 1),
    ("yakuhai_haku", "123m456p789s55z66z", "6z", {}, ARIARI, 0),  # 白 is only the pair
    ("yakuhai_hatsu", "123m456p789s55z66z", "6z", {}, ARIARI, 1),
    ("yakuhai_hatsu", "123m456p789s55z66z", "5z", {}, ARIARI, 0),
    ("yakuhai_chun", "(pon)777z123m456p11s99s", "1s", {}, ARIARI, 1),
    ("yakuhai_chun", "(pon)555z123m456p11s99s", "1s", {}, ARIARI, 0),
    ("yakuhai_seat_wind", "123m456p789s22z11s", "2z", {"seat_wind": "S", "round_wind": "E"}, ARIARI, 1),
    ("yakuhai_round_wind", "123m456p789s22z11s", "2z", {"seat_wind": "S", "round_wind": "E"}, ARIARI, 0),
    ("yakuhai_round_wind", "123m456p789s22z11s", "2z", {"seat_wind": "E", "round_wind": "S"}, ARIARI, 1),
    ("yakuhai_seat_wind", "123m456p789s22z11s", "2z", {"seat_wind": "W", "round_wind": "E"}, ARIARI, 0),
    ("yakuhai_seat_wind", "123m456p789s22z11s", "2z", {"seat_wind": "S", "round_wind": "S"}, ARIARI, 1),  # 連風牌
    ("yakuhai_round_wind", "123m456p789s22z11s", "2z", {"seat_wind": "S", "round_wind": "S"}, ARIARI, 1),
    ("rinshan", "(ankan)1111m456p789s23s55z", "1s", {"tsumo": True, "situational": ["rinshan"]}, ARIARI, 1),
    ("rinshan", "(ankan)1111m456p789s23s55z", "1s", {"tsumo": True}, ARIARI, 0),
    ("chankan", "123m456p789s23s55z", "1s", {"situational": ["chankan"]}, ARIARI, 1),
    ("chankan", "123m456p789s23s55z", "1s", {}, ARIARI, 0),
    ("haitei", "(chi)123m456p789s23s55z", "1s", {"tsumo": True, "situational": ["haitei"]}, ARIARI, 1),
    ("haitei", "(minkan)1111m456p789s23s55z", "1s", {"tsumo": True, "situational": ["haitei", "rinshan"]},
     ARIARI, 0),  # 嶺上開花と海底は複合しない
    ("haitei", "(minkan)1111m456p789s23s55z", "1s", {"tsumo": True, "situational": ["haitei", "rinshan"]},
     {"preset": "ariari", "options": {"rinshan_haitei_combine": True}}, 1),
    ("houtei", "(chi)123m456p789s23s55z", "1s", {"situational": ["houtei"]}, ARIARI, 1),
    ("houtei", "(chi)123m456p789s23s55z", "1s", {}, ARIARI, 0),
    ("chiitoitsu", "1122m3344p5566s7z", "7z", {}, ARIARI, 2),
    ("chiitoitsu", "112233m556677p5z", "5z", {}, ARIARI, 0),  # 二盃口 is taken (高点法)
    ("toitoi", "(pon)444p111m777s99s55z", "5z", {}, ARIARI, 2),
    ("toitoi", "(pon)444p111m789s99s55z", "5z", {}, ARIARI, 0),
    ("sanankou", "(chi)123m111m444p777s2s", "2s", {}, ARIARI, 2),
    ("sanankou", "(chi)123m111m444p77s22s", "7s", {}, ARIARI, 0),  # the ron triplet is open
    ("sanankou", "(chi)123m111m444p77s22s", "7s", {"tsumo": True}, ARIARI, 2),
    ("sankantsu", "(ankan)1111m(minkan)4444p(minkan)7777s23s55z", "1s", {}, ARIARI, 2),
    ("sankantsu", "(ankan)1111m(minkan)4444p(pon)777s23s55z", "1s", {}, ARIARI, 0),
    ("sanshoku_doukou", "222m222p22s456m55z", "2s", {}, ARIARI, 2),
    ("sanshoku_doukou", "(pon)222s222m222p456m5z", "5z", {}, ARIARI, 2),
    ("sanshoku_doukou", "222m222p22s456m55z", "5z", {}, ARIARI, 0),
    ("shousangen", "555z666z77z123m45p", "3p", {}, ARIARI, 2),
    ("shousangen", "555z666z11z123m45p", "3p", {}, ARIARI, 0),
    ("honroutou", "(pon)999s111m999p11z22z", "1z", {}, ARIARI, 2),
    ("honroutou", "(pon)999s111m789p11z22z", "1z", {}, ARIARI, 0),  # a run: chanta
    ("honroutou", "1199m1199p11s223z", "3z", {}, ARIARI, 2),  # 七対子 honroutou
    ("chanta", "123m789p999s11z22z", "2z", {}, ARIARI, 2),
    ("chanta", "(pon)999s123m789p11z22z", "2z", {}, ARIARI, 1),
    ("chanta", "(pon)999s111m999p11z22z", "1z", {}, ARIARI, 0),  # honroutou instead
    ("chanta", "234m789p999s11z22z", "2z", {}, ARIARI, 0),
    ("sanshoku", "123m123p12s456m55z", "3s", {}, ARIARI, 2),
    ("sanshoku", "(chi)123s123m123p456m5z", "5z", {}, ARIARI, 1),
    ("sanshoku", "123m123p23s456m55z", "4s", {}, ARIARI, 0),
    ("ittsuu", "123456789m12p55z", "3p", {}, ARIARI, 2),
    ("ittsuu", "(chi)789m123456m12p55z", "3p", {}, ARIARI, 1),
    ("ittsuu", "123456678m12p55z", "3p", {}, ARIARI, 0),
    ("ryanpeikou", "112233m556677p5z", "5z", {}, ARIARI, 3),
    ("iipeikou", "112233m556677p5z", "5z", {}, ARIARI, 0),  # replaced by ryanpeikou
    ("ryanpeikou", "112233m567789p5z", "5z", {}, ARIARI, 0),
    ("honitsu", "123456m111z22z33z", "3z", {}, ARIARI, 3),
    ("honitsu", "(pon)111z123456m22z33z", "3z", {}, ARIARI, 2),
    ("honitsu", "123456m111z22z3p3p", "3p", {}, ARIARI, 0),
    ("junchan", "123m789p123s11m99s", "9s", {}, ARIARI, 3),
    ("junchan", "(chi)123s123m789p11m99s", "9s", {}, ARIARI, 2),
    ("chanta", "123m789p123s11m99s", "9s", {}, ARIARI, 0),  # junchan replaces chanta
    ("junchan", "123m789p234s11m99s", "9s", {}, ARIARI, 0),
    ("chinitsu", "223344s567s88s99s", "9s", {}, ARIARI, 6),
    ("chinitsu", "(chi)567s223344s88s99s", "9s", {}, ARIARI, 5),
    ("honitsu", "223344s567s88s99s", "9s", {}, ARIARI, 0),  # chinitsu replaces honitsu
    ("chinitsu", "123456789s11s55z", "5z", {}, ARIARI, 0),
    # yakuman
    ("kokushi", "19m19p19s1234567z", "1m", {}, ARIARI, 13),
    ("kokushi", "19m19p19s1234567z", "1m", {}, DOUBLE_YAKUMAN, 26),  # 十三面
    ("kokushi", "19m19p19s1234567z", "1m", {}, TENHOU, 13),  # Tenhou: single
    ("kokushi", "119m19p19s123456z", "7z", {}, TENHOU, 13),
    ("kokushi", "119m19p19s123456z", "7m", {}, ARIARI, 0),
    ("suuankou", "111m444p777s22s55z", "5z", {"tsumo": True}, ARIARI, 13),
    ("suuankou", "111m444p777s22s55z", "5z", {}, ARIARI, 0),
    ("sanankou", "111m444p777s22s55z", "5z", {}, ARIARI, 2),
    ("suuankou", "111m444p777s222s5z", "5z", {}, ARIARI, 13),
    ("suuankou", "111m444p777s222s5z", "5z", {}, DOUBLE_YAKUMAN, 26),  # 単騎
    ("suuankou", "111m444p777s222s5z", "5z", {}, TENHOU, 13),
    ("daisangen", "555z666z77z123m44p", "7z", {}, ARIARI, 13),
    ("daisangen", "555z666z77z123m44p", "4p", {}, ARIARI, 0),
    ("shousuushii", "111z222z333z44z12m", "3m", {}, ARIARI, 13),
    ("shousuushii", "111z222z555z44z12m", "3m", {}, ARIARI, 0),
    ("daisuushii", "111z222z333z44z55m", "4z", {}, ARIARI, 13),
    ("daisuushii", "111z222z333z44z55m", "4z", {}, DOUBLE_YAKUMAN, 26),
    ("daisuushii", "111z222z333z44z55m", "4z", {}, TENHOU, 13),
    ("tsuuiisou", "111z222z333z55z66z", "6z", {}, ARIARI, 13),
    ("tsuuiisou", "1122334455667z", "7z", {}, ARIARI, 13),  # 七対子 form
    ("tsuuiisou", "111z222z333z55z11m", "1m", {}, ARIARI, 0),
    ("ryuuiisou", "223344s666s88s66z", "6z", {}, ARIARI, 13),
    ("ryuuiisou", "(pon)888s223344s666s6z", "6z", {}, ARIARI, 13),  # 發 pair, open
    ("ryuuiisou", "223344s555s88s66z", "6z", {}, ARIARI, 0),
    ("chinroutou", "111m999m111p99p99s", "9s", {}, ARIARI, 13),
    ("chinroutou", "111m999m111p99p11z", "1z", {}, ARIARI, 0),
    ("chuuren", "1112345678999m", "5m", {}, ARIARI, 13),
    ("chuuren", "1112345678999m", "5m", {}, DOUBLE_YAKUMAN, 26),  # 純正
    ("chuuren", "1112345678999m", "5m", {}, TENHOU, 13),
    ("chuuren", "1112345678899m", "9m", {}, TENHOU, 13),
    ("chuuren", "1112345678899m", "9m", {}, DOUBLE_YAKUMAN, 13),  # not 純正: 8 and 9 before the win
    ("chuuren", "1112345678999s", "9s", {}, DOUBLE_YAKUMAN, 26),  # 純正 in souzu
    ("chuuren", "1113456678999p", "2p", {}, DOUBLE_YAKUMAN, 13),
    ("chuuren", "1122345678999m", "5m", {}, ARIARI, 0),
    ("suukantsu", "(ankan)1111m(minkan)2222p(minkan)3333s(kakan)4444s5z", "5z", {}, ARIARI, 13),
    ("suukantsu", "(ankan)1111m(minkan)2222p(minkan)3333s(pon)444s5z", "5z", {}, ARIARI, 0),
    ("tenhou", "123m456p789s23s55z", "1s", {"tsumo": True, "situational": ["tenhou"]}, ARIARI, 13),
    ("tenhou", "123m456p789s23s55z", "1s", {"tsumo": True}, ARIARI, 0),
    ("chiihou", "123m456p789s23s55z", "1s", {"tsumo": True, "seat_wind": "S", "situational": ["chiihou"]},
     ARIARI, 13),
    ("renhou", "123m456p789s23s55z", "1s", {"seat_wind": "S", "situational": ["renhou"]}, ARIARI, 0),
    ("renhou", "123m456p789s23s55z", "1s", {"seat_wind": "S", "situational": ["renhou"]},
     {"preset": "ariari", "options": {"renhou": "mangan"}}, 5),
    ("renhou", "123m456p789s23s55z", "1s", {"seat_wind": "S", "situational": ["renhou"]},
     {"preset": "ariari", "options": {"renhou": "yakuman"}}, 13),
]


def _id(case) -> str:
    yaku_id, hand, win, situation, ruleset, han = case
    rs = ruleset if isinstance(ruleset, str) else ",".join(f"{k}={v}" for k, v in ruleset["options"].items())
    flags = ",".join(k if v is True else f"{k}={v}" for k, v in situation.items())
    return f"{yaku_id}={han} {hand}+{win} {flags} {rs}"


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_yaku_han(case):
    yaku_id, hand, win, situation, ruleset, han = case
    found = yaku_of(hand, win, ruleset, **situation)
    assert found.get(yaku_id, 0) == han, found


def test_every_yaku_of_rules_md_has_a_positive_and_a_negative_case():
    ids = {"riichi", "double_riichi", "ippatsu", "menzen_tsumo", "pinfu", "tanyao", "iipeikou", "yakuhai_haku",
           "yakuhai_hatsu", "yakuhai_chun", "yakuhai_seat_wind", "yakuhai_round_wind", "rinshan", "chankan",
           "haitei", "houtei", "chiitoitsu", "toitoi", "sanankou", "sankantsu", "sanshoku_doukou", "shousangen",
           "honroutou", "chanta", "sanshoku", "ittsuu", "ryanpeikou", "honitsu", "junchan", "chinitsu", "kokushi",
           "suuankou", "daisangen", "shousuushii", "daisuushii", "tsuuiisou", "ryuuiisou", "chinroutou",
           "chuuren", "suukantsu", "tenhou", "chiihou", "renhou"}
    positive = {c[0] for c in CASES if c[5]}
    negative = {c[0] for c in CASES if not c[5]}
    assert ids - positive == set()
    assert ids - negative - {"chiihou", "daisuushii"} == set()


@pytest.mark.parametrize("hand, win, situation, expected", [
    # only yakuman count once a yakuman is present (no toitoi/honitsu beside daisangen)
    ("555z666z77z111m44p", "7z", {}, {"daisangen": 13}),
    # 字一色 + 大四喜 + 四暗刻: only yakuman are listed (single 大四喜: find's default rule set is ariari)
    ("111z222z333z44z55z", "4z", {"tsumo": True}, {"tsuuiisou": 13, "daisuushii": 13, "suuankou": 13}),
])
def test_yakuman_hands_list_only_yakuman(hand, win, situation, expected):
    assert yaku_of(hand, win, **situation) == expected


@pytest.mark.parametrize("ruleset, yakuman, limit, total", [
    ("ariari", 3, "yakuman", 48000),        # several yakuman: still one (32000 / 48000)
    ("tenhou", 3, "triple_yakuman", 144000),  # tsuuiisou + daisuushii + suuankou, each single (Tenhou)
    (DOUBLE_YAKUMAN, 5, "5x_yakuman", 240000),  # tsuuiisou + double daisuushii + double suuankou tanki
])
def test_several_yakuman_add_up_only_when_the_rule_set_says(ruleset, yakuman, limit, total):
    out = evaluate({"ruleset": ruleset, "hand": "111z222z333z444z5z", "win_tile": "5z", "tsumo": True})
    assert (out["yakuman"], out["limit"], out["total"]) == (yakuman, limit, total)


@pytest.mark.parametrize("ruleset, han, limit, total", [
    ("tenhou", 13, "yakuman", 32000),  # what real Tenhou paid (a real game record; docs/rules.md §4.3)
    (DOUBLE_YAKUMAN, 26, "double_yakuman", 64000),  # majiang-core's reading
    ("ariari", 13, "yakuman", 32000),
])
def test_tenhou_pays_suuankou_tanki_as_a_single_yakuman(ruleset, han, limit, total):
    """A non-dealer's 四暗刻単騎 ron: 666777m222p4449s on 9s."""
    out = evaluate({"ruleset": ruleset, "hand": "666777m222p4449s", "win_tile": "9s", "seat_wind": "S"})
    assert [(y["id"], y["han"]) for y in out["yaku"]] == [("suuankou", han)]
    assert (out["limit"], out["total"]) == (limit, total)


def test_ippatsu_never_satisfies_shibari():
    two = {"preset": "ariari", "options": {"shibari": 2}}
    out = evaluate({"ruleset": two, "hand": "123m456p789s23s55z", "win_tile": "1s", "riichi": True,
                    "ippatsu": True})
    assert not out["legal"] and out["reasons"][0]["code"] == "shibari"
    out = evaluate({"ruleset": two, "hand": "123m456p789s23s55z", "win_tile": "1s", "riichi": True,
                    "situational": ["houtei"]})
    assert out["legal"]


def test_no_yaku_is_not_legal_and_pays_nothing():
    out = evaluate({"hand": "(chi)123m456p789s23s55z", "win_tile": "1s", "dora_indicators": ["9s"]})
    assert (out["legal"], out["reasons"][0]["code"], out["total"], out["dora"]["dora"]) == (False, "no_yaku", 0, 1)


def test_not_a_winning_shape():
    out = evaluate({"hand": "123m456p789s23s55z", "win_tile": "5s"})
    assert (out["legal"], out["reasons"][0]["code"], out["waits"]) == (False, "not_a_win", ["1s", "4s"])


def test_yaku_hits_name_the_sets_they_use():
    from rules.candidates import best, candidates
    from rules.document import parse_doc

    hand, rs = parse_doc({"hand": "(pon)777z(chi)123s123m123p5z", "win_tile": "5z"})
    c = best(candidates(hand, rs))
    sets = {h.id: h.sets for h in c.yaku}
    d = c.decomposition
    assert d.sets[sets["yakuhai_chun"][0]].source == 0  # the pon, first call
    assert sorted(d.sets[i].first for i in sets["sanshoku"]) == [0, 9, 18]
    assert sorted(d.sets[i].source for i in sets["sanshoku"] if d.sets[i].source is not None) == [1]  # the chi



@pytest.mark.parametrize("doc, dora, ura, aka", [
    ({"hand": "111m456p789s23s55z", "dora_indicators": ["9m"]}, 3, 0, 0),              # 9 → 1
    ({"hand": "123m456p789s23s11z", "dora_indicators": ["4z"]}, 2, 0, 0),              # 北 → 東
    ({"hand": "123m456p789s23s55z", "dora_indicators": ["7z"]}, 2, 0, 0),              # 中 → 白
    ({"hand": "123m456p789s23s77z", "dora_indicators": ["6z"]}, 2, 0, 0),              # 發 → 中
    ({"hand": "111m456p789s23s55z", "dora_indicators": ["9m", "9m"]}, 6, 0, 0),        # each indicator counts
    ({"hand": "(ankan)1111m456p789s23s55z", "dora_indicators": ["9m"]}, 4, 0, 0),      # quads count four
    ({"hand": "(pon)111m456p789s23s55z", "dora_indicators": ["9m"]}, 3, 0, 0),         # melds count
    ({"hand": "123m456p789s23s55z", "dora_indicators": ["9s"]}, 1, 0, 0),              # 9s → the winning 1s
    ({"hand": "111m456p789s23s55z", "ura_indicators": ["9m"]}, 0, 0, 0),               # ura needs riichi
    ({"hand": "111m456p789s23s55z", "ura_indicators": ["9m"], "riichi": True}, 0, 3, 0),
    ({"hand": "123m406p789s23s55z", "ruleset": "tenhou"}, 0, 0, 1),
    ({"hand": "123m406p789s23s55z"}, 0, 0, 0),                                         # ariari: no red fives
    ({"hand": "123m456p789s23s55z", "dora_indicators": ["3s"], "win_tile": "4s"}, 1, 0, 0),  # the winning tile
])
def test_dora(doc, dora, ura, aka):
    out = evaluate({"win_tile": "1s", **doc})
    assert out["dora"] == {"dora": dora, "ura_dora": ura, "aka_dora": aka}
    assert all(y["id"] not in ("dora", "ura_dora", "aka_dora") for y in out["yaku"])


def test_dora_add_to_han_but_not_to_shibari():
    out = evaluate({"hand": "(chi)123m456p789s23s55z", "win_tile": "1s", "dora_indicators": ["7z"]})
    assert (out["legal"], out["han"]) == (False, 2)
    out = evaluate({"hand": "123m456p789s23s55z", "win_tile": "1s", "riichi": True, "dora_indicators": ["7z"]})
    assert (out["legal"], out["han"]) == (True, 3)


def test_the_situational_checks_come_first_in_every_form_so_their_hits_can_be_kept_per_hand():
    from rules.yaku import _SITUATIONAL, FORMS

    for mods in FORMS.values():
        assert mods[:len(_SITUATIONAL)] == _SITUATIONAL
        assert not set(mods[len(_SITUATIONAL):]) & set(_SITUATIONAL)


def test_situational_yaku_are_the_same_for_every_wait_and_follow_the_rule_set():
    doc = {"hand": "234567m234p2355s", "win_tile": "4s", "tsumo": True, "riichi": True, "ippatsu": True,
           "situational": ["haitei"]}
    out = evaluate(doc)
    for entry in out["per_wait"]:
        assert [y["id"] for y in entry["yaku"]][:4] == ["riichi", "ippatsu", "menzen_tsumo", "haitei"]
    rinshan = {"hand": "234567m23p55s", "melds": [{"type": "ankan", "tiles": "7777z"}], "win_tile": "4p",
               "tsumo": True, "situational": ["rinshan", "haitei"]}
    apart = evaluate({**rinshan, "ruleset": {"name": "apart", "options": {"rinshan_haitei_combine": False}}})
    both = evaluate({**rinshan, "ruleset": {"name": "both", "options": {"rinshan_haitei_combine": True}}})
    assert "haitei" not in [y["id"] for y in apart["yaku"]]
    assert "haitei" in [y["id"] for y in both["yaku"]]


def test_one_hand_compared_under_two_rule_sets_gets_each_rule_sets_situational_yaku():
    from rules import compare

    doc = {"hand": "234567m23p55s", "melds": [{"type": "ankan", "tiles": "7777z"}], "win_tile": "4p",
           "tsumo": True, "situational": ["rinshan", "haitei"]}
    for order in ((False, True), (True, False)):
        specs = [{"name": f"combine {on}", "options": {"rinshan_haitei_combine": on}} for on in order]
        verdicts = compare(doc, specs)["verdicts"]
        for on, v in zip(order, verdicts):
            assert ("haitei" in [y["id"] for y in v["yaku"]]) == on
            assert all(("haitei" in [y["id"] for y in w["yaku"]]) == on for w in v["per_wait"])


def test_a_hand_won_on_another_wait_has_the_features_and_kinds_of_that_hand_read_afresh():
    import oracle

    from rules.document import parse_doc
    from rules.shapes import hand_waits
    from rules.tiles import TILE_NAMES
    from rules.yaku import features

    checked = 0
    for case in oracle.random_cases(300, 11):
        doc = oracle.to_doc(case, "ariari")
        hand, _ = parse_doc(doc)
        features(hand), hand.kinds  # derived on the won hand first, as evaluate does
        for w in hand_waits(hand):
            won = hand.with_win(w)
            fresh, _ = parse_doc({**doc, "win_tile": TILE_NAMES[w]})
            assert (won.mask, features(won), won.kinds) == (fresh.mask, features(fresh), fresh.kinds)
            checked += (hand.mask13 | 1 << w) == hand.mask  # the case where they are carried over
    assert checked > 20


@pytest.mark.parametrize("form", ["standard", "chiitoitsu", "kokushi"])
def test_the_checks_tried_on_a_reading_are_those_whose_features_it_has_whatever_its_riichi_tsumo_or_flags(form):
    import random

    from rules.yaku import _SITUATIONAL, CHECK_BITS, FORMS, checks_for
    from rules.yaku._base import FLAGS, RIICHI, TSUMO

    assert not CHECK_BITS & (RIICHI | TSUMO | FLAGS)
    rng = random.Random(7)
    for _ in range(3000):
        f = rng.getrandbits(29)
        expected = tuple(m.check for m in FORMS[form][len(_SITUATIONAL):]
                         if getattr(m, "WHEN", 0) & f == getattr(m, "WHEN", 0))
        assert checks_for(form, f) == expected
        assert checks_for(form, f ^ RIICHI ^ TSUMO ^ FLAGS) == expected


@pytest.mark.parametrize("seed", [5, 6])
def test_a_check_skipped_for_want_of_its_features_would_have_found_nothing(seed):
    import oracle

    from rules.document import parse_doc
    from rules.shapes import decompositions, hand_waits
    from rules.yaku import _SITUATIONAL, FORMS
    from rules.yaku._base import Context, features

    skipped = 0
    for case in oracle.random_cases(1500, seed):
        for red in (False, True):
            hand, rs = parse_doc(oracle.to_doc(case, "ariari", red_fives=red))
            for won in [hand] + [hand.with_win(w) for w in hand_waits(hand)]:
                for d in decompositions(won):
                    ctx = Context(won, rs, d)
                    f = features(won) | ctx.shape
                    for m in FORMS[d.form][len(_SITUATIONAL):]:
                        when = getattr(m, "WHEN", 0)
                        if when & f != when:
                            skipped += 1
                            assert m.check(ctx) == [], (m.__name__, d)
    assert skipped > 1000


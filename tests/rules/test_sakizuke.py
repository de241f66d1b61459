"""完全先付け: every case of tests/rules/sakizuke_cases.py through ``rules.evaluate``, under each rule
set the case names; the hands themselves are re-checked with the ``mahjong`` package."""

from __future__ import annotations

import re
from collections import Counter
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong.shanten import Shanten
from mahjong.tile import TilesConverter

import rules
from rules.evaluate import per_wait as plain_per_wait
from rules.sakizuke import sakizuke_on
from rules.document import parse_doc
from rules.tiles import parse_tiles, tile_name

from sakizuke_cases import CASES, ruleset_spec

ROWS = [(c, rs) for c in CASES for rs in c["expect"]]


def _doc(case: dict, ruleset) -> dict:
    return {"seat_wind": "S", **case["doc"], "ruleset": ruleset}


def _anchor(reason: dict):
    m = re.search(r"\bwait ([0-9][mpsz])\b|\bcall (\d+)", reason["en"])
    if not m:
        return None
    return m.group(1) or int(m.group(2))


def _kinds(text: str) -> list[int]:
    return parse_tiles(text)[0]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_case_hand_is_what_the_words_say(case):
    """13 tiles with the melds, at most four of a kind, and the waits the seed implies (checked
    independently with the mahjong package's shanten)."""
    doc = case["doc"]
    concealed = _kinds(doc["hand"])
    melds = [_kinds(m["tiles"]) for m in doc.get("melds", [])]
    assert len(concealed) + 3 * len(melds) == 13
    counts = Counter(concealed + [t for m in melds for t in m] + _kinds(doc["win_tile"]))
    assert max(counts.values()) <= 4
    held = Counter(concealed + [t for m in melds for t in m])
    sh = Shanten()
    waits = []
    for t in range(34):
        if held[t] >= 4:
            continue
        arr = [0] * 34
        for k in concealed + [t]:
            arr[k] += 1
        if sh.calculate_shanten(arr) == -1:
            waits.append(tile_name(t))
    assert waits == case["waits"]
    assert doc["win_tile"] in waits


def _ids(yaku: list[dict]) -> list[str]:
    return sorted(y["id"] for y in yaku)


@pytest.mark.parametrize("case,rs", ROWS, ids=[f"{c['id']}@{r}" for c, r in ROWS])
def test_verdict(case, rs):
    exp = case["expect"][rs]
    out = rules.evaluate(_doc(case, ruleset_spec(rs)))
    assert out["waits"] == case["waits"]
    got = {(r["code"], _anchor(r)) for r in out["reasons"]}
    assert (out["legal"], got) == (exp["legal"], exp["reasons"]), out["reasons"]
    for r in out["reasons"]:
        assert r["ja"] and r["en"]
    if "yaku" in exp:
        assert _ids(out["yaku"]) == sorted(exp["yaku"])
    if "total" in exp:
        assert out["total"] == exp["total"]
    if "per_wait" in exp:
        per = {w["tile"]: w for w in out["per_wait"]}
        for tile, ids in exp["per_wait"].items():
            assert sorted(y["id"] for y in per[tile]["yaku"]) == sorted(ids)
            assert per[tile]["qualifies"] == bool(ids)
    assert [w["tile"] for w in out["per_wait"]] == case["waits"]


def test_reason_texts_name_the_call_and_the_wait():
    out = rules.evaluate({"hand": "567p789s4s", "melds": [{"type": "chi", "tiles": "234m"}, {"type": "pon", "tiles": "777z"}],
                          "win_tile": "4s", "seat_wind": "S", "ruleset": "shimamachi"})
    texts = {r["code"]: (r["ja"], r["en"]) for r in out["reasons"]}
    assert texts["first_call"] == ("第1副露(チー234萬)が縛りを満たす役に絡んでいません(中付け)",
                                   "call 1 (chi 234m) is not part of any qualifying yaku (nakazuke)")
    assert texts["kataagari"] == (
        "中のポンは役牌以外の副露(チー234萬)の後なので、役牌 中は縛りを満たさず、4索待ちに縛りを満たす役がありません(片和了り)",
        "the chun pon came after a non-yakuhai call (chi 234m): Yakuhai (chun) does not satisfy shibari, "
        "so wait 4s has no qualifying yaku (kataagari)")


def test_a_yakuhai_called_after_a_plain_call_is_explained_first_and_never_as_777z():
    """Issue 13: under 島町 the refusal said the 中 pon 「が役に絡んでいません(後付け)」 while listing
    役牌 中 among the yaku. The decisive reason, first, says what the rule is (翻牌の先付け): the pon
    came after a non-yakuhai call, so 役牌 中 counts its han but does not satisfy 縛り."""
    out = rules.evaluate({"hand": "567p789s4s", "melds": [{"type": "chi", "tiles": "234m"}, {"type": "pon", "tiles": "777z"}],
                          "win_tile": "4s", "seat_wind": "S", "ruleset": "shimamachi"})
    first = out["reasons"][0]
    assert first["code"] == "later_call"
    assert first["ja"] == ("中のポン(第2副露)は役牌以外の副露(チー234萬)の後なので後付けで、"
                           "役牌 中は翻数には数えますが縛りを満たしません(翻牌の先付け)")
    assert first["en"].startswith("call 2 (pon 777z) came after a non-yakuhai call (chi 234m)")
    assert "役牌 中" in [y["ja"] for y in out["yaku"]]
    assert not any("777z" in r["ja"] or "役に絡んでいません(後付け)" in r["ja"] for r in out["reasons"])


@pytest.mark.parametrize("ruleset", ["sakizuke_a", "kanzen_sakizuke"])
def test_without_the_later_call_rule_the_wait_reason_says_why_the_yakuhai_does_not_count(ruleset):
    out = rules.evaluate({"hand": "567p789s4s", "melds": [{"type": "chi", "tiles": "234m"}, {"type": "pon", "tiles": "777z"}],
                          "win_tile": "4s", "seat_wind": "S", "ruleset": ruleset})
    assert out["reasons"][0]["code"] == "kataagari"
    assert out["reasons"][0]["ja"].startswith("中のポンは役牌以外の副露(チー234萬)の後なので、役牌 中は縛りを満たさず")


def test_a_chance_yaku_that_does_not_count_is_named():
    out = rules.evaluate({"hand": "678p13m456s99s", "melds": [{"type": "pon", "tiles": "111p"}], "win_tile": "2m",
                          "tsumo": True, "situational": ["haitei"], "seat_wind": "S", "ruleset": "shimamachi"})
    assert out["reasons"][0]["ja"] == "偶然役の海底摸月はこの手では縛りを満たさず、2萬待ちに縛りを満たす役がありません(片和了り)"


def test_mahjong_package_agrees_on_the_pinfu_example_hand():
    """高点法 on 2s gives 三色一盃口 5200 (the value 島町 keeps), per the mahjong package too."""
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig

    tiles = TilesConverter.string_to_136_array(man="123", pin="123", sou="11223344")
    win = TilesConverter.string_to_136_array(sou="2")[0]
    res = HandCalculator().estimate_hand_value(tiles, win, config=HandConfig(player_wind=28, round_wind=27))
    assert (res.han, res.fu, res.cost["main"]) == (3, 40, 5200)


# ---------------------------------------------------------------- properties
_CASE_DOCS = [{k: v for k, v in c["doc"].items() if k not in ("situational", "win_tile")} | {"waits": c["waits"]}
              for c in CASES]


def _variant(data, base: dict, ruleset) -> dict:
    doc = {k: v for k, v in base.items() if k != "waits"}
    doc["win_tile"] = data.draw(st.sampled_from(base["waits"]))
    doc["tsumo"] = data.draw(st.booleans())
    doc["seat_wind"] = data.draw(st.sampled_from(["E", "S"]))
    if not doc.get("melds"):
        doc["riichi"] = data.draw(st.booleans())
    return {**doc, "ruleset": ruleset}


@settings(max_examples=80, deadline=None)
@given(st.data(), st.sampled_from(_CASE_DOCS))
def test_ariari_never_calls_judge(data, base):
    """Under ariari (every 先付け option off) the judge is never consulted and per_wait is the plain
    per-wait analysis."""
    doc = _variant(data, base, "ariari")
    with mock.patch("rules.sakizuke.judge", side_effect=AssertionError("judge called")):
        out = rules.evaluate(doc)
    assert out["per_wait"] == plain_per_wait(*parse_doc(doc))
    assert not sakizuke_on(rules.get_ruleset("ariari"))


@settings(max_examples=120, deadline=None)
@given(st.data(), st.sampled_from(_CASE_DOCS), st.sampled_from(["shimamachi", "sakizuke_a", "kanzen_sakizuke", "shingendai"]))
def test_sakizuke_only_restricts(data, base, preset):
    """先付け never makes a hand legal that the same rule set without 先付け refuses, and a wait that
    qualifies under 先付け qualifies without it."""
    from rules.sakizuke import SAKIZUKE_OPTIONS

    rs = rules.get_ruleset(preset)
    off = {k: getattr(rules.RuleSet, k) for k in SAKIZUKE_OPTIONS}
    doc = _variant(data, base, preset)
    with_s = rules.evaluate(doc)
    without = rules.evaluate({**doc, "ruleset": {"preset": preset, "options": off}})
    assert rs.name == with_s["ruleset"]
    if with_s["legal"]:
        assert without["legal"]
    plain = {w["tile"]: w["qualifies"] for w in without["per_wait"]}
    for w in with_s["per_wait"]:
        assert not w["qualifies"] or plain[w["tile"]]
    assert (with_s["reasons"] == []) == with_s["legal"]


def test_ariari_options_are_all_off():
    from rules.sakizuke import SAKIZUKE_OPTIONS, scoring_key

    ari = rules.get_ruleset("ariari")
    assert scoring_key(ari) == ari.replace(name="")
    for name in SAKIZUKE_OPTIONS:
        assert getattr(ari, name) == getattr(rules.RuleSet, name)


def test_bad_input_names_the_token():
    with pytest.raises(rules.RulesError) as exc:
        rules.evaluate({"hand": "567p789s4x", "win_tile": "4s", "ruleset": "shimamachi"})
    assert "4x" in exc.value.message or "x" in exc.value.message


def _random_docs(n: int, seed: int) -> list[dict]:
    import oracle

    return [oracle.to_doc(case, "ariari") for case in oracle.random_cases(n, seed)]


@pytest.mark.parametrize("seed", [1, 2])
def test_random_hands_restrict_and_shingendai_extends(seed):
    """On random hands: 先付け only refuses (never accepts what the same rule set without 先付け
    refuses), and 新現代ルール accepts everything 一般の完全先付け accepts (it only adds the 双ポン
    tsumo reading)."""
    from rules.sakizuke import SAKIZUKE_OPTIONS

    off = {k: getattr(rules.RuleSet, k) for k in SAKIZUKE_OPTIONS}
    for doc in _random_docs(80, seed):
        verdicts = {v["ruleset"]: v for v in rules.compare(doc)["verdicts"]}
        for preset in ("shimamachi", "sakizuke_a", "kanzen_sakizuke", "shingendai"):
            if verdicts[preset]["legal"]:
                assert rules.evaluate({**doc, "ruleset": {"preset": preset, "options": off}})["legal"], (doc, preset)
        if verdicts["kanzen_sakizuke"]["legal"]:
            assert verdicts["shingendai"]["legal"], doc


# ---------------------------------------------------------------- call-order details (docs/rules.md §1.3, §5.1)
def _m(kind: str, tiles: str) -> dict:
    return {"type": kind, "tiles": tiles}


CALL_ORDER = [
    # ankan does not open the hand and is not 第1副露: the chi is call 1, the 中 ankou qualifies
    ("ankan-then-chi", dict(hand="777z567s9s", melds=[_m("ankan", "2222m"), _m("chi", "234p")], win_tile="9s"),
     "shimamachi", True, set()),
    # the same with a 中 pon after the chi: 中 does not qualify; the reasons number the chi as call 1
    ("ankan-chi-pon", dict(hand="567s9s", melds=[_m("ankan", "2222m"), _m("chi", "234p"), _m("pon", "777z")],
                           win_tile="9s"),
     "shimamachi", False, {("kataagari", "9s"), ("first_call", 1), ("later_call", 2)}),
    # a kakan keeps the position of its pon: 中 called before the chi qualifies
    ("kakan-first", dict(hand="567p789s4s", melds=[_m("kakan", "7777z"), _m("chi", "234m")], win_tile="4s"),
     "kanzen_sakizuke", True, set()),
    ("kakan-after-chi", dict(hand="567p789s4s", melds=[_m("chi", "234m"), _m("kakan", "7777z")], win_tile="4s"),
     "kanzen_sakizuke", False, {("kataagari", "4s")}),
    # 西 is no yakuhai for a 南 seat in an 東 round: an 東 pon after it does not qualify
    ("round-wind-after-plain-wind", dict(hand="567p789s4s", melds=[_m("pon", "333z"), _m("pon", "111z")],
                                         win_tile="4s"),
     "kanzen_sakizuke", False, {("kataagari", "4s")}),
    ("round-wind-first", dict(hand="567p789s4s", melds=[_m("pon", "111z"), _m("pon", "333z")], win_tile="4s"),
     "kanzen_sakizuke", True, set()),
    # a closed tsumo is never 片和了り, ankan or not
    ("closed-tsumo-with-ankan", dict(hand="111p13m456s99s", melds=[_m("ankan", "6666p")], win_tile="2m", tsumo=True),
     "sakizuke_a", True, set()),
]


@pytest.mark.parametrize("doc,ruleset,legal,reasons", [c[1:] for c in CALL_ORDER], ids=[c[0] for c in CALL_ORDER])
def test_call_order(doc, ruleset, legal, reasons):
    out = rules.evaluate({"seat_wind": "S", **doc, "ruleset": ruleset})
    assert (out["legal"], {(r["code"], _anchor(r)) for r in out["reasons"]}) == (legal, reasons), out["reasons"]
    assert rules.evaluate({"seat_wind": "S", **doc, "ruleset": "ariari"})["legal"]


def test_the_filled_in_tiles_are_tiles_of_the_cases_hand():
    for case in CASES:
        doc = case["doc"]
        shown = rules.tiles.parse_tokens(doc["hand"] + doc["win_tile"] + "".join(m["tiles"] for m in doc.get("melds", []))
                                         + "".join(case["waits"]))
        for group in re.findall(r"\{([0-9mpsz]+)\}", case["quote"]):
            assert set(rules.tiles.parse_tokens(group)) <= set(shown), (case["id"], group)

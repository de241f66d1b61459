"""``rules.compare``: one hand under several rule sets side by side (the dispute page)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import rules

PINFU = {"hand": "1123344s123m123p", "win_tile": "2s", "seat_wind": "S"}  # seed 003


def test_default_is_every_preset_in_order_with_labels():
    out = rules.compare(PINFU)
    assert [v["ruleset"] for v in out["verdicts"]] == list(rules.PRESETS)
    assert [v["label"] for v in out["verdicts"]] == [rules.PRESET_LABELS[n] for n in rules.PRESETS]


@pytest.mark.parametrize("preset,legal,total,yaku", [
    ("ariari", True, 5200, ["iipeikou", "sanshoku"]),
    ("shimamachi", True, 5200, ["iipeikou", "sanshoku"]),  # score_with_confirmed_yaku off
    ("sakizuke_a", True, 2000, ["iipeikou", "pinfu"]),
    ("kanzen_sakizuke", True, 2000, ["iipeikou", "pinfu"]),
    ("shingendai", True, 2000, ["iipeikou", "pinfu"]),
    ("tenhou", True, 5200, ["iipeikou", "sanshoku"]),
])
def test_pinfu_example_hand_side_by_side(preset, legal, total, yaku):
    v = {v["ruleset"]: v for v in rules.compare(PINFU)["verdicts"]}[preset]
    assert (v["legal"], v["total"], sorted(y["id"] for y in v["yaku"])) == (legal, total, yaku)


@pytest.mark.parametrize("doc", [
    PINFU,
    {"hand": "234m567p789s55z77z", "win_tile": "5z", "seat_wind": "S"},  # 白/中 shanpon: A no, B yes
    {"hand": "456p234s5z", "melds": [{"type": "chi", "tiles": "123p"}, {"type": "chi", "tiles": "789p"}],
     "win_tile": "5z"},
])
def test_each_verdict_is_the_evaluate_output(doc):
    for v in rules.compare(doc)["verdicts"]:
        alone = rules.evaluate({**doc, "ruleset": v["ruleset"]})
        assert {k: x for k, x in v.items() if k != "label"} == alone


def test_disputed_shanpon_differs_between_a_and_b():
    doc = {"hand": "234m567p789s55z77z", "win_tile": "5z", "seat_wind": "S"}
    out = rules.compare(doc, ["shimamachi", "sakizuke_a"])
    b, a = out["verdicts"]
    assert (b["legal"], a["legal"]) == (True, False)
    assert [r["code"] for r in a["reasons"]] == ["no_common_yaku"]
    assert [(w["tile"], w["qualifies"]) for w in a["per_wait"]] == [("5z", True), ("7z", True)]


def test_custom_ruleset_spec_and_its_label():
    """両翻縛り: 5s would be 平和 only (1 han), so the closed ron on 2s is refused."""
    out = rules.compare(PINFU, [{"preset": "sakizuke_a", "options": {"shibari": 2}, "name": "mine"}])
    (v,) = out["verdicts"]
    assert (v["ruleset"], v["label"], v["legal"]) == ("mine", "mine", False)
    assert [(r["code"], r["ja"]) for r in v["reasons"]] == [
        ("closed_ron", "5索待ちでは2翻縛りを満たしません(門前のロンは全ての待ちに役が必要)")]


def test_doc_ruleset_key_is_ignored():
    out = rules.compare({**PINFU, "ruleset": "tenhou"}, ["sakizuke_a"])
    assert out["verdicts"][0]["ruleset"] == "sakizuke_a"


@pytest.mark.parametrize("doc,rulesets,error,token", [
    (PINFU, ["shimamachi", "nope"], rules.RulesetError, "nope"),
    ({"hand": "1123344s123m12x", "win_tile": "2s"}, None, rules.NotationError, "x"),
    (PINFU, [], rules.DocumentError, "rulesets"),
    (PINFU, "shimamachi", rules.DocumentError, "rulesets"),
])
def test_bad_input_is_a_named_error(doc, rulesets, error, token):
    with pytest.raises(error) as exc:
        rules.compare(doc, rulesets)
    assert token in exc.value.message


def test_cli_compare():
    doc = {**PINFU, "rulesets": ["shimamachi", "sakizuke_a"]}
    run = subprocess.run([sys.executable, "-m", "rules", "compare"], input=json.dumps(doc),
                         capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert [(v["ruleset"], v["total"]) for v in out["verdicts"]] == [("shimamachi", 5200), ("sakizuke_a", 2000)]


def test_compare_equals_evaluate_on_random_hands():
    """compare shares one parse and one wait analysis across rule sets; each verdict must still be
    exactly ``rules.evaluate`` under that rule set (random hands of tests/rules/oracle.py, red fives,
    open and closed, ron and tsumo)."""
    import oracle

    docs = [oracle.to_doc(case, "ariari", red_fives=i % 2 == 0) for i, case in enumerate(oracle.random_cases(120, 4242))]
    for doc in docs:
        for v in rules.compare(doc)["verdicts"]:
            alone = rules.evaluate({**doc, "ruleset": v["ruleset"]})
            assert {k: x for k, x in v.items() if k != "label"} == alone, (doc, v["ruleset"])


def test_per_wait_yaku_carry_their_names_for_the_dispute_page():
    out = rules.evaluate({"hand": "123m406p789s1z", "melds": [{"type": "pon", "tiles": "555z"}], "win_tile": "1z"})
    assert out["per_wait"] == [{"tile": "1z", "qualifies": True,
                                "yaku": [{"id": "yakuhai_haku", "han": 1, "ja": "役牌 白", "en": "Yakuhai (haku)"}]}]
    judged = rules.evaluate({"ruleset": "shimamachi", "hand": "123m406p789s1z",
                             "melds": [{"type": "pon", "tiles": "555z"}], "win_tile": "1z"})
    assert judged["per_wait"][0]["yaku"][0]["ja"] == "役牌 白"

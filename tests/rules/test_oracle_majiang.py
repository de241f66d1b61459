"""Differential test: ``rules.evaluate`` under ``tenhou`` against majiang-core's 10,000 scored hands
(``shared/oracles/majiang-hule.json``, read in place beside the repository, never copied).

Compared per case: legal, han, fu, the hand's value (``defen`` = our ``total``), yaku with han (dora
counts apart), and each seat's change including honba and sticks (``fenpei``, seat 0 = dealer) from
our payments + honba_bonus + sticks_bonus.

majiang-core's rules are our ``tenhou`` preset's (red fives, 喰いタン, no 切り上げ, kazoe, yakuman
add up; a 連風牌 pair is 4 fu in both) with one option changed: majiang counts 四暗刻単騎, 国士十三面,
純正九蓮宝燈 and 大四喜 double, real Tenhou single, so the documents here carry
``oracle.MAJIANG_RULESET`` = ``tenhou`` + ``double_yakuman_hands: true`` (docs/rules.md §4.3). Not compared: fu and
dora of a yakuman hand (majiang gives no fu there and leaves dora out; docs/api.md fixes neither).
Where majiang would differ from docs/rules.md the data has no case: no hand is both 嶺上開花 and 海底
(majiang would count both; docs/rules.md §4.3 keeps 嶺上開花と海底は複合しない in every preset), and no
パオ (param ``baojia``) — ``test_the_data_avoids_what_rules_md_decides_differently`` pins that.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import oracle

ORACLE = Path(__file__).resolve().parents[2].parent / "shared" / "oracles" / "majiang-hule.json"


@pytest.fixture(scope="module")
def cases() -> list[dict]:
    if not ORACLE.exists():
        pytest.skip(f"majiang-core oracle data not found at {ORACLE} (it lives in shared/, beside the repo)")
    return json.loads(ORACLE.read_text(encoding="utf-8"))


@pytest.mark.parametrize("meld, expected", [
    ("m34-0", ("chi", "340m")),   # chi, the 4 called from 上家, with the red five
    ("p4-56", ("chi", "456p")),
    ("z555=", ("pon", "555z")),   # pon from 対面
    ("m550+", ("pon", "550m")),
    ("p5555", ("ankan", "5555p")),  # no mark: concealed kan
    ("s5550+", ("minkan", "5550s")),  # mark at the end: 大明槓
    ("z111+1", ("kakan", "1111z")),  # pon plus an added tile: 加槓
])
def test_meld_notation(meld, expected):
    assert oracle.parse_majiang_meld(meld) == expected


def test_the_data_avoids_what_rules_md_decides_differently(cases):
    hupai = [case["in"]["param"]["hupai"] for case in cases]
    assert not [h for h in hupai if h.get("lingshang") and h.get("haidi") == 1]
    assert not [case for case in cases if "baojia" in case["in"]["param"]]


def test_converter_reproduces_the_data_through_the_mahjong_package(cases):
    """The converter is right if the ``mahjong`` package, fed our documents and configured like
    majiang (the oracle README: it agrees on all 10,000), reproduces every expected outcome."""
    from mahjong.hand_calculating.scores import ScoresCalculator

    bad = []
    for case in cases[::5]:
        doc, seat, discarder = oracle.majiang_doc(case)
        got = oracle.mahjong_outcome(doc, oracle.tenhou_options(double_yakuman=True), ScoresCalculator, loser=discarder)
        want = oracle.majiang_outcome(case)
        if got != want:
            bad.append({"fields": oracle.differing(want, got), "doc": doc, "oracle_input": case["in"],
                        "expected": want, "got": got})
    assert not bad, oracle.mismatch_report(bad, len(cases[::5]))


def test_evaluate_agrees_with_majiang(cases):
    evaluate = oracle.engine_evaluate()
    evaluate(oracle.majiang_doc(cases[0])[0])  # an engine that cannot run at all fails here, once
    mismatches = []
    for case in cases:
        doc, seat, discarder = oracle.majiang_doc(case)
        want = oracle.majiang_outcome(case)
        try:
            result = evaluate(doc)
            got = oracle.outcome(result, seat=seat, discarder=discarder)
        except Exception as exc:  # noqa: BLE001 - an exception is one more mismatch to show
            result, got = None, {"error": repr(exc)}
        fields = oracle.differing(want, got)
        if fields:
            mismatches.append({"fields": fields, "doc": doc, "oracle_input": case["in"], "expected": want,
                               "got": got, "result": result})
    assert not mismatches, oracle.mismatch_report(mismatches, len(cases))

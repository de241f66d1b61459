"""The standard points table (han 1-4 × fu), limits and yakuman, under ``tenhou`` (no 切り上げ) and
``ariari`` (切り上げ満貫). Values are the published table, written out; '-' cells are left out."""

import pytest

from rules.points import score
from rules.ruleset import get_ruleset

ARIARI, TENHOU = get_ruleset("ariari"), get_ruleset("tenhou")
FU = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)

# non-dealer ron, by han: one value per fu of FU (None = impossible / not in the table)
NON_DEALER_RON = {
    1: (None, None, 1000, 1300, 1600, 2000, 2300, 2600, 2900, 3200, 3600),
    2: (None, 1600, 2000, 2600, 3200, 3900, 4500, 5200, 5800, 6400, 7100),
    3: (None, 3200, 3900, 5200, 6400, 7700, 8000, 8000, 8000, 8000, 8000),
    4: (None, 6400, 7700, 8000, 8000, 8000, 8000, 8000, 8000, 8000, 8000),
}
DEALER_RON = {
    1: (None, None, 1500, 2000, 2400, 2900, 3400, 3900, 4400, 4800, 5300),
    2: (None, 2400, 2900, 3900, 4800, 5800, 6800, 7700, 8700, 9600, 10600),
    3: (None, 4800, 5800, 7700, 9600, 11600, 12000, 12000, 12000, 12000, 12000),
    4: (None, 9600, 11600, 12000, 12000, 12000, 12000, 12000, 12000, 12000, 12000),
}
# non-dealer tsumo: (each non-dealer pays, the dealer pays)
NON_DEALER_TSUMO = {
    1: (None, None, (300, 500), (400, 700), (400, 800), (500, 1000), (600, 1200), (700, 1300), (800, 1500),
        (800, 1600), (900, 1800)),
    2: ((400, 700), None, (500, 1000), (700, 1300), (800, 1600), (1000, 2000), (1200, 2300), (1300, 2600),
        (1500, 2900), (1600, 3200), (1800, 3600)),
    3: ((700, 1300), (800, 1600), (1000, 2000), (1300, 2600), (1600, 3200), (2000, 3900)) + ((2000, 4000),) * 5,
    4: ((1300, 2600), (1600, 3200), (2000, 3900)) + ((2000, 4000),) * 8,
}
# dealer tsumo: each of the three pays
DEALER_TSUMO = {
    1: (None, None, 500, 700, 800, 1000, 1200, 1300, 1500, 1600, 1800),
    2: (700, None, 1000, 1300, 1600, 2000, 2300, 2600, 2900, 3200, 3600),
    3: (1300, 1600, 2000, 2600, 3200, 3900, 4000, 4000, 4000, 4000, 4000),
    4: (2600, 3200, 3900, 4000, 4000, 4000, 4000, 4000, 4000, 4000, 4000),
}
KIRIAGE = {(4, 30), (3, 60)}  # 切り上げ満貫 cells under ariari


def _cells(table):
    return [(han, fu, value) for han, row in table.items() for fu, value in zip(FU, row) if value is not None]


def _pays(han, fu, dealer, tsumo, ruleset):
    return [p.amount for p in score(han=han, fu=fu, dealer=dealer, tsumo=tsumo, ruleset=ruleset).payments]


@pytest.mark.parametrize("han, fu, value", _cells(NON_DEALER_RON))
def test_non_dealer_ron(han, fu, value):
    assert _pays(han, fu, False, False, TENHOU) == [value]
    assert _pays(han, fu, False, False, ARIARI) == [8000 if (han, fu) in KIRIAGE else value]


@pytest.mark.parametrize("han, fu, value", _cells(DEALER_RON))
def test_dealer_ron(han, fu, value):
    assert _pays(han, fu, True, False, TENHOU) == [value]
    assert _pays(han, fu, True, False, ARIARI) == [12000 if (han, fu) in KIRIAGE else value]


@pytest.mark.parametrize("han, fu, value", _cells(NON_DEALER_TSUMO))
def test_non_dealer_tsumo(han, fu, value):
    child, dealer = value
    assert _pays(han, fu, False, True, TENHOU) == [dealer, child, child]
    if (han, fu) in KIRIAGE:
        child, dealer = 2000, 4000
    assert _pays(han, fu, False, True, ARIARI) == [dealer, child, child]


@pytest.mark.parametrize("han, fu, value", _cells(DEALER_TSUMO))
def test_dealer_tsumo(han, fu, value):
    assert _pays(han, fu, True, True, TENHOU) == [value] * 3
    assert _pays(han, fu, True, True, ARIARI) == [4000 if (han, fu) in KIRIAGE else value] * 3


@pytest.mark.parametrize("han, limit, non_dealer, dealer", [
    (5, "mangan", 8000, 12000),
    (6, "haneman", 12000, 18000),
    (7, "haneman", 12000, 18000),
    (8, "baiman", 16000, 24000),
    (10, "baiman", 16000, 24000),
    (11, "sanbaiman", 24000, 36000),
    (12, "sanbaiman", 24000, 36000),
    (13, "kazoe_yakuman", 32000, 48000),
    (20, "kazoe_yakuman", 32000, 48000),
])
@pytest.mark.parametrize("ruleset", [ARIARI, TENHOU], ids=["ariari", "tenhou"])
def test_limits(ruleset, han, limit, non_dealer, dealer):
    ron = score(han=han, fu=30, dealer=False, tsumo=False, ruleset=ruleset)
    assert (ron.limit, ron.total) == (limit, non_dealer)
    assert score(han=han, fu=30, dealer=True, tsumo=False, ruleset=ruleset).total == dealer
    assert _pays(han, 30, False, True, ruleset) == [non_dealer // 2, non_dealer // 4, non_dealer // 4]
    assert _pays(han, 30, True, True, ruleset) == [dealer // 3] * 3


def test_without_kazoe_13_han_is_sanbaiman():
    rs = ARIARI.replace(kazoe_yakuman=False)
    assert score(han=13, fu=30, dealer=False, tsumo=False, ruleset=rs).total == 24000


@pytest.mark.parametrize("ruleset, yakuman, non_dealer, dealer, limit", [
    (ARIARI, 1, 32000, 48000, "yakuman"),
    (ARIARI, 2, 32000, 48000, "yakuman"),        # ariari: single even for a double
    (TENHOU, 1, 32000, 48000, "yakuman"),
    (TENHOU, 2, 64000, 96000, "double_yakuman"),
    (TENHOU, 3, 96000, 144000, "triple_yakuman"),
], ids=["ariari-1", "ariari-2", "tenhou-1", "tenhou-2", "tenhou-3"])
def test_yakuman(ruleset, yakuman, non_dealer, dealer, limit):
    ron = score(yakuman=yakuman, dealer=False, tsumo=False, ruleset=ruleset)
    assert (ron.total, ron.limit) == (non_dealer, limit)
    assert score(yakuman=yakuman, dealer=True, tsumo=False, ruleset=ruleset).total == dealer
    tsumo = [p.amount for p in score(yakuman=yakuman, dealer=False, tsumo=True, ruleset=ruleset).payments]
    assert tsumo == [non_dealer // 2, non_dealer // 4, non_dealer // 4]


@pytest.mark.parametrize("doc, total, payments, received", [
    # 3翻30符 ron by a non-dealer, 2 honba, 1 stick: 3900 + 600 + 1000
    ({"hand": "123m456p789s2399s", "win_tile": "1s", "riichi": True, "dora_indicators": ["7s"],
      "seat_wind": "S", "honba": 2, "sticks": 1}, 3900, [{"from": "discarder", "amount": 3900}], 5500),
    # dealer pinfu tsumo 2翻20符: 700 all
    ({"hand": "123m456p789s2399s", "win_tile": "4s", "tsumo": True, "seat_wind": "E"}, 2100,
     [{"from": "non_dealer", "amount": 700}] * 3, 2100),
    # non-dealer riichi tsumo pinfu 3翻20符: 700 / 1300
    ({"hand": "123m456p789s2399s", "win_tile": "4s", "tsumo": True, "riichi": True, "seat_wind": "W"}, 2700,
     [{"from": "dealer", "amount": 1300}, {"from": "non_dealer", "amount": 700},
      {"from": "non_dealer", "amount": 700}], 2700),
])
def test_evaluate_payments(doc, total, payments, received):
    from rules import evaluate

    out = evaluate(doc)
    assert (out["total"], out["payments"], out["received"]) == (total, payments, received)
    assert out["honba_bonus"] == 300 * doc.get("honba", 0)
    assert out["sticks_bonus"] == 1000 * doc.get("sticks", 0)


def test_kiriage_is_only_30fu4han_and_60fu3han_not_2han120fu():
    # 2翻120符: base 120×2^4 = 1920, the same as 30符4翻, but docs/rules.md §3.2 names only the two cells.
    assert _pays(2, 120, False, False, ARIARI) == [7700]
    assert _pays(4, 30, False, False, ARIARI) == [8000]

"""``rules.tenpai``: tenpai at an exhaustive draw — 形式テンパイ (seed 002 ④) and, under 完全先付け,
an open hand needs a yaku on every wait (seed 000 「副露の場合は役付きに限る」, seed 001)."""

from __future__ import annotations

import pytest

import rules

CHI_789M = [{"type": "chi", "tiles": "789m"}]


@pytest.mark.parametrize("doc,ruleset,tenpai,waits,codes", [
    # seed 000: 流局時の聴牌は、面前は役なしでも、フリテンでもOK
    ({"hand": "111p678p13m456s99s"}, "shimamachi", True, ["2m"], []),
    ({"hand": "111p678p13m456s99s"}, "sakizuke_a", True, ["2m"], []),
    # 副露の場合は役付きに限る
    ({"hand": "678p13m456s99s", "melds": [{"type": "pon", "tiles": "111p"}]}, "shimamachi", False, ["2m"],
     [("open_tenpai_yaku", "2m")]),
    ({"hand": "678p13m456s99s", "melds": [{"type": "pon", "tiles": "111p"}]}, "ariari", True, ["2m"], []),
    # seed 001: 門前でない聴牌は全ての待ち牌で縛りを満たさないと不聴と見なされ
    ({"hand": "12345678s11z", "melds": CHI_789M}, "kanzen_sakizuke", False, ["3s", "6s", "9s"],
     [("open_tenpai_yaku", "3s"), ("open_tenpai_yaku", "6s")]),
    ({"hand": "12345678s11z", "melds": CHI_789M}, "ariari", True, ["3s", "6s", "9s"], []),
    # an open hand with a yaku on every wait (seed 000 片和了り 例2)
    ({"hand": "123456p2233s", "melds": [{"type": "chi", "tiles": "789p"}]}, "shimamachi", True, ["2s", "3s"], []),
    # 翻牌の先付け: 中 pon after a chi does not qualify, so the open hand is noten under 先付け
    ({"hand": "567p789s4s", "melds": [{"type": "chi", "tiles": "234m"}, {"type": "pon", "tiles": "777z"}]},
     "kanzen_sakizuke", False, ["4s"], [("open_tenpai_yaku", "4s")]),
    # seed 002 ④: 自分が待ち牌をすべて使っている時は無効
    ({"hand": "1111m234p567p789s"}, "ariari", False, [], [("all_waits_held", None)]),
    ({"hand": "1111m234p567p789s"}, "shimamachi", False, [], [("all_waits_held", None)]),
    # noten
    ({"hand": "13579m2468p1357s"}, "ariari", False, [], [("noten", None)]),
])
def test_tenpai(doc, ruleset, tenpai, waits, codes):
    out = rules.tenpai({**doc, "ruleset": ruleset, "seat_wind": "S"})
    got = [(r["code"], next((w for w in waits if f"wait {w} " in r["en"]), None)) for r in out["reasons"]]
    assert (out["tenpai"], out["waits"], got) == (tenpai, waits, codes)
    assert out["formal"] == bool(waits)
    assert [w["tile"] for w in out["per_wait"]] == waits


def test_per_wait_lists_qualifying_yaku():
    out = rules.tenpai({"hand": "12345678s11z", "melds": CHI_789M, "ruleset": "kanzen_sakizuke"})
    assert [(w["tile"], [y["id"] for y in w["yaku"]], w["qualifies"]) for w in out["per_wait"]] == [
        ("3s", [], False), ("6s", [], False), ("9s", ["ittsuu"], True)]


def test_ryanhan_shibari_open_tenpai():
    """shibari 2: an open ittsuu (1 han) on every wait is not enough."""
    doc = {"hand": "123456p2233s", "melds": [{"type": "chi", "tiles": "789p"}]}
    assert rules.tenpai({**doc, "ruleset": "shimamachi"})["tenpai"]
    assert not rules.tenpai({**doc, "ruleset": {"preset": "shimamachi", "options": {"shibari": 2}}})["tenpai"]


def test_win_tile_is_refused():
    with pytest.raises(rules.DocumentError) as exc:
        rules.tenpai({"hand": "111p678p13m456s99s", "win_tile": "2m"})
    assert "win_tile" in exc.value.message


def test_bad_tile_named():
    with pytest.raises(rules.NotationError) as exc:
        rules.tenpai({"hand": "111p678p13m456s99q"})
    assert "q" in exc.value.message

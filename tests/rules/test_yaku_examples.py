"""Every アガリ例 of seed 003 that names win tiles and yaku: the example hand typed as the seed writes
it (Japanese notation, calls inline), each stated win tile, the stated yaku (and han where the seed
says). The test id quotes the seed line.

Seed slips, typed as corrected here (and reported): the 大四喜 and 小四喜 examples call 南南南 while
already holding 南南南 (six 南); the pon is read as 北北北 / 西西西. The 三色同順 example's 「9」 is ⑨
(9索 is not a wait of that hand), and that hand has 8 concealed tiles beside two calls (15 tiles with
the win, and no pair for the ③⑥⑨ wait): the (ポン)一一一 is read as a concealed pair 一一.
"""

import pytest

from rules import evaluate

E_ROUND_S_SEAT = {"seat_wind": "S", "round_wind": "E"}
EXAMPLES = [
    # (seed line, hand, win tiles, situation, yaku that must be there {id: han or None}, yaku that must not)
    ("「99234②③④④⑤⑥七九」のとき、「八」をツモるとメンゼンツモが成立する",
     "99234②③④④⑤⑥七九", "八", {"tsumo": True}, {"menzen_tsumo": 1}, set()),
    ("「99234七八九③④④⑤⑥」のとき、②・⑤でピンフが成立する",
     "99234七八九③④④⑤⑥", "②⑤", {}, {"pinfu": 1}, set()),
    ("「1123344二三四④⑤⑥」のとき、2・5でピンフが成立する",
     "1123344二三四④⑤⑥", "25", {}, {"pinfu": 1}, set()),
    ("「北北234六七八②③④⑦⑧」で北場以外かつ自風が北以外のとき、⑥・⑨でピンフとなる",
     "北北234六七八②③④⑦⑧", "⑥⑨", E_ROUND_S_SEAT, {"pinfu": 1}, set()),
    ("「233445一二三③③③④」のとき、②・⑤でピンフが成立する",
     "233445一二三③③③④", "②⑤", {}, {"pinfu": 1}, set()),
    ("④の場合、③③③の刻子となってしまい…ピンフは成立しない",
     "233445一二三③③③④", "④", {}, {}, {"pinfu"}),
    ("「1123344一二三①②③」のとき、5ではピンフが成立する",
     "1123344一二三①②③", "5", {}, {"pinfu": 1}, set()),
    ("2ではピンフが成立しない…三色同順一盃口(子5200点/親7700点)",
     "1123344一二三①②③", "2", {}, {"sanshoku": 2, "iipeikou": 1}, {"pinfu"}),
    ("「22456三三三③④④⑤⑥」のとき、②・⑤でタンヤオが成立する",
     "22456三三三③④④⑤⑥", "②⑤", {}, {"tanyao": 1}, set()),
    ("「11233三三三④⑤⑥⑧⑧」のとき、「2」で一盃口が成立する",
     "11233三三三④⑤⑥⑧⑧", "2", {}, {"iipeikou": 1}, set()),
    ("「12233三三三④⑤⑥中中」のとき、「1」で一盃口が成立する",
     "12233三三三④⑤⑥中中", "1", {}, {"iipeikou": 1}, set()),
    ("「22456東東東③④④⑤⑥」のとき、②・⑤で東場…なら「東」の役牌が成立する",
     "22456東東東③④④⑤⑥", "②⑤", E_ROUND_S_SEAT, {"yakuhai_round_wind": 1}, set()),
    ("「22456東東東③④④⑤⑥」…または自風が東なら「東」の役牌",
     "22456東東東③④④⑤⑥", "②⑤", {"seat_wind": "E", "round_wind": "S"}, {"yakuhai_seat_wind": 1}, set()),
    ("「11456二三南南南白白白」のとき、一・四で南場…「南」「白」の役牌で2翻",
     "11456二三南南南白白白", "一四", {"seat_wind": "W", "round_wind": "S"},
     {"yakuhai_round_wind": 1, "yakuhai_haku": 1}, set()),
    ("「4466①①一一八八中中發」のとき、「發」で七対子が成立する",
     "4466①①一一八八中中發", "發", {}, {"chiitoitsu": 2}, set()),
    ("「222999九九西西 (ポン)③③③」のとき、「九・西」で対々和が成立する",
     "222999九九西西 (ポン)③③③", "九西", {}, {"toitoi": 2}, {"sanankou"}),
    ("「444③③③東 (カン)白白白白 (ポン)①①①」のとき、「東」で対々和が成立する",
     "444③③③東 (カン)白白白白 (ポン)①①①", "東", {}, {"toitoi": 2}, set()),
    ("「222999九九西西 (ポン)③③③」のとき、「九・西」のツモあがりで三暗刻が成立する",
     "222999九九西西 (ポン)③③③", "九西", {"tsumo": True}, {"sanankou": 2, "toitoi": 2}, set()),
    ("「444③③③七八九東東東南」のとき、「南」で三暗刻が成立する(ロン)",
     "444③③③七八九東東東南", "南", {}, {"sanankou": 2}, set()),
    ("「444③③③七八九東東東南」のとき、「南」で三暗刻が成立する(ツモ)",
     "444③③③七八九東東東南", "南", {"tsumo": True}, {"sanankou": 2}, set()),
    ("「九九西西 (暗カン)2222 (暗カン)9999 (明カン)③③③③」のとき、「九・西」で三槓子が成立する",
     "九九西西 (暗カン)2222 (暗カン)9999 (明カン)③③③③", "九西", {}, {"sankantsu": 2}, set()),
    ("「456東 (暗カン)白白白白 (明カン)①①①① (明カン)③③③③」のとき、「東」で三槓子が成立する",
     "456東 (暗カン)白白白白 (明カン)①①①① (明カン)③③③③", "東", {}, {"sankantsu": 2}, set()),
    ("「二二二②②②⑦⑧西西 (ポン)222」のとき、「⑥・⑨」で三色同刻が成立する",
     "二二二②②②⑦⑧西西 (ポン)222", "⑥⑨", {}, {"sanshoku_doukou": 2}, set()),
    ("「111456東 (ポン)①①① (ポン)一一一」のとき、「東」で三色同刻が成立する",
     "111456東 (ポン)①①① (ポン)一一一", "東", {}, {"sanshoku_doukou": 2}, set()),
    ("「456①②③中中發發 (ポン)白白白」のとき、「中・發」で小三元が成立する",
     "456①②③中中發發 (ポン)白白白", "中發", {}, {"shousangen": 2}, set()),
    ("「一二三九九九⑦⑧⑨西西12」のとき、「3」でチャンタが成立する",
     "一二三九九九⑦⑧⑨西西12", "3", {}, {"chanta": 2}, set()),
    ("「111①①①南南發發 (ポン)999」のとき、「南・發」で混老頭が成立する",
     "111①①①南南發發 (ポン)999", "南發", {}, {"honroutou": 2}, {"chanta"}),
    ("「二三四②③④23西西 (ポン)222」のとき、「4」で三色同順が成立する",
     "二三四②③④23西西 (ポン)222", "4", {}, {"sanshoku": 1}, set()),
    ("「六七八④⑤⑥⑦⑧ (チー)678 (ポン)一一一」のとき、「③・⑥」で三色同順が成立する",
     "六七八④⑤⑥⑦⑧一一 (チー)678", "③⑥", {}, {"sanshoku": 1}, set()),
    ("「六七八④⑤⑥⑦⑧ (チー)678 (ポン)一一一」…「9」では三色同順は成立しない (⑨)",
     "六七八④⑤⑥⑦⑧一一 (チー)678", "⑨", {}, {}, {"sanshoku"}),
    ("「一二三四五六七九⑦⑧⑨55」のとき、「八」で一気通貫が成立する",
     "一二三四五六七九⑦⑧⑨55", "八", {}, {"ittsuu": 2}, set()),
    ("「1234445678999」のとき、「4・9」で一気通貫が成立する",
     "1234445678999", "49", {}, {"ittsuu": 2, "chinitsu": 6}, set()),
    ("「3・5・6・7・8」でも清一色で和了だが一気通貫は成立しない",
     "1234445678999", "35678", {}, {"chinitsu": 6}, {"ittsuu"}),
    ("「223344④④⑤⑥⑥九九」のとき、「⑤」で二盃口が成立する",
     "223344④④⑤⑥⑥九九", "⑤", {}, {"ryanpeikou": 3}, {"iipeikou", "chiitoitsu"}),
    ("「223344445566九」のとき、「九」で二盃口が成立する",
     "223344445566九", "九", {}, {"ryanpeikou": 3}, set()),
    ("「111345789西西北北」のとき、「西・北」で混一色が成立する",
     "111345789西西北北", "西北", {}, {"honitsu": 3}, set()),
    ("「11123①②③⑦⑧⑨九九」のとき、「1・九」で純チャンが成立する",
     "11123①②③⑦⑧⑨九九", "1九", {}, {"junchan": 3}, {"chanta"}),
    ("「1223345578999」のとき、「5・6・9」で清一色が成立する",
     "1223345578999", "569", {}, {"chinitsu": 6}, set()),
    ("「11④⑤⑥白白白發發發中中」のとき、「中」で大三元が成立する",
     "11④⑤⑥白白白發發發中中", "中", {}, {"daisangen": 13}, set()),
    ("「1」なら白・發の役牌となる",
     "11④⑤⑥白白白發發發中中", "1", {}, {"yakuhai_haku": 1, "yakuhai_hatsu": 1}, {"daisangen"}),
    ("「白白白中中中東東東南南西西」のとき、「南・西」で字一色が成立する",
     "白白白中中中東東東南南西西", "南西", {}, {"tsuuiisou": 13}, set()),
    ("「東東東南南南西西西⑤ (ポン)南南南」(pon read as 北北北)のとき、「⑤」で大四喜が成立する",
     "東東東南南南西西西⑤ (ポン)北北北", "⑤", {}, {"daisuushii": 13}, set()),
    ("「東東東南南南北北②③ (ポン)南南南」(pon read as 西西西)のとき、「①・④」で小四喜が成立する",
     "東東東南南南北北②③ (ポン)西西西", "①④", {}, {"shousuushii": 13}, set()),
    ("「22334466發發 (ポン)888」のとき、「6・發」で緑一色が成立する",
     "22334466發發 (ポン)888", "6發", {}, {"ryuuiisou": 13}, set()),
    ("「111一一一九九①① (ポン)999」のとき、「九・①」で清老頭が成立する",
     "111一一一九九①① (ポン)999", "九①", {}, {"chinroutou": 13}, set()),
    ("「222999③③③九九西西」のとき、「九・西」のツモあがりで四暗刻が成立する",
     "222999③③③九九西西", "九西", {"tsumo": True}, {"suuankou": 13}, set()),
    ("ロンあがりなら、対々和と三暗刻の複合役となり、四暗刻は成立しない",
     "222999③③③九九西西", "九西", {}, {"toitoi": 2, "sanankou": 2}, {"suuankou"}),
    ("「444①①①③③③白白白東」のとき、「東」で四暗刻が成立する(ロン)",
     "444①①①③③③白白白東", "東", {}, {"suuankou": 13}, set()),
    ("「444①①①③③③白白白東」のとき、「東」で四暗刻が成立する(ツモ)",
     "444①①①③③③白白白東", "東", {"tsumo": True}, {"suuankou": 13}, set()),
    ("「1 (カン)東東東東 (カン)南南南南 (カン)②②②② (カン)5555」のとき、「1」で四槓子が成立する",
     "1 (カン)東東東東 (カン)南南南南 (カン)②②②② (カン)5555", "1", {}, {"suukantsu": 13}, set()),
]


def _cases():
    for quote, hand, wins, situation, present, absent in EXAMPLES:
        for win in wins:
            yield pytest.param(hand, win, situation, present, absent, id=f"{quote} [{win}]")


@pytest.mark.parametrize("hand, win, situation, present, absent", list(_cases()))
def test_seed_003_example(hand, win, situation, present, absent):
    doc = {"hand": hand, "win_tile": win, "seat_wind": "S", "round_wind": "E", **situation}
    out = evaluate(doc)
    yaku = {y["id"]: y["han"] for y in out["yaku"]}
    for yaku_id, han in present.items():
        assert yaku.get(yaku_id) == han, yaku
    assert not absent & set(yaku), yaku
    if present:
        assert out["legal"], out["reasons"]


@pytest.mark.parametrize("quote, hand, win", [
    ("「4」は何の役も成立しない", "12233三三三④⑤⑥中中", "4"),
    ("「1」では和了できない(役無し)", "二三四②③④23西西 (ポン)222", "1"),
])
def test_seed_003_no_yaku(quote, hand, win):
    out = evaluate({"hand": hand, "win_tile": win, "seat_wind": "S"})
    assert (out["legal"], out["yaku"], out["reasons"][0]["code"]) == (False, [], "no_yaku")


@pytest.mark.parametrize("seat, total", [("S", 5200), ("E", 7700)])
def test_seed_003_sanshoku_iipeikou_price(seat, total):
    # 「高点法により…三色同順一盃口(子5200点/親7700点)に取らなければならない」
    out = evaluate({"hand": "1123344一二三①②③", "win_tile": "2", "seat_wind": seat})
    assert out["total"] == total


@pytest.mark.parametrize("seat, total", [("S", 2000), ("E", 2900)])
def test_seed_003_pinfu_iipeikou_price_of_the_other_reading(seat, total):
    # 「ピンフ・一盃口(子2000点/親2900点)」: the ryanmen reading's price, as a candidate
    from rules.evaluate import candidates
    from rules.hand import parse_doc

    hand, rs = parse_doc({"hand": "1123344一二三①②③", "win_tile": "2", "seat_wind": seat})
    pinfu = [c for c in candidates(hand, rs) if any(h.id == "pinfu" for h in c.yaku)]
    assert [c.total for c in pinfu] == [total]


@pytest.mark.parametrize("hand, error", [
    ("東東東南南南西西西⑤ (ポン)南南南", "6th copy of 2z"),
    ("六七八④⑤⑥⑦⑧ (チー)678 (ポン)一一一", "has 8 tiles"),
])
def test_the_seed_slips_as_written_are_named_errors(hand, error):
    from rules.errors import TileCountError

    with pytest.raises(TileCountError) as exc:
        evaluate({"hand": hand, "win_tile": "⑤"})
    assert error in exc.value.message

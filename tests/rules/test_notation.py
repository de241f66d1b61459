"""Tile notation (docs/rules.md §1): mpsz and the Japanese notation of seed 003, mixed; canonical sorted
mpsz out; every kind of bad input is a named error whose message names the offending token."""

import pytest

from rules import evaluate
from rules.errors import DocumentError, MeldError, NotationError, RulesError, TileCountError
from rules.document import parse_doc
from rules.hand import parse_hand_text
from rules.tiles import parse_tile, parse_tiles, to_mpsz


@pytest.mark.parametrize("text, canonical", [
    ("123m406p789s11z", "123m406p789s11z"),
    ("406p123m", "123m406p"),
    ("一二三④⑤⑥789東東", "123m456p789s11z"),
    ("１２３", "123s"),
    ("白發中発", "5667z"),
    ("九八七 ③②① 3s21 北西南東", "789m123p123s1234z"),  # mixed, whitespace ignored, sorted
    ("0m0p0s", "0m0p0s"),
    ("55m0m", "055m"),
    ("19m19p19s1234567z", "19m19p19s1234567z"),
    ("①", "1p"),
    ("4萬 56筒 7索 0萬", "40m56p7s"),  # the suit's kanji as its letter, as the app writes tiles
    ("四萬 ⑤筒 一二三萬 9万", "12349m5p"),  # after a tile that says its suit already
])
def test_canonical(text, canonical):
    assert to_mpsz(*parse_tiles(text)) == canonical


@pytest.mark.parametrize("text", ["123m406p789s11z", "19m19p19s1234567z", "0m0p0s", "5555z", "999m"])
def test_round_trip(text):
    once = to_mpsz(*parse_tiles(text))
    assert to_mpsz(*parse_tiles(once)) == once


@pytest.mark.parametrize("a, b", [
    ("一二三四五六七八九", "123456789m"),
    ("①②③④⑤⑥⑦⑧⑨", "123456789p"),
    ("123456789", "123456789s"),
    ("１２３４５６７８９", "123456789s"),
    ("東南西北白發中", "1234567z"),
    ("発", "6z"),
])
def test_japanese_equals_mpsz(a, b):
    assert parse_tiles(a) == parse_tiles(b)


@pytest.mark.parametrize("text, token", [
    ("123x", "'x'"),
    ("12m8z", "'8z'"),
    ("m123", "'m'"),
    ("1234０", "'０'"),     # a red five without its suit
    ("東萬", "'萬'"),  # a suit's kanji after a tile of no suit
    ("四筒", "'筒'"),  # or of another suit
    ("0z", "'0z'"),
])
def test_notation_errors_name_the_token(text, token):
    with pytest.raises(NotationError) as exc:
        parse_tiles(text)
    assert token in str(exc.value) and exc.value.ja and exc.value.code == "bad_notation"


@pytest.mark.parametrize("doc, error, token", [
    ({"hand": "11111m2345p6789s"}, TileCountError, "1m"),                        # 5th copy
    ({"hand": "5555m0m234p6789s"}, TileCountError, "5m"),                        # the red five is a five
    ({"hand": "12345m234p6789s", "win_tile": "1m"}, TileCountError, "12 tiles"),  # wrong count
    ({"hand": "123m234p6789s1z", "melds": [{"type": "pon", "tiles": "111z"}], "win_tile": "1m"},
     TileCountError, "needs 10"),
    ({"hand": "123m234p6789s1z", "melds": [{"type": "pon", "tiles": "556z"}]}, MeldError, "556z"),
    ({"hand": "123m234p6789s1z", "melds": [{"type": "chi", "tiles": "891m"}]}, MeldError, "891m"),
    ({"hand": "123m234p6789s1z", "melds": [{"type": "chi", "tiles": "123z"}]}, MeldError, "123z"),
    ({"hand": "123m234p6789s1z", "melds": [{"type": "kan", "tiles": "5555z"}]}, MeldError, "kan"),
    ({"hand": "123m234p6789s1z", "melds": [{"type": "ankan", "tiles": "555z"}]}, MeldError, "555z"),
    ({"hand": "123m456p789s1234z", "win_tile": "1x"}, NotationError, "'x'"),
    ({"hand": "123m456p789s1234z", "win_tile": "12m"}, TileCountError, "12m"),
    ({"hand": "123m456p789s1234z", "seat_wind": "X"}, DocumentError, "'X'"),
    ({"hand": "123m456p789s1234z", "tsumo": "yes"}, DocumentError, "tsumo"),
    ({"hand": "123m456p789s1234z", "situational": ["kaiten"]}, DocumentError, "kaiten"),
    ({"hand": "123m456p789s1234z", "dora": ["1m"]}, DocumentError, "dora"),
    ({"hand": "123m456p789s1234z", "honba": -1}, DocumentError, "honba"),
    ({"hand": "123m456p789s1234z", "ruleset": "nope"}, RulesError, "nope"),
    ({"hand": "(chi)123m456p789s1234z", "riichi": True}, DocumentError, "riichi"),
    ({"hand": "123m456p789s1234z", "win_tile": "1z", "situational": ["haitei"]}, DocumentError, "haitei"),
    ({"hand": "123m456p789s1234z", "win_tile": "1z", "tsumo": True, "seat_wind": "S",
      "situational": ["tenhou"]}, DocumentError, "tenhou"),
])
def test_document_errors_name_the_field_or_token(doc, error, token):
    with pytest.raises(error) as exc:
        evaluate(doc)
    assert token in exc.value.message and exc.value.ja


@pytest.mark.parametrize("wind", ["E", "e", "東", "1z"])
def test_winds_in_every_notation(wind):
    hand, _ = parse_doc({"hand": "123m456p789s1234z", "seat_wind": wind, "round_wind": wind})
    assert (hand.seat_wind, hand.round_wind, hand.is_dealer) == (27, 27, True)


def test_parse_tile_is_one_tile():
    assert parse_tile("⑤") == (13, False)
    assert parse_tile("0m") == (4, True)


def test_inline_calls_of_seed_003():
    concealed, reds, melds = parse_hand_text("444③③③東 (カン)白白白白 (ポン)①①①")
    assert to_mpsz(concealed) == "333p444s1z"
    assert [(m.type, to_mpsz(m.tiles), m.index) for m in melds] == [("minkan", "5555z", 0), ("pon", "111p", 1)]
    _, _, melds = parse_hand_text("九九西西 (暗カン)2222 (暗カン)9999 (明カン)③③③③")
    assert [m.type for m in melds] == ["ankan", "ankan", "minkan"]
    _, _, melds = parse_hand_text("六七八④⑤⑥⑦⑧ (チー)678 (ポン)一一一")
    assert [(m.type, to_mpsz(m.tiles)) for m in melds] == [("chi", "678s"), ("pon", "111m")]


def test_red_fives_are_plain_fives_without_the_red_five_rule():
    doc = {"hand": "123m406p789s1122z", "win_tile": "1z"}
    assert evaluate(doc)["hand"] == "123m456p789s1122z"
    assert evaluate(doc)["dora"]["aka_dora"] == 0
    out = evaluate({**doc, "ruleset": "tenhou", "win_tile": "1z"})
    assert (out["hand"], out["dora"]["aka_dora"]) == ("123m406p789s1122z", 1)


def test_output_is_canonical_mpsz():
    out = evaluate({"hand": "東東 ⑨⑧⑦ 三二一 3s2s1s 發 中", "melds": [], "win_tile": "発"})
    assert (out["hand"], out["win_tile"]) == ("123m789p123s1167z", "6z")


@pytest.mark.parametrize("doc, ja", [
    ({"hand": "23m234p567p55666s", "win_tile": "4man"}, "和了牌: 3文字目の「a」は牌として読めません"),
    ({"hand": "23m234p567p55666s", "win_tile": "4m4m"}, "和了牌: 「4m4m」は牌1枚で指定してください(2枚あります)"),
    ({"hand": "23m234p567p5566x", "win_tile": "4m"}, "手牌: 16文字目の「x」は牌として読めません"),
    ({"hand": "23m234p567p55666s", "win_tile": "4m", "dora_indicators": ["9x"]},
     "ドラ表示牌: 2文字目の「x」は牌として読めません"),
    ({"hand": "23m234p567p55666s", "win_tile": "4m", "ura_indicators": ["萬"]},
     "裏ドラ表示牌: 1文字目の「萬」: 数字のない種類記号です"),
])
def test_an_unreadable_tile_string_is_told_with_its_fields_name(doc, ja):
    """The same words fit any field: the message says which one (a scorekeeper's 和了牌 typo was told as 手牌)."""
    with pytest.raises(RulesError) as exc:
        evaluate({"ruleset": "ariari", **doc})
    field = list(doc)[-1] if "手牌" not in ja else "hand"
    assert exc.value.ja == ja and exc.value.message.startswith(field + ": ")

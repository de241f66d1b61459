"""Reading an evaluate document (docs/api.md): ``parse_doc`` turns it into a validated ``Hand`` and
its ``RuleSet``; every bad field raises a named ``RulesError`` and nothing is half-applied. Sizes
and counts are bounded (``LIMITS``) so no input can make the engine work without end.

>>> hand, rs = parse_doc({"hand": "123m406p789s1z", "melds": [{"type": "pon", "tiles": "555z"}],
...                       "win_tile": "1z", "seat_wind": "南"})
>>> hand.is_closed, hand.is_dealer, rs.name, hand.reds
(False, False, 'ariari', (0, 0, 0))
"""

from __future__ import annotations

import reprlib
from dataclasses import replace
from typing import Any, Mapping

from .errors import BoundsError, DocumentError, MeldError, TileCountError
from .hand import Hand, Meld, make_meld, parse_hand_text
from .ruleset import RuleSet, get_ruleset
from .tiles import check_copies, parse_tile, parse_tiles

FLAGS = ("haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou", "renhou")
WINDS = {"E": 27, "S": 28, "W": 29, "N": 30, "東": 27, "南": 28, "西": 29, "北": 30,
         "1z": 27, "2z": 28, "3z": 29, "4z": 30}
DOC_KEYS = {"ruleset", "hand", "melds", "win_tile", "tsumo", "seat_wind", "round_wind", "riichi",
            "double_riichi", "ippatsu", "situational", "dora_indicators", "ura_indicators", "honba",
            "sticks"}
# Bounds of a document, far beyond any real hand or table (docs/api.md); beyond them: ``BoundsError``.
LIMITS = {
    "text": 120,  # characters of one tile string (hand, a meld's tiles, win_tile, an indicator)
    "honba": 100,
    "sticks": 100,  # riichi sticks and 罰符 on the table
    "melds": 4,
    "indicators": 5,  # dora / ura indicators, each
    "name": 64,  # characters of a rule set's name
}
_short = reprlib.Repr()
_short.maxstring = _short.maxother = 40
_short.maxlevel = 2


def show(value: object) -> str:
    """A value for an error message: its repr, cut short (a message never grows with the input).

    >>> show("x" * 50), show([[[[1]]]]), show(3), show(10 ** 5000)
    ("'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'", '[[[...]]]', '3', 'a number of 5001 digits')
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10 ** 40:
        return f"a number of {len(str(abs(value))) if abs(value) < 10 ** 4000 else _digits(abs(value))} digits"
    return _short.repr(value)


def _digits(n: int) -> int:
    """Decimal digits of a huge ``n`` (``str`` refuses over 4300 digits)."""
    d = int(n.bit_length() * 0.30102999566398120) + 1
    return d if n >= 10 ** (d - 1) else d - 1


def _text(value: str, key: str) -> str:
    """A tile string no longer than ``LIMITS["text"]`` (type checks are the reader's)."""
    if isinstance(value, str) and len(value) > LIMITS["text"]:
        raise BoundsError(f"'{key}' has {len(value)} characters; at most {LIMITS['text']}",
                          ja=f"{key} が{len(value)}文字あります(最大{LIMITS['text']}文字)")
    return value


def ruleset_of(spec: Any) -> RuleSet:
    """``get_ruleset`` of a document's spec, with a name no longer than ``LIMITS["name"]``."""
    if type(spec) is str:
        return get_ruleset(spec)
    name = spec.get("name") if isinstance(spec, Mapping) else spec
    if isinstance(name, str) and len(name) > LIMITS["name"]:
        raise BoundsError(f"rule set name has {len(name)} characters; at most {LIMITS['name']}",
                          ja=f"ルールセット名が{len(name)}文字あります(最大{LIMITS['name']}文字)")
    return get_ruleset(spec)

def _bool(doc: Mapping[str, Any], key: str) -> bool:
    value = doc.get(key, False)
    if not isinstance(value, bool):
        raise DocumentError(f"'{key}' must be true or false, not {show(value)}",
                            ja=f"{key} は true/false で指定してください({show(value)})")
    return value


def _count(doc: Mapping[str, Any], key: str) -> int:
    value = doc.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise DocumentError(f"'{key}' must be a whole number >= 0, not {show(value)}",
                            ja=f"{key} は0以上の整数で指定してください({show(value)})")
    if value > LIMITS[key]:
        raise BoundsError(f"'{key}' is {show(value)}; at most {LIMITS[key]}",
                          ja=f"{key} が{show(value)}です(最大{LIMITS[key]})")
    return value


def _wind(doc: Mapping[str, Any], key: str) -> int:
    value = doc.get(key, "E")
    wind = None
    if isinstance(value, str):
        text = value.strip()
        wind = WINDS.get(text.upper() if text.isascii() and len(text) == 1 else text.lower())
    if wind is None:
        raise DocumentError(f"'{key}' must be a wind (E S W N, 東南西北 or 1z-4z), not {show(value)}",
                            ja=f"{key} は風(E S W N / 東南西北 / 1z〜4z)で指定してください({show(value)})")
    return wind


def _indicators(doc: Mapping[str, Any], key: str) -> list[int]:
    """Indicator tile kinds (a red five points at the 6 like any five)."""
    value = doc.get(key)
    if not value:
        return []
    tiles: list[int] = []
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list):
        raise DocumentError(f"'{key}' must be a list of tiles", ja=f"{key} は牌のリストで指定してください")
    if len(items) > LIMITS["indicators"]:
        raise BoundsError(f"'{key}' has {len(items)} entries; at most {LIMITS['indicators']} indicators exist",
                          ja=f"{key} が{len(items)}件あります(最大{LIMITS['indicators']}枚)")
    for item in items:
        if not isinstance(item, str):
            raise DocumentError(f"'{key}' must be a list of tiles, not {show(item)}",
                                ja=f"{key} は牌のリストで指定してください({show(item)})")
        tiles += parse_tiles(_text(item, key))[0]
    if len(tiles) > LIMITS["indicators"]:
        raise DocumentError(f"'{key}' has {len(tiles)} indicators; at most {LIMITS['indicators']} exist",
                            ja=f"{key} が{len(tiles)}枚あります(最大{LIMITS['indicators']}枚)")
    return tiles


def _is_mapping(value: object) -> bool:
    return type(value) is dict or isinstance(value, Mapping)  # the ABC check is slow; most input is a dict


def parse_doc(doc: Mapping[str, Any]) -> tuple[Hand, RuleSet]:
    """Validate an evaluate document (docs/api.md) into a ``Hand`` and its ``RuleSet``."""
    if not _is_mapping(doc):
        raise DocumentError("the document must be an object", ja="入力はオブジェクトで指定してください")
    extra = doc.keys() - DOC_KEYS
    if extra:
        unknown = ", ".join(show(k) if not isinstance(k, str) else show(k)[1:-1] for k in sorted(extra, key=str)[:5])
        unknown += f" (+{len(extra) - 5})" if len(extra) > 5 else ""
        raise DocumentError(f"unknown field(s): {unknown}", ja=f"不明な項目です: {unknown}")
    ruleset = ruleset_of(doc.get("ruleset", "ariari"))
    if "hand" not in doc:
        raise DocumentError("'hand' is missing", ja="手牌(hand)がありません")
    concealed, reds, melds = parse_hand_text(_text(doc["hand"], "hand"))
    raw_melds = doc.get("melds") or []
    if not isinstance(raw_melds, list):
        raise DocumentError("'melds' must be a list", ja="melds はリストで指定してください")
    if len(raw_melds) > LIMITS["melds"]:
        raise TileCountError(f"{len(raw_melds)} melds: a hand has at most 4", ja=f"副露が{len(raw_melds)}組あります(最大4組)")
    called: list[Meld] = []
    for i, m in enumerate(raw_melds):
        if not _is_mapping(m) or set(m) - {"type", "tiles"} or "type" not in m or "tiles" not in m:
            raise MeldError(f"melds[{i}] must be {{\"type\": ..., \"tiles\": ...}}, not {show(m)}",
                            ja=f"{i + 1}番目の副露は {{\"type\", \"tiles\"}} で指定してください")
        if not isinstance(m["type"], str) or not isinstance(m["tiles"], str):
            raise MeldError(f"melds[{i}]: type and tiles must be strings", ja=f"{i + 1}番目の副露: 文字列で指定してください")
        called.append(make_meld(_text(m["type"], f"melds[{i}].type"), _text(m["tiles"], f"melds[{i}].tiles"), i,
                                where=f"melds[{i}] "))
    melds = called + [replace(m, index=len(called) + k) for k, m in enumerate(melds)]
    if len(melds) > 4:
        raise TileCountError(f"{len(melds)} melds: a hand has at most 4", ja=f"副露が{len(melds)}組あります(最大4組)")
    need = 13 - 3 * len(melds)
    if len(concealed) != need:
        raise TileCountError(
            f"hand '{doc['hand']}' has {len(concealed)} tiles; with {len(melds)} meld(s) it needs {need} "
            "(without the winning tile)",
            ja=f"手牌「{doc['hand']}」は{len(concealed)}枚です。副露{len(melds)}組なら和了牌を除いて{need}枚です")
    win_tile, win_red = None, False
    if doc.get("win_tile") is not None:
        if not isinstance(doc["win_tile"], str):
            raise DocumentError(f"'win_tile' must be a tile string, not {show(doc['win_tile'])}",
                                ja="win_tile は牌1枚の文字列で指定してください")
        win_tile, win_red = parse_tile(_text(doc["win_tile"], "win_tile"))
    everything = concealed + ([win_tile] if win_tile is not None else []) + [t for m in melds for t in m.tiles]
    all_reds = list(reds)
    if win_red:
        all_reds[win_tile // 9] += 1
    for m in melds:
        if m.reds:
            all_reds[m.tiles[0] // 9] += m.reds
    check_copies(everything, all_reds)
    situational = doc.get("situational") or []
    if isinstance(situational, list) and len(situational) > len(FLAGS):
        raise BoundsError(f"'situational' has {len(situational)} entries; there are {len(FLAGS)} flags",
                          ja=f"situational が{len(situational)}件あります(最大{len(FLAGS)}件)")
    if not isinstance(situational, list) or any(f not in FLAGS for f in situational):
        bad = situational if not isinstance(situational, list) else [f for f in situational if f not in FLAGS][0]
        raise DocumentError(f"unknown situational flag {show(bad)} (known: {', '.join(FLAGS)})",
                            ja=f"不明な状況役の指定です: {show(bad)}")
    dora = _indicators(doc, "dora_indicators")
    ura = _indicators(doc, "ura_indicators")
    hand = Hand(
        concealed=tuple(sorted(concealed)), melds=tuple(melds), win_tile=win_tile, tsumo=_bool(doc, "tsumo"),
        seat_wind=_wind(doc, "seat_wind"), round_wind=_wind(doc, "round_wind"), riichi=_bool(doc, "riichi"),
        double_riichi=_bool(doc, "double_riichi"), ippatsu=_bool(doc, "ippatsu"),
        flags=frozenset(situational), dora_indicators=tuple(dora), ura_indicators=tuple(ura),
        reds=(reds[0], reds[1], reds[2]), win_red=win_red, honba=_count(doc, "honba"), sticks=_count(doc, "sticks"),
    )
    _check_situation(hand)
    return (hand if ruleset.red_fives else hand.without_reds()), ruleset


def _check_situation(hand: Hand) -> None:
    """Flags that contradict each other or the hand are input errors, not silent zeros."""
    def bad(en: str, ja: str) -> None:
        raise DocumentError(en, ja=ja)

    if (hand.riichi or hand.double_riichi) and not hand.is_closed:
        bad("riichi needs a closed hand (only ankan allowed)", "リーチは門前(暗槓のみ可)でしか掛けられません")
    if hand.ippatsu and not (hand.riichi or hand.double_riichi):
        bad("ippatsu needs riichi", "一発はリーチが必要です")
    f, tsumo = hand.flags, hand.tsumo
    for flag, need_tsumo in (("haitei", True), ("rinshan", True), ("tenhou", True), ("chiihou", True),
                             ("houtei", False), ("chankan", False), ("renhou", False)):
        if flag in f and tsumo != need_tsumo:
            bad(f"situational '{flag}' is only a {'tsumo' if need_tsumo else 'ron'} win",
                f"{flag} は{'ツモ' if need_tsumo else 'ロン'}和了のみです")
    if "rinshan" in f and not any(m.is_quad for m in hand.melds):
        bad("situational 'rinshan' needs a kan among the melds", "嶺上開花には槓が必要です")
    if "tenhou" in f and not hand.is_dealer:
        bad("situational 'tenhou' is only for the dealer (seat_wind E)", "天和は親(東家)のみです")
    for flag in ("chiihou", "renhou"):
        if flag in f and hand.is_dealer:
            bad(f"situational '{flag}' is only for a non-dealer", f"{flag} は子のみです")
    for flag in ("tenhou", "chiihou", "renhou"):
        if flag in f and hand.melds:
            bad(f"situational '{flag}' cannot have melds", f"{flag} は副露があると成立しません")

"""The full reader of an evaluate document: every field checked in order, the first failure raised
as a named ``RulesError`` that says what to fix; nothing is half-applied."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any, Mapping

from ..errors import BoundsError, DocumentError, MeldError, NotationError, TileCountError
from ..hand import Hand, Meld, make_meld, parse_hand_text
from ..ruleset import RuleSet
from ..tiles import check_copies, parse_tile, parse_tiles
from .fields import DOC_KEYS, FLAGS, LIMITS, WINDS, check_situation, ruleset_of, show


def _text(value: str, key: str) -> str:
    """A tile string no longer than ``LIMITS["text"]`` (type checks are the reader's)."""
    if isinstance(value, str) and len(value) > LIMITS["text"]:
        raise BoundsError(f"'{key}' has {len(value)} characters; at most {LIMITS['text']}",
                          ja=f"{key} が{len(value)}文字あります(最大{LIMITS['text']}文字)")
    return value



# the fields typed as tile strings, named as a scorekeeper knows them
TILE_FIELDS_JA = {"hand": "手牌", "win_tile": "和了牌", "dora_indicators": "ドラ表示牌", "ura_indicators": "裏ドラ表示牌"}


@contextmanager
def _tiles_of(key: str) -> Iterator[None]:
    """A tile string that cannot be read is told with its field's name (the same words fit any field)."""
    try:
        yield
    except (NotationError, TileCountError) as exc:
        raise type(exc)(f"{key}: {exc.message}", ja=f"{TILE_FIELDS_JA[key]}: {exc.ja}") from exc


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
        with _tiles_of(key):
            tiles += parse_tiles(_text(item, key))[0]
    if len(tiles) > LIMITS["indicators"]:
        raise DocumentError(f"'{key}' has {len(tiles)} indicators; at most {LIMITS['indicators']} exist",
                            ja=f"{key} が{len(tiles)}枚あります(最大{LIMITS['indicators']}枚)")
    return tiles


def _is_mapping(value: object) -> bool:
    return type(value) is dict or isinstance(value, Mapping)  # the ABC check is slow; most input is a dict



def parse_doc_checked(doc: Mapping[str, Any]) -> tuple[Hand, RuleSet]:
    """``parse_doc`` by the full reader: every check in order, the first failure raised."""
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
    with _tiles_of("hand"):
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
        with _tiles_of("win_tile"):
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
    check_situation(hand)
    return (hand if ruleset.red_fives else hand.without_reds()), ruleset

"""A hand as typed: concealed tiles, melds in call order, the winning tile and the situation.

``parse_doc`` turns an evaluate document (docs/api.md) into a validated ``Hand`` and its
``RuleSet``; every bad field raises a named ``RulesError`` and nothing is half-applied.

>>> hand, rs = parse_doc({"hand": "123m406p789s1z", "melds": [{"type": "pon", "tiles": "555z"}],
...                       "win_tile": "1z", "seat_wind": "南"})
>>> hand.is_closed, hand.is_dealer, rs.name, hand.reds
(False, False, 'ariari', (0, 0, 0))

Seed 003 writes calls inline: ``(ポン)``, ``(チー)``, ``(カン)``/``(明カン)``, ``(暗カン)``, ``(加カン)``.

>>> concealed, reds, melds = parse_hand_text("222999九九西西 (ポン)③③③")
>>> len(concealed), melds[0].type, melds[0].tiles
(10, 'pon', (11, 11, 11))
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any, Mapping

from .errors import DocumentError, MeldError, TileCountError
from .ruleset import RuleSet, get_ruleset
from .tiles import check_copies, parse_tile, parse_tiles, parse_tokens, to_mpsz

MELD_TYPES = ("chi", "pon", "minkan", "kakan", "ankan")
FLAGS = ("haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou", "renhou")
WINDS = {"E": 27, "S": 28, "W": 29, "N": 30, "東": 27, "南": 28, "西": 29, "北": 30,
         "1z": 27, "2z": 28, "3z": 29, "4z": 30}
DOC_KEYS = {"ruleset", "hand", "melds", "win_tile", "tsumo", "seat_wind", "round_wind", "riichi",
            "double_riichi", "ippatsu", "situational", "dora_indicators", "ura_indicators", "honba",
            "sticks"}
_INLINE = {"ポン": "pon", "チー": "chi", "カン": "minkan", "明カン": "minkan", "大明カン": "minkan",
           "暗カン": "ankan", "加カン": "kakan", "pon": "pon", "chi": "chi", "minkan": "minkan",
           "ankan": "ankan", "kakan": "kakan"}
MAX_TEXT = 200  # a hand string, even in Japanese notation with inline calls, is far shorter
MAX_COUNT = 9999  # honba and sticks
_INLINE_RE = re.compile(r"[(（]\s*(" + "|".join(sorted(_INLINE, key=len, reverse=True)) + r")\s*[)）]")


@dataclass(frozen=True)
class Meld:
    """One call. ``tiles`` sorted kinds; ``index`` its position in call order (a kakan keeps the
    position of the pon it grew from); ``reds`` red fives in it. An ankan keeps the hand closed."""

    type: str
    tiles: tuple[int, ...]
    index: int
    reds: int = 0

    @property
    def opened(self) -> bool:
        return self.type != "ankan"

    @property
    def is_quad(self) -> bool:
        return len(self.tiles) == 4

    def as_dict(self) -> dict:
        reds = [0, 0, 0]
        if self.reds:
            reds[self.tiles[0] // 9] = self.reds
        return {"type": self.type, "tiles": to_mpsz(self.tiles, reds)}


@dataclass(frozen=True)
class Hand:
    """A validated hand. ``concealed`` excludes the winning tile; winds are tile kinds (27 = 東);
    ``reds`` counts red fives [m, p, s] among the concealed tiles (zero when the rule set has none)."""

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...] = ()
    win_tile: int | None = None
    tsumo: bool = False
    seat_wind: int = 27
    round_wind: int = 27
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    flags: frozenset[str] = frozenset()
    dora_indicators: tuple[int, ...] = ()
    ura_indicators: tuple[int, ...] = ()
    reds: tuple[int, int, int] = (0, 0, 0)
    win_red: bool = False
    honba: int = 0
    sticks: int = 0

    # derived once per hand (the engine reads them for every candidate); not fields, so equality
    # and hashing still see only what was typed
    @cached_property
    def is_closed(self) -> bool:
        """門前: no call other than ankan."""
        return not any(m.opened for m in self.melds)

    @property
    def is_dealer(self) -> bool:
        return self.seat_wind == 27

    @property
    def aka_count(self) -> int:
        return sum(self.reds) + self.win_red + sum(m.reds for m in self.melds)

    def all_tiles(self) -> list[int]:
        """Every tile of the hand: concealed, the winning tile and all meld tiles (quads as four)."""
        out = list(self.concealed)
        if self.win_tile is not None:
            out.append(self.win_tile)
        for m in self.melds:
            out.extend(m.tiles)
        return out

    @cached_property
    def kinds(self) -> frozenset[int]:
        """The tile kinds of ``all_tiles``."""
        return frozenset(self.all_tiles())

    def without_reds(self) -> "Hand":
        """The same tiles read without red fives (a rule set that has none)."""
        if not self.aka_count:
            return self
        return replace(self, reds=(0, 0, 0), win_red=False,
                       melds=tuple(replace(m, reds=0) if m.reds else m for m in self.melds))

    def with_win(self, tile: int, red: bool = False) -> "Hand":
        """The same hand and situation won on ``tile``."""
        # a field-for-field copy like ``copy.copy`` (``replace`` re-runs __init__ and is several times
        # slower; the engine calls this for every wait); a cached ``is_closed`` stays valid
        new = object.__new__(Hand)
        new.__dict__.update(self.__dict__, win_tile=tile, win_red=red)
        new.__dict__.pop("kinds", None)
        return new


def make_meld(kind: str, text: str, index: int, where: str = "") -> Meld:
    """A checked meld from its type and tile string.

    >>> make_meld("chi", "867s", 0).tiles
    (23, 24, 25)
    >>> make_meld("pon", "556z", 0)
    Traceback (most recent call last):
    ...
    rules.errors.MeldError: meld pon '556z' is not a triplet
    """
    return _meld(kind, parse_tokens(text), index, where, text)


def _meld(kind: str, tokens: list[tuple[int, bool]], index: int, where: str, text: str) -> Meld:
    if kind not in MELD_TYPES:
        raise MeldError(f"unknown meld type '{kind}' (use chi pon minkan kakan ankan)",
                        ja=f"不明な副露の種類です: {kind}(chi pon minkan kakan ankan)")
    tiles = sorted(t for t, _ in tokens)
    reds = sum(r for _, r in tokens)
    need = 3 if kind in ("chi", "pon") else 4
    if len(tiles) != need:
        raise MeldError(f"meld {where}{kind} '{text}' has {len(tiles)} tiles, needs {need}",
                        ja=f"副露 {kind}「{text}」は{need}枚で指定してください({len(tiles)}枚あります)")
    if kind == "chi":
        ok = tiles[0] < 27 and tiles[0] // 9 == tiles[2] // 9 and tiles[1] == tiles[0] + 1 and tiles[2] == tiles[0] + 2
        what, what_ja = "a run", "順子"
    else:
        ok = len(set(tiles)) == 1
        what, what_ja = ("a triplet", "刻子") if need == 3 else ("a quad", "槓子")
    if not ok:
        raise MeldError(f"meld {where}{kind} '{text}' is not {what}", ja=f"副露 {kind}「{text}」は{what_ja}になっていません")
    return Meld(kind, tuple(tiles), index, reds)


def parse_hand_text(text: str) -> tuple[list[int], list[int], list[Meld]]:
    """Concealed tiles, their red fives, and inline melds (``(ポン)③③③``) of a hand string."""
    if not isinstance(text, str):
        raise DocumentError("'hand' must be a string of tiles", ja="hand は牌の文字列で指定してください")
    if len(text) > MAX_TEXT:
        raise DocumentError(f"'hand' is longer than {MAX_TEXT} characters", ja=f"hand は{MAX_TEXT}文字以内で指定してください")
    parts = _INLINE_RE.split(text) if "(" in text or "（" in text else [text]
    tokens = parse_tokens(parts[0])
    melds = []
    for i in range(1, len(parts), 2):
        kind = _INLINE[parts[i]]
        after = parse_tokens(parts[i + 1])
        need = 3 if kind in ("chi", "pon") else 4
        if len(after) < need:
            raise MeldError(f"'({parts[i]}){parts[i + 1].strip()}' needs {need} tiles after the call",
                            ja=f"「({parts[i]}){parts[i + 1].strip()}」: 副露の牌が{need}枚必要です")
        meld_text = parts[i + 1].strip()
        melds.append(_meld(kind, after[:need], len(melds), "", meld_text))
        tokens += after[need:]  # tiles after the meld are concealed again
    reds = [0, 0, 0]
    for t, red in tokens:
        if red:
            reds[t // 9] += 1
    return [t for t, _ in tokens], reds, melds


def _bool(doc: Mapping[str, Any], key: str) -> bool:
    value = doc.get(key, False)
    if not isinstance(value, bool):
        raise DocumentError(f"'{key}' must be true or false, not {value!r}",
                            ja=f"{key} は true/false で指定してください({value!r})")
    return value


def _count(doc: Mapping[str, Any], key: str) -> int:
    value = doc.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise DocumentError(f"'{key}' must be a whole number >= 0, not {value!r}"[:200],
                            ja=f"{key} は0以上の整数で指定してください({value!r})"[:200])
    if value > MAX_COUNT:
        raise DocumentError(f"'{key}' must be at most {MAX_COUNT}", ja=f"{key} は{MAX_COUNT}以下で指定してください")
    return value


def _wind(doc: Mapping[str, Any], key: str) -> int:
    value = doc.get(key, "E")
    wind = None
    if isinstance(value, str):
        text = value.strip()
        wind = WINDS.get(text.upper() if text.isascii() and len(text) == 1 else text.lower())
    if wind is None:
        raise DocumentError(f"'{key}' must be a wind (E S W N, 東南西北 or 1z-4z), not {value!r}",
                            ja=f"{key} は風(E S W N / 東南西北 / 1z〜4z)で指定してください({value!r})")
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
    if len(items) > MAX_TEXT or sum(len(item) for item in items if isinstance(item, str)) > MAX_TEXT:
        raise DocumentError(f"'{key}' is too long", ja=f"{key} が長すぎます")
    for item in items:
        if not isinstance(item, str):
            raise DocumentError(f"'{key}' must be a list of tiles, not {item!r}",
                                ja=f"{key} は牌のリストで指定してください({item!r})")
        tiles += parse_tiles(item)[0]
    if len(tiles) > 5:
        raise DocumentError(f"'{key}' has {len(tiles)} indicators; at most 5 exist",
                            ja=f"{key} が{len(tiles)}枚あります(最大5枚)")
    return tiles


def _is_mapping(value: object) -> bool:
    return type(value) is dict or isinstance(value, Mapping)  # the ABC check is slow; most input is a dict


def parse_doc(doc: Mapping[str, Any]) -> tuple[Hand, RuleSet]:
    """Validate an evaluate document (docs/api.md) into a ``Hand`` and its ``RuleSet``."""
    if not _is_mapping(doc):
        raise DocumentError("the document must be an object", ja="入力はオブジェクトで指定してください")
    unknown = ", ".join(sorted(doc.keys() - DOC_KEYS))
    if unknown:
        raise DocumentError(f"unknown field(s): {unknown}", ja=f"不明な項目です: {unknown}")
    ruleset = get_ruleset(doc.get("ruleset", "ariari"))
    if "hand" not in doc:
        raise DocumentError("'hand' is missing", ja="手牌(hand)がありません")
    concealed, reds, melds = parse_hand_text(doc["hand"])
    raw_melds = doc.get("melds") or []
    if not isinstance(raw_melds, list):
        raise DocumentError("'melds' must be a list", ja="melds はリストで指定してください")
    called: list[Meld] = []
    for i, m in enumerate(raw_melds):
        if not _is_mapping(m) or set(m) - {"type", "tiles"} or "type" not in m or "tiles" not in m:
            raise MeldError(f"melds[{i}] must be {{\"type\": ..., \"tiles\": ...}}, not {m!r}",
                            ja=f"{i + 1}番目の副露は {{\"type\", \"tiles\"}} で指定してください")
        if not isinstance(m["type"], str) or not isinstance(m["tiles"], str):
            raise MeldError(f"melds[{i}]: type and tiles must be strings", ja=f"{i + 1}番目の副露: 文字列で指定してください")
        if len(m["tiles"]) > MAX_TEXT or len(m["type"]) > MAX_TEXT:
            raise MeldError(f"melds[{i}] is too long", ja=f"{i + 1}番目の副露が長すぎます")
        called.append(make_meld(m["type"], m["tiles"], i, where=f"melds[{i}] "))
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
            raise DocumentError(f"'win_tile' must be a tile string, not {doc['win_tile']!r}",
                                ja="win_tile は牌1枚の文字列で指定してください")
        win_tile, win_red = parse_tile(doc["win_tile"])
    everything = concealed + ([win_tile] if win_tile is not None else []) + [t for m in melds for t in m.tiles]
    all_reds = list(reds)
    if win_red:
        all_reds[win_tile // 9] += 1
    for m in melds:
        if m.reds:
            all_reds[m.tiles[0] // 9] += m.reds
    check_copies(everything, all_reds)
    situational = doc.get("situational") or []
    if not isinstance(situational, list) or any(f not in FLAGS for f in situational):
        bad = situational if not isinstance(situational, list) else [f for f in situational if f not in FLAGS][0]
        raise DocumentError(f"unknown situational flag {bad!r} (known: {', '.join(FLAGS)})",
                            ja=f"不明な状況役の指定です: {bad!r}")
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

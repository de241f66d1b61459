"""A hand as typed: concealed tiles, melds in call order, the winning tile and the situation.

``rules.document.parse_doc`` builds one from an evaluate document. Seed 003 writes calls inline: ``(ポン)``, ``(チー)``, ``(カン)``/``(明カン)``, ``(暗カン)``, ``(加カン)``.

>>> concealed, reds, melds = parse_hand_text("222999九九西西 (ポン)③③③")
>>> len(concealed), melds[0].type, melds[0].tiles
(10, 'pon', (11, 11, 11))
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields, replace
from functools import lru_cache

from .errors import DocumentError, MeldError
from .tiles import parse_tokens, suit_codes, to_mpsz, value_tiles

MELD_TYPES = ("chi", "pon", "minkan", "kakan", "ankan")
_INLINE = {"ポン": "pon", "チー": "chi", "カン": "minkan", "明カン": "minkan", "大明カン": "minkan",
           "暗カン": "ankan", "加カン": "kakan", "pon": "pon", "chi": "chi", "minkan": "minkan",
           "ankan": "ankan", "kakan": "kakan"}
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
        return {"type": self.type, "tiles": _meld_text(self.tiles, self.reds)}


@lru_cache(maxsize=1024)
def _meld_text(tiles: tuple[int, ...], reds: int) -> str:
    """The mpsz of a meld's tiles with ``reds`` red fives (a few hundred distinct melds exist)."""
    suit_reds = [0, 0, 0]
    if reds:
        suit_reds[tiles[0] // 9] = reds
    return to_mpsz(tiles, suit_reds)


class _derived:
    """A value derived once per hand and kept in its ``__dict__`` (like ``functools.cached_property``,
    without its lock: a hand is never shared between threads while it is being built)."""

    def __init__(self, fn):
        self.fn, self.name, self.__doc__ = fn, fn.__name__, fn.__doc__

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.fn(obj)
        return value


# derived values that stay valid when only the winning tile changes (``Hand.with_win`` keeps them)
_KEPT_BY_WITH_WIN = ("is_closed", "value_tiles", "mask13", "meld_sets", "counts13", "codes13", "waits13",
                     "concealed_text", "_situation_features", "_situational_hits", "parts13", "whole13", "grown13")
# ... and those that stay valid too when the new winning tile is of a kind the hand holds anyway (the
# same ``mask``: the kinds, and the features that follow from them and the situation)
_KEPT_BY_SAME_KINDS = frozenset({"mask", "kinds", "_features"})
# every other derived value a hand can hold (``with_win`` drops these; a test checks that no other exists)
_DROPPED_BY_WITH_WIN = frozenset({"_hash"}) | _KEPT_BY_SAME_KINDS


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

    def __hash__(self) -> int:
        """The hash of the fields, kept once computed (``compare`` keys its shared work by hand)."""
        found = self.__dict__.get("_hash")
        if found is None:
            found = self.__dict__["_hash"] = hash(tuple([self.__dict__[name] for name in _FIELD_ORDER]))
        return found

    # derived once per hand (the engine reads them for every candidate); not fields, so equality
    # and hashing still see only what was typed
    @_derived
    def is_closed(self) -> bool:
        """門前: no call other than ankan."""
        return not any(m.opened for m in self.melds)

    @property
    def is_dealer(self) -> bool:
        return self.seat_wind == 27

    @property
    def aka_count(self) -> int:
        count = sum(self.reds) + self.win_red
        for m in self.melds:
            count += m.reds
        return count

    def all_tiles(self) -> list[int]:
        """Every tile of the hand: concealed, the winning tile and all meld tiles (quads as four)."""
        out = list(self.concealed)
        if self.win_tile is not None:
            out.append(self.win_tile)
        for m in self.melds:
            out.extend(m.tiles)
        return out

    @_derived
    def concealed_text(self) -> str:
        """The concealed tiles (without the winning tile) in canonical mpsz."""
        return to_mpsz(self.concealed, self.reds)

    @_derived
    def codes13(self) -> tuple[int, int, int, int]:
        """The concealed tiles' counts per suit as ``tiles.suit_codes`` (the shape tables' keys)."""
        return suit_codes(self.concealed)

    @_derived
    def counts13(self) -> tuple[int, ...]:
        """Counts per kind of the concealed tiles (without the winning tile)."""
        c = [0] * 34
        for t in self.concealed:
            c[t] += 1
        return tuple(c)

    @_derived
    def value_tiles(self) -> frozenset[int]:
        """The 役牌 kinds for this seat and round (``tiles.value_tiles``)."""
        return value_tiles(self.seat_wind, self.round_wind)

    @_derived
    def kinds(self) -> frozenset[int]:
        """The tile kinds of ``all_tiles``."""
        return frozenset(self.all_tiles())

    @_derived
    def mask13(self) -> int:
        """The kinds of the concealed tiles and melds (without the winning tile) as bits: 1 << kind."""
        m = 0
        for t in self.concealed:
            m |= 1 << t
        for meld in self.melds:
            m |= 1 << meld.tiles[0] | 1 << meld.tiles[-1] | 1 << meld.tiles[1]
        return m

    @_derived
    def mask(self) -> int:
        """``kinds`` as bits (1 << kind), for quick tests of what a hand can be."""
        return self.mask13 if self.win_tile is None else self.mask13 | 1 << self.win_tile

    def without_reds(self) -> "Hand":
        """The same tiles read without red fives (a rule set that has none)."""
        if not self.aka_count:
            return self
        return replace(self, reds=(0, 0, 0), win_red=False,
                       melds=tuple(replace(m, reds=0) if m.reds else m for m in self.melds))

    def with_win(self, tile: int, red: bool = False) -> "Hand":
        """The same hand and situation won on ``tile``."""
        # a field-for-field copy like ``copy.copy`` (``replace`` re-runs __init__ and is several times
        # slower; the engine calls this for every wait); the derived values of ``_KEPT_BY_WITH_WIN`` stay valid
        # (every other key is a field, in ``_KEPT_BY_WITH_WIN`` or in ``_DROPPED_BY_WITH_WIN``)
        src = self.__dict__
        new = _new(Hand)
        d = new.__dict__
        d.update(src)
        if "_hash" in d:
            del d["_hash"]
        mask13, mask = src.get("mask13"), src.get("mask")
        # the values that follow from the kinds held stay valid when the new tile adds no kind
        if mask is None or mask13 is None or mask != mask13 | 1 << tile:
            if "_features" in d:
                del d["_features"]
            if "kinds" in d:
                del d["kinds"]
        if mask13 is not None:
            d["mask"] = mask13 | 1 << tile
        elif mask is not None:
            del d["mask"]
        d["win_tile"], d["win_red"] = tile, red
        return new

    @classmethod
    def of(cls, values: dict) -> "Hand":
        """A hand from a dict of all its fields by name, as ``Hand(...)`` makes it but without the
        frozen dataclass's ``__init__``, plus any derived values already known; the dict becomes the
        hand's own (``rules.document.plain`` builds one per evaluate)."""
        new = _new(cls)
        _set(new, "__dict__", values)  # a frozen dataclass refuses its own ``__setattr__``
        return new


_new = object.__new__
_set = object.__setattr__
_FIELD_ORDER = tuple(f.name for f in fields(Hand))
_FIELD_NAMES = frozenset(_FIELD_ORDER)
_KEPT = _FIELD_NAMES | frozenset(_KEPT_BY_WITH_WIN)


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

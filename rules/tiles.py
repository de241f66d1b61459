"""Tiles and notation (docs/rules.md §1).

A tile kind is an int 0..33: 0-8 萬子 1m-9m, 9-17 筒子 1p-9p, 18-26 索子 1s-9s, 27-33 字牌
東南西北白發中 (1z-7z). Red fives are kept as a count beside the tiles (a red five is a five).

Two notations are read, mixed freely, whitespace ignored: mpsz (``123m406p789s11z``, ``0`` = red
five) and the Japanese notation of seed 003 (一..九 萬子, ①..⑨ 筒子, 1..9 / １..９ 索子,
東南西北白發中, 発 = 發). The suit's kanji stands for its letter, as the app writes tiles (``4萬``,
``56筒``, ``7索``; 万 = 萬), and may follow a tile that already says its suit (``四萬``, ``⑤筒``).
Output is canonical sorted mpsz.

>>> tiles, reds = parse_tiles("一二三①⑤０ 東東發")
Traceback (most recent call last):
...
rules.errors.NotationError: '０' at position 5: a red five needs a suit letter (0m 0p 0s)
>>> tiles, reds = parse_tiles("一二三①②③123東東 發 発")
>>> to_mpsz(tiles, reds)
'123m123p123s1166z'
>>> to_mpsz(*parse_tiles("406p5m"))
'5m406p'
>>> to_mpsz(*parse_tiles("四萬56筒 ⑦筒 1万 9索"))
'14m567p9s'
"""

from __future__ import annotations

import re
from bisect import bisect_left
from functools import lru_cache
from typing import Iterable, Sequence

from .errors import NotationError, TileCountError

SUITS = "mpsz"
SUIT_NAMES_JA = "萬筒索"
HONOR_NAMES_JA = "東南西北白發中"
HONOR_NAMES_EN = ("east", "south", "west", "north", "haku", "hatsu", "chun")
TERMINALS_HONORS = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))
WINDS = (27, 28, 29, 30)  # 東南西北
DRAGONS = (31, 32, 33)  # 白發中
_NUMBERS = tuple(str(t % 9 + 1) for t in range(34))
TILE_NAMES = tuple(n + SUITS[t // 9] for t, n in enumerate(_NUMBERS))  # 0 → '1m' ... 33 → '7z'
# the Japanese name of each kind, the one home of it (sakizuke's reasons, the web app's tile pictures)
TILE_NAMES_JA = tuple(HONOR_NAMES_JA[t - 27] if t >= 27 else n + SUIT_NAMES_JA[t // 9] for t, n in enumerate(_NUMBERS))

_KANJI_MAN = "一二三四五六七八九"
_CIRCLED_PIN = "①②③④⑤⑥⑦⑧⑨"
_FULLWIDTH = "０１２３４５６７８９"
_JA_TILE: dict[str, int] = {}
for _i, _c in enumerate(_KANJI_MAN):
    _JA_TILE[_c] = _i
for _i, _c in enumerate(_CIRCLED_PIN):
    _JA_TILE[_c] = 9 + _i
for _i, _c in enumerate(HONOR_NAMES_JA):
    _JA_TILE[_c] = 27 + _i
_JA_TILE["発"] = 32
_SUIT_KANJI = {"萬": "m", "万": "m", "筒": "p", "索": "s"}  # as a suit letter
_SUITED_JA = _KANJI_MAN + _CIRCLED_PIN


def tile_name(t: int, red: bool = False) -> str:
    """mpsz name of one tile.

    >>> tile_name(31), tile_name(13, red=True)
    ('5z', '0p')
    """
    return "0" + SUITS[t // 9] if red else TILE_NAMES[t]


def tile_ja(t: int, red: bool = False) -> str:
    """Japanese name of one tile.

    >>> tile_ja(2), tile_ja(13), tile_ja(13, red=True), tile_ja(19), tile_ja(33)
    ('3萬', '5筒', '赤5筒', '2索', '中')
    """
    return "赤" + TILE_NAMES_JA[t] if red else TILE_NAMES_JA[t]


def value_tiles(seat_wind: int, round_wind: int) -> frozenset[int]:
    """The kinds whose triplet is a 役牌 (and whose pair earns fu): 白發中, the seat and the round wind.

    >>> sorted(value_tiles(28, 27))
    [27, 28, 31, 32, 33]
    """
    return frozenset((*DRAGONS, seat_wind, round_wind))


def dora_from_indicator(t: int) -> int:
    """The dora a dora indicator points at (9→1, 北→東, 中→白).

    >>> [tile_name(dora_from_indicator(x)) for x in (8, 30, 33, 31)]
    ['1m', '1z', '5z', '6z']
    """
    if t < 27:
        return t - 8 if t % 9 == 8 else t + 1
    if t < 31:
        return 27 if t == 30 else t + 1
    return 31 if t == 33 else t + 1


def _digit(ch: str) -> int | None:
    if "0" <= ch <= "9":
        return ord(ch) - 48
    i = _FULLWIDTH.find(ch)
    return i if i >= 0 else None


def parse_tiles(text: str) -> tuple[list[int], list[int]]:
    """Read a tile string: ``(tiles in reading order, red fives per suit [m, p, s])``.

    Raises ``NotationError`` naming the offending character or token.

    >>> parse_tiles("0m55p")
    ([4, 13, 13], [1, 0, 0])
    >>> parse_tiles("8z")
    Traceback (most recent call last):
    ...
    rules.errors.NotationError: '8z': there are only 7 honor tiles (1z-7z)
    """
    tokens = parse_tokens(text)
    reds = [0, 0, 0]
    for t, red in tokens:
        if red:
            reds[t // 9] += 1
    return [t for t, _ in tokens], reds


def parse_tokens(text: str) -> list[tuple[int, bool]]:
    """Read a tile string into ``(kind, is_red)`` pairs in reading order.

    >>> parse_tokens("0p東")
    [(13, True), (27, False)]
    """
    if not isinstance(text, str):
        raise NotationError(f"tiles must be a string, not {type(text).__name__}",
                            ja=f"牌は文字列で入力してください({type(text).__name__})")
    return list(_parse_tokens(text))


_PLAIN_BASE = {"m": 0, "p": 9, "s": 18, "z": 27}


_PLAIN_RE = re.compile(r"(?:[0-9]+[mps]|[1-7]+z)+")
_GROUP_RE = re.compile(r"([0-9]+)([mpsz])")
# per suit letter: digit -> (kind, is_red)
_PLAIN_TOKENS = {letter: {str(v): ((base + 4, True) if v == 0 else (base + v - 1, False)) for v in range(10)}
                 for letter, base in _PLAIN_BASE.items()}


def _plain_mpsz(text: str) -> tuple[tuple[int, bool], ...] | None:
    """The fast path for plain lowercase mpsz (``123m0p77z``); ``None`` for anything else (spaces,
    kanji, bad honors, dangling digits), which the full reader then handles or rejects.

    >>> _plain_mpsz("10m7z"), _plain_mpsz("8z"), _plain_mpsz("12")
    (((0, False), (4, True), (33, False)), None, None)
    """
    if not _PLAIN_RE.fullmatch(text):
        return None
    tiles: list[tuple[int, bool]] = []
    for digits, letter in _GROUP_RE.findall(text):
        tiles += map(_PLAIN_TOKENS[letter].__getitem__, digits)
    return tuple(tiles)


@lru_cache(maxsize=8192)
def _parse_tokens(text: str) -> tuple[tuple[int, bool], ...]:
    if not isinstance(text, str):
        raise NotationError(f"tiles must be a string, not {type(text).__name__}",
                            ja=f"牌は文字列で入力してください({type(text).__name__})")
    plain = _plain_mpsz(text)
    if plain is not None:
        return plain
    chars = [(i, c) for i, c in enumerate(text) if not c.isspace()]
    tiles: list[tuple[int, bool]] = []
    pending: list[tuple[int, str, int]] = []  # digits waiting for a suit letter: (pos, char, value)

    def flush_as_souzu() -> None:
        for pos, ch, value in pending:
            if value == 0:
                raise NotationError(f"'{ch}' at position {pos}: a red five needs a suit letter (0m 0p 0s)",
                                    ja=f"{pos + 1}文字目の「{ch}」: 赤五は 0m 0p 0s のように書いてください")
            tiles.append((18 + value - 1, False))
        pending.clear()

    for k, (pos, ch) in enumerate(chars):
        prev = chars[k - 1][1] if k else ""
        value = _digit(ch)
        if value is not None:
            pending.append((pos, ch, value))
            continue
        low = ch.lower() if ch in "MPSZ" else _SUIT_KANJI.get(ch, ch)
        if low in SUITS:
            said = prev and prev in _SUITED_JA and _JA_TILE[prev] // 9 == SUITS.index(low)
            if not pending and ch in _SUIT_KANJI and said:
                continue  # 四萬, ⑤筒: the tile before already said its suit
            if not pending:
                raise NotationError(f"'{ch}' at position {pos}: a suit letter without digits before it",
                                    ja=f"{pos + 1}文字目の「{ch}」: 数字のない種類記号です")
            s = SUITS.index(low)
            for ppos, pch, v in pending:
                token = f"{pch}{ch}"
                if s == 3:
                    if not 1 <= v <= 7:
                        raise NotationError(f"'{token}': there are only 7 honor tiles (1z-7z)",
                                            ja=f"「{token}」: 字牌は 1z〜7z です")
                    tiles.append((27 + v - 1, False))
                else:
                    tiles.append((9 * s + 4, True) if v == 0 else (9 * s + v - 1, False))
            pending.clear()
            continue
        if ch in _JA_TILE:
            flush_as_souzu()
            tiles.append((_JA_TILE[ch], False))
            continue
        raise NotationError(f"unknown character '{ch}' at position {pos}",
                            ja=f"{pos + 1}文字目の「{ch}」は牌として読めません")
    flush_as_souzu()
    return tuple(tiles)


def parse_tile(text: str) -> tuple[int, bool]:
    """Exactly one tile: ``(kind, is_red)``.

    >>> parse_tile("0s"), parse_tile("発"), parse_tile(" ⑨ ")
    ((22, True), (32, False), (17, False))
    """
    tiles, reds = parse_tiles(text)
    if len(tiles) != 1:
        raise TileCountError(f"'{text}' must be exactly one tile, not {len(tiles)}",
                             ja=f"「{text}」は牌1枚で指定してください({len(tiles)}枚あります)")
    return tiles[0], any(reds)


def to_mpsz(tiles: Iterable[int], reds: Sequence[int] = (0, 0, 0)) -> str:
    """Canonical sorted mpsz; red fives print as ``0`` where the fives sort.

    >>> to_mpsz([27, 0, 13, 13, 4], [1, 1, 0])
    '10m05p1z'
    """
    tiles = sorted(tiles)
    digits = "".join([_NUMBERS[t] for t in tiles])
    out = []
    start = 0
    for s in range(4):
        end = bisect_left(tiles, 9 * s + 9, start)
        if end > start:
            part = digits[start:end]
            if s < 3 and reds[s]:
                part = part.replace("5", "0", reds[s])
            out.append(part + SUITS[s])
            start = end
    return "".join(out)


# A suit's counts as one int, 3 bits per kind (``suit_codes``): one tile more of a kind is one addition.
SUIT_OF = tuple(t // 9 for t in range(34))
CODE_INC = tuple(1 << 3 * (t % 9) for t in range(34))


def suit_code(counts: Sequence[int]) -> int:
    """One suit's counts (up to 7 of a kind) as an int, 3 bits per kind from the lowest.

    >>> suit_code((1, 1, 1, 0, 0, 0, 0, 0, 2)) == 1 + (1 << 3) + (1 << 6) + (2 << 24)
    True
    """
    return sum(c << 3 * o for o, c in enumerate(counts))


def suit_codes(tiles: Iterable[int]) -> tuple[int, int, int, int]:
    """The counts of tiles per suit (m p s z) as ``suit_code`` ints.

    >>> suit_codes([0, 0, 9, 33]) == (2, 1, 0, 1 << 18)
    True
    """
    codes = [0, 0, 0, 0]
    for t in tiles:
        codes[SUIT_OF[t]] += CODE_INC[t]
    return codes[0], codes[1], codes[2], codes[3]


def counts34(tiles: Iterable[int]) -> list[int]:
    """Counts per kind.

    >>> counts34([0, 0, 33])[0], counts34([0, 0, 33])[33]
    (2, 1)
    """
    c = [0] * 34
    for t in tiles:
        c[t] += 1
    return c


def check_copies(tiles: Iterable[int], reds: Sequence[int] = (0, 0, 0)) -> None:
    """At most four of a kind (red fives are fives) and one red five per suit.

    >>> check_copies(parse_tiles("55550m")[0])
    Traceback (most recent call last):
    ...
    rules.errors.TileCountError: a 5th copy of 5m: only four of each tile exist
    """
    c = counts34(tiles)
    for t, n in enumerate(c) if max(c) > 4 else ():
        if n > 4:
            raise TileCountError(f"a {n}th copy of {tile_name(t)}: only four of each tile exist",
                                 ja=f"{tile_name(t)} が{n}枚あります(同じ牌は4枚まで)")
    for s, n in enumerate(reds):
        if n > 1:
            raise TileCountError(f"{n} red fives 0{SUITS[s]}: there is only one of each",
                                 ja=f"赤五 0{SUITS[s]} が{n}枚あります(各1枚まで)")

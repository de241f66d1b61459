"""Fu (RULES.md §3): the total and a breakdown whose lines add up to it.

>>> from rules.document import parse_doc
>>> from rules.shapes import decompositions
>>> hand, rs = parse_doc({"hand": "123m456p789s111z9p", "win_tile": "9p"})
>>> total, lines = fu(hand, rs, decompositions(hand)[0], pinfu=False)
>>> total, [(line["id"], line["fu"]) for line in lines]
(40, [('base', 20), ('menzen_ron', 10), ('closed_triplet', 8), ('tanki', 2)])
"""

from __future__ import annotations

from functools import lru_cache

from .hand import Hand
from .ruleset import RuleSet
from .shapes import Decomposition, TileSet
from .tiles import TERMINALS_HONORS

WAIT_FU = {"kanchan": ("嵌張待ち", "kanchan wait"), "penchan": ("辺張待ち", "penchan wait"),
           "tanki": ("単騎待ち", "tanki wait")}
SET_NAMES = {
    ("triplet", True): ("open_triplet", "明刻", "open triplet"),
    ("triplet", False): ("closed_triplet", "暗刻", "closed triplet"),
    ("quad", True): ("open_quad", "明槓", "open quad"),
    ("quad", False): ("closed_quad", "暗槓", "closed quad"),
}


LINE_NAMES = {
    "base": ("副底", "base"), "menzen_ron": ("門前ロン", "closed ron"), "tsumo": ("ツモ", "tsumo"),
    "double_wind_pair": ("雀頭(連風牌)", "double wind pair"), "yakuhai_pair": ("雀頭(役牌)", "value-tile pair"),
    "open_pinfu": ("喰い平和形のロン(30符)", "open pinfu-shape ron (30 fu)"), "round_up": ("切り上げ", "rounded up"),
    "chiitoitsu": ("七対子", "chiitoitsu"), **WAIT_FU,
}


_SET_FU = {(kind, opened, yaochuu): (SET_NAMES[(kind, opened)][0],
                                     (4 if yaochuu else 2) * (1 if opened else 2) * (4 if kind == "quad" else 1))
           for kind in ("triplet", "quad") for opened in (True, False) for yaochuu in (True, False)}


Part = tuple[str, int, TileSet | None]  # one fu line in short form: (id, fu, the set it is for)


def _parts(hand: Hand, ruleset: RuleSet, d: Decomposition, pinfu: bool) -> tuple[tuple[Part, ...], int]:
    """The fu lines as ``(id, fu, set or None)``, rounding included, and their total."""
    if d.form == "chiitoitsu":
        return (("chiitoitsu", 25, None),), 25
    if d.form == "kokushi":
        return (), 0  # a yakuman shape: fu do not apply
    parts: list[Part] = [("base", 20, None)]
    total = 20
    closed = hand.is_closed
    if closed and not hand.tsumo:
        parts.append(("menzen_ron", 10, None))
        total += 10
    if hand.tsumo and not pinfu:
        parts.append(("tsumo", 2, None))
        total += 2
    for s in d.sets:
        if s.kind == "triplet" or s.kind == "quad":
            line_id, value = _SET_FU[(s.kind, s.open, s.tiles[0] in TERMINALS_HONORS)]
            parts.append((line_id, value, s))
            total += value
    pair = d.sets[-1].tiles[0]
    if pair == hand.seat_wind and pair == hand.round_wind:
        parts.append(("double_wind_pair", ruleset.double_wind_pair_fu, None))
        total += ruleset.double_wind_pair_fu
    elif pair in hand.value_tiles:
        parts.append(("yakuhai_pair", 2, None))
        total += 2
    if d.wait in WAIT_FU:
        parts.append((d.wait, 2, None))
        total += 2
    if total == 20 and not closed and not hand.tsumo:
        parts.append(("open_pinfu", 10, None))
        total = 30
    if total % 10:
        parts.append(("round_up", 10 - total % 10, None))
        total += 10 - total % 10
    return tuple(parts), total


def fu_total(hand: Hand, ruleset: RuleSet, d: Decomposition, *, pinfu: bool) -> int:
    """Fu of one candidate, without the breakdown."""
    return _parts(hand, ruleset, d, pinfu)[1]


def fu_parts(hand: Hand, ruleset: RuleSet, d: Decomposition, *, pinfu: bool) -> tuple[tuple, int]:
    """Fu of one candidate with its lines in short form, for ``lines`` to spell out when shown."""
    return _parts(hand, ruleset, d, pinfu)


def lines(parts: tuple[Part, ...]) -> list[dict]:
    """The breakdown of ``fu_parts``: ``{"id", "fu", "ja", "en"}`` lines."""
    out = []
    for line_id, value, s in parts:
        ja, en = LINE_NAMES[line_id] if s is None else _set_line(s)
        out.append({"id": line_id, "fu": value, "ja": ja, "en": en})
    return out


def fu(hand: Hand, ruleset: RuleSet, d: Decomposition, *, pinfu: bool) -> tuple[int, list[dict]]:
    """Fu of one candidate and its breakdown; ``pinfu`` says whether the candidate has the pinfu yaku
    (then no tsumo fu)."""
    parts, total = _parts(hand, ruleset, d, pinfu)
    return total, lines(parts)


@lru_cache(maxsize=None)
def _set_line(s: TileSet) -> tuple[str, str]:
    """The names of a triplet's or quad's fu line, e.g. 暗刻(么九) 999p."""
    _, ja, en = SET_NAMES[(s.kind, s.open)]
    kind_ja, kind_en = ("么九", "terminal/honor") if s.first in TERMINALS_HONORS else ("中張", "simple")
    name = str(s.first % 9 + 1) * len(s.tiles) + "mpsz"[s.first // 9]
    return f"{ja}({kind_ja}) {name}", f"{en} ({kind_en}) {name}"

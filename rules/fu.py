"""Fu (docs/rules.md §3.1): the total and a breakdown whose lines add up to it.

>>> from rules.document import parse_doc
>>> from rules.shapes import decompositions
>>> hand, rs = parse_doc({"hand": "123m456p789s111z9p", "win_tile": "9p"})
>>> total, lines = fu(hand, rs, decompositions(hand)[0], pinfu=False)
>>> total, [(line["id"], line["fu"]) for line in lines]
(40, [('base', 20), ('menzen_ron', 10), ('closed_triplet', 8), ('tanki', 2)])
"""

from __future__ import annotations

from .hand import Hand
from .ruleset import RuleSet
from .shapes import Decomposition
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


def _set_names(kind: str, opened: bool, first: int) -> tuple[str, str]:
    """The names of a triplet's or quad's fu line, e.g. 暗刻(么九) 999p."""
    _, ja, en = SET_NAMES[(kind, opened)]
    kind_ja, kind_en = ("么九", "terminal/honor") if first in TERMINALS_HONORS else ("中張", "simple")
    name = str(first % 9 + 1) * (4 if kind == "quad" else 3) + "mpsz"[first // 9]
    return f"{ja}({kind_ja}) {name}", f"{en} ({kind_en}) {name}"


Part = tuple[str, int, str, str]  # one fu line ready to show: (id, fu, ja, en)

# every line as a ``Part``, made once: the fixed ones by id, rounding by amount, and per (kind, open,
# first tile) the line of a triplet or quad (136 lines)
_LINE = {line_id: (line_id, fu, *LINE_NAMES[line_id]) for line_id, fu in (
    ("base", 20), ("menzen_ron", 10), ("tsumo", 2), ("yakuhai_pair", 2), ("open_pinfu", 10), ("chiitoitsu", 25),
    ("kanchan", 2), ("penchan", 2), ("tanki", 2))}
_ROUND_UP = {n: ("round_up", n, *LINE_NAMES["round_up"]) for n in range(1, 10)}
_SET_LINE = {(kind, opened, first): (SET_NAMES[(kind, opened)][0],
                                     (4 if first in TERMINALS_HONORS else 2) * (1 if opened else 2)
                                     * (4 if kind == "quad" else 1), *_set_names(kind, opened, first))
             for kind in ("triplet", "quad") for opened in (True, False) for first in range(34)}


def fu_parts(hand: Hand, ruleset: RuleSet, d: Decomposition, *, pinfu: bool,
             triplets: list[tuple[int, int]] | None = None) -> tuple[tuple[Part, ...], int]:
    """Fu of one candidate: its lines in short form (rounding included; ``lines`` spells them out
    when shown) and their total. ``triplets``: the reading's triplets and quads as ``(first tile, set
    index)`` in order, when the caller has them (``yaku.Context.triplets``)."""
    if d.form == "chiitoitsu":
        return (_LINE["chiitoitsu"],), 25
    if d.form == "kokushi":
        return (), 0  # a yakuman shape: fu do not apply
    parts: list[Part] = [_LINE["base"]]
    total = 20
    closed = hand.is_closed
    if closed and not hand.tsumo:
        parts.append(_LINE["menzen_ron"])
        total += 10
    if hand.tsumo and not pinfu:
        parts.append(_LINE["tsumo"])
        total += 2
    sets = d.sets
    if triplets is None:
        triplets = [(s[1][0], i) for i, s in enumerate(sets) if s[0] == "triplet" or s[0] == "quad"]
    for first, i in triplets:
        s = sets[i]
        line = _SET_LINE[s[0], s[2], first]
        parts.append(line)
        total += line[1]
    pair = sets[-1][1][0]
    if pair == hand.seat_wind and pair == hand.round_wind:
        parts.append(("double_wind_pair", ruleset.double_wind_pair_fu, *LINE_NAMES["double_wind_pair"]))
        total += ruleset.double_wind_pair_fu
    elif pair in hand.value_tiles:
        parts.append(_LINE["yakuhai_pair"])
        total += 2
    if d.wait in WAIT_FU:
        parts.append(_LINE[d.wait])
        total += 2
    if total == 20 and not closed and not hand.tsumo:
        parts.append(_LINE["open_pinfu"])
        total = 30
    if total % 10:
        parts.append(_ROUND_UP[10 - total % 10])
        total += 10 - total % 10
    return tuple(parts), total


def lines(parts: tuple[Part, ...]) -> list[dict]:
    """The breakdown of ``fu_parts``: ``{"id", "fu", "ja", "en"}`` lines."""
    return [{"id": line_id, "fu": value, "ja": ja, "en": en} for line_id, value, ja, en in parts]


def fu(hand: Hand, ruleset: RuleSet, d: Decomposition, *, pinfu: bool) -> tuple[int, list[dict]]:
    """Fu of one candidate and its breakdown; ``pinfu`` says whether the candidate has the pinfu yaku
    (then no tsumo fu)."""
    parts, total = fu_parts(hand, ruleset, d, pinfu=pinfu)
    return total, lines(parts)

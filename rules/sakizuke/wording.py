"""How a 先付け refusal is put to a player: calls and tiles named in Japanese (チー234萬, 中 — never
``777z``), and, when a yaku of the hand does not count towards 縛り, why not (翻牌の先付け, 偶然役).

>>> from rules.hand import make_meld
>>> meld_ja(make_meld("chi", "678s", 0)), meld_ja(make_meld("pon", "777z", 1)), meld_ja(make_meld("kakan", "5555p", 1))
('チー678索', 'ポン中', '加槓5筒')
>>> call_label(1, make_meld("chi", "234m", 0))
('第1副露(チー234萬)', 'call 1 (chi 234m)')
"""

from __future__ import annotations

from ..hand import Hand, Meld
from ..tiles import HONOR_NAMES_EN, SUIT_NAMES_JA, tile_ja, tile_name
from ..yaku import NAMES, NOT_FOR_SHIBARI, YakuHit
from .options import PLACE_YAKU
from .qualify import YAKUHAI, Analysis, meld_of

CALL_JA = {"chi": "チー", "pon": "ポン", "minkan": "明槓", "kakan": "加槓", "ankan": "暗槓"}


def meld_ja(m: Meld) -> str:
    """A call as a player says it: チー678索, ポン中, 明槓5筒."""
    t = m.tiles[0]
    if m.type == "chi":
        return CALL_JA[m.type] + "".join(str(x % 9 + 1) for x in m.tiles) + SUIT_NAMES_JA[t // 9]
    return CALL_JA[m.type] + tile_ja(t)


def tile_en(t: int) -> str:
    """An English tile name: ``5p``, ``chun``."""
    return HONOR_NAMES_EN[t - 27] if t >= 27 else tile_name(t)


def call_label(n: int, m: Meld) -> tuple[str, str]:
    """(ja, en) of the ``n``-th opened call (1 = 第1副露)."""
    return f"第{n}副露({meld_ja(m)})", f"call {n} ({meld_en(m)})"


def meld_en(m: Meld) -> str:
    """A call in English: ``chi 234m``, ``pon 777z``."""
    return f"{m.type} {m.as_dict()['tiles']}"


def _first_plain(hand: Hand) -> Meld | None:
    """The first opened call that is not a value tile (翻牌以外の副露), if any."""
    plain = [m for m in hand.melds if m.opened and m.tiles[0] not in hand.value_tiles]
    return min(plain, key=lambda m: m.index) if plain else None


def not_counting(hand: Hand, a: Analysis) -> list[YakuHit]:
    """Yaku of the candidate that count their han but do not satisfy 縛り under 先付け."""
    return [h for h in a.cand.yaku if h not in a.qual and h.id not in NOT_FOR_SHIBARI]


def why_not(hand: Hand, a: Analysis, h: YakuHit) -> tuple[str, str]:
    """(ja, en) of why the yaku ``h`` does not satisfy 縛り, as a clause ending in …ので/…, so."""
    ja_name, en_name = NAMES[h.id]
    plain = _first_plain(hand)
    if h.id in YAKUHAI and h.sets and plain is not None:
        d = a.cand.decomposition
        s = d.sets[h.sets[0]]
        m = meld_of(hand, s.source)
        plain_en = meld_en(plain)
        if m is not None:
            ja = (f"{tile_ja(s.tiles[0])}の{CALL_JA[m.type]}は役牌以外の副露({meld_ja(plain)})の後なので、"
                  f"{ja_name}は縛りを満たさず")
            en = (f"the {tile_en(s.tiles[0])} {m.type} came after a non-yakuhai call ({plain_en}): "
                  f"{en_name} does not satisfy shibari")
            return ja, en
        ja = f"役牌以外の副露({meld_ja(plain)})があるので、双ポン待ちの{ja_name}は縛りを満たさず"
        en = (f"with a non-yakuhai call ({plain_en}) a yakuhai completed by a shanpon wait ({en_name}) "
              "does not satisfy shibari")
        return ja, en
    if h.id in PLACE_YAKU:
        return (f"偶然役の{ja_name}はこの手では縛りを満たさず",
                f"{en_name} is a chance yaku: it does not satisfy shibari in this hand")
    return f"{ja_name}は縛りを満たさず", f"{en_name} does not satisfy shibari"


def late_yakuhai(hand: Hand, a: Analysis, h: YakuHit, n: int) -> tuple[str, str]:
    """(ja, en) of the ``n``-th call, a yakuhai ``h`` called after a non-yakuhai call (後付け).

    >>> from rules.document import parse_doc
    >>> from rules.sakizuke.qualify import analyse
    >>> hand, rs = parse_doc({"hand": "567p789s4s", "melds": [{"type": "chi", "tiles": "234m"},
    ...                       {"type": "pon", "tiles": "777z"}], "win_tile": "4s", "ruleset": "shimamachi"})
    >>> a = analyse(hand, rs)[0]
    >>> late_yakuhai(hand, a, not_counting(hand, a)[0], 2)[0]
    '中のポン(第2副露)は役牌以外の副露(チー234萬)の後なので後付けで、役牌 中は翻数には数えますが縛りを満たしません(翻牌の先付け)'
    """
    ja_name, en_name = NAMES[h.id]
    s = a.cand.decomposition.sets[h.sets[0]]
    m, plain = meld_of(hand, s.source), _first_plain(hand)
    _, en_call = call_label(n, m)
    ja = (f"{tile_ja(s.tiles[0])}の{CALL_JA[m.type]}(第{n}副露)は役牌以外の副露({meld_ja(plain)})の後なので"
          f"後付けで、{ja_name}は翻数には数えますが縛りを満たしません(翻牌の先付け)")
    en = (f"{en_call} came after a non-yakuhai call ({meld_en(plain)}): it is "
          f"atozuke, so {en_name} counts its han but does not satisfy shibari (yakuhai sakizuke)")
    return ja, en


def note(hand: Hand, a: Analysis | None) -> tuple[str, str] | None:
    """The first reason a yaku of ``a`` does not count, or None when every yaku counts."""
    hits = not_counting(hand, a) if a is not None else []
    return why_not(hand, a, hits[0]) if hits else None


def yakuhai_call(hand: Hand, a: Analysis, set_index: int) -> YakuHit | None:
    """The yakuhai built on the called set ``set_index`` that does not satisfy 縛り, if any."""
    return next((h for h in not_counting(hand, a) if h.id in YAKUHAI and set_index in h.sets), None)


__all__ = ["CALL_JA", "call_label", "late_yakuhai", "meld_en", "meld_ja", "not_counting", "note", "tile_en", "why_not",
           "yakuhai_call"]

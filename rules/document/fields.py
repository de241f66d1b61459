"""What a valid evaluate document is (docs/api.md): its fields, their bounds (``LIMITS``), wind
names and situational flags, the rule-set spec, and the checks of the situation against the hand.
Both readers (``checked``, ``plain``) read them from here."""

from __future__ import annotations

import reprlib
from typing import Any, Mapping

from ..errors import BoundsError, DocumentError
from ..hand import Hand
from ..ruleset import RuleSet, get_ruleset

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


def ruleset_of(spec: Any) -> RuleSet:
    """``get_ruleset`` of a document's spec, with a name no longer than ``LIMITS["name"]``."""
    if type(spec) is str:
        return get_ruleset(spec)
    name = spec.get("name") if isinstance(spec, Mapping) else spec
    if isinstance(name, str) and len(name) > LIMITS["name"]:
        raise BoundsError(f"rule set name has {len(name)} characters; at most {LIMITS['name']}",
                          ja=f"ルールセット名が{len(name)}文字あります(最大{LIMITS['name']}文字)")
    return get_ruleset(spec)


def check_situation(hand: Hand) -> None:
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

"""Japanese and English wording of a settled event (the ``description`` of docs/api.md).

Nothing here moves points: each function reads the facts ``rules.game.settle`` returned.

>>> from rules.game.events import parse
>>> from rules.game.settle import Facts, Paid
>>> from rules.game.value import WinValue
>>> v = WinValue(han=3, fu=30, yakuman=0, limit=None, total=3900, payments=())
>>> ev = parse({"type": "ron", "winner": 1, "loser": 0, "han": 3, "fu": 30}, 0)
>>> ron(ev, Facts(dealer=0, honba=0, paid=[Paid(1, v)]), ["A", "B", "C", "D"])
('B が A から 3900 のロン(3翻30符)', 'B rons A for 3900 (3 han 30 fu)')
"""

from __future__ import annotations

from typing import Callable

from ..points import LIMIT_JA
from .events import ABORTIVE_KINDS, Event
from .settle import Facts
from .value import WinValue

Text = tuple[str, str]


def _names(players: list[str], seats: list[int]) -> Text:
    """(ja, en) of the players of ``seats``.

    >>> _names(["A", "B", "C", "D"], [0, 2])
    ('A、C', 'A, C')
    """
    return "、".join(players[s] for s in seats), ", ".join(players[s] for s in seats)


def value_text(v: WinValue) -> Text:
    """(ja, en) of a value: 3翻30符 / 5翻 満貫 / 役満.

    >>> value_text(WinValue(han=5, fu=None, yakuman=0, limit="mangan", total=8000, payments=()))
    ('5翻 満貫', '5 han mangan')
    """
    limit = v.limit
    if v.yakuman:
        limit = limit or "yakuman"
        return LIMIT_JA.get(limit, limit), limit.replace("_", " ")
    show_fu = v.fu is not None and not limit
    ja = f"{v.han}翻" + (f"{v.fu}符" if show_fu else "")
    en = f"{v.han} han" + (f" {v.fu} fu" if show_fu else "")
    if limit:
        ja, en = f"{ja} {LIMIT_JA.get(limit, limit)}", f"{en} {limit.replace('_', ' ')}"
    return ja, en


def bonus_text(honba: int, honba_points: int, pot: int) -> Text:
    """The 本場 and 供託 part of a win's description."""
    ja = en = ""
    if honba and honba_points:
        ja += f"、{honba}本場 +{honba_points}"
        en += f", {honba} honba +{honba_points}"
    if pot:
        ja += f"、供託 +{pot}"
        en += f", sticks +{pot}"
    return ja, en


def _tsumo_payment(v: WinValue, dealer_won: bool) -> Text:
    by_role = v.by_role()
    if dealer_won:
        return f"{by_role['non_dealer']}オール", f"{by_role['non_dealer']} all"
    text = f"{by_role['non_dealer']}-{by_role['dealer']}"
    return text, text


def ron(ev: Event, f: Facts, players: list[str]) -> Text:
    assert ev.loser is not None
    loser = players[ev.loser]
    if not f.paid:
        ja, en = _names(players, [w.winner for w in ev.wins])
        return f"三家和(流局): {ja} が {loser} からロン", f"triple ron (abortive draw): {en} on {loser}"
    ja_parts, en_parts = [], []
    for n, p in enumerate(f.paid):
        winner = players[p.winner]
        extra_ja, extra_en = bonus_text(f.honba, p.honba_points, p.pot) if n == 0 else ("", "")
        if p.pao is not None:
            extra_ja += f"、{players[p.pao]} のパオ(半額)"
            extra_en += f", pao {players[p.pao]} pays half"
        vja, ven = value_text(p.value)
        ja_parts.append(f"{winner} が {loser} から {p.value.total} のロン({vja}{extra_ja})")
        en_parts.append(f"{winner} rons {loser} for {p.value.total} ({ven}{extra_en})")
    ja, en = " / ".join(ja_parts), " / ".join(en_parts)
    if f.bumped:
        bumped_ja, bumped_en = _names(players, f.bumped)
        ja += f"(頭ハネ: {bumped_ja})"
        en += f" (head bump: {bumped_en})"
    return ja, en


def tsumo(f: Facts, players: list[str]) -> Text:
    p = f.paid[0]
    winner = players[p.winner]
    pay_ja, pay_en = _tsumo_payment(p.value, p.winner == f.dealer)
    vja, ven = value_text(p.value)
    bonus_ja, bonus_en = bonus_text(f.honba, p.honba_points, p.pot)
    ja = f"{winner} のツモ {pay_ja}({vja}{bonus_ja}"
    en = f"{winner} tsumo {pay_en} ({ven}{bonus_en}"
    if p.pao is not None:
        ja += f"、{players[p.pao]} のパオ(全額)"
        en += f", pao {players[p.pao]} pays all"
    return ja + ")", en + ")"


def draw(f: Facts, players: list[str], chombo_each: int) -> Text:
    if f.noten_riichi:
        who_ja, who_en = _names(players, f.noten_riichi)
        return (f"流局: ノーテンリーチで {who_ja} のチョンボ(各{chombo_each}点、やり直し)",
                f"draw: noten riichi, chombo by {who_en} ({chombo_each} to each, hand replayed)")
    tenpai = f.tenpai
    if not tenpai:
        return "流局(全員ノーテン)", "draw (all noten)"
    if len(tenpai) == len(players):
        return "流局(全員テンパイ)", "draw (all tenpai)"
    tenpai_ja, tenpai_en = _names(players, tenpai)
    return f"流局(テンパイ: {tenpai_ja})", f"draw (tenpai: {tenpai_en})"


def nagashi(f: Facts, players: list[str]) -> Text:
    ja_parts, en_parts = [], []
    for p in f.paid:
        pay_ja, pay_en = _tsumo_payment(p.value, p.winner == f.dealer)
        ja_parts.append(f"{players[p.winner]} {pay_ja}")
        en_parts.append(f"{players[p.winner]} {pay_en}")
    return f"流し満貫: {' / '.join(ja_parts)}", f"nagashi mangan: {' / '.join(en_parts)}"


def describe(ev: Event, f: Facts, players: list[str], *, chombo_each: int, penalty_value: int) -> dict[str, str]:
    """The ``{"ja", "en"}`` description of one settled event, with the riichi declared in it."""
    who = players[ev.seat] if ev.seat is not None else ""
    texts: dict[str, Callable[[], Text]] = {
        "chombo": lambda: (f"{who} のチョンボ(各{chombo_each}点、やり直し)",
                           f"chombo by {who} ({chombo_each} to each, hand replayed)"),
        "penalty": lambda: (f"{who} の罰符 {penalty_value}点(供託)", f"penalty: {who} puts {penalty_value} on the table"),
        "abandon": lambda: (f"{who} のアガリ放棄", f"{who} abandons the hand (アガリ放棄)"),
        "abortive": lambda: (f"途中流局({ABORTIVE_KINDS[ev.kind or ''][0]})",
                             f"abortive draw ({ABORTIVE_KINDS[ev.kind or ''][1]})"),
        "ron": lambda: ron(ev, f, players),
        "tsumo": lambda: tsumo(f, players),
        "draw": lambda: draw(f, players, chombo_each),
        "nagashi": lambda: nagashi(f, players),
    }
    ja, en = texts[ev.type]()
    if ev.riichi:
        riichi_ja, riichi_en = _names(players, list(ev.riichi))
        ja += f"(リーチ: {riichi_ja})"
        en += f" (riichi: {riichi_en})"
    return {"ja": ja, "en": en}

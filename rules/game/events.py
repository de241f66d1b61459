"""Checking event documents: one JSON event of ``rules.play`` becomes a typed ``Event``.

Only what can be checked without the running game is checked here (types, seats, known fields,
han/fu that cannot occur, bounds); what depends on the state (riichi twice, アガリ放棄, the rule set)
is checked when the event is settled. Every problem is a ``GameError`` naming the event's index.

>>> ev = parse({"type": "ron", "winner": 1, "loser": 0, "han": 3, "fu": 30, "riichi": [1]}, 0)
>>> ev.loser, ev.riichi, ev.wins
(0, (1,), (Win(winner=1, value=Value(han=3, fu=30, yakuman=0, hand=None), pao=None),))
>>> parse({"type": "draw", "tenpai": [0, 0]}, 3)
Traceback (most recent call last):
...
rules.errors.GameError: event 3: 'tenpai' lists a seat twice: [0, 0]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ..errors import GameError
from ..points import VALID_FU, han_fu_problem

SEATS = 4
MAX_HAN = 99  # far above any real hand (13 han is already 数え役満)
MAX_YAKUMAN = 10
VALUE_KEYS = ("han", "fu", "yakuman", "hand")
WIN_KEYS = {"winner", "pao", *VALUE_KEYS}
ABORTIVE_KINDS = {
    "kyuushu": ("九種九牌", "nine terminals"),
    "suufon_renda": ("四風連打", "four winds"),
    "suucha_riichi": ("四家立直", "four riichi"),
    "suukaikan": ("四開槓", "four kans"),
    "sanchahou": ("三家和", "triple ron"),
}
EVENT_KEYS: dict[str, set[str]] = {
    "ron": {"winner", "loser", "wins", "pao", *VALUE_KEYS},
    "tsumo": {"winner", "pao", *VALUE_KEYS},
    "draw": {"tenpai"},
    "chombo": {"offender"},
    "penalty": {"offender"},
    "abandon": {"player"},
    "abortive": {"kind"},
    "nagashi": {"winners", "tenpai"},
}


@dataclass(frozen=True)
class Value:
    """A win's value as entered: ``han`` (+ ``fu``), a ``yakuman`` count, or a ``hand`` document."""

    han: int | None = None
    fu: int | None = None
    yakuman: int = 0
    hand: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class Win:
    """One claimed win; ``value`` is ``None`` for a claim entered without one (三家和, 頭ハネ)."""

    winner: int
    value: Value | None
    pao: int | None = None


@dataclass(frozen=True)
class Event:
    """One checked event (``wins`` as entered). ``seats``: tenpai (draw) or winners (nagashi); ``seat``: the offender
    (chombo, penalty) or the player (abandon); ``kind``: the abortive draw's kind."""

    index: int
    type: str
    riichi: tuple[int, ...] = ()
    loser: int | None = None
    wins: tuple[Win, ...] = ()
    seats: tuple[int, ...] = ()
    seat: int | None = None
    kind: str | None = None
    tenpai: tuple[int, ...] = ()


def seat_of(ev: Mapping, key: str, i: int, *, required: bool = True) -> int | None:
    value = ev.get(key)
    if value is None and not required:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < SEATS:
        raise GameError(f"'{key}' must be a seat 0-3, not {value!r}",
                        index=i, ja=f"{key} は席番号 0〜3 で指定してください({value!r})")
    return value


def seat_list(ev: Mapping, key: str, i: int) -> tuple[int, ...]:
    values = ev.get(key, [])
    if not isinstance(values, list):
        raise GameError(f"'{key}' must be a list of seats, not {values!r}",
                        index=i, ja=f"{key} は席番号のリストで指定してください({values!r})")
    seats = [seat_of({key: v}, key, i) for v in values[:SEATS + 1]]
    if len(set(seats)) != len(values):
        raise GameError(f"'{key}' lists a seat twice: {values!r}",
                        index=i, ja=f"{key} に同じ席が2回あります({values!r})")
    return tuple(seats)  # type: ignore[arg-type]


def check_keys(ev: Mapping, allowed: set[str], i: int, what: str) -> None:
    extra = sorted(str(k) for k in set(ev) - allowed)
    if extra:
        raise GameError(f"unknown field(s) in {what}: {', '.join(extra)}",
                        index=i, ja=f"{what} に不明な項目があります: {', '.join(extra)}")


def _int(ev: Mapping, key: str, i: int, high: int, what_ja: str) -> int:
    """An integer field no larger than ``high`` (lower limits are the callers' own messages)."""
    value = ev[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise GameError(f"'{key}' must be an integer, not {value!r}"[:200],
                        index=i, ja=f"{key} は整数で指定してください({value!r})"[:200])
    if abs(value) > high:
        raise GameError(f"'{key}' is out of range (at most {high})", index=i, ja=f"{what_ja}は{high}以下で指定してください")
    return value


def value_of(win: Mapping, i: int, *, tsumo: bool) -> Value:
    """The value entered for one win: exactly one of han+fu, yakuman, hand."""
    given = [k for k in ("han", "yakuman", "hand") if k in win]
    if len(given) != 1 or ("fu" in win and given != ["han"]):
        raise GameError("a win needs exactly one value: han+fu, yakuman or hand",
                        index=i, ja="和了の点数は 翻+符、役満、手牌 のどれか1つで指定してください")
    if given == ["hand"]:
        if not isinstance(win["hand"], Mapping):
            raise GameError("'hand' must be an evaluate document (an object)",
                            index=i, ja="hand は手牌のドキュメント(オブジェクト)で指定してください")
        return Value(hand=win["hand"])
    if given == ["yakuman"]:
        count = _int(win, "yakuman", i, MAX_YAKUMAN, "役満の数")
        if count < 1:
            raise GameError(f"a yakuman count must be at least 1, not {count}"[:200],
                            index=i, ja=f"役満の数は1以上です({count})"[:200])
        return Value(yakuman=count)
    han = _int(win, "han", i, MAX_HAN, "翻数")
    fu = _int(win, "fu", i, 1000, "符") if "fu" in win else None
    if 1 <= han < 5 and fu is None:
        raise GameError(f"{han} han needs its fu", index=i, ja=f"{han}翻には符が必要です")
    problem = han_fu_problem(han=han, fu=fu or 0, tsumo=tsumo)
    if problem is None and fu is not None and fu not in VALID_FU:
        problem = f"{fu} fu is not a possible fu value", f"{fu}符という符はありません"
    if problem:
        en = f"{han} han" + (f" {fu} fu" if fu is not None else "")
        ja = f"{han}翻" + (f"{fu}符" if fu is not None else "")
        raise GameError(f"{en} cannot occur: {problem[0]}", index=i, ja=f"{ja}はありえません({problem[1]})")
    return Value(han=han, fu=fu)


def _win(w: Mapping, i: int, *, tsumo: bool, needs_value: bool) -> Win:
    winner = seat_of(w, "winner", i)
    value = value_of(w, i, tsumo=tsumo) if needs_value or any(k in w for k in VALUE_KEYS) else None
    pao = seat_of(w, "pao", i, required=False)
    if pao is not None and pao == winner:
        raise GameError("'pao' cannot be the winner", index=i, ja="パオ(責任払い)の人が和了者と同じです")
    return Win(winner, value, pao)  # type: ignore[arg-type]


def _ron(ev: Mapping, i: int) -> dict[str, Any]:
    loser = seat_of(ev, "loser", i)
    if "wins" in ev:
        if "winner" in ev or "pao" in ev or any(k in ev for k in VALUE_KEYS):
            raise GameError("give either 'wins' or one 'winner' with its value, not both",
                            index=i, ja="wins と winner(と点数)は同時に指定できません")
        raw = ev["wins"]
        if not isinstance(raw, list) or not 1 <= len(raw) <= SEATS - 1:
            raise GameError("'wins' must list 1 to 3 wins", index=i, ja="wins には1〜3人の和了を指定してください")
        for w in raw:
            if not isinstance(w, Mapping):
                raise GameError("each of 'wins' must be an object", index=i, ja="wins の各要素はオブジェクトです")
            check_keys(w, WIN_KEYS, i, "a win")
    else:
        raw = [{k: ev[k] for k in WIN_KEYS if k in ev}]
    seats = [seat_of(w, "winner", i) for w in raw]
    if len(set(seats)) != len(seats):
        raise GameError(f"a winner is listed twice: {seats}", index=i, ja=f"同じ和了者が2回あります: {seats}")
    # a lone claim needs its value; several claims may leave out the values the rule set does not pay
    return {"loser": loser, "wins": tuple(_win(w, i, tsumo=False, needs_value=len(raw) == 1) for w in raw)}


def parse(ev: Any, i: int) -> Event:
    """Check one event document (index ``i``) and return it typed."""
    if not isinstance(ev, Mapping):
        raise GameError("an event must be an object", index=i, ja="記録はオブジェクトで指定してください")
    kind = ev.get("type")
    if not isinstance(kind, str) or kind not in EVENT_KEYS:
        raise GameError(f"unknown event type {kind!r} (known: {', '.join(EVENT_KEYS)})"[:200],
                        index=i, ja=f"不明な記録の種類です: {kind!r}"[:200])
    check_keys(ev, EVENT_KEYS[kind] | {"type", "riichi"}, i, f"'{kind}' event")
    riichi = seat_list(ev, "riichi", i)
    fields: dict[str, Any] = {}
    if kind == "ron":
        fields = _ron(ev, i)
    elif kind == "tsumo":
        fields = {"wins": (_win(ev, i, tsumo=True, needs_value=True),)}
    elif kind == "draw":
        fields = {"seats": seat_list(ev, "tenpai", i)}
    elif kind in ("chombo", "penalty"):
        fields = {"seat": seat_of(ev, "offender", i)}
    elif kind == "abandon":
        fields = {"seat": seat_of(ev, "player", i)}
    elif kind == "abortive":
        if ev.get("kind") not in ABORTIVE_KINDS:
            raise GameError(f"'kind' must be one of {', '.join(ABORTIVE_KINDS)}, not {ev.get('kind')!r}"[:200],
                            index=i, ja=f"途中流局の種類(kind)が不明です: {ev.get('kind')!r}"[:200])
        fields = {"kind": ev["kind"]}
    elif kind == "nagashi":
        winners = seat_list(ev, "winners", i)
        if not winners:
            raise GameError("'winners' must name at least one seat", index=i, ja="流し満貫の和了者(winners)がいません")
        fields = {"seats": winners, "tenpai": seat_list(ev, "tenpai", i)}
    return Event(index=i, type=kind, riichi=riichi, **fields)

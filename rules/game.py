"""A whole hanchan settled from its recorded events (RULES.md §6, docs/api.md ``play``).

``play`` is a pure function of the document: it replays the events in order, checks each one
against the running state and returns every event's score changes, the next hand's state and, once
the game is over, the final result. Any invalid event raises ``GameError`` naming its index; nothing
partial is returned.

Decisions where the seeds leave a choice (each has a test):

- ノーテンリーチ at a draw (seed 002 ⑳) is a チョンボ: the hand is void like any チョンボ (no noten
  payments, that hand's riichi sticks go back, same dealer and honba); an アガリ放棄 player is noten
  for the payments but only a チョンボ when not tenpai.
- ダブロン: riichi sticks and honba go to the claimant nearest the discarder (上家取り, seed 004);
  a dealer among the winners keeps the deal. 三家和 (``triple_ron_draw``): an abortive draw,
  no payments, dealer keeps the deal, honba +1, sticks stay.
- 西入 (``west_round``): after 南4局 when nobody has ``return_points``; sudden death from then on.
- ``sticks`` counts ``riichi_stick`` units on the table; ``pot`` is the same in points. Once the
  game is over, ``state`` has no next round (``round``/``label``/``dealer`` are ``None``).

>>> out = play({"ruleset": "ariari", "players": ["A", "B", "C", "D"],
...             "hands": [{"type": "ron", "winner": 1, "loser": 0, "han": 3, "fu": 30}]})
>>> out["events"][0]["deltas"], out["events"][0]["description"]["ja"]
([-3900, 3900, 0, 0], 'B が A から 3900 のロン(3翻30符)')
>>> out["state"]["label"]["ja"], out["ended"]
('東2局 0本場', False)
>>> final_result([32600, 25000, 25000, 17400])["net"]
[19600, 4000, -4000, -19600]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .errors import DocumentError, GameError, RulesError
from .points import LIMIT_JA, VALID_FU, ceil100, han_fu_problem, score
from .ruleset import RuleSet, get_ruleset

SEATS = 4
WINDS = ("E", "S", "W", "N")
WIND_JA = {"E": "東", "S": "南", "W": "西", "N": "北"}
WIND_EN = {"E": "East", "S": "South", "W": "West", "N": "North"}
SOUTH_4 = 7  # round index of 南4局 (0 = 東1局)
WEST_4 = 11
VALUE_KEYS = ("han", "fu", "yakuman", "hand")
EVENT_KEYS: dict[str, set[str]] = {
    "ron": {"winner", "loser", "wins", "pao", *VALUE_KEYS},
    "tsumo": {"winner", "pao", *VALUE_KEYS},
    "draw": {"tenpai"},
    "chombo": {"offender"},
    "penalty": {"offender"},
    "abandon": {"player"},
}
WIN_KEYS = {"winner", "pao", *VALUE_KEYS}
FILLED_BY_GAME = ("ruleset", "seat_wind", "round_wind", "tsumo", "honba", "sticks")


@dataclass
class _Table:
    """The running state between events."""

    scores: list[int]
    round: int = 0  # 0 = 東1局, 4 = 南1局, 8 = 西1局
    honba: int = 0
    pot: int = 0  # points on the table (riichi sticks and 罰符)
    riichi: list[int] = field(default_factory=list)  # seats that declared in the current hand
    abandoned: list[int] = field(default_factory=list)
    ended_by: str | None = None

    @property
    def dealer(self) -> int:
        return self.round % SEATS


def round_code(round_index: int) -> str:
    """``E1`` … ``S4``, ``W1`` …

    >>> round_code(0), round_code(7), round_code(8)
    ('E1', 'S4', 'W1')
    """
    return f"{WINDS[round_index // SEATS]}{round_index % SEATS + 1}"


def round_label(round_index: int, honba: int) -> dict[str, str]:
    """The hand's name in Japanese and English.

    >>> round_label(5, 2)
    {'ja': '南2局 2本場', 'en': 'South 2, 2 honba'}
    """
    wind, number = WINDS[round_index // SEATS], round_index % SEATS + 1
    return {"ja": f"{WIND_JA[wind]}{number}局 {honba}本場", "en": f"{WIND_EN[wind]} {number}, {honba} honba"}


# --------------------------------------------------------------------------- final result


def _positions(scores: list[int]) -> list[int]:
    """Seats from first to last place; equal scores rank by seat (上家優先)."""
    return sorted(range(SEATS), key=lambda s: (-scores[s], s))


def ranks(scores: list[int], rs: RuleSet) -> list[int]:
    """Rank 1..4 per seat: 上家優先, or with ``tie_break="split"`` tied players share the best rank.

    >>> ranks([30000, 30000, 20000, 20000], get_ruleset("ariari"))
    [1, 2, 3, 4]
    >>> ranks([30000, 30000, 20000, 20000], get_ruleset({"options": {"tie_break": "split"}}))
    [1, 1, 3, 3]
    """
    if rs.tie_break == "split":
        return [1 + sum(other > own for other in scores) for own in scores]
    out = [0] * SEATS
    for place, seat in enumerate(_positions(scores)):
        out[seat] = place + 1
    return out


def _share(total: int, seats: list[int]) -> dict[int, int]:
    """``total`` shared evenly in 100-point units (or points when not divisible), earlier seats first."""
    unit = 100 if total % 100 == 0 else 1
    each, rest = divmod(total // unit, len(seats))
    return {seat: (each + (i < rest)) * unit for i, seat in enumerate(sorted(seats))}


def _result(scores: list[int], rs: RuleSet, pot: int) -> dict[str, Any]:
    """Ranks, uma, leftover sticks and nets of four valid raw scores with ``pot`` points on the table."""
    rank = ranks(scores, rs)
    uma = [0] * SEATS
    for r in set(rank):
        tied = [s for s in range(SEATS) if rank[s] == r]
        if rs.tie_break == "split":
            for seat, amount in _share(sum(rs.uma[r - 1:r - 1 + len(tied)]), tied).items():
                uma[seat] = amount
        else:
            uma[tied[0]] = rs.uma[r - 1]
    bonus = [0] * SEATS
    top = [s for s in range(SEATS) if rank[s] == 1]
    leftover_to: int | None = None
    if pot and rs.leftover_sticks_to_top:
        for seat, amount in _share(pot, top).items():
            bonus[seat] = amount
        leftover_to = min(top)
    final = [scores[s] + bonus[s] for s in range(SEATS)]
    net = [final[s] - rs.return_points + uma[s] for s in range(SEATS)]
    return {
        "scores": final, "raw_scores": list(scores), "ranks": rank, "uma": uma, "net": net,
        "net_text": [f"{n / 1000:+.1f}" for n in net],
        "leftover_sticks": pot // rs.riichi_stick, "leftover_points": pot, "leftover_to": leftover_to,
        "leftover": bonus,
    }


def final_result(scores: list[int], ruleset: Any = "ariari", sticks: int = 0) -> dict[str, Any]:
    """Final ranks, 順位点 and nets from four raw scores (e.g. a paper score sheet).

    ``sticks`` = riichi sticks still on the table; they go to the top player
    (``leftover_sticks_to_top``). The scores must be four multiples of 100 that sum to
    4 × ``start_points`` minus the sticks.

    >>> r = final_result([30000, 30000, 20000, 19000], sticks=1)
    >>> r["ranks"], r["scores"], r["net"]
    ([1, 2, 3, 4], [31000, 30000, 20000, 19000], [18000, 9000, -9000, -18000])
    >>> final_result([30000, 30000, 20000, 19000])
    Traceback (most recent call last):
    ...
    rules.errors.DocumentError: the scores sum to 99000, not 100000 (if 1000 in riichi sticks explains it, enter the sticks)
    """
    rs = get_ruleset(ruleset)
    if isinstance(sticks, bool) or not isinstance(sticks, int) or sticks < 0:
        raise DocumentError(f"sticks must be a whole number >= 0, not {sticks!r}",
                            ja=f"供託は0以上の整数で入力してください({sticks!r})")
    if not isinstance(scores, (list, tuple)) or len(scores) != SEATS:
        raise DocumentError("scores must be a list of four integers", ja="点数は4人分の整数で入力してください")
    for seat, value in enumerate(scores):
        if isinstance(value, bool) or not isinstance(value, int):
            raise DocumentError(f"score of seat {seat} is not an integer: {value!r}",
                                ja=f"{seat + 1}人目の点数が整数ではありません: {value!r}")
        if value % 100:
            raise DocumentError(f"score of seat {seat} is not a multiple of 100: {value}",
                                ja=f"{seat + 1}人目の点数が100点単位ではありません: {value}")
    pot = sticks * rs.riichi_stick
    total, full = sum(scores), SEATS * rs.start_points
    if total + pot != full:
        if pot:
            raise DocumentError(
                f"the scores sum to {total}, not {full - pot} ({full} minus {pot} in sticks)",
                ja=f"合計が{full - pot}点({full}点から供託{pot}点を引いた点数)になりません({total}点)")
        hint_en = hint_ja = ""
        missing = full - total
        if missing > 0 and missing % rs.riichi_stick == 0:
            hint_en = f" (if {missing} in riichi sticks explains it, enter the sticks)"
            hint_ja = f"、供託{missing}点で説明がつく場合は供託を入力してください"
        raise DocumentError(f"the scores sum to {total}, not {full}{hint_en}",
                            ja=f"合計が{full}点になりません({total}点{hint_ja})")
    return _result(list(scores), rs, pot)


# --------------------------------------------------------------------------- input checks


def _seat(ev: Mapping, key: str, i: int, *, required: bool = True) -> int | None:
    value = ev.get(key)
    if value is None and not required:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < SEATS:
        raise GameError(f"'{key}' must be a seat 0-3, not {value!r}",
                        index=i, ja=f"{key} は席番号 0〜3 で指定してください({value!r})")
    return value


def _seat_list(ev: Mapping, key: str, i: int) -> list[int]:
    values = ev.get(key, [])
    if not isinstance(values, list):
        raise GameError(f"'{key}' must be a list of seats, not {values!r}",
                        index=i, ja=f"{key} は席番号のリストで指定してください({values!r})")
    seats = [_seat({key: v}, key, i) for v in values]
    if len(set(seats)) != len(seats):
        raise GameError(f"'{key}' lists a seat twice: {values!r}",
                        index=i, ja=f"{key} に同じ席が2回あります({values!r})")
    return seats  # type: ignore[return-value]


def _check_keys(ev: Mapping, allowed: set[str], i: int, what: str) -> None:
    extra = sorted(set(ev) - allowed)
    if extra:
        raise GameError(f"unknown field(s) in {what}: {', '.join(extra)}",
                        index=i, ja=f"{what} に不明な項目があります: {', '.join(extra)}")


def _int(ev: Mapping, key: str, i: int) -> int:
    value = ev[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise GameError(f"'{key}' must be an integer, not {value!r}",
                        index=i, ja=f"{key} は整数で指定してください({value!r})")
    return value


# --------------------------------------------------------------------------- win values


def _value(win: Mapping, i: int, *, rs: RuleSet, spec: Any, winner: int, dealer: int, tsumo: bool,
           round_index: int) -> dict[str, Any]:
    """The value of one win: han/fu/yakuman/limit/total and the payment rows (before honba/sticks)."""
    given = [k for k in ("han", "yakuman", "hand") if k in win]
    if len(given) != 1 or ("fu" in win and given != ["han"]):
        raise GameError("a win needs exactly one value: han+fu, yakuman or hand",
                        index=i, ja="和了の点数は 翻+符、役満、手牌 のどれか1つで指定してください")
    is_dealer = winner == dealer
    if given == ["hand"]:
        return _hand_value(win["hand"], i, spec=spec, winner=winner, dealer=dealer, tsumo=tsumo,
                           round_index=round_index)
    if given == ["yakuman"]:
        count = _int(win, "yakuman", i)
        if count < 1:
            raise GameError(f"a yakuman count must be at least 1, not {count}",
                            index=i, ja=f"役満の数は1以上です({count})")
        han, fu = 13 * count, None  # the evaluate convention: a yakuman hand counts 13 han per yakuman
    else:
        han, count = _int(win, "han", i), 0
        fu = _int(win, "fu", i) if "fu" in win else None
        if 1 <= han < 5 and fu is None:
            raise GameError(f"{han} han needs its fu", index=i, ja=f"{han}翻には符が必要です")
        problem = han_fu_problem(han=han, fu=fu or 0, tsumo=tsumo)
        if problem is None and fu is not None and fu not in VALID_FU:
            problem = f"{fu} fu is not a possible fu value"
        if problem:
            en = f"{han} han" + (f" {fu} fu" if fu is not None else "")
            ja = f"{han}翻" + (f"{fu}符" if fu is not None else "")
            raise GameError(f"{en} cannot occur: {problem}", index=i, ja=f"{ja}はありえません({problem})")
    s = score(dealer=is_dealer, tsumo=tsumo, ruleset=rs, han=han, fu=fu or 0, yakuman=count)
    return {"han": han, "fu": fu, "yakuman": count, "limit": s.limit, "total": s.total,
            "payments": [p.as_dict() for p in s.payments]}


def _hand_value(hand: Any, i: int, *, spec: Any, winner: int, dealer: int, tsumo: bool,
                round_index: int) -> dict[str, Any]:
    """Score a full hand document with ``rules.evaluate`` (winds and tsumo filled from the game)."""
    if not isinstance(hand, Mapping):
        raise GameError("'hand' must be an evaluate document (an object)",
                        index=i, ja="hand は手牌のドキュメント(オブジェクト)で指定してください")
    clash = [k for k in FILLED_BY_GAME if k in hand]
    if clash:
        raise GameError(f"'hand' must not set {', '.join(clash)} (filled from the game)",
                        index=i, ja=f"hand に {', '.join(clash)} は書かないでください(対局から決まります)")
    from .evaluate import evaluate  # lazy: the core engine lives in its own module

    doc = {**hand, "ruleset": spec, "seat_wind": WINDS[(winner - dealer) % SEATS],
           "round_wind": WINDS[round_index // SEATS], "tsumo": tsumo, "honba": 0, "sticks": 0}
    try:
        out = evaluate(doc)
    except GameError:
        raise
    except RulesError as exc:
        raise GameError(f"hand: {exc.message}", index=i, ja=f"手牌: {exc.ja}") from exc
    if not out.get("legal", False):
        reasons = out.get("reasons") or []
        ja = "、".join(r.get("ja", "") for r in reasons) or "和了できない手です"
        en = "; ".join(r.get("en", "") for r in reasons) or "not a legal win"
        raise GameError(f"the hand is not a legal win: {en}", index=i, ja=f"和了できない手です: {ja}")
    return {"han": out["han"], "fu": out["fu"], "yakuman": out.get("yakuman", 0), "limit": out.get("limit"),
            "total": out["total"], "payments": list(out["payments"]),
            "yaku": [{"id": y["id"], "han": y["han"], "ja": y.get("ja", y["id"])} for y in out.get("yaku", [])]}


def _bonus_text(honba: int, honba_points: int, pot: int) -> tuple[str, str]:
    """The 本場 and 供託 part of a win's description, Japanese and English."""
    ja = en = ""
    if honba and honba_points:
        ja += f"、{honba}本場 +{honba_points}"
        en += f", {honba} honba +{honba_points}"
    if pot:
        ja += f"、供託 +{pot}"
        en += f", sticks +{pot}"
    return ja, en


def _value_text(v: Mapping[str, Any]) -> tuple[str, str]:
    """(ja, en) of a value: 3翻30符 / 5翻 満貫 / 役満."""
    limit = v["limit"]
    if v["yakuman"]:
        limit = limit or "yakuman"
        return LIMIT_JA.get(limit, limit), limit.replace("_", " ")
    ja = f"{v['han']}翻" + (f"{v['fu']}符" if v["fu"] is not None and not limit else "")
    en = f"{v['han']} han" + (f" {v['fu']} fu" if v["fu"] is not None and not limit else "")
    if limit:
        ja, en = f"{ja} {LIMIT_JA.get(limit, limit)}", f"{en} {limit.replace('_', ' ')}"
    return ja, en


def _public(v: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v[k] for k in ("han", "fu", "yakuman", "limit", "total", "yaku") if k in v}


# --------------------------------------------------------------------------- one event


class _Game:
    """Applies events to a ``_Table``; one instance per ``play`` call."""

    def __init__(self, rs: RuleSet, spec: Any, players: list[str]):
        self.rs, self.spec, self.players = rs, spec, players
        self.t = _Table(scores=[rs.start_points] * SEATS)

    def name(self, seat: int) -> str:
        return self.players[seat]

    def names(self, seats: list[int]) -> str:
        return ", ".join(self.players[s] for s in seats)

    # -- riichi sticks placed with any event
    def place_riichi(self, ev: Mapping, i: int, deltas: list[int]) -> list[int]:
        seats = _seat_list(ev, "riichi", i)
        t, rs = self.t, self.rs
        for s in seats:
            if s in t.riichi:
                raise GameError(f"{self.name(s)} (seat {s}) already declared riichi in this hand",
                                index=i, ja=f"{self.name(s)} はこの局ですでにリーチしています")
            if t.scores[s] < rs.riichi_min_score:
                raise GameError(
                    f"{self.name(s)} (seat {s}) has {t.scores[s]} and cannot declare riichi "
                    f"(needs {rs.riichi_min_score})",
                    index=i, ja=f"{self.name(s)} は持ち点{t.scores[s]}点でリーチできません({rs.riichi_min_score}点以上が必要)")
            t.scores[s] -= rs.riichi_stick
            deltas[s] -= rs.riichi_stick
            t.pot += rs.riichi_stick
            t.riichi.append(s)
        return seats

    def apply(self, ev: Any, i: int) -> dict[str, Any]:
        t, rs = self.t, self.rs
        if t.ended_by:
            raise GameError(f"the game has already ended ({t.ended_by})", index=i, ja="対局はすでに終了しています")
        if not isinstance(ev, Mapping):
            raise GameError("an event must be an object", index=i, ja="記録はオブジェクトで指定してください")
        kind = ev.get("type")
        if not isinstance(kind, str) or kind not in EVENT_KEYS:
            raise GameError(f"unknown event type {kind!r} (known: {', '.join(EVENT_KEYS)})",
                            index=i, ja=f"不明な記録の種類です: {kind!r}")
        _check_keys(ev, EVENT_KEYS[kind] | {"type", "riichi"}, i, f"'{kind}' event")
        start = {"index": i, "type": kind, "round": round_code(t.round), "label": round_label(t.round, t.honba),
                 "honba": t.honba, "dealer": t.dealer}
        deltas = [0] * SEATS
        honba_part = [0] * SEATS  # the honba share of this event's payments (for bust_ignores_honba)
        declared = self.place_riichi(ev, i, deltas)
        handler = getattr(self, f"_{kind}")
        body = handler(ev, i, deltas, honba_part)
        ends = body.pop("next", None)
        if ends is not None:
            self.next_hand(*ends, honba_part)
        ja, en = body.pop("ja"), body.pop("en")
        if declared:
            ja += f"(リーチ: {self.names(declared)})"
            en += f" (riichi: {self.names(declared)})"
        return {**start, "deltas": deltas, "scores": list(t.scores), "sticks": t.pot // rs.riichi_stick,
                "pot": t.pot, "riichi": declared, "winners": [], "value": None, **body,
                "description": {"ja": ja, "en": en}}

    def pay(self, payer: int, payee: int | None, amount: int, deltas: list[int]) -> None:
        """``payer`` gives ``amount`` to ``payee`` (``None`` = the table)."""
        self.t.scores[payer] -= amount
        deltas[payer] -= amount
        if payee is None:
            self.t.pot += amount
        else:
            self.t.scores[payee] += amount
            deltas[payee] += amount

    def take_pot(self, winner: int, deltas: list[int]) -> int:
        pot, self.t.pot = self.t.pot, 0
        self.t.scores[winner] += pot
        deltas[winner] += pot
        return pot

    def _not_abandoned(self, seat: int, i: int) -> None:
        if seat in self.t.abandoned:
            raise GameError(f"{self.name(seat)} (seat {seat}) abandoned this hand and cannot win",
                            index=i, ja=f"{self.name(seat)} はアガリ放棄しているので和了できません")

    def _pao(self, win: Mapping, value: Mapping, winner: int, i: int) -> int | None:
        pao = _seat(win, "pao", i, required=False)
        if pao is None:
            return None
        if pao == winner:
            raise GameError("'pao' cannot be the winner", index=i, ja="パオ(責任払い)の人が和了者と同じです")
        if not self.rs.pao:
            raise GameError("this rule set has no pao", index=i, ja="このルールにパオ(責任払い)はありません")
        if not value["yakuman"]:
            raise GameError("pao applies only to a yakuman", index=i, ja="パオ(責任払い)は役満だけです")
        return pao

    # -- the event types
    def _ron(self, ev: Mapping, i: int, deltas: list[int], honba_part: list[int]) -> dict[str, Any]:
        t, rs = self.t, self.rs
        loser = _seat(ev, "loser", i)
        if "wins" in ev:
            if "winner" in ev or "pao" in ev or any(k in ev for k in VALUE_KEYS):
                raise GameError("give either 'wins' or one 'winner' with its value, not both",
                                index=i, ja="wins と winner(と点数)は同時に指定できません")
            wins = ev["wins"]
            if not isinstance(wins, list) or not 1 <= len(wins) <= SEATS - 1:
                raise GameError("'wins' must list 1 to 3 wins", index=i, ja="wins には1〜3人の和了を指定してください")
            for w in wins:
                if not isinstance(w, Mapping):
                    raise GameError("each of 'wins' must be an object", index=i, ja="wins の各要素はオブジェクトです")
                _check_keys(w, WIN_KEYS, i, "a win")
        else:
            wins = [{k: ev[k] for k in WIN_KEYS if k in ev}]
        claims = [(_seat(w, "winner", i), w) for w in wins]
        seats = [s for s, _ in claims]
        if len(set(seats)) != len(seats):
            raise GameError(f"a winner is listed twice: {seats}", index=i, ja=f"同じ和了者が2回あります: {seats}")
        for s in seats:
            if s == loser:
                raise GameError(f"the winner (seat {s}) cannot be the loser",
                                index=i, ja=f"和了者と放銃者が同じです({self.name(s)})")
            self._not_abandoned(s, i)
        claims.sort(key=lambda c: (c[0] - loser) % SEATS)  # turn order after the discarder
        if len(claims) == 3 and rs.triple_ron_draw:
            paid: list[tuple[int, Mapping]] = []
        elif len(claims) > 1 and rs.multi_ron == "atamahane":
            paid = claims[:1]
        else:
            paid = claims
        paid_seats = [s for s, _ in paid]
        bumped = [s for s, _ in claims if s not in paid_seats]
        wins_out, ja_parts, en_parts = [], [], []
        for n, (winner, w) in enumerate(claims):
            if winner not in paid_seats and not any(k in w for k in VALUE_KEYS):
                wins_out.append({"winner": winner, "value": None, "status": "not_paid"})
                continue
            value = _value(w, i, rs=rs, spec=self.spec, winner=winner, dealer=t.dealer, tsumo=False,
                           round_index=t.round)
            pao = self._pao(w, value, winner, i)
            if winner not in paid_seats:
                wins_out.append({"winner": winner, "value": _public(value), "status": "not_paid"})
                continue
            total = value["total"]
            if pao is None:
                self.pay(loser, winner, total, deltas)
            else:
                pao_half = ceil100(total // 2)
                self.pay(pao, winner, pao_half, deltas)
                self.pay(loser, winner, total - pao_half, deltas)
            extra_ja = extra_en = ""
            if winner == paid_seats[0]:
                honba = t.honba * rs.honba_value
                self.pay(loser, winner, honba, deltas)
                honba_part[loser] -= honba
                honba_part[winner] += honba
                extra_ja, extra_en = _bonus_text(t.honba, honba, self.take_pot(winner, deltas))
            if pao is not None:
                extra_ja += f"、{self.name(pao)} のパオ(半額)"
                extra_en += f", pao {self.name(pao)} pays half"
            vja, ven = _value_text(value)
            ja_parts.append(f"{self.name(winner)} が {self.name(loser)} から {total} のロン({vja}{extra_ja})")
            en_parts.append(f"{self.name(winner)} rons {self.name(loser)} for {total} ({ven}{extra_en})")
            wins_out.append({"winner": winner, "value": _public(value), "status": "won", "pao": pao})
        if not paid:
            ja = f"三家和(流局): {self.names(seats)} が {self.name(loser)} からロン"
            en = f"triple ron (abortive draw): {self.names(seats)} on {self.name(loser)}"
            nxt = ("abortive", True)
        else:
            ja, en = " / ".join(ja_parts), " / ".join(en_parts)
            if bumped:
                ja += f"(頭ハネ: {self.names(bumped)})"
                en += f" (head bump: {self.names(bumped)})"
            nxt = ("win", t.dealer in paid_seats)
        first = next((w["value"] for w in wins_out if w["status"] == "won"), None)
        return {"ja": ja, "en": en, "next": nxt, "winners": paid_seats, "loser": loser, "value": first,
                "wins": wins_out, "head_bumped": bumped if paid else [], "sanchahou": not paid}

    def _tsumo(self, ev: Mapping, i: int, deltas: list[int], honba_part: list[int]) -> dict[str, Any]:
        t, rs = self.t, self.rs
        winner = _seat(ev, "winner", i)
        self._not_abandoned(winner, i)
        value = _value(ev, i, rs=rs, spec=self.spec, winner=winner, dealer=t.dealer, tsumo=True,
                       round_index=t.round)
        pao = self._pao(ev, value, winner, i)
        by_role = {p["from"]: p["amount"] for p in value["payments"]}
        others = [s for s in range(SEATS) if s != winner]
        each_honba = t.honba * rs.honba_value // (SEATS - 1)
        for s in others:
            amount = by_role["dealer" if s == t.dealer else "non_dealer"]
            payer = s if pao is None else pao
            self.pay(payer, winner, amount + each_honba, deltas)
            honba_part[payer] -= each_honba
            honba_part[winner] += each_honba
        pot = self.take_pot(winner, deltas)
        vja, ven = _value_text(value)
        if winner == t.dealer:
            pay_text = f"{by_role['non_dealer']}オール"
            pay_en = f"{by_role['non_dealer']} all"
        else:
            pay_text = pay_en = f"{by_role['non_dealer']}-{by_role['dealer']}"
        bonus_ja, bonus_en = _bonus_text(t.honba, each_honba * 3, pot)
        ja = f"{self.name(winner)} のツモ {pay_text}({vja}{bonus_ja}"
        en = f"{self.name(winner)} tsumo {pay_en} ({ven}{bonus_en}"
        if pao is not None:
            ja += f"、{self.name(pao)} のパオ(全額)"
            en += f", pao {self.name(pao)} pays all"
        return {"ja": ja + ")", "en": en + ")", "next": ("win", winner == t.dealer), "winners": [winner],
                "value": _public(value), "pao": pao}

    def _draw(self, ev: Mapping, i: int, deltas: list[int], honba_part: list[int]) -> dict[str, Any]:
        t, rs = self.t, self.rs
        listed = _seat_list(ev, "tenpai", i)
        noten_riichi = sorted(s for s in t.riichi if s not in listed)
        if noten_riichi:  # seed 002 ⑳: ノーテンリーチは流局時チョンボ — the hand is void and replayed
            self.chombo(noten_riichi, deltas)
            ja = f"流局: ノーテンリーチで {self.names(noten_riichi)} のチョンボ(各{rs.chombo_each}点、やり直し)"
            en = f"draw: noten riichi, chombo by {self.names(noten_riichi)} ({rs.chombo_each} to each, hand replayed)"
            return {"ja": ja, "en": en, "next": ("chombo", False), "tenpai": [], "chombo": noten_riichi}
        tenpai = sorted(s for s in listed if s not in t.abandoned)
        noten = [s for s in range(SEATS) if s not in tenpai]
        if tenpai and noten:
            per_noten = rs.noten_total // len(noten)
            received = _share(per_noten * len(noten), tenpai)
            for s in noten:
                self.t.scores[s] -= per_noten
                deltas[s] -= per_noten
            for s, amount in received.items():
                self.t.scores[s] += amount
                deltas[s] += amount
        if not tenpai:
            ja, en = "流局(全員ノーテン)", "draw (all noten)"
        elif not noten:
            ja, en = "流局(全員テンパイ)", "draw (all tenpai)"
        else:
            ja, en = f"流局(テンパイ: {self.names(tenpai)})", f"draw (tenpai: {self.names(tenpai)})"
        return {"ja": ja, "en": en, "next": ("draw", t.dealer in tenpai), "tenpai": tenpai, "chombo": []}

    def chombo(self, offenders: list[int], deltas: list[int]) -> None:
        """Each offender pays ``chombo_each`` to every other player; this hand's riichi sticks go back."""
        for off in offenders:
            for s in range(SEATS):
                if s != off:
                    self.pay(off, s, self.rs.chombo_each, deltas)
        for s in self.t.riichi:
            self.t.pot -= self.rs.riichi_stick
            self.t.scores[s] += self.rs.riichi_stick
            deltas[s] += self.rs.riichi_stick

    def _chombo(self, ev: Mapping, i: int, deltas: list[int], honba_part: list[int]) -> dict[str, Any]:
        off = _seat(ev, "offender", i)
        self.chombo([off], deltas)
        each = self.rs.chombo_each
        return {"ja": f"{self.name(off)} のチョンボ(各{each}点、やり直し)",
                "en": f"chombo by {self.name(off)} ({each} to each, hand replayed)",
                "next": ("chombo", False), "chombo": [off]}

    def _penalty(self, ev: Mapping, i: int, deltas: list[int], honba_part: list[int]) -> dict[str, Any]:
        off = _seat(ev, "offender", i)
        self.pay(off, None, self.rs.penalty_value, deltas)
        v = self.rs.penalty_value
        return {"ja": f"{self.name(off)} の罰符 {v}点(供託)", "en": f"penalty: {self.name(off)} puts {v} on the table"}

    def _abandon(self, ev: Mapping, i: int, deltas: list[int], honba_part: list[int]) -> dict[str, Any]:
        p = _seat(ev, "player", i)
        if p in self.t.abandoned:
            raise GameError(f"{self.name(p)} (seat {p}) already abandoned this hand",
                            index=i, ja=f"{self.name(p)} はこの局ですでにアガリ放棄しています")
        self.t.abandoned.append(p)
        return {"ja": f"{self.name(p)} のアガリ放棄", "en": f"{self.name(p)} abandons the hand (アガリ放棄)"}

    # -- between hands
    def next_hand(self, kind: str, keeps_deal: bool, honba_part: list[int]) -> None:
        """Move to the next hand after a hand ended with ``kind`` (win/draw/abortive/chombo), then
        decide whether the game is over."""
        t, rs = self.t, self.rs
        played, dealer = t.round, t.dealer
        t.riichi, t.abandoned = [], []
        if kind != "chombo":
            t.honba = t.honba + 1 if keeps_deal or kind != "win" else 0
            if not keeps_deal:
                t.round += 1
        judged = [t.scores[s] - (honba_part[s] if rs.bust_ignores_honba else 0) for s in range(SEATS)]
        target = rs.return_points
        if rs.bust and min(judged) < 0:
            t.ended_by = "bust"
        elif played >= SOUTH_4 + 1 and max(t.scores) >= target:
            t.ended_by = "west_target"  # 西入 is sudden death: over once someone reaches return_points
        elif played in (SOUTH_4, WEST_4) and kind != "chombo":
            if not keeps_deal:
                west = rs.west_round and played == SOUTH_4 and max(t.scores) < target
                if not west:
                    t.ended_by = "south_4" if played == SOUTH_4 else "west_4"
            elif ranks(t.scores, rs)[dealer] == 1 and (not rs.west_round or t.scores[dealer] >= target):
                if kind == "win" and rs.agari_yame:
                    t.ended_by = "agari_yame"
                elif kind == "draw" and rs.tenpai_yame:
                    t.ended_by = "tenpai_yame"


def play(doc: Mapping[str, Any]) -> dict[str, Any]:
    """Settle a hanchan from ``{"ruleset", "players", "hands"}`` (docs/api.md).

    >>> doc = {"players": ["A", "B", "C", "D"], "hands": [
    ...     {"type": "draw", "tenpai": [0], "riichi": [0]},
    ...     {"type": "tsumo", "winner": 2, "han": 1, "fu": 30}]}
    >>> [e["deltas"] for e in play(doc)["events"]]
    [[2000, -1000, -1000, -1000], [-600, -400, 2400, -400]]
    """
    if not isinstance(doc, Mapping):
        raise DocumentError("the game must be an object", ja="対局データはオブジェクトで指定してください")
    extra = sorted(set(doc) - {"ruleset", "players", "hands"})
    if extra:
        raise DocumentError(f"unknown field(s) in the game: {', '.join(extra)}",
                            ja=f"対局データに不明な項目があります: {', '.join(extra)}")
    spec = doc.get("ruleset", "ariari")
    rs = get_ruleset(spec)
    players = doc.get("players", ["A", "B", "C", "D"])
    if (not isinstance(players, list) or len(players) != SEATS
            or not all(isinstance(p, str) and p.strip() for p in players)):
        raise DocumentError(f"'players' must be four names, not {players!r}",
                            ja=f"players は4人の名前で指定してください({players!r})")
    if len(set(players)) != SEATS:
        raise DocumentError(f"'players' has a name twice: {players!r}", ja=f"同じ名前の人が2人います({players!r})")
    hands = doc.get("hands", [])
    if not isinstance(hands, list):
        raise DocumentError("'hands' must be a list of events", ja="hands は記録のリストで指定してください")
    game = _Game(rs, spec, players)
    events = [game.apply(ev, i) for i, ev in enumerate(hands)]
    t = game.t
    ended = t.ended_by is not None
    state = {"round": None if ended else round_code(t.round),
             "label": None if ended else round_label(t.round, t.honba),
             "dealer": None if ended else t.dealer, "honba": t.honba, "sticks": t.pot // rs.riichi_stick,
             "pot": t.pot, "scores": list(t.scores), "riichi": list(t.riichi), "abandoned": list(t.abandoned)}
    return {"ruleset": rs.name, "players": list(players), "events": events, "state": state,
            "ended": ended, "ended_by": t.ended_by, "result": _result(list(t.scores), rs, t.pot) if ended else None}

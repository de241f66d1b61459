"""Settlement arithmetic: what one checked event does to the table (docs/rules.md §3.3, §3.4, §6).

Each ``settle_<type>`` moves points only through ``Table.pay`` and returns an ``Outcome``: the
event's public fields, whether and how the hand ended (for ``rules.game.end``) and the facts the
wording needs (``rules.game.wording``). Checks that depend on the running state are made here.

>>> from rules.ruleset import get_ruleset
>>> from rules.game.events import parse
>>> t, ledger = Table(get_ruleset("ariari")), Ledger()
>>> out = settle(t, parse({"type": "tsumo", "winner": 3, "han": 1, "fu": 30}, 0), ledger, spec="ariari")
>>> ledger.deltas, out.ends
([-500, -300, -300, 1100], ('win', False))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import GameError
from ..points import ceil100
from ..standings import share
from .events import Event, Value, Win
from .table import POT, SEATS, Ledger, Table
from .value import WinValue, check_hand, evaluate_document, hand_document, win_value


@dataclass
class Paid:
    """One paid win, for the wording: its value, honba and sticks taken, and the パオ player."""

    winner: int
    value: WinValue
    honba_points: int = 0
    pot: int = 0
    pao: int | None = None


@dataclass
class Facts:
    """What the wording says about a settled event, beside the event itself: the hand's dealer and
    honba, the wins paid, the claims not paid (頭ハネ), the tenpai seats, the noten riichi charged."""

    dealer: int
    honba: int
    paid: list[Paid] = field(default_factory=list)
    bumped: list[int] = field(default_factory=list)
    tenpai: list[int] = field(default_factory=list)
    noten_riichi: list[int] = field(default_factory=list)


@dataclass
class Outcome:
    """``fields``: the event's public fields; ``ends``: (how the hand ended: win / draw / abortive /
    chombo, the dealer keeps the deal) or ``None`` while the hand goes on; ``facts``: for the wording;
    ``documents``: the wins entered as hands, each with its evaluate ``document`` and ``verdict``
    (``rules.evaluate`` of it)."""

    facts: Facts
    fields: dict[str, Any] = field(default_factory=dict)
    ends: tuple[str, bool] | None = None
    documents: list[dict[str, Any]] = field(default_factory=list)


def _fail(ev: Event, en: str, ja: str) -> GameError:
    return GameError(en, index=ev.index, ja=ja)


def place_riichi(t: Table, ev: Event, ledger: Ledger) -> None:
    """The riichi sticks placed with any event."""
    for s in ev.riichi:
        if s in t.riichi:
            raise _fail(ev, f"{t.name(s)} (seat {s}) already declared riichi in this hand",
                        f"{t.name(s)} はこの局ですでにリーチしています")
        if t.scores[s] < t.rs.riichi_min_score:
            need = t.rs.riichi_min_score
            raise _fail(ev, f"{t.name(s)} (seat {s}) has {t.scores[s]} and cannot declare riichi (needs {need})",
                        f"{t.name(s)} は持ち点{t.scores[s]}点でリーチできません({need}点以上が必要)")
        t.pay(s, POT, t.rs.riichi_stick, ledger)
        t.riichi.append(s)


def _may_win(t: Table, ev: Event, seat: int) -> None:
    if seat in t.abandoned:
        raise _fail(ev, f"{t.name(seat)} (seat {seat}) abandoned this hand and cannot win",
                    f"{t.name(seat)} はアガリ放棄しているので和了できません")


def _value(t: Table, ev: Event, win: Win, *, tsumo: bool, spec: Any, out: Outcome) -> WinValue:
    value = win.value
    if value is None:
        raise _fail(ev, "a win needs exactly one value: han+fu, yakuman or hand",
                    "和了の点数は 翻+符、役満、手牌 のどれか1つで指定してください")
    if value.hand is None:
        result = win_value(value, t.rs, dealer=win.winner == t.dealer, tsumo=tsumo)
    else:
        check_hand(value.hand, ev.index)
        doc = hand_document(value.hand, spec, seat_wind=t.seat_wind(win.winner), round_wind=t.round_wind,
                            tsumo=tsumo, honba=t.honba, sticks=t.sticks)
        entry = {"winner": win.winner, "document": doc}
        out.documents.append(entry)
        result, entry["verdict"] = evaluate_document(doc, ev.index)
    if win.pao is not None:
        if not t.rs.pao:
            raise _fail(ev, "this rule set has no pao", "このルールにパオ(責任払い)はありません")
        if not result.yakuman:
            raise _fail(ev, "pao applies only to a yakuman", "パオ(責任払い)は役満だけです")
    return result


def _take_pot(t: Table, winner: int, ledger: Ledger) -> int:
    pot = t.pot
    t.pay(POT, winner, pot, ledger)
    return pot


def settle_ron(t: Table, ev: Event, ledger: Ledger, out: Outcome, spec: Any) -> None:
    rs, loser = t.rs, ev.loser
    assert loser is not None
    for w in ev.wins:
        if w.winner == loser:
            raise _fail(ev, f"the winner (seat {loser}) cannot be the loser", f"和了者と放銃者が同じです({t.name(loser)})")
        _may_win(t, ev, w.winner)
    claims = sorted(ev.wins, key=lambda w: (w.winner - loser) % SEATS)  # turn order after the discarder
    if len(claims) == 3 and rs.triple_ron_draw:
        paid_seats: list[int] = []
    elif len(claims) > 1 and rs.multi_ron == "atamahane":
        paid_seats = [claims[0].winner]
    else:
        paid_seats = [w.winner for w in claims]
    bumped = [w.winner for w in claims if w.winner not in paid_seats]
    wins_out: list[dict[str, Any]] = []
    paid: list[Paid] = []
    for w in claims:
        if w.winner not in paid_seats and w.value is None:
            wins_out.append({"winner": w.winner, "value": None, "status": "not_paid"})
            continue
        value = _value(t, ev, w, tsumo=False, spec=spec, out=out)
        if w.winner not in paid_seats:
            wins_out.append({"winner": w.winner, "value": value.public(), "status": "not_paid"})
            continue
        line = Paid(w.winner, value, pao=w.pao)
        if w.pao is None:
            t.pay(loser, w.winner, value.total, ledger)
        else:
            half = ceil100(value.total // 2)
            t.pay(w.pao, w.winner, half, ledger)
            t.pay(loser, w.winner, value.total - half, ledger)
        if w.winner == paid_seats[0]:  # 上家取り: honba and sticks to the claimant nearest the discarder
            line.honba_points = t.honba * rs.honba_value
            honba_payer = w.pao if w.pao is not None and rs.pao_pays_ron_honba else loser
            t.pay(honba_payer, w.winner, line.honba_points, ledger, honba=True)
            line.pot = _take_pot(t, w.winner, ledger)
        paid.append(line)
        wins_out.append({"winner": w.winner, "value": value.public(), "status": "won", "pao": w.pao})
    first = next((x["value"] for x in wins_out if x["status"] == "won"), None)
    out.fields = {"winners": paid_seats, "loser": loser, "value": first, "wins": wins_out,
                  "head_bumped": bumped if paid_seats else [], "sanchahou": not paid_seats}
    out.facts.paid, out.facts.bumped = paid, bumped
    out.ends = ("abortive", True) if not paid_seats else ("win", t.dealer in paid_seats)


def settle_tsumo(t: Table, ev: Event, ledger: Ledger, out: Outcome, spec: Any) -> None:
    rs, win = t.rs, ev.wins[0]
    _may_win(t, ev, win.winner)
    value = _value(t, ev, win, tsumo=True, spec=spec, out=out)
    by_role = value.by_role()
    each_honba = t.honba * rs.honba_value // (SEATS - 1)
    for s in range(SEATS):
        if s != win.winner:
            payer = s if win.pao is None else win.pao
            t.pay(payer, win.winner, by_role["dealer" if s == t.dealer else "non_dealer"], ledger)
            t.pay(payer, win.winner, each_honba, ledger, honba=True)
    pot = _take_pot(t, win.winner, ledger)
    out.fields = {"winners": [win.winner], "value": value.public(), "pao": win.pao}
    out.facts.paid = [Paid(win.winner, value, each_honba * (SEATS - 1), pot, win.pao)]
    out.ends = ("win", win.winner == t.dealer)


def chombo(t: Table, offenders: list[int], ledger: Ledger) -> None:
    """Each offender pays ``chombo_each`` to every other player; this hand's riichi sticks go back."""
    for off in offenders:
        for s in range(SEATS):
            if s != off:
                t.pay(off, s, t.rs.chombo_each, ledger)
    for s in t.riichi:
        t.pay(POT, s, t.rs.riichi_stick, ledger)


def noten_payments(t: Table, tenpai: list[int], ledger: Ledger) -> None:
    """``noten_total`` from the noten players, shared by the tenpai players (seat order first)."""
    noten = [s for s in range(SEATS) if s not in tenpai]
    if not tenpai or not noten:
        return
    per_noten = t.rs.noten_total // len(noten)
    owed = {s: per_noten for s in noten}
    for s, due in share(per_noten * len(noten), tenpai).items():
        for payer in noten:
            amount = min(due, owed[payer])
            if amount:
                t.pay(payer, s, amount, ledger)
                owed[payer] -= amount
                due -= amount


def settle_draw(t: Table, ev: Event, ledger: Ledger, out: Outcome, spec: Any) -> None:
    noten_riichi = sorted(s for s in t.riichi if s not in ev.seats)
    if noten_riichi:  # seed 002 ⑳: ノーテンリーチは流局時チョンボ — the hand is void and replayed
        chombo(t, noten_riichi, ledger)
        out.fields, out.ends, out.facts.noten_riichi = {"tenpai": [], "chombo": noten_riichi}, ("chombo", False), noten_riichi
        return
    tenpai = sorted(s for s in ev.seats if s not in t.abandoned)
    noten_payments(t, tenpai, ledger)
    out.fields, out.ends, out.facts.tenpai = {"tenpai": tenpai, "chombo": []}, ("draw", t.dealer in tenpai), tenpai


def settle_chombo(t: Table, ev: Event, ledger: Ledger, out: Outcome, spec: Any) -> None:
    assert ev.seat is not None
    chombo(t, [ev.seat], ledger)
    out.fields, out.ends = {"chombo": [ev.seat]}, ("chombo", False)


def settle_penalty(t: Table, ev: Event, ledger: Ledger, out: Outcome, spec: Any) -> None:
    t.pay(ev.seat, POT, t.rs.penalty_value, ledger)


def settle_abandon(t: Table, ev: Event, ledger: Ledger, out: Outcome, spec: Any) -> None:
    assert ev.seat is not None
    if ev.seat in t.abandoned:
        raise _fail(ev, f"{t.name(ev.seat)} (seat {ev.seat}) already abandoned this hand",
                    f"{t.name(ev.seat)} はこの局ですでにアガリ放棄しています")
    t.abandoned.append(ev.seat)


def settle_abortive(t: Table, ev: Event, ledger: Ledger, out: Outcome, spec: Any) -> None:
    """途中流局: no payments, the riichi sticks stay on the table, the dealer keeps the deal."""
    if not t.rs.abortive_draws:
        raise _fail(ev, "this rule set has no abortive draws", "このルールに途中流局はありません")
    if ev.kind == "sanchahou" and not t.rs.triple_ron_draw:
        raise _fail(ev, "this rule set pays a triple ron (no 三家和 draw)", "このルールでは三家和は流局になりません")
    if ev.kind == "suucha_riichi" and len(t.riichi) != SEATS:
        raise _fail(ev, f"四家立直 needs all four riichi in this hand (declared: {sorted(t.riichi)})",
                    f"四家立直には4人全員のリーチが必要です(リーチ: {sorted(t.riichi)})")
    out.fields, out.ends = {"kind": ev.kind}, ("abortive", True)


def settle_nagashi(t: Table, ev: Event, ledger: Ledger, out: Outcome, spec: Any) -> None:
    """流し満貫: each winner is paid a mangan tsumo, without honba or sticks; then the hand ends as a
    draw (no noten payments; the dealer keeps the deal when tenpai)."""
    if not t.rs.nagashi_mangan:
        raise _fail(ev, "this rule set has no nagashi mangan", "このルールに流し満貫はありません")
    for w in ev.seats:
        _may_win(t, ev, w)
        value = win_value(Value(han=5), t.rs, dealer=w == t.dealer, tsumo=True)
        by_role = value.by_role()
        for s in range(SEATS):
            if s != w:
                t.pay(s, w, by_role["dealer" if s == t.dealer else "non_dealer"], ledger)
        out.facts.paid.append(Paid(w, value))
    tenpai = sorted(s for s in ev.tenpai if s not in t.abandoned)
    out.fields = {"winners": list(ev.seats), "value": out.facts.paid[0].value.public(), "tenpai": tenpai}
    out.ends, out.facts.tenpai = ("draw", t.dealer in tenpai), tenpai


SETTLE = {
    "ron": settle_ron, "tsumo": settle_tsumo, "draw": settle_draw, "chombo": settle_chombo,
    "penalty": settle_penalty, "abandon": settle_abandon, "abortive": settle_abortive, "nagashi": settle_nagashi,
}


def settle(t: Table, ev: Event, ledger: Ledger, *, spec: Any) -> Outcome:
    """Apply one event (its riichi sticks first) to the table; the score changes go to ``ledger``."""
    place_riichi(t, ev, ledger)
    out = Outcome(Facts(dealer=t.dealer, honba=t.honba))
    SETTLE[ev.type](t, ev, ledger, out, spec)
    return out

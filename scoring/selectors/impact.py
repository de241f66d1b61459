"""Rule-change impact: the period's tile-entered wins judged again under another rule set, and the
hanchan they change replayed. A refused win is left out as if it had not happened (with its riichi
sticks and any later event that can no longer be played); a game cut short is scored where it stops.
"""

from __future__ import annotations

import datetime
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

import rules

from ..models import Hanchan, HanchanResult, HandRecord, Member, RuleSet
from .disputes import tile_wins
from .rulesets import hanchan_under_ruleset

MAX_DAYS = 366
MAX_HANCHAN = 300
MAX_SHOWN = 200  # changed wins listed on the page (all of them count in the standings)


@dataclass
class HandChange:
    hanchan: Hanchan
    number: int  # the hand's number (#n)
    winner: str
    document: dict[str, Any]
    now: dict[str, Any]  # the value now: han, fu, yakuman, total (points before honba and sticks)
    other: dict[str, Any] | None  # the value under the other rule set; None: refused (不成立)
    reasons: list[dict[str, str]] = field(default_factory=list)  # the engine's, {"ja", "en", ...}


@dataclass
class HanchanChange:
    hanchan: Hanchan
    dropped: list[int]  # hand numbers left out of the replay (refused, or no longer playable)
    net_now: list[int]
    net_other: list[int]
    error: str = ""


def _replay_without(hanchan: Hanchan, events: list[dict[str, Any]], spec: Any,
                    refused: set[tuple[int, int]]) -> tuple[dict[str, Any], list[int]]:
    """Replay under ``spec`` leaving out refused wins (``(event index, winner)``) and then any
    event that can no longer be played; also the 0-based dropped positions."""
    kept: list[tuple[int, dict[str, Any]]] = []
    dropped: list[int] = []
    for i, ev in enumerate(events):
        if ev.get("wins"):
            wins = [w for w in ev["wins"] if (i, w.get("winner")) not in refused]
            if not wins:
                dropped.append(i)
                continue
            ev = {**ev, "wins": wins}
        elif (i, ev.get("winner")) in refused:
            dropped.append(i)
            continue
        kept.append((i, ev))
    doc = {"ruleset": spec, "players": hanchan.player_names()}
    while True:  # each failed try drops an event: ends by the time none is left
        try:
            return rules.play({**doc, "hands": [ev for _i, ev in kept]}), sorted(dropped)
        except rules.GameError as exc:
            if exc.index is None or exc.index >= len(kept):
                raise
            dropped.append(kept.pop(exc.index)[0])


def _nets(out: dict[str, Any], spec: Any) -> list[int]:
    if out["ended"]:
        return list(out["result"]["net"])
    state = out["state"]
    stick = rules.get_ruleset(spec).riichi_stick
    return list(rules.final_result(state["scores"], spec, sticks=state["pot"] // stick)["net"])


def rule_change_impact(*, ruleset: RuleSet, other: RuleSet, start: datetime.date,
                       end: datetime.date) -> dict[str, Any]:
    """Judge the period's tile-entered wins under ``other`` and replay the hanchan they change."""
    if (end - start).days >= MAX_DAYS:
        start = end - datetime.timedelta(days=MAX_DAYS - 1)
    # the finished hanchan played under ``ruleset`` in the period, in date order
    games = list(hanchan_under_ruleset(ruleset=ruleset)
                 .filter(clubday__date__gte=start, clubday__date__lte=end, state=Hanchan.State.FINISHED)
                 .with_players().order_by("clubday__date", "table", "number")[:MAX_HANCHAN + 1])
    truncated = len(games) > MAX_HANCHAN
    games = games[:MAX_HANCHAN]
    ids = [h.pk for h in games]
    hands_by = defaultdict(list)
    for h in (HandRecord.objects.filter(hanchan_id__in=ids, hanchan__mode=Hanchan.Mode.HANDS)
              .order_by("hanchan_id", "order").only("hanchan_id", "order", "event")):
        hands_by[h.hanchan_id].append(h.event)
    nets = {(pk, seat): net for pk, seat, net in
            HanchanResult.objects.filter(hanchan_id__in=ids).values_list("hanchan_id", "seat", "net")}
    spec_now, spec_other = ruleset.spec(), other.spec()
    hand_rows: list[HandChange] = []
    game_rows: list[HanchanChange] = []
    totals_now, totals_other, played = Counter(), Counter(), Counter()  # member pk → net now, net under other, games
    judged = 0
    for game in games:
        now = [nets.get((game.pk, seat), 0) for seat in range(4)]
        net_other = list(now)
        events = hands_by.get(game.pk, [])
        if any(isinstance(e.get("hand"), dict) or any(isinstance(w.get("hand"), dict) for w in e.get("wins") or [])
               for e in events):
            count, changed, refused = _judge(game, events, spec_now, spec_other, hand_rows)
            judged += count
            if changed:
                try:
                    out, dropped = _replay_without(game, events, spec_other, refused)
                    net_other = _nets(out, spec_other)
                    game_rows.append(HanchanChange(game, [d + 1 for d in dropped], now, net_other))
                except rules.RulesError as exc:
                    game_rows.append(HanchanChange(game, [], now, now, error=exc.ja))
        for seat, member in enumerate(game.members):
            totals_now[member.pk] += now[seat]
            totals_other[member.pk] += net_other[seat]
            played[member.pk] += 1
    members = Member.objects.in_bulk(list(played))
    standings = [{"member": members[pk], "games": played[pk], "now": totals_now[pk], "other": totals_other[pk],
                  "diff": totals_other[pk] - totals_now[pk]} for pk in played]
    for key, rank in (("now", "rank_now"), ("other", "rank_other")):
        for n, row in enumerate(sorted(standings, key=lambda r: -r[key]), start=1):
            row[rank] = n
    standings.sort(key=lambda r: (r["rank_other"], r["member"].kana))
    return {"hands": hand_rows[:MAX_SHOWN], "hands_total": len(hand_rows), "hanchan": game_rows,
            "standings": standings, "judged": judged, "hanchan_count": len(games), "truncated": truncated,
            "start": start, "end": end, "max_hanchan": MAX_HANCHAN}


def _judge(game: Hanchan, events: list[dict[str, Any]], spec_now: Any, spec_other: Any,
           rows: list[HandChange]) -> tuple[int, bool, set[tuple[int, int]]]:
    """Judge one game's tile-entered wins under the other rule set, appending the changed ones to
    ``rows``: the wins judged, whether any changed, and the refused (index, winner)."""
    names = game.player_names()
    try:
        out = rules.play({"ruleset": spec_now, "players": names, "hands": events})
    except rules.RulesError:
        return 0, False, set()
    refused: set[tuple[int, int]] = set()
    changed = False
    wins = tile_wins(events, out, spec_now)
    for win in wins:
        now = win.value or {}
        try:
            verdict = rules.evaluate({**win.document, "ruleset": spec_other})
        except rules.RulesError as exc:
            verdict = {"legal": False, "reasons": [{"ja": exc.ja, "en": exc.message}]}
        legal = verdict.get("legal")
        if legal and verdict.get("total") == now.get("total"):
            continue
        changed = True
        if not legal:
            refused.add((win.index, win.winner))
        rows.append(HandChange(hanchan=game, number=win.index + 1, winner=names[win.winner], document=win.document,
                               now=now, other=verdict if legal else None,
                               reasons=list(verdict.get("reasons") or [])))
    return len(wins), changed, refused


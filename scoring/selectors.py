"""Reads. Pages get their data here; nothing in this module writes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet

import rules

from .models import ClubDay, Hanchan, HanchanResult, Member

SEAT_WINDS = ("東", "南", "西", "北")


@dataclass(frozen=True)
class PlayerState:
    seat: int
    member: Member
    name: str
    score: int
    wind: str  # seat wind in the current hand
    dealer: bool
    riichi: bool
    diffs: list[tuple[str, int]]  # (other player's name, own score − theirs)


def members_by_kana(*, active_only: bool = False) -> QuerySet[Member]:
    """Members in 五十音 order of their reading (readings are stored as hiragana)."""
    qs = Member.objects.order_by("kana", "number")
    return qs.filter(active=True) if active_only else qs


def recent_clubdays(*, limit: int = 10) -> QuerySet[ClubDay]:
    return ClubDay.objects.select_related("ruleset").order_by("-date", "-pk")[:limit]


def hanchan_state(*, hanchan: Hanchan) -> dict[str, Any]:
    """The live state of a hanchan by replaying its stored hands: players with scores, winds,
    dealer, differences; round, honba, sticks; the hand history; whether the game is over."""
    hands = list(hanchan.hands.order_by("order").select_related("entered_by"))
    members = hanchan.members
    names = hanchan.player_names()
    rs = hanchan.clubday.ruleset.engine()
    out = None
    if hanchan.mode == Hanchan.Mode.HANDS:
        out = rules.play({"ruleset": hanchan.clubday.ruleset.spec(), "players": names,
                          "hands": [h.event for h in hands]})
        st = out["state"]
        scores, dealer = st["scores"], st["dealer"]
        label = st["label"]  # {"ja", "en"} or None once the game is over
        honba, sticks, riichi = st["honba"], st["sticks"], st["riichi"]
    else:
        results = {r.seat: r for r in hanchan.results.all()}
        scores = [results[s].score if s in results else rs.start_points for s in range(4)]
        dealer, label, honba, sticks, riichi = None, None, 0, 0, []
    players = []
    for seat, member in enumerate(members):
        wind = SEAT_WINDS[(seat - dealer) % 4] if dealer is not None else SEAT_WINDS[seat]
        diffs = [(names[o], scores[seat] - scores[o]) for o in range(4) if o != seat]
        players.append(PlayerState(seat=seat, member=member, name=names[seat], score=scores[seat], wind=wind,
                                   dealer=seat == dealer, riichi=seat in riichi, diffs=diffs))
    events = out["events"] if out else []
    history = [{"hand": h, "event": ev} for h, ev in zip(hands, events)]
    return {
        "hanchan": hanchan, "players": players, "label": label, "honba": honba, "sticks": sticks,
        "ended": bool(out and out["ended"]), "ended_by": out["ended_by"] if out else None,
        "history": history, "results": list(hanchan.results.select_related("member").order_by("rank", "seat")),
        "ruleset": rs,
    }


def state_before(*, hanchan: Hanchan, before: int | None = None) -> dict[str, Any]:
    """The engine's state (round, dealer, honba, sticks, riichi) before hand number ``before``
    (0-based; ``None``: after every stored hand). Raises ``rules.RulesError`` on a broken record."""
    events = [h.event for h in hanchan.hands.order_by("order")][:before]
    return rules.play({"ruleset": hanchan.clubday.ruleset.spec(), "players": hanchan.player_names(),
                       "hands": events})["state"]


def clubday_tables(*, clubday: ClubDay) -> list[dict[str, Any]]:
    """The club day's tables in order, each with its hanchan and their results."""
    tables: dict[int, list[Hanchan]] = {}
    qs = (clubday.hanchans.select_related("seat0", "seat1", "seat2", "seat3")
          .prefetch_related("results__member").order_by("table", "number"))
    for h in qs:
        tables.setdefault(h.table, []).append(h)
    return [{"table": t, "hanchans": hs} for t, hs in sorted(tables.items())]


def clubday_totals(*, clubday: ClubDay) -> list[dict[str, Any]]:
    """Day standings: per member, hanchan played, total net and ranks, best total first."""
    totals: dict[int, dict[str, Any]] = {}
    for r in HanchanResult.objects.filter(hanchan__clubday=clubday, hanchan__state=Hanchan.State.FINISHED
                                          ).select_related("member"):
        row = totals.setdefault(r.member_id, {"member": r.member, "games": 0, "net": 0, "ranks": []})
        row["games"] += 1
        row["net"] += r.net
        row["ranks"].append(r.rank)
    rows = sorted(totals.values(), key=lambda row: (-row["net"], row["member"].kana))
    for row in rows:
        row["net_text"] = rules.net_text(row["net"])
    return rows


"""Club days: recent ones, a day's tables and totals."""

from __future__ import annotations

from itertools import groupby
from typing import Any

from django.db.models import Max, Min, QuerySet

import rules

from ..models import ClubDay, Hanchan, HanchanResult
from .ranking import standings


def recent_clubdays(*, limit: int = 10) -> QuerySet[ClubDay]:
    return ClubDay.objects.select_related("ruleset").order_by("-date", "-pk")[:limit]


def clubday_years() -> list[int]:
    """The years from the first club day's to the latest's, newest first."""
    span = ClubDay.objects.aggregate(first=Min("date"), last=Max("date"))
    if span["last"] is None:
        return []
    return list(range(span["last"].year, span["first"].year - 1, -1))


def clubdays_of_year(*, year: int) -> QuerySet[ClubDay]:
    """One year's club days, newest first: a page never lists all of history."""
    return ClubDay.objects.select_related("ruleset").filter(date__year=year).order_by("-date", "-pk")


def next_numbers(*, clubday: ClubDay) -> dict[int, int]:
    """The next 回戦 of each table used on the day (table → number), what a blank 回戦 becomes."""
    tables = clubday.hanchans.order_by().values("table").annotate(n=Max("number")).values_list("table", "n")
    return {t: n + 1 for t, n in tables}


def next_hanchan_defaults(*, clubday: ClubDay, after: Hanchan | None = None) -> dict[str, Any]:
    """What the new-hanchan form starts with: the table last used (or ``after``'s) and the players of its last
    hanchan in their seats; table 1 on an empty day. 回戦 is left blank: the service numbers the table sent."""
    if after is None:
        last = clubday.hanchans.order_by("-created_at", "-pk").first()
        if last is None:
            return {"table": 1}
        after = clubday.hanchans.filter(table=last.table).order_by("-number").first()
    return {"table": after.table, **{f"seat{i}": getattr(after, f"seat{i}_id") for i in range(4)}}


def clubday_tables(*, clubday: ClubDay) -> list[dict[str, Any]]:
    """The club day's tables in order, each with its hanchan and their results."""
    qs = (clubday.hanchans.select_related("seat0", "seat1", "seat2", "seat3", "ruleset")
          .prefetch_related("results__member").order_by("table", "number"))
    return [{"table": t, "hanchans": list(hs)} for t, hs in groupby(qs, key=lambda h: h.table)]


def clubday_totals(*, clubday: ClubDay) -> list[dict[str, Any]]:
    """The day's standings rows (best total first), each with ``net_text`` and ``rounds``: per 回戦 (1 … the
    day's last) the member's ``{"table", "rank", "net"}`` results in it (usually one, none when sitting out)."""
    rows = standings(clubday=clubday, include_inactive=True)
    played = (HanchanResult.objects.filter(hanchan__clubday=clubday, hanchan__state=Hanchan.State.FINISHED)
              .values_list("member_id", "hanchan__number", "hanchan__table", "rank", "net")
              .order_by("hanchan__number", "hanchan__table"))
    by_member: dict[int, dict[int, list[dict[str, Any]]]] = {}
    last = 0
    for member_id, number, table, rank, net in played:
        by_member.setdefault(member_id, {}).setdefault(number, []).append({"table": table, "rank": rank, "net": net})
        last = max(last, number)
    for row in rows:
        row["net_text"] = rules.net_text(row["net"])
        mine = by_member.get(row["member_id"], {})
        row["rounds"] = [mine.get(n, []) for n in range(1, last + 1)]
    return rows

"""Club days: recent ones, a day's tables and totals."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

import rules

from ..models import ClubDay, Hanchan, HanchanResult


def recent_clubdays(*, limit: int = 10) -> QuerySet[ClubDay]:
    return ClubDay.objects.select_related("ruleset").order_by("-date", "-pk")[:limit]


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

"""A member's page, read mostly from the member's rollup rows (``BoardRollup``)."""

from __future__ import annotations

import itertools
from datetime import date
from typing import Any

from ..models import BoardRollup, HandRecord, Member
from ..shared import ROLLUP_FIELDS, combine, display_rating, key_clubday
from .ranking import RESULT_ORDER, finish_row, finished_results

CHART_DAYS = 100  # the charts show each club day up to this many, then each month (a phone's width is ~350 px)
PERIOD_FIELDS = ("year", "month", "day", "games", "net", "last", "rating_mu", "rating_sigma")


def member_page(*, member: Member) -> dict[str, Any]:
    """Everything the member page shows; ``timeline`` is the charts' series, ``days`` the latest 30
    dates, newest first."""
    alltime = list(BoardRollup.objects.filter(member=member, year=0).values(*ROLLUP_FIELDS))  # a row per rule set
    total = combine(alltime)
    summary = member_summary(member=member, total=total) if alltime else None
    days = member_timeline(member=member, limit=CHART_DAYS, games=total["games"], net=total["net"])
    return {"summary": summary, "recent": member_recent(member=member, since=_recent_since(days, 20)),
            "timeline": days if not days or days[0]["complete"] else member_months(member=member),
            "days": days[-30:][::-1], "best_wins": member_best_wins(member=member, total=total),
            "head_to_head": member_head_to_head(total=total)}


def member_summary(*, member: Member, total: dict) -> dict:
    """The member's all-time row as in ``standings``, without ``rank``."""
    row = {"member_id": member.pk, **{f: total[f] for f in BoardRollup.SUMS}, "best": total["best"]}
    member.mu, member.sigma = total["rating_mu"], total["rating_sigma"]
    finish_row(row, member)
    row["rank"] = None
    return row


def _recent_since(timeline: list[dict], limit: int) -> date | None:
    """The earliest date the member's last ``limit`` hanchan can be on."""
    newest_first = timeline[::-1]
    games = itertools.accumulate(d["games"] for d in newest_first)
    return next((d["date"] for d, n in zip(newest_first, games) if n >= limit), None)


def member_recent(*, member: Member, limit: int = 20, since: date | None = None) -> list[dict]:
    """The member's latest finished hanchan, newest first. ``since``: none of them is earlier (keeps
    the look-up to a few club days)."""
    rows = (finished_results(start=since).filter(member=member).order_by(*(f"-{k}" for k in RESULT_ORDER))
            .values_list("hanchan_id", "hanchan__clubday__date", "hanchan__table", "hanchan__number", "rank", "score",
                         "net", "rating_mu", "rating_sigma")[:limit])
    return [{"hanchan_id": pk, "date": day, "table": table, "number": number, "rank": rank, "score": score,
             "net": net, "rating": display_rating(mu, sigma)}
            for pk, day, table, number, rank, score, net, mu, sigma in rows]


def member_timeline(*, member: Member, limit: int | None = None, games: int | None = None,
                    net: int | None = None) -> list[dict]:
    """Per date the member played, oldest first: games, net, cumulative net and the rating after the
    day. ``limit``: only the latest that many dates, the cumulative net counted back from ``net``
    (the all-time net over ``games``); the first row says whether it reaches the first game."""
    qs = (BoardRollup.objects.filter(member=member, day__gt=0).order_by("-year", "-month", "-day")
          .values_list(*PERIOD_FIELDS))
    fetch = 2 * limit + 2 if limit else None  # a date has a row per rule set played that day
    rows = list(qs[:fetch])
    days = _merged(rows)
    if fetch and len(rows) == fetch:
        days = days[:-1]  # the oldest date read may miss a rule set's row
    days = days[:limit]
    seen = sum(d[1] for d in days)
    total = net if limit and games is not None and net is not None else sum(d[2] for d in days)
    out = []
    for (y, m, d), n, day_net, last, mu, sigma in days:  # newest first: the total counts back
        out.append({"clubday": key_clubday(last), "date": date(y, m, d), "games": n,
                    "net": day_net, "total": total, "rating": display_rating(mu, sigma)})
        total -= day_net
    out.reverse()
    if out:
        out[0]["complete"] = games is None or seen == games
    return out


def member_months(*, member: Member) -> list[dict]:
    """Per month the member played, oldest first: the charts of a long history."""
    rows = (BoardRollup.objects.filter(member=member, year__gt=0, month__gt=0, day=0)
            .order_by("-year", "-month").values_list(*PERIOD_FIELDS))
    out, total = [], 0
    months = list(reversed(_merged(rows)))
    step = -(-len(months) // CHART_DAYS)  # more months than a chart shows: every step-th (and the last)
    for i, ((y, m, _d), _n, month_net, _last, mu, sigma) in enumerate(months):
        total += month_net
        if i % step == (len(months) - 1) % step:
            out.append({"date": f"{y:04d}-{m:02d}", "total": total, "rating": display_rating(mu, sigma), "month": True})
    return out


def _merged(rows) -> list[list]:
    """Rollup rows (y, m, d, games, net, last, mu, sigma), newest first, merged per period across
    rule sets: ``[(y, m, d), games, net, last, mu, sigma]`` with the rating after the later game."""
    out: list[list] = []
    for y, m, d, games, net, last, mu, sigma in rows:
        if out and out[-1][0] == (y, m, d):
            item = out[-1]
            item[1] += games
            item[2] += net
            if last > item[3]:
                item[3:] = [last, mu, sigma]
        else:
            out.append([(y, m, d), games, net, last, mu, sigma])
    return out


def member_best_wins(*, member: Member, total: dict) -> list[dict]:
    """The member's biggest wins (points gained, with honba and sticks), biggest first, from the
    rollup's top five per rule set."""
    top = total["best_wins"]
    seats = [f"hanchan__seat{s}_id" for s in range(4)]
    found = {h["pk"]: h for h in HandRecord.objects.filter(pk__in=[pk for _gain, pk, _d in top]).values(
        "pk", "hanchan_id", "hanchan__clubday__date", "order", "event", "label", "label_en", "description",
        "description_en", *seats)}
    return [{"gain": gain, "hanchan_id": h["hanchan_id"], "date": h["hanchan__clubday__date"],
             "number": h["order"] + 1, "label": {"ja": h["label"], "en": h["label_en"]},
             "description": {"ja": h["description"], "en": h["description_en"]},
             "tiles": _typed_tiles(h["event"], [h[s] for s in seats].index(member.pk))}
            for gain, pk, _d in top if (h := found.get(pk)) is not None]


def _typed_tiles(event: dict, seat: int) -> dict | None:
    """The typed hand of ``seat``'s win in a stored event, if it was entered as tiles."""
    wins = event.get("wins") or [event]
    typed = (w["hand"] for w in wins if w.get("winner") == seat and isinstance(w.get("hand"), dict))
    return next(typed, None)


def member_head_to_head(*, total: dict) -> list[dict]:
    """Against each member played with: games together and both sides' net and average rank in them."""
    opponents = total["opponents"]
    names = Member.objects.in_bulk([int(k) for k in opponents])
    out = []
    for pk, (games, net, rank_sum, their_net, their_rank_sum) in opponents.items():
        o = names[int(pk)]
        out.append({"member_id": o.pk, "name": o.name, "number": o.number, "games": games, "net": net,
                    "avg_rank": rank_sum / games, "their_net": their_net, "their_avg_rank": their_rank_sum / games})
    out.sort(key=lambda r: (-r["games"], r["number"]))
    return out

"""The boards' rollup (``BoardRollup``). A write recomputes one date's rows of the hanchan's players
from that date's results, then their month, year and all-time rows from the rows below.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date
from typing import Any

from django.apps import apps as global_apps
from django.db import transaction
from django.db.models import Q
from django.db.models.functions import Coalesce

from ..models import BoardRollup, Hanchan, HanchanResult, HandRecord, Member
from ..shared import PLACES, ROLLUP_FIELDS, TIES, combine, empty_rollup, key_hanchan, last_key, top_wins
from .figures import FIGURES

FINISHED = Hanchan.State.FINISHED
RESULT_FIELDS = ("hanchan_id", "member_id", "score", "rank", "uma", "net", "recorded", *FIGURES, "rating_mu",
                 "rating_sigma", "hanchan__clubday__date", "hanchan__clubday_id", "hanchan__number",
                 "hanchan__table")


def _day_rows(results: list[dict], wins: list[dict], members: set[int] | None) -> dict[tuple, dict]:
    """Date-level rows ``{(member, ruleset, date): fields}`` of ``members`` (``None``: everyone) from
    the results of whole hanchan (``_results``) and their wins (``_wins``)."""
    by_hanchan: dict[int, list[dict]] = defaultdict(list)
    for r in results:
        by_hanchan[r["hanchan_id"]].append(r)
    rows: dict[tuple, dict] = {}
    where: dict[tuple[int, int], tuple] = {}
    for hanchan_id, four in by_hanchan.items():
        for r in four:
            if members is not None and r["member_id"] not in members:
                continue
            d = r["hanchan__clubday__date"]
            k = (r["member_id"], r["rs"], d)
            where[(hanchan_id, r["member_id"])] = k
            row = rows.setdefault(k, empty_rollup())
            tied = sum(1 for o in four if o["rank"] == r["rank"])
            row["games"] += 1
            row["net"] += r["net"]
            row["uma"] += r["uma"]
            row["rank_sum"] += r["rank"]
            row[PLACES[r["rank"] - 1]] += 1
            if tied > 1:
                row[TIES[r["rank"], tied]] += 1
            row["tobi"] += r["score"] < 0
            row["score_sum"] += r["score"]
            row["best"] = r["score"] if row["best"] is None else max(row["best"], r["score"])
            if r["recorded"]:
                row["hand_games"] += 1
                for f in FIGURES:
                    row[f] += r[f]
            key = last_key(d, r["hanchan__clubday_id"], r["hanchan__number"], r["hanchan__table"], hanchan_id)
            if key > row["last"]:
                row.update(last=key, rating_mu=r["rating_mu"], rating_sigma=r["rating_sigma"])
            for o in four:
                if o["member_id"] != r["member_id"]:
                    opp = row["opponents"].setdefault(str(o["member_id"]), [0, 0, 0, 0, 0])
                    for i, v in enumerate((1, r["net"], r["rank"], o["net"], o["rank"])):
                        opp[i] += v
    for w in wins:
        for seat in range(4):
            k = where.get((w["hanchan_id"], w[f"hanchan__seat{seat}_id"]))
            gain = (w["deltas"] or [0, 0, 0, 0])[seat]
            if k is not None and gain > 0:
                rows[k]["best_wins"].append([gain, w["pk"], w["hanchan__clubday__date"].isoformat()])
    for row in rows.values():
        row["best_wins"] = top_wins(row["best_wins"])
    return rows


def _roll_up(model, members: set[int] | None, lower: Q, upper: dict[str, Any], group) -> None:
    """Replace the ``upper`` rows (month, year or all time) of ``members`` by sums of the ``lower`` rows,
    grouped per (member, rule set, ``group(row)``)."""
    mine = Q() if members is None else Q(member_id__in=members)
    groups: dict[tuple, list[dict]] = defaultdict(list)
    lower_rows = model.objects.filter(lower, mine).values("member_id", "ruleset_id", "year", "month", *ROLLUP_FIELDS)
    for row in lower_rows.order_by():
        groups[(row["member_id"], row["ruleset_id"], *group(row))].append(row)
    model.objects.filter(mine, **upper).delete()
    model.objects.bulk_create([model(member_id=member, ruleset_id=rs, year=y, month=m, day=d, **combine(rows))
                               for (member, rs, y, m, d), rows in groups.items()], batch_size=500)


def _results(result_model, q: Q) -> list[dict]:
    return list(result_model.objects.filter(q)
                .annotate(rs=Coalesce("hanchan__ruleset_id", "hanchan__clubday__ruleset_id"))
                .values(*RESULT_FIELDS, "rs").order_by())


def _wins(hand_model, q: Q) -> list[dict]:
    return list(hand_model.objects.filter(q, event__type__in=["ron", "tsumo"])
                .values("pk", "hanchan_id", "deltas", "hanchan__seat0_id", "hanchan__seat1_id", "hanchan__seat2_id",
                        "hanchan__seat3_id", "hanchan__clubday__date").order_by())


@transaction.atomic
def rollup_refresh(*, members: set[int], day: date, hanchan: Hanchan | None = None) -> None:
    """Recompute the rows of ``members`` for ``day`` and its month, year and all time. ``hanchan``: one
    being written, counted as its unsaved state says (the services save the state after the results)."""
    rollup_refresh_days({day: members}, hanchan=hanchan)


@transaction.atomic
def rollup_refresh_days(days: dict[date, set[int]], *, hanchan: Hanchan | None = None) -> None:
    """``rollup_refresh`` of each of ``days`` (date -> members); each month, year and all time is
    summed once for them all (an import of a year of days)."""
    everyone = set().union(*days.values())
    # writers of the same members' rows take turns (PostgreSQL; SQLite has one writer anyway)
    list(Member.objects.select_for_update().filter(pk__in=everyone).order_by("pk").values_list("pk", flat=True))
    finished = Q(hanchan__state=FINISHED)
    if hanchan is not None:
        finished = (finished & ~Q(hanchan_id=hanchan.pk)) | (
            Q(hanchan_id=hanchan.pk) if hanchan.state == FINISHED else Q(pk__in=[]))
    for day, members in days.items():
        mine = HanchanResult.objects.filter(finished, hanchan__clubday__date=day, member_id__in=members)
        ids = list(mine.order_by().values_list("hanchan_id", flat=True).distinct())
        results = _results(HanchanResult, Q(hanchan_id__in=ids))
        wins = _wins(HandRecord, Q(hanchan_id__in=ids))
        y, m, d = day.year, day.month, day.day
        BoardRollup.objects.filter(member_id__in=members, year=y, month=m, day=d).delete()
        BoardRollup.objects.bulk_create([BoardRollup(member_id=member, ruleset_id=rs, year=y, month=m, day=d, **row)
                                         for (member, rs, _d), row in _day_rows(results, wins, members).items()])
    _levels(BoardRollup, everyone, {(day.year, day.month) for day in days})


def _levels(model, members: set[int] | None, months: set[tuple[int, int]] | None) -> None:
    """Month, year and all-time rows from the level below: of ``months`` (year, month), their years
    and all time (``None``: every period)."""
    for y, m in sorted(months) if months is not None else [(None, None)]:
        month_q = Q(day__gt=0) & (Q(year=y, month=m) if y else Q())
        _roll_up(model, members, month_q, {"day": 0, "month__gt": 0, **({"year": y, "month": m} if y else {})},
                 lambda r: (r["year"], r["month"], 0))
    for y in sorted({y for y, _m in months}) if months is not None else [None]:
        year_q = Q(day=0, month__gt=0) & (Q(year=y) if y else Q())
        _roll_up(model, members, year_q, {"month": 0, "year__gt": 0, **({"year": y} if y else {})},
                 lambda r: (r["year"], 0, 0))
    _roll_up(model, members, Q(year__gt=0, month=0), {"year": 0}, lambda r: (0, 0, 0))


@transaction.atomic
def rollup_rebuild(*, apps=global_apps) -> int:
    """Build the whole rollup from every finished result (``apps``: a migration's model registry)."""
    model, results, hands = (apps.get_model("scoring", name) for name in ("BoardRollup", "HanchanResult", "HandRecord"))
    model.objects.all().delete()
    q = Q(hanchan__state=FINISHED)
    rows = _day_rows(_results(results, q), _wins(hands, q), None)
    model.objects.bulk_create([model(member_id=member, ruleset_id=rs, year=d.year, month=d.month, day=d.day, **row)
                               for (member, rs, d), row in rows.items()], batch_size=500)
    _levels(model, None, None)
    return len(rows)


def rollup_ratings(*, since: date | None, ratings: dict[tuple[int, int], tuple[float, float]]) -> None:
    """The rating on every row whose last hanchan is from ``since`` on, from ``ratings``
    ``{(hanchan pk, member pk): (mu, sigma)}``."""
    qs = BoardRollup.objects.exclude(last="")
    if since is not None:
        qs = qs.filter(last__gte=since.isoformat())
    changed = []
    for row in qs.only("pk", "member_id", "last", "rating_mu", "rating_sigma"):
        new = ratings.get((key_hanchan(row.last), row.member_id))
        if new is not None and (row.rating_mu, row.rating_sigma) != new:
            row.rating_mu, row.rating_sigma = new
            changed.append(row)
    BoardRollup.objects.bulk_update(changed, ["rating_mu", "rating_sigma"], batch_size=500)

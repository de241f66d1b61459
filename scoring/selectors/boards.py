"""The boards: standings for any period, what-if 順位点, a member's page. All figures are sums in
the database over ``HanchanResult`` of finished hanchan (void ones are off the boards), read from
the rollup ``BoardRollup`` (per member, rule set and date / month / year / all time; kept current by
``services.rollup``), so a board reads a few rows per member however long the history; a club day's
board sums its results. The number of queries does not depend on how many members or hanchan there are.

A hanchan counts under its rule set in force (its own, else its club day's). Ranks are as settled
by that rule set (上家優先, or 同着折半: tied players share the better rank), so 平均順位 and the
1–4位 counts follow it.
"""

from __future__ import annotations

import calendar
import functools
import hashlib
import operator
from collections import defaultdict
from collections.abc import Callable
from datetime import date
from typing import Any

from django.core.cache import cache
from django.db import connection
from django.db.models import (
    Case,
    Count,
    F,
    IntegerField,
    Max,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
    When,
)
from django.db.models.functions import Coalesce
from django.utils.translation import gettext_lazy as _

from rules import net_text

from ..models import (
    BoardRollup,
    ClubDay,
    Hanchan,
    HanchanResult,
    HandRecord,
    Member,
    RuleSet,
)
from ..shared import combine, display_rating, key_clubday
from .rulesets import ruleset_in_force_q

# the columns a board can be sorted by; True: smaller is better (sorted ascending)
SORT_KEYS: dict[str, bool] = {
    "net": False, "games": False, "avg_rank": True, "first": False, "second": False, "third": False,
    "fourth": True, "top_rate": False, "rentai_rate": False, "last_avoid_rate": False, "tobi_rate": True,
    "avg_score": False, "best_score": False, "rating": False, "hand_games": False, "win_rate": False,
    "deal_in_rate": True, "riichi_rate": False, "avg_win": False, "yakuman": False, "chombo": True,
    "member_no": True, "member_name": True,
}
RESULT_ORDER = ("hanchan__clubday__date", "hanchan__clubday_id", "hanchan__number", "hanchan__table")

# what-if presets: (label, 順位点 1st..4th, 返し点 or None: each rule set's own).
# オカ = 4 × (返し − 持ち点) goes to the top.
WHATIF_PRESETS: dict[str, tuple[Any, tuple[int, int, int, int], int | None]] = {
    "5-10": (_("5-10 (+10/+5/−5/−10)"), (10000, 5000, -5000, -10000), None),
    "10-20": (_("10-20 (+20/+10/−10/−20)"), (20000, 10000, -10000, -20000), None),
    "10-30": (_("10-30 (+30/+10/−10/−30)"), (30000, 10000, -10000, -30000), None),
    "oka": (_("30000返し・オカ +20, 5-10"), (10000, 5000, -5000, -10000), 30000),
    "oka-10-30": (_("30000返し・オカ +20, 10-30"), (30000, 10000, -10000, -30000), 30000),
}


CACHE_SECONDS = 60


@functools.cache
def _history_models() -> tuple:
    # simple-history builds a new manager on every ``Model.history`` access: look the classes up once
    return tuple(m.history.model for m in (HanchanResult, Hanchan, Member, RuleSet))


def boards_version() -> str:
    """What the boards depend on, cheaply: the newest change-history row of results, hanchan (void,
    rule set), members (name, active) and rule sets, in one query. Every write of those makes one;
    the ratings, written without history right after the results commit, may trail by at most
    ``CACHE_SECONDS``."""
    global _VERSION_SQL
    if _VERSION_SQL is None:
        q = connection.ops.quote_name
        _VERSION_SQL = "SELECT " + ", ".join(
            f"(SELECT CAST({q('history_id')} AS TEXT) || '@' || CAST({q('history_date')} AS TEXT) "
            f"FROM {q(m._meta.db_table)} ORDER BY {q('history_id')} DESC LIMIT 1)" for m in _history_models())
    with connection.cursor() as cursor:
        cursor.execute(_VERSION_SQL)
        return "/".join(v or "-" for v in cursor.fetchone())


_VERSION_SQL: str | None = None


def latest_clubday() -> tuple[int, date] | None:
    """``(pk, date)`` of the newest club day (the standings' shortcut to it), by plain SQL."""
    q, meta = connection.ops.quote_name, ClubDay._meta
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {q('id')}, {q('date')} FROM {q(meta.db_table)} ORDER BY {q('date')} DESC, {q('id')} DESC"
                       " LIMIT 1")
        row = cursor.fetchone()
    return None if row is None else (row[0], meta.get_field("date").to_python(row[1]))


def period_version(*, start: date | None = None, end: date | None = None, clubday: ClubDay | None = None,
                   version: str | None = None, **_filters: Any) -> str:
    """What the standings of a period depend on (a period of whole dates: every figure, rating
    included, comes from the rollup rows covering it): the names and rule sets (``boards_version``'s
    parts for members and rule sets) and those rows. A result written outside the period keeps its
    table (last year's after a game today). A club day's standings sum its results: ``version``."""
    version = version or boards_version()
    if clubday is not None:
        return version
    q = connection.ops.quote_name
    where, params = _period_sql(start, end)
    columns = ", ".join(q(c) for c in ("member_id", "ruleset_id", "year", "month", "day", *BoardRollup.SUMS,
                                       "best", "last", "rating_mu", "rating_sigma"))
    return _rows_version(version, f"SELECT {columns} FROM {q(BoardRollup._meta.db_table)} WHERE {where}"
                         f" ORDER BY member_id, ruleset_id, {q('year')}, {q('month')}, {q('day')}", params)


def _rows_version(version: str, sql: str, params: list[Any]) -> str:
    """``version``'s parts for members and rule sets (names, active, rule sets) and a digest of the
    rollup rows ``sql`` reads: a board's key that only those rows and names move."""
    members, rulesets = version.split("/")[2:]
    return f"{members}/{rulesets}/" + hashlib.sha256(repr(_sql(sql, params)).encode()).hexdigest()[:32]


def rulesets_part(version: str) -> str:
    """The part of ``boards_version`` that only a change of a rule set moves (what the filter form
    shows: the rule sets' names)."""
    return version.rsplit("/", 1)[-1]


def cached(fn: Callable[..., Any], /, *, version: str | None = None, **kwargs: Any) -> Any:
    """``fn(**kwargs)`` kept for ``CACHE_SECONDS`` under the boards' ``version`` (looked up when not
    given): a board page costs four indexed look-ups while nothing changed, however long the
    history. Model arguments are keyed by their pk."""
    args = sorted((k, getattr(v, "pk", v)) for k, v in kwargs.items())
    raw = f"{fn.__module__}.{fn.__name__}|{version or boards_version()}|{args!r}"
    key = "boards:" + hashlib.sha256(raw.encode()).hexdigest()
    value = cache.get(key)
    if value is None:
        value = fn(**kwargs)
        cache.set(key, value, CACHE_SECONDS)
    return value


def finished_results(*, start: date | None = None, end: date | None = None, clubday: ClubDay | None = None,
                     ruleset: RuleSet | None = None, include_inactive: bool = True) -> QuerySet[HanchanResult]:
    """Results that count on the boards, filtered by period and rule set."""
    qs = HanchanResult.objects.filter(hanchan__state=Hanchan.State.FINISHED)
    if clubday is not None:
        qs = qs.filter(hanchan__clubday=clubday)
    if start is not None:
        qs = qs.filter(hanchan__clubday__date__gte=start)
    if end is not None:
        qs = qs.filter(hanchan__clubday__date__lte=end)
    if ruleset is not None:
        qs = qs.filter(ruleset_in_force_q(ruleset, "hanchan__"))
    if not include_inactive:
        qs = qs.filter(member__active=True)
    return qs


def _whatif_net(uma: tuple[int, int, int, int] | None, return_points: int | None):
    """An expression: the net of a result under another 順位点 / 返し点, from its stored raw score
    (incl. leftover sticks) and settled rank. Tied players (同着折半) share the 順位点 of the places
    they tie for and the オカ equally. The real rule set's rounding of raw scores is not applied."""
    engines = {rs.pk: rs.engine() for rs in RuleSet.objects.all()}
    in_force = Coalesce("hanchan__ruleset_id", "hanchan__clubday__ruleset_id")
    split = any(e.tie_break == "split" for e in engines.values())
    tied = (Subquery(HanchanResult.objects.filter(hanchan=OuterRef("hanchan"), rank=OuterRef("rank"))
                     .values("hanchan").annotate(c=Count("pk")).values("c")[:1]) if split else Value(1))

    def per_ruleset(value_of) -> Case:
        return Case(*[When(Q(rs_id=pk), then=Value(value_of(e))) for pk, e in engines.items()],
                    default=Value(0), output_field=IntegerField())

    returned = Value(return_points) if return_points is not None else per_ruleset(lambda e: e.return_points)
    if uma is None:
        uma_expr = F("uma")
    else:
        whens = [When(Q(rank=r, tied=k), then=Value(sum(uma[r - 1:r - 1 + k]) // k))
                 for r in range(1, 5) for k in range(1, 6 - r)]
        uma_expr = Case(*whens, default=Value(0), output_field=IntegerField())
    if return_points is None:
        oka = Value(0)
    else:
        oka = Case(*[When(Q(rs_id=pk, rank=1), then=Value(4 * (return_points - e.start_points)))
                     for pk, e in engines.items()], default=Value(0), output_field=IntegerField()) / F("tied")
    return {"rs_id": in_force, "tied": tied}, F("score") - returned + uma_expr + oka


def standings(*, start: date | None = None, end: date | None = None, clubday: ClubDay | None = None,
              ruleset: RuleSet | None = None, min_games: int = 0, include_inactive: bool = False,
              sort: str = "net", uma: tuple[int, int, int, int] | None = None,
              return_points: int | None = None) -> list[dict]:
    """One row per member who played in the period, best first (by ``sort``; ``-key`` reverses).

    ``uma``/``return_points``: net recomputed under that 順位点 / 返し点 (what-if; オカ =
    4 × (返し − 持ち点) to the top); the row's ``net`` is then the what-if net and ``real_net`` the
    settled one. ``rank`` is the place by net (ties by net, then more games, share a place).
    Rates are fractions 0–1; hand figures rest on ``hand_games`` (games recorded hand by hand) and
    are ``None`` when there is none.

    Periods of whole dates (all time, a year, a month, a date range) sum the rollup
    (``BoardRollup``: a few rows per member whatever the history's length; 3 queries); a club day
    sums its results.
    """
    if clubday is not None:
        return _standings_from_results(start=start, end=end, clubday=clubday, ruleset=ruleset,
                                       min_games=min_games, include_inactive=include_inactive, sort=sort,
                                       uma=uma, return_points=return_points)
    groups = _groups(start, end, getattr(ruleset, "pk", None), include_inactive)
    whatif = uma is not None or return_points is not None
    engines = {rs.pk: rs.engine() for rs in RuleSet.objects.all()} if whatif else {}
    per_member: dict[int, list[dict]] = defaultdict(list)
    for g in groups:
        per_member[g["member_id"]].append(g)
    rows = []
    for member_id, gs in per_member.items():
        if len(gs) == 1:  # the usual case: one rule set
            row = {"member_id": member_id, **{f: gs[0][f] for f in BoardRollup.SUMS}, "best": gs[0]["best"]}
        else:
            sums = [sum(values) for values in zip(*([g[f] for f in BoardRollup.SUMS] for g in gs))]
            row = {"member_id": member_id, **dict(zip(BoardRollup.SUMS, sums)), "best": max(g["best"] for g in gs)}
        if row["games"] < max(min_games, 1):
            continue
        row["real_total"] = row["net"]
        row["total"] = sum(_whatif_sum(g, engines[g["ruleset_id"]], uma, return_points) for g in gs) if whatif \
            else row["net"]
        rows.append(row)
    members = _members_rated([r["member_id"] for r in rows], start, end)
    for row in rows:
        _finish_row(row, members[row["member_id"]])
    _place(rows)
    return sort_rows(rows, sort)


def _groups(start: date | None, end: date | None, ruleset_id: int | None, include_inactive: bool) -> list[dict]:
    """Per member and rule set, the sums of the rollup rows covering the period (one query, plain
    SQL: the ORM spent ~1.5 ms building these 25 sums on every board)."""
    q, table = connection.ops.quote_name, BoardRollup._meta.db_table
    where, params = _period_sql(start, end, "r.")
    if ruleset_id is not None:
        where += " AND r.ruleset_id = %s"
        params.append(ruleset_id)
    join = ""
    if not include_inactive:
        join = f" JOIN {q(Member._meta.db_table)} m ON m.id = r.member_id"
        where += " AND m.active = %s"
        params.append(True)
    sums = ", ".join(f"CAST(SUM(r.{q(f)}) AS BIGINT)" for f in BoardRollup.SUMS)
    sql = (f"SELECT r.member_id, r.ruleset_id, {sums}, MAX(r.best) FROM {q(table)} r{join}"
           f" WHERE {where} GROUP BY r.member_id, r.ruleset_id")
    names = ("member_id", "ruleset_id", *BoardRollup.SUMS, "best")
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return [dict(zip(names, row)) for row in cursor.fetchall()]


_PERIOD_OPS = {"": "=", "gte": ">=", "lte": "<="}


def rollup_period(start: date | None, end: date | None) -> Q:
    """The ``BoardRollup`` rows that exactly cover the dates ``start``–``end`` (``None``: open): the
    all-time row, else whole years, then whole months, then single dates at either end.

    >>> rollup_period(None, None)
    <Q: (AND: ('year', 0))>
    """
    parts = _period_parts(start, end)
    return functools.reduce(operator.or_, (Q(**part) for part in parts)) if parts else Q(pk__in=[])


def _period_sql(start: date | None, end: date | None, prefix: str = "") -> tuple[str, list[int]]:
    """``rollup_period`` as an SQL condition and its parameters (for the boards' plain SQL).

    >>> _period_sql(date(2025, 1, 1), date(2025, 2, 10))[1]  # February 1-10 by day, January as one month
    [1, 10, 2, 2025, 0, 1, 1, 2025]
    """
    q = connection.ops.quote_name
    parts, params = [], []
    for part in _period_parts(start, end):
        terms = []
        for lookup, value in sorted(part.items()):
            column, _sep, op = lookup.partition("__")
            terms.append(f"{prefix}{q(column)} {_PERIOD_OPS[op]} %s")
            params.append(value)
        parts.append("(" + " AND ".join(terms) + ")")
    return ("(" + " OR ".join(parts) + ")" if parts else "1 = 0"), params


def _period_parts(start: date | None, end: date | None) -> list[dict[str, int]]:
    """The covering rollup rows as lookups on ``year``/``month``/``day`` (each dict one part)."""
    if start is None and end is None:
        return [{"year": 0}]
    return _cover(start or date(1, 1, 1), end or date(9999, 12, 31))


def _month_end(d: date) -> date:
    return date(d.year, d.month, calendar.monthrange(d.year, d.month)[1])


def _cover(s: date, e: date) -> list[dict[str, int]]:
    if s > e:
        return []
    if s.year != e.year:
        out = []
        ys = s.year if (s.month, s.day) == (1, 1) else s.year + 1
        ye = e.year if (e.month, e.day) == (12, 31) else e.year - 1
        if ys != s.year:
            out += _cover(s, date(s.year, 12, 31))
        if ye != e.year:
            out += _cover(date(e.year, 1, 1), e)
        if ys <= ye:
            out.append({"year__gte": max(ys, 1), "year__lte": ye, "month": 0})
        return out
    if (s.month, s.day, e.month, e.day) == (1, 1, 12, 31):
        return [{"year": s.year, "month": 0}]
    if s.month != e.month:
        out = []
        ms = s.month if s.day == 1 else s.month + 1
        me = e.month if e == _month_end(e) else e.month - 1
        if ms != s.month:
            out += _cover(s, _month_end(s))
        if me != e.month:
            out += _cover(date(e.year, e.month, 1), e)
        if ms <= me:
            out.append({"year": s.year, "month__gte": ms, "month__lte": me, "day": 0})
        return out
    if s.day == 1 and e == _month_end(e):
        return [{"year": s.year, "month": s.month, "day": 0}]
    return [{"year": s.year, "month": s.month, "day__gte": s.day, "day__lte": e.day}]


def _whatif_sum(g: dict[str, Any], engine, uma: tuple[int, int, int, int] | None,
                return_points: int | None) -> int:
    """The what-if net of one (member, rule set) group of rollup sums: as ``_whatif_net`` per result
    (tied players share the 順位点 of the places they tie for and the オカ)."""
    returned = return_points if return_points is not None else engine.return_points
    net = g["score_sum"] - g["games"] * returned
    places = ("first", "second", "third", "fourth")
    counts = {}
    for r in range(1, 5):
        ties = {k: g[f"t{r}{k}"] for k in range(2, 6 - r)}
        counts[(r, 1)] = g[places[r - 1]] - sum(ties.values())
        counts.update({(r, k): n for k, n in ties.items()})
    if uma is None:
        net += g["uma"]
    else:
        net += sum(n * (sum(uma[r - 1:r - 1 + k]) // k) for (r, k), n in counts.items())
    if return_points is not None:
        oka = 4 * (return_points - engine.start_points)
        net += sum(n * int(oka / k) for (r, k), n in counts.items() if r == 1)
    return net


def _members_rated(pks: list[int], start: date | None, end: date | None) -> dict[int, Member]:
    """The members, each with ``mu``/``sigma`` after their last hanchan in the period (from the
    period's rollup row with the latest ``last``, whatever its rule set: a few rows per member)."""
    q = connection.ops.quote_name
    where, params = _period_sql(start, end)
    latest: dict[int, tuple] = {}
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT member_id, {q('last')}, rating_mu, rating_sigma FROM {q(BoardRollup._meta.db_table)}"
                       f" WHERE {where}", params)
        for member_id, last, mu, sigma in cursor.fetchall():
            if member_id not in latest or last > latest[member_id][0]:
                latest[member_id] = (last, mu, sigma)
    members = _members(pks)
    for pk, m in members.items():
        _last, m.mu, m.sigma = latest.get(pk, ("", None, None))
    return members


def _members(pks: list[int]) -> dict[int, Member]:
    """``Member.objects.in_bulk(pks)`` by plain SQL (every member: a club has a few hundred at most;
    the ORM took longer to build the ``IN`` query than to run it)."""
    fields = Member._meta.concrete_fields
    names = [f.attname for f in fields]
    q, at, wanted = connection.ops.quote_name, names.index(Member._meta.pk.attname), set(pks)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {', '.join(q(f.column) for f in fields)} FROM {q(Member._meta.db_table)}")
        rows = [row for row in cursor.fetchall() if row[at] in wanted]
    # to_python: SQLite gives booleans as 0/1
    members = [Member.from_db(connection.alias, names, [f.to_python(v) for f, v in zip(fields, row)]) for row in rows]
    return {m.pk: m for m in members}


def _standings_from_results(*, start: date | None = None, end: date | None = None,
                            clubday: ClubDay | None = None, ruleset: RuleSet | None = None, min_games: int = 0,
                            include_inactive: bool = False, sort: str = "net",
                            uma: tuple[int, int, int, int] | None = None,
                            return_points: int | None = None) -> list[dict]:
    """``standings`` summed over the results themselves (a club day: a few dozen rows)."""
    qs = finished_results(start=start, end=end, clubday=clubday, ruleset=ruleset,
                          include_inactive=include_inactive)
    net = Sum("net")
    if uma is not None or return_points is not None:
        extra, expr = _whatif_net(uma, return_points)
        qs = qs.annotate(**extra).annotate(whatif=expr)
        net = Sum("whatif")
    rows = list(qs.values("member_id").annotate(**_aggregates(net)).filter(games__gte=max(min_games, 1)).order_by())
    members = _members_with_rating([r["member_id"] for r in rows], end=end)
    for row in rows:
        _finish_row(row, members[row["member_id"]])
    _place(rows)
    return sort_rows(rows, sort)


def _aggregates(net) -> dict[str, Any]:
    """Per-member sums over results; hand figures only over games recorded hand by hand."""
    rec = Q(recorded=True)
    return {
        "games": Count("pk"), "total": net, "real_total": Sum("net"), "rank_sum": Sum("rank"),
        "first": Count("pk", filter=Q(rank=1)), "second": Count("pk", filter=Q(rank=2)),
        "third": Count("pk", filter=Q(rank=3)), "fourth": Count("pk", filter=Q(rank=4)),
        "tobi": Count("pk", filter=Q(score__lt=0)), "score_sum": Sum("score"), "best": Max("score"),
        "hand_games": Count("pk", filter=rec), "hands": Sum("hands", filter=rec), "wins": Sum("wins", filter=rec),
        "deal_ins": Sum("deal_ins", filter=rec), "riichis": Sum("riichis", filter=rec),
        "win_points": Sum("win_points", filter=rec), "yakuman": Sum("yakuman", filter=rec),
        "chombo": Sum("chombo", filter=rec),
    }


def _members_with_rating(pks: list[int], *, end: date | None) -> dict[int, Member]:
    """The members, each with ``mu``/``sigma`` after their last finished hanchan up to ``end``."""
    last = HanchanResult.objects.filter(member=OuterRef("pk"), hanchan__state=Hanchan.State.FINISHED,
                                        rating_mu__isnull=False)
    if end is not None:
        last = last.filter(hanchan__clubday__date__lte=end)
    last = last.order_by(*(f"-{k}" for k in RESULT_ORDER))
    qs = Member.objects.filter(pk__in=pks).annotate(mu=Subquery(last.values("rating_mu")[:1]),
                                                    sigma=Subquery(last.values("rating_sigma")[:1]))
    return {m.pk: m for m in qs}


def _ratio(a: int | None, b: int | None) -> float | None:
    return (a or 0) / b if b else None


def _finish_row(row: dict[str, Any], member: Member) -> None:
    g = row["games"]
    row.update(
        net=row.pop("total"), real_net=row.pop("real_total"), best_score=row.pop("best"),
        member_no=member.number, member_name=member.name, member_active=member.active,  # plain values: cached rows pickle small
        avg_rank=row["rank_sum"] / g, top_rate=row["first"] / g, rentai_rate=(row["first"] + row["second"]) / g,
        last_avoid_rate=1 - row["fourth"] / g, tobi_rate=row["tobi"] / g, avg_score=row["score_sum"] / g,
        rating=display_rating(member.mu, member.sigma),
    )
    hands = row["hands"] if row["hand_games"] else 0
    row.update(win_rate=_ratio(row["wins"], hands), deal_in_rate=_ratio(row["deal_ins"], hands),
               riichi_rate=_ratio(row["riichis"], hands), avg_win=_ratio(row["win_points"], row["wins"]))
    if not row["hand_games"]:
        row.update(yakuman=None, chombo=None)


def _place(rows: list[dict]) -> None:
    """``rank``: place by net, ties by more games; equal (net, games) share a place."""
    rows.sort(key=lambda r: (-r["net"], -r["games"], r["member_no"]))
    for i, row in enumerate(rows):
        prev = rows[i - 1] if i else None
        same = prev is not None and (prev["net"], prev["games"]) == (row["net"], row["games"])
        row["rank"] = prev["rank"] if same else i + 1


def standings_top(*, limit: int = 5, start: date | None = None, end: date | None = None) -> list[dict]:
    """The first ``limit`` rows of ``standings`` (active members; by net, then games, then member
    number) with only ``member_id``, ``member_name``, ``net`` and ``games``: one query, for the
    home page's teaser."""
    return [{"member_id": r["member_id"], "member_name": r["member__name"], "net": r["net"], "games": r["games"]}
            for r in _top_query(limit, start, end)]


def _top_query(limit: int, start: date | None, end: date | None) -> QuerySet:
    return (BoardRollup.objects.filter(rollup_period(start, end), member__active=True)
            .values("member_id", "member__name", "member__number")
            .annotate(net=Sum("net"), games=Sum("games")).filter(games__gt=0)
            .order_by("-net", "-games", "member__number")[:limit])


def sort_rows(rows: list[dict], sort: str) -> list[dict]:
    """Rows ordered by a column of ``SORT_KEYS`` (``-key``: the other way); then by net and games.
    Rows without the figure (``None``) go last."""
    key = sort.lstrip("-")
    if key not in SORT_KEYS:
        key, sort = "net", "net"
    ascending = SORT_KEYS[key] != sort.startswith("-")
    rows = sorted(rows, key=lambda r: (-r["net"], -r["games"], r["member_no"]))  # the tie order
    present = [r for r in rows if r.get(key) is not None]
    missing = [r for r in rows if r.get(key) is None]
    present.sort(key=lambda r: r[key], reverse=not ascending)
    return present + missing


def whatif_standings(*, uma: tuple[int, int, int, int] | None, return_points: int | None,
                     **filters: Any) -> list[dict]:
    """Standings under another 順位点 / 返し点 beside the real ones: each row has ``net`` (what-if),
    ``real_net``, ``delta``, ``rank`` (what-if place), ``real_rank`` and ``moved`` (places gained)."""
    rows = standings(uma=uma, return_points=return_points, **filters)
    # the real places: the same rows placed by their settled net (as ``standings`` places them)
    real = [{"net": r["real_net"], "games": r["games"], "member_no": r["member_no"], "member_id": r["member_id"]}
            for r in rows]
    _place(real)
    real = {r["member_id"]: r["rank"] for r in real}
    for row in rows:
        row["real_rank"] = real.get(row["member_id"])
        row["delta"] = row["net"] - row["real_net"]
        row["moved"] = (row["real_rank"] - row["rank"]) if row["real_rank"] else 0
    return rows


# --------------------------------------------------------------------------- a member's page


def _sql(sql: str, params: list[Any]) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def _mine(member: Member) -> list[dict]:
    """The member's all-time rollup rows (one per rule set), as ``values()`` gives them, by plain SQL."""
    fields = BoardRollup._meta.concrete_fields
    q = connection.ops.quote_name
    rows = _sql(f"SELECT {', '.join(q(f.column) for f in fields)} FROM {q(BoardRollup._meta.db_table)}"
                f" WHERE {q('member_id')} = %s AND {q('year')} = 0", [member.pk])
    decode = [(f.attname, f.from_db_value if hasattr(f, "from_db_value") else None) for f in fields]
    return [{name: (read(v, None, connection) if read else v) for (name, read), v in zip(decode, row)} for row in rows]


def member_version(member: Member) -> str:
    """What a member's page depends on, cheaply (two small queries): the names and rule sets and
    the member's own all-time rollup rows, which every change of one of their results (or of their
    rating) changes. Results written at another table keep the page."""
    q = connection.ops.quote_name
    return _rows_version(boards_version(), f"SELECT * FROM {q(BoardRollup._meta.db_table)}"
                         f" WHERE {q('member_id')} = %s AND {q('year')} = 0 ORDER BY {q('ruleset_id')}", [member.pk])


def member_summary(*, member: Member, rows: list[dict] | None = None) -> dict | None:
    """The member's all-time row (as in ``standings``, without ``rank``), or ``None`` before their
    first finished hanchan. ``rows``: their all-time rollup rows, when already read."""
    rows = _mine(member) if rows is None else rows
    if not rows:
        return None
    total = combine(rows)
    row = {"member_id": member.pk, **{f: total[f] for f in BoardRollup.SUMS}, "best": total["best"],
           "total": total["net"], "real_total": total["net"]}
    member.mu, member.sigma = total["rating_mu"], total["rating_sigma"]
    _finish_row(row, member)
    row["rank"] = None
    return row


def member_page(*, member: Member, alltime: list[dict] | None = None) -> dict[str, Any]:
    """Everything the member page shows (one cacheable value; see ``cached``): 5 or 6 queries and
    bounded work whatever the history's length (the all-time rollup rows unless given, the latest
    ``CHART_DAYS`` dates, the months when there are more, the recent hanchan, the best wins, the
    opponents' names). ``timeline`` is the charts' series, ``days`` the latest 30 dates, newest first."""
    alltime = _mine(member) if alltime is None else alltime
    summary = member_summary(member=member, rows=alltime)
    days = member_timeline(member=member, limit=CHART_DAYS, games=summary and summary["games"],
                           net=summary and summary["net"])
    return {"summary": summary, "recent": member_recent(member=member, since=_recent_since(days, 20)),
            "timeline": days if not days or days[0]["complete"] else member_months(member=member),
            "days": days[-30:][::-1], "best_wins": member_best_wins(member=member, rows=alltime),
            "head_to_head": member_head_to_head(member=member, rows=alltime)}


def _recent_since(timeline: list[dict], limit: int) -> date | None:
    """The earliest date the member's last ``limit`` hanchan can be on."""
    games = 0
    for d in reversed(timeline):
        games += d["games"]
        if games >= limit:
            return d["date"]
    return None


def member_recent(*, member: Member, limit: int = 20, since: date | None = None) -> list[dict]:
    """The member's latest finished hanchan, newest first: ``hanchan_id``, ``date``, ``table``,
    ``number``, ``rank``, ``score``, ``net``, ``net_text`` and ``rating`` after it. ``since``: none
    of them is earlier (keeps the look-up to a few club days). Plain SQL (a query the ORM spent
    longer building than running)."""
    q = connection.ops.quote_name
    result, hanchan, clubday = (q(m._meta.db_table) for m in (HanchanResult, Hanchan, ClubDay))
    params: list[Any] = [member.pk, Hanchan.State.FINISHED.value]
    after = ""  # with ``since``, the period's hanchan are listed first and their results looked up
    # by hanchan (``+member_id``: SQLite would otherwise walk all the member's results)
    if since is not None:
        after = (f" AND r.hanchan_id IN (SELECT h2.id FROM {hanchan} h2 WHERE h2.{q('state')} = %s AND h2.clubday_id IN"
                 f" (SELECT c2.id FROM {clubday} c2 WHERE c2.{q('date')} >= %s))")
        params += [Hanchan.State.FINISHED.value, since]
    params.append(limit)
    rows = _sql(f"SELECT r.hanchan_id, c.{q('date')}, h.{q('table')}, h.{q('number')}, r.{q('rank')}, r.score, r.net,"
                f" r.rating_mu, r.rating_sigma FROM {result} r JOIN {hanchan} h ON h.id = r.hanchan_id"
                f" JOIN {clubday} c ON c.id = h.clubday_id WHERE +r.member_id = %s AND h.{q('state')} = %s{after}"
                f" ORDER BY c.{q('date')} DESC, c.id DESC, h.{q('number')} DESC, h.{q('table')} DESC LIMIT %s", params)
    to_date = ClubDay._meta.get_field("date").to_python
    return [{"hanchan_id": pk, "date": to_date(day), "table": table, "number": number, "rank": rank,
             "score": score, "net": net, "net_text": net_text(net), "rating": display_rating(mu, sigma)}
            for pk, day, table, number, rank, score, net, mu, sigma in rows]


CHART_DAYS = 100  # the charts show each club day up to this many, then each month (a phone's width is ~350 px)


def member_timeline(*, member: Member, limit: int | None = None, games: int | None = None,
                    net: int | None = None) -> list[dict]:
    """Per date the member played, oldest first: the day's games and net, the cumulative net and
    the rating after the day's last hanchan (from the rollup's date rows: a small row per date and
    rule set). ``limit``: only the latest that many dates, the cumulative net counted back from
    ``net`` (their all-time net over ``games``): a ten-year member has ~500 dates. The result says
    ``complete`` on its first row when it reaches back to the member's first game."""
    q = connection.ops.quote_name
    y_, m_, d_ = q("year"), q("month"), q("day")
    fetch = 2 * limit + 2 if limit else None  # a date has a row per rule set played that day
    rows = _sql(f"SELECT {y_}, {m_}, {d_}, games, net, {q('last')}, rating_mu, rating_sigma"
                f" FROM {q(BoardRollup._meta.db_table)} WHERE member_id = %s AND {d_} > 0"
                f" ORDER BY {y_} DESC, {m_} DESC, {d_} DESC" + (" LIMIT %s" if fetch else ""),
                [member.pk, fetch] if fetch else [member.pk])
    days = _merged(rows)
    if fetch and len(rows) == fetch:
        days = days[:-1]  # the oldest date read may miss a rule set's row
    days = days[:limit] if limit else days
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
    """Per month the member played, oldest first: ``date`` (the month, ``2025-04``), the cumulative
    net and the rating after the month's last hanchan (the charts of a long history)."""
    q = connection.ops.quote_name
    y_, m_, d_ = q("year"), q("month"), q("day")
    rows = _sql(f"SELECT {y_}, {m_}, 1, games, net, {q('last')}, rating_mu, rating_sigma"
                f" FROM {q(BoardRollup._meta.db_table)} WHERE member_id = %s AND {y_} > 0 AND {m_} > 0 AND {d_} = 0"
                f" ORDER BY {y_} DESC, {m_} DESC", [member.pk])
    out, total = [], 0
    months = list(reversed(_merged(rows)))
    step = -(-len(months) // CHART_DAYS)  # more months than a chart shows: every step-th (and the last)
    for i, ((y, m, _d), _n, month_net, _last, mu, sigma) in enumerate(months):
        total += month_net
        if i % step == (len(months) - 1) % step:
            out.append({"date": f"{y:04d}-{m:02d}", "total": total, "rating": display_rating(mu, sigma), "month": True})
    return out


def _merged(rows: list[tuple]) -> list[list]:
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


def member_best_wins(*, member: Member, limit: int = 5, rows: list[dict] | None = None) -> list[dict]:
    """The member's biggest wins in hanchan recorded hand by hand (points gained by the win, with
    honba and sticks), biggest first (from the rollup's top five per rule set): ``gain``,
    ``hanchan_id``, ``date``, ``number`` (the hand's # on its hanchan page), ``label`` and
    ``description`` (``{"ja", "en"}``), ``tiles``: the typed hand when the win was entered as tiles."""
    rows = _mine(member) if rows is None else rows
    top = combine(rows)["best_wins"][:limit] if rows else []
    if not top:
        return []
    q = connection.ops.quote_name
    hand, hanchan, clubday = (q(m._meta.db_table) for m in (HandRecord, Hanchan, ClubDay))
    seats = ", ".join(f"hc.{q(f'seat{s}_id')}" for s in range(4))
    found = {row[0]: row for row in _sql(
        f"SELECT h.id, h.hanchan_id, c.{q('date')}, h.{q('order')}, h.event, h.label, h.label_en, h.description,"
        f" h.description_en, {seats} FROM {hand} h JOIN {hanchan} hc ON hc.id = h.hanchan_id"
        f" JOIN {clubday} c ON c.id = hc.clubday_id WHERE h.id IN ({', '.join(['%s'] * len(top))})",
        [pk for _gain, pk, _d in top])}
    to_date, read_event = ClubDay._meta.get_field("date").to_python, HandRecord._meta.get_field("event").from_db_value
    out = []
    for gain, pk, _d in top:
        if pk not in found:
            continue
        _pk, hanchan_id, day, order, event, label, label_en, text, text_en, *players = found[pk]
        event = read_event(event, None, connection)
        out.append({"gain": gain, "hanchan_id": hanchan_id, "date": to_date(day), "number": order + 1,
                    "label": {"ja": label, "en": label_en}, "description": {"ja": text, "en": text_en},
                    "tiles": _typed_tiles(event, players.index(member.pk))})
    return out


def _typed_tiles(event: dict, seat: int) -> dict | None:
    """The typed hand of ``seat``'s win in a stored event, if it was entered as tiles."""
    wins = event.get("wins") or [event]
    for w in wins:
        if w.get("winner") == seat and isinstance(w.get("hand"), dict):
            return w["hand"]
    return None


def member_head_to_head(*, member: Member, rows: list[dict] | None = None) -> list[dict]:
    """Against each member played with: games together, and in those games the member's net and
    average rank and the opponent's. Most games together first (from the rollup)."""
    rows = _mine(member) if rows is None else rows
    opponents = combine(rows)["opponents"] if rows else {}
    names = _members([int(k) for k in opponents])
    out = []
    for pk, (games, net, rank_sum, their_net, their_rank_sum) in opponents.items():
        o = names[int(pk)]
        out.append({"member_id": o.pk, "name": o.name, "number": o.number, "games": games, "net": net,
                    "avg_rank": rank_sum / games, "their_net": their_net, "their_avg_rank": their_rank_sum / games})
    out.sort(key=lambda r: (-r["games"], r["number"]))
    return out

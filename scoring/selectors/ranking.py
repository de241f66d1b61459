"""The standings: one row per member for a period, a club day or a rule set, and their columns.

Whole-date periods sum the rollup (``BoardRollup``), a club day its results. A hanchan counts under
its rule set in force, whose tie rule (上家優先 or 同着折半) settled its ranks.
"""

from __future__ import annotations

import calendar
import functools
import operator
from collections.abc import Iterable
from datetime import date
from typing import Any, NamedTuple

from django.db.models import Count, F, Max, OuterRef, Q, QuerySet, Subquery, Sum
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from ..models import BoardRollup, ClubDay, Hanchan, HanchanResult, Member, RuleSet
from ..shared import PLACES, display_rating
from .rulesets import ruleset_in_force_q


class Column(NamedTuple):
    key: str
    label: Promise
    help: Promise
    ascending: bool  # smaller is better: sorted ascending first
    shown: str  # how the page writes it: count, net, avg, pct, whole, optional, of_games
    hands: bool = False  # rests on the games recorded hand by hand (not in the CSV)


# The standings' columns in table order, after the place and the name (page, sort and CSV)
COLUMNS: tuple[Column, ...] = (
    Column("games", _("半荘"), _("終了した半荘の数(無効は除く)"), False, "count"),
    Column("net", _("成績"), _("成績(素点 − 返し点 + 順位点)の合計、千点単位"), False, "net"),
    Column("avg_rank", _("平均順位"), _("順位の平均(同着折半のルールでは同点者は上の順位)"), True, "avg"),
    Column("first", _("1位"), _("1位の回数"), False, "count"),
    Column("second", _("2位"), _("2位の回数"), False, "count"),
    Column("third", _("3位"), _("3位の回数"), False, "count"),
    Column("fourth", _("4位"), _("4位の回数"), True, "count"),
    Column("top_rate", _("トップ率"), _("1位の割合"), False, "pct"),
    Column("rentai_rate", _("連対率"), _("1位か2位の割合"), False, "pct"),
    Column("last_avoid_rate", _("ラス回避率"), _("4位にならなかった割合"), False, "pct"),
    Column("tobi_rate", _("トビ率"), _("終了時の素点が0点未満だった割合"), True, "pct"),
    Column("avg_score", _("平均素点"), _("終了時の素点(供託の精算後)の平均"), False, "whole"),
    Column("best_score", _("最高素点"), _("終了時の素点の最高"), False, "whole"),
    Column("rating", _("レート"), _("対戦相手の強さを考えた実力の目安(下の説明を参照)"), False, "optional"),
    Column("hand_games", _("局記録"), _("1局ずつ記録された半荘の数。以下の数字はこの半荘だけから計算"), False,
           "of_games", True),
    Column("win_rate", _("和了率"), _("和了した局の割合(流局・途中流局も局に数える)"), False, "pct", True),
    Column("deal_in_rate", _("放銃率"), _("ロンされた局の割合"), True, "pct", True),
    Column("riichi_rate", _("立直率"), _("立直した局の割合"), False, "pct", True),
    Column("avg_win", _("平均打点"), _("和了1回の点数の平均(本場・供託を除く)"), False, "whole", True),
    Column("yakuman", _("役満"), _("役満(数え役満を含む)の和了回数"), False, "optional", True),
    Column("chombo", _("チョンボ"), _("チョンボの回数(流局時のノーテン立直を含む)"), True, "optional", True),
)
# the columns a board can be sorted by; True: smaller is better (sorted ascending)
SORT_KEYS: dict[str, bool] = {**{c.key: c.ascending for c in COLUMNS}, "member_no": True, "member_name": True}
RESULT_ORDER = ("hanchan__clubday__date", "hanchan__clubday_id", "hanchan__number", "hanchan__table")


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


def standings(*, start: date | None = None, end: date | None = None, clubday: ClubDay | None = None,
              ruleset: RuleSet | None = None, min_games: int = 0, include_inactive: bool = False,
              sort: str = "net") -> list[dict]:
    """One row per member who played in the period, sorted by ``sort`` (``-key`` reverses).

    Rates are fractions 0–1; hand figures rest on ``hand_games`` and are ``None`` without any.
    """
    if clubday is not None:
        return standings_from_results(start=start, end=end, clubday=clubday, ruleset=ruleset,
                                      min_games=min_games, include_inactive=include_inactive, sort=sort)
    rollup = BoardRollup.objects.filter(rollup_period(start, end))
    if ruleset is not None:
        rollup = rollup.filter(ruleset=ruleset)
    if not include_inactive:
        rollup = rollup.filter(member__active=True)
    rows = list(rollup.values("member_id").annotate(**{f: Sum(f) for f in BoardRollup.SUMS}, best=Max("best"))
                .filter(games__gte=max(min_games, 1)).order_by())
    return _board(rows, _members_rated([r["member_id"] for r in rows], start, end), sort)


def rollup_period(start: date | None, end: date | None) -> Q:
    """The ``BoardRollup`` rows that exactly cover ``start``–``end`` (``None``: open): the all-time
    row, else whole years, whole months and single dates at either end."""
    if start is None and end is None:
        return Q(year=0)
    parts = _cover(start or date(1, 1, 1), end or date(9999, 12, 31))
    return functools.reduce(operator.or_, (Q(**part) for part in parts)) if parts else Q(pk__in=[])


def _month_end(d: date) -> date:
    return date(d.year, d.month, calendar.monthrange(d.year, d.month)[1])


def _cover(s: date, e: date) -> list[dict[str, int]]:
    """The covering rollup rows as lookups on ``year``/``month``/``day`` (each dict one part)."""
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
            out.append({"year__gte": ys, "year__lte": ye, "month": 0})
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


def _members_rated(pks: list[int], start: date | None, end: date | None) -> dict[int, Member]:
    """The members, each with ``mu``/``sigma`` after their last hanchan in the period (from the
    period's rollup row with the latest ``last``, whatever its rule set)."""
    rows = BoardRollup.objects.filter(rollup_period(start, end)).values_list("last", "member_id", "rating_mu",
                                                                           "rating_sigma")
    latest = {pk: (mu, sigma) for _last, pk, mu, sigma in sorted(rows, key=lambda r: r[0])}  # the latest last wins
    members = Member.objects.in_bulk(pks)
    for pk, m in members.items():
        m.mu, m.sigma = latest.get(pk, (None, None))
    return members


def standings_from_results(*, start: date | None = None, end: date | None = None, clubday: ClubDay | None = None,
                           ruleset: RuleSet | None = None, min_games: int = 0, include_inactive: bool = False,
                           sort: str = "net") -> list[dict]:
    """``standings`` summed over the results themselves (a club day)."""
    qs = finished_results(start=start, end=end, clubday=clubday, ruleset=ruleset,
                          include_inactive=include_inactive)
    rows = list(qs.values("member_id").annotate(**_aggregates()).filter(games__gte=max(min_games, 1)).order_by())
    return _board(rows, members_with_rating([r["member_id"] for r in rows], end=end), sort)


def _board(rows: list[dict], members: dict[int, Member], sort: str) -> list[dict]:
    for row in rows:
        finish_row(row, members[row["member_id"]])
    place(rows)
    return sort_rows(rows, sort)


def _aggregates() -> dict[str, Any]:
    """Per-member sums over results; hand figures only over games recorded hand by hand."""
    rec = Q(recorded=True)
    return {
        "games": Count("pk"), "net": Sum("net"), "rank_sum": Sum("rank"),
        **{p: Count("pk", filter=Q(rank=r)) for r, p in enumerate(PLACES, start=1)},
        "tobi": Count("pk", filter=Q(score__lt=0)), "score_sum": Sum("score"), "best": Max("score"),
        "hand_games": Count("pk", filter=rec),
        **{f: Sum(f, filter=rec) for f in ("hands", "wins", "deal_ins", "riichis", "win_points", "yakuman", "chombo")},
    }


def members_with_rating(pks: Iterable[int], *, end: date | None) -> dict[int, Member]:
    """The members, each with ``mu``/``sigma`` after their last finished hanchan up to ``end``."""
    last = (finished_results(end=end).filter(member=OuterRef("pk"), rating_mu__isnull=False)
            .order_by(*(f"-{k}" for k in RESULT_ORDER)))
    qs = Member.objects.filter(pk__in=pks).annotate(mu=Subquery(last.values("rating_mu")[:1]),
                                                    sigma=Subquery(last.values("rating_sigma")[:1]))
    return {m.pk: m for m in qs}


def _ratio(a: int | None, b: int | None) -> float | None:
    return (a or 0) / b if b else None


def finish_row(row: dict[str, Any], member: Member) -> None:
    """A row of sums made a row of the board: the member's number, name and rating, and the rates."""
    g = row["games"]
    row.update(
        real_net=row["net"], best_score=row.pop("best"),
        member_no=member.number, member_name=member.name, member_active=member.active,
        avg_rank=row["rank_sum"] / g, top_rate=row["first"] / g, rentai_rate=(row["first"] + row["second"]) / g,
        last_avoid_rate=1 - row["fourth"] / g, tobi_rate=row["tobi"] / g, avg_score=row["score_sum"] / g,
        rating=display_rating(member.mu, member.sigma),
    )
    row.update(win_rate=_ratio(row["wins"], row["hands"]), deal_in_rate=_ratio(row["deal_ins"], row["hands"]),
               riichi_rate=_ratio(row["riichis"], row["hands"]), avg_win=_ratio(row["win_points"], row["wins"]))
    if not row["hand_games"]:
        row.update(yakuman=None, chombo=None)


def place(rows: list[dict]) -> None:
    """``rank``: place by net, ties by more games; equal (net, games) share a place."""
    rows.sort(key=lambda r: (-r["net"], -r["games"], r["member_no"]))
    for i, row in enumerate(rows):
        prev = rows[i - 1] if i else None  # not rows[-1] for the first row
        same = prev is not None and (prev["net"], prev["games"]) == (row["net"], row["games"])
        row["rank"] = prev["rank"] if same else i + 1


def sort_rows(rows: list[dict], sort: str) -> list[dict]:
    """Rows as ``place`` leaves them, ordered by a column of ``SORT_KEYS`` (``-key``: the other way),
    ties kept in place order; rows without the figure go last."""
    key = sort.lstrip("-")
    if key not in SORT_KEYS:
        key, sort = "net", "net"
    ascending = SORT_KEYS[key] != sort.startswith("-")
    present = sorted((r for r in rows if r.get(key) is not None), key=operator.itemgetter(key), reverse=not ascending)
    return present + [r for r in rows if r.get(key) is None]


def standings_top(*, limit: int = 5, start: date | None = None, end: date | None = None) -> list[dict]:
    """The first ``limit`` rows of ``standings`` (active members), with only id, name, net and games."""
    return list(BoardRollup.objects.filter(rollup_period(start, end), member__active=True)
                .values("member_id", member_name=F("member__name"))
                .annotate(net=Sum("net"), games=Sum("games")).filter(games__gt=0)
                .order_by("-net", "-games", "member__number")[:limit])


def board_teaser(*, today: date) -> dict[str, Any]:
    """The home page's teaser: this year's top five, or all time (``year`` ``None``) while the year
    has no finished hanchan."""
    rows = standings_top(start=date(today.year, 1, 1), end=date(today.year, 12, 31))
    if rows:
        return {"rows": rows, "year": today.year}
    return {"rows": standings_top(), "year": None}


def latest_clubday() -> tuple[int, date] | None:
    """``(pk, date)`` of the newest club day."""
    return ClubDay.objects.order_by("-date", "-pk").values_list("pk", "date").first()

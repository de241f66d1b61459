"""The boards: standings for any period, what-if 順位点, a member's page. All figures are aggregates
in the database over ``HanchanResult`` of finished hanchan (void ones are off the boards); the
number of queries does not depend on how many members or hanchan there are.

A hanchan counts under its rule set in force (its own, else its club day's). Ranks are as settled
by that rule set (上家優先, or 同着折半: tied players share the better rank), so 平均順位 and the
1–4位 counts follow it.
"""

from __future__ import annotations

import functools
import hashlib
from datetime import date
from typing import Any, Callable

from django.core.cache import cache

from django.db.models import (
    Avg, Case, CharField, Count, F, IntegerField, Max, OuterRef, Q, QuerySet, Subquery, Sum, Value, When,
)
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast, Coalesce
from django.utils.translation import gettext_lazy as _

from ..models import ClubDay, Hanchan, HanchanResult, HandRecord, Member, RuleSet
from ..services.ratings import display_rating

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
    rule set), members (name, active) and rule sets. Every write of those makes one; the ratings,
    written without history right after the results commit, may trail by at most ``CACHE_SECONDS``."""
    parts = []
    for model in _history_models():
        last = model.objects.order_by("-history_id").values_list("history_id", "history_date").first()
        parts.append(f"{last[0]}@{last[1].timestamp()}" if last else "-")
    return "/".join(parts)


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
        qs = qs.filter(Q(hanchan__ruleset=ruleset) | Q(hanchan__ruleset__isnull=True, hanchan__clubday__ruleset=ruleset))
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
    """
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
    return dict(
        games=Count("pk"), total=net, real_total=Sum("net"), rank_sum=Sum("rank"),
        first=Count("pk", filter=Q(rank=1)), second=Count("pk", filter=Q(rank=2)),
        third=Count("pk", filter=Q(rank=3)), fourth=Count("pk", filter=Q(rank=4)),
        tobi=Count("pk", filter=Q(score__lt=0)), score_sum=Sum("score"), best=Max("score"),
        hand_games=Count("pk", filter=rec), hands=Sum("hands", filter=rec), wins=Sum("wins", filter=rec),
        deal_ins=Sum("deal_ins", filter=rec), riichis=Sum("riichis", filter=rec),
        win_points=Sum("win_points", filter=rec), yakuman=Sum("yakuman", filter=rec),
        chombo=Sum("chombo", filter=rec),
    )


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
        net=row.pop("total"), real_net=row.pop("real_total"), best_score=row.pop("best"), member=member, member_no=member.number, member_name=member.name,
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
    real = {r["member_id"]: r["rank"] for r in standings(**filters)}
    rows = standings(uma=uma, return_points=return_points, **filters)
    for row in rows:
        row["real_rank"] = real.get(row["member_id"])
        row["delta"] = row["net"] - row["real_net"]
        row["moved"] = (row["real_rank"] - row["rank"]) if row["real_rank"] else 0
    return rows


# --------------------------------------------------------------------------- a member's page


def member_summary(*, member: Member) -> dict | None:
    """The member's all-time row (as in ``standings``, without ``rank``), or ``None`` before their
    first finished hanchan."""
    rows = list(finished_results().filter(member=member).values("member_id").annotate(**_aggregates(Sum("net")))
                .order_by())
    if not rows:
        return None
    row = rows[0]
    _finish_row(row, _members_with_rating([member.pk], end=None)[member.pk])
    row["rank"] = None
    return row


def member_page(*, member: Member) -> dict[str, Any]:
    """Everything the member page shows (one cacheable value; see ``cached``)."""
    timeline = member_timeline(member=member)
    return {"summary": member_summary(member=member), "recent": member_recent(member=member),
            "timeline": timeline, "best_wins": member_best_wins(member=member),
            "head_to_head": member_head_to_head(member=member)}


def member_recent(*, member: Member, limit: int = 20) -> list[HanchanResult]:
    """The member's latest finished hanchan, newest first, with the rating after each."""
    rows = list(finished_results().filter(member=member).select_related("hanchan__clubday")
                .order_by(*(f"-{k}" for k in RESULT_ORDER))[:limit])
    for r in rows:
        r.rating = display_rating(r.rating_mu, r.rating_sigma)
    return rows


def member_timeline(*, member: Member) -> list[dict]:
    """Per club day the member played: the day's net, the cumulative net and the rating after the
    day's last hanchan (one row per day, computed in the database)."""
    mine = finished_results().filter(member=member)
    last = (mine.filter(hanchan__clubday=OuterRef("hanchan__clubday"))
            .order_by("-hanchan__number", "-hanchan__table"))
    days = (mine.values("hanchan__clubday", "hanchan__clubday__date")
            .annotate(net=Sum("net"), games=Count("pk"),
                      mu=Subquery(last.values("rating_mu")[:1]), sigma=Subquery(last.values("rating_sigma")[:1]))
            .order_by("hanchan__clubday__date", "hanchan__clubday"))
    out, total = [], 0
    for d in days:
        total += d["net"]
        out.append({"clubday": d["hanchan__clubday"], "date": d["hanchan__clubday__date"], "games": d["games"],
                    "net": d["net"], "total": total, "rating": display_rating(d["mu"], d["sigma"])})
    return out


def _seat_value(field: str, member: Member):
    """The member's entry of a four-element JSON list column of a hand (by their seat)."""
    return Case(*[When(**{f"hanchan__seat{s}": member}, then=Cast(KeyTextTransform(str(s), field), IntegerField()))
                  for s in range(4)], default=Value(0), output_field=IntegerField())


def member_best_wins(*, member: Member, limit: int = 5) -> list[HandRecord]:
    """The member's biggest wins in hanchan recorded hand by hand (points gained by the win, with
    honba and sticks), biggest first. ``hand.tiles``: the typed hand when the win was entered as tiles."""
    seat = Case(*[When(**{f"hanchan__seat{s}": member}, then=Value(str(s))) for s in range(4)],
                default=Value(""), output_field=CharField())
    qs = (HandRecord.objects.filter(hanchan__state=Hanchan.State.FINISHED, event__type__in=["ron", "tsumo"])
          .filter(Q(hanchan__seat0=member) | Q(hanchan__seat1=member) | Q(hanchan__seat2=member)
                  | Q(hanchan__seat3=member))
          .annotate(gain=_seat_value("deltas", member), seat=seat).filter(gain__gt=0)
          .select_related("hanchan__clubday").order_by("-gain", "hanchan__clubday__date")[:limit])
    hands = list(qs)
    for h in hands:
        h.tiles = _typed_tiles(h.event, int(h.seat))
    return hands


def _typed_tiles(event: dict, seat: int) -> dict | None:
    """The typed hand of ``seat``'s win in a stored event, if it was entered as tiles."""
    wins = event.get("wins") or [event]
    for w in wins:
        if w.get("winner") == seat and isinstance(w.get("hand"), dict):
            return w["hand"]
    return None


def member_head_to_head(*, member: Member) -> list[dict]:
    """Against each member played with: games together, and in those games the member's net and
    average rank and the opponent's. Most games together first."""
    rows = (finished_results().filter(member=member)
            .values("hanchan__results__member", "hanchan__results__member__name", "hanchan__results__member__number")
            .annotate(games=Count("pk"), net=Sum("net"), avg_rank=Avg("rank"),
                      their_net=Sum("hanchan__results__net"), their_avg_rank=Avg("hanchan__results__rank"))
            .order_by("-games", "hanchan__results__member__number"))
    out = []
    for r in rows:
        if r["hanchan__results__member"] == member.pk:
            continue
        out.append({"member_id": r["hanchan__results__member"], "name": r["hanchan__results__member__name"],
                    "number": r["hanchan__results__member__number"], "games": r["games"], "net": r["net"],
                    "avg_rank": r["avg_rank"], "their_net": r["their_net"], "their_avg_rank": r["their_avg_rank"]})
    return out

"""Skill rating: openskill's Plackett–Luce model over the ranks of every finished hanchan, in date
order. Each ``HanchanResult`` keeps the member's rating *after* that hanchan, so a change to a result
recomputes from its date on.
"""

from __future__ import annotations

from datetime import date, timedelta

from django.db import transaction
from openskill.models import PlackettLuce

from ..models import Hanchan, HanchanResult
from ..selectors.ranking import RESULT_ORDER, members_with_rating
from .rollup import rollup_ratings


@transaction.atomic
def ratings_update(*, since: date | None = None) -> int:
    """Recompute the ratings from ``since`` (``None``: all of history) on, clearing those of void
    hanchan. Returns rows written (``bulk_update``: a derived rating makes no history rows)."""
    model = PlackettLuce()
    qs = HanchanResult.objects.all()
    if since:
        qs = qs.filter(hanchan__clubday__date__gte=since)
    changed: list[HanchanResult] = []
    games: dict[int, list[HanchanResult]] = {}  # finished hanchan in date order
    qs = qs.select_related("hanchan").only("hanchan__state", "member_id", "rank", "rating_mu", "rating_sigma")
    for r in qs.order_by(*RESULT_ORDER, "hanchan_id", "seat"):
        if r.hanchan.state == Hanchan.State.FINISHED:
            games.setdefault(r.hanchan_id, []).append(r)
        elif r.rating_mu is not None or r.rating_sigma is not None:
            r.rating_mu = r.rating_sigma = None
            changed.append(r)
    current = {}  # member pk: (mu, sigma) after their latest hanchan so far
    if since and games:
        rated = members_with_rating({r.member_id for rows in games.values() for r in rows},
                                    end=since - timedelta(days=1))
        current = {pk: (m.mu, m.sigma) for pk, m in rated.items() if m.mu is not None}
    for rows in games.values():
        teams = [[model.rating(*current[r.member_id]) if r.member_id in current else model.rating()] for r in rows]
        rated = model.rate(teams, ranks=[r.rank for r in rows]) if len(rows) > 1 else teams
        for r, (new,) in zip(rows, rated):
            current[r.member_id] = (new.mu, new.sigma)
            if (r.rating_mu, r.rating_sigma) != (new.mu, new.sigma):
                r.rating_mu, r.rating_sigma = new.mu, new.sigma
                changed.append(r)
    HanchanResult.objects.bulk_update(changed, ["rating_mu", "rating_sigma"], batch_size=500)
    rollup_ratings(since=since, ratings={(r.hanchan_id, r.member_id): (r.rating_mu, r.rating_sigma)
                                         for rows in games.values() for r in rows})
    return len(changed)

"""What-if 順位点: a period's standings with each net recomputed from the stored raw score and rank
under another 順位点 / 返し点 (ties share the places' 順位点 and the オカ; no rounding of raw scores).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from django.db.models import QuerySet, Sum
from django.db.models.functions import Coalesce
from django.utils.translation import gettext_lazy as _

import rules

from ..models import BoardRollup, HanchanResult, RuleSet
from ..shared import PLACES, TIES
from .ranking import finished_results, place, rollup_period, standings

# (label, 順位点 1st..4th, 返し点 or None: each rule set's own)
WHATIF_PRESETS: dict[str, tuple[Any, tuple[int, int, int, int], int | None]] = {
    "5-10": (_("5-10 (+10/+5/−5/−10)"), (10000, 5000, -5000, -10000), None),
    "10-20": (_("10-20 (+20/+10/−10/−20)"), (20000, 10000, -10000, -20000), None),
    "10-30": (_("10-30 (+30/+10/−10/−30)"), (30000, 10000, -10000, -30000), None),
    "oka": (_("30000返し・オカ +20, 5-10"), (10000, 5000, -5000, -10000), 30000),
    "oka-10-30": (_("30000返し・オカ +20, 10-30"), (30000, 10000, -10000, -30000), 30000),
}
SUMS = ("games", "score_sum", "uma", *PLACES, *TIES.values())  # the rollup's sums a what-if net is made of


def whatif_standings(*, uma: tuple[int, int, int, int] | None, return_points: int | None,
                     **filters: Any) -> list[dict]:
    """The standings under another 順位点 / 返し点 (``None``: each rule set's own), by the what-if
    ``net``, with the ``real_net`` and ``real_rank`` beside it."""
    rows = standings(**filters)  # in any order: place() below orders them by the what-if net
    nets = whatif_nets(uma=uma, return_points=return_points, start=filters.get("start"), end=filters.get("end"),
                       clubday=filters.get("clubday"), ruleset=filters.get("ruleset"))
    for row in rows:
        row["real_rank"], row["real_net"] = row["rank"], row["net"]
        row["net"] = nets[row["member_id"]]
        row["delta"] = row["net"] - row["real_net"]
    place(rows)
    for row in rows:
        row["moved"] = row["real_rank"] - row["rank"]
    return rows


def whatif_nets(*, uma, return_points, start=None, end=None, clubday=None, ruleset=None) -> dict[int, int]:
    """``{member pk: what-if net}`` over the period (for a club day, summed over its results)."""
    engines = {rs.pk: rs.engine() for rs in RuleSet.objects.all()}
    if clubday is not None:
        groups = _result_sums(finished_results(start=start, end=end, clubday=clubday, ruleset=ruleset))
    else:
        rollup = BoardRollup.objects.filter(rollup_period(start, end))
        if ruleset is not None:
            rollup = rollup.filter(ruleset=ruleset)
        groups = rollup.values("member_id", "ruleset_id").annotate(**{f: Sum(f) for f in SUMS}).order_by()
    nets: dict[int, int] = defaultdict(int)
    for g in groups:
        nets[g["member_id"]] += _whatif_sum(g, engines[g["ruleset_id"]], uma, return_points)
    return nets


def _result_sums(results: QuerySet[HanchanResult]) -> list[dict[str, Any]]:
    """The ``SUMS`` of the results per (member, rule set in force), as the rollup keeps them."""
    rows = list(results.annotate(rs=Coalesce("hanchan__ruleset_id", "hanchan__clubday__ruleset_id"))
                .values("hanchan_id", "member_id", "rs", "rank", "score", "uma").order_by())
    tied = Counter((r["hanchan_id"], r["rank"]) for r in rows)
    groups: dict[tuple[int, int], dict[str, Any]] = {}
    for r in rows:
        g = groups.setdefault((r["member_id"], r["rs"]),
                              {"member_id": r["member_id"], "ruleset_id": r["rs"], **dict.fromkeys(SUMS, 0)})
        g["games"] += 1
        g["score_sum"] += r["score"]
        g["uma"] += r["uma"]
        g[PLACES[r["rank"] - 1]] += 1
        if (k := tied[r["hanchan_id"], r["rank"]]) > 1:
            g[TIES[r["rank"], k]] += 1
    return list(groups.values())


def _whatif_sum(g: dict[str, Any], engine, uma: tuple[int, int, int, int] | None, return_points: int | None) -> int:
    """The what-if net of one (member, rule set) group of ``SUMS``: the games at each place alone
    (``(r, 1)``) and tied with k − 1 others (``(r, k)``), who share the places' 順位点 (rounded down)
    and the オカ (rounded toward zero)."""
    returned = return_points if return_points is not None else engine.return_points
    net = g["score_sum"] - g["games"] * returned
    counts = {rk: g[name] for rk, name in TIES.items()}
    for r in range(1, 5):
        counts[(r, 1)] = g[PLACES[r - 1]] - sum(n for (t, _k), n in counts.items() if t == r)
    if uma is None:
        net += g["uma"]
    else:
        net += sum(n * (sum(uma[r - 1:r - 1 + k]) // k) for (r, k), n in counts.items())
    oka = rules.oka(engine, returned)  # the rule set's own 返し has its オカ too
    net += sum(n * int(oka / k) for (r, k), n in counts.items() if r == 1)
    return net

"""What-if 順位点: the standings of a period with each result's net recomputed under another 順位点
/ 返し点, from its stored raw score (incl. leftover sticks) and settled rank, beside the real ones.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Case, Count, F, IntegerField, OuterRef, Q, Subquery, Sum, Value, When
from django.db.models.functions import Coalesce
from django.utils.translation import gettext_lazy as _

from ..models import HanchanResult, RuleSet
from .ranking import finished_results, place, standings

# what-if presets: (label, 順位点 1st..4th, 返し点 or None: each rule set's own).
# オカ = 4 × (返し − 持ち点) goes to the top.
WHATIF_PRESETS: dict[str, tuple[Any, tuple[int, int, int, int], int | None]] = {
    "5-10": (_("5-10 (+10/+5/−5/−10)"), (10000, 5000, -5000, -10000), None),
    "10-20": (_("10-20 (+20/+10/−10/−20)"), (20000, 10000, -10000, -20000), None),
    "10-30": (_("10-30 (+30/+10/−10/−30)"), (30000, 10000, -10000, -30000), None),
    "oka": (_("30000返し・オカ +20, 5-10"), (10000, 5000, -5000, -10000), 30000),
    "oka-10-30": (_("30000返し・オカ +20, 10-30"), (30000, 10000, -10000, -30000), 30000),
}


def whatif_standings(*, uma: tuple[int, int, int, int] | None, return_points: int | None,
                     **filters: Any) -> list[dict]:
    """The standings (``standings`` with ``filters``) under another 順位点 / 返し点 (``None``: each
    rule set's own), by the what-if net: each row has ``net`` (what-if), ``real_net``, ``delta``,
    ``rank`` (what-if place), ``real_rank`` and ``moved`` (places gained). Two queries more than
    the standings: the rule sets, and the what-if nets summed per member over the results."""
    filters.pop("sort", None)
    rows = standings(**filters)
    period = {k: filters[k] for k in ("start", "end", "clubday", "ruleset") if filters.get(k) is not None}
    extra, expr = _whatif_net(uma, return_points)
    nets = dict(finished_results(**period, include_inactive=True).annotate(**extra).annotate(whatif=expr)
                .values("member_id").annotate(net=Sum("whatif")).values_list("member_id", "net").order_by())
    for row in rows:
        row["real_rank"], row["real_net"] = row["rank"], row["net"]
        row["net"] = nets[row["member_id"]]
        row["delta"] = row["net"] - row["real_net"]
    place(rows)
    for row in rows:
        row["moved"] = row["real_rank"] - row["rank"]
    return rows


def _whatif_net(uma: tuple[int, int, int, int] | None, return_points: int | None):
    """Annotations and an expression: the net of a result under another 順位点 / 返し点. Tied players
    (同着折半) share the 順位点 of the places they tie for and the オカ equally. The real rule set's
    rounding of raw scores is not applied."""
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

"""対々和: four triplets or quads, 2 han open or closed."""

from ._base import NO_RUNS, Context, YakuHit, every_hits

NAMES = {"toitoi": ("対々和", "Toitoi")}

HITS = every_hits("toitoi", 2)
WHEN = NO_RUNS  # find() skips this check on a hand without these features


def check(ctx: Context) -> list[YakuHit]:
    if ctx.standard and not ctx.runs:
        return [HITS[len(ctx.every)]]
    return []

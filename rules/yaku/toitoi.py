"""対々和: four triplets or quads, 2 han open or closed."""

from ._base import NO_RUNS, Context, YakuHit

NAMES = {"toitoi": ("対々和", "Toitoi")}

WHEN = NO_RUNS  # find() skips this check on a hand without these features


def check(ctx: Context) -> list[YakuHit]:
    if ctx.standard and not ctx.runs:
        return [YakuHit("toitoi", 2, ctx.every)]
    return []

"""対々和: four triplets or quads, 2 han open or closed."""

from ._base import Context, YakuHit

NAMES = {"toitoi": ("対々和", "Toitoi")}


def check(ctx: Context) -> list[YakuHit]:
    if ctx.standard and not ctx.runs:
        return [YakuHit("toitoi", 2, ctx.every)]
    return []

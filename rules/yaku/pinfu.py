"""平和: closed, four runs, a pair that is not a value tile, won on a two-sided (ryanmen) wait."""

from ._base import CLOSED, NO_MELDS, RUNS4, Context, YakuHit, every_hits

NAMES = {"pinfu": ("平和", "Pinfu")}

HITS = every_hits("pinfu", 1)
WHEN = CLOSED | NO_MELDS | RUNS4  # find() skips this check on a hand without these features


def check(ctx: Context) -> list[YakuHit]:
    d = ctx.d
    if not (ctx.closed and ctx.standard and not ctx.hand.melds and d.wait == "ryanmen"):
        return []
    if ctx.triplets or d.sets[-1].tiles[0] in ctx.value_tiles:
        return []
    return [HITS[len(ctx.every)]]

"""小三元 (2): two dragon triplets and a dragon pair; 大三元 (yakuman): three dragon triplets."""

from ._base import DRAGONS, DRAGONS2, TRIPLETS2, Context, YakuHit, yakuman

NAMES = {
    "shousangen": ("小三元", "Shousangen"),
    "daisangen": ("大三元", "Daisangen"),
}

WHEN = DRAGONS2 | TRIPLETS2  # find() skips this check on a hand without these features


def check(ctx: Context) -> list[YakuHit]:
    if len(ctx.triplets) < 2:
        return []
    triplets = tuple(i for t, i in ctx.triplets if t in DRAGONS)
    if len(triplets) == 3:
        return [yakuman("daisangen", 1, triplets)]
    pair = len(ctx.sets) - 1
    if len(triplets) == 2 and ctx.sets[pair].first in DRAGONS:
        return [YakuHit("shousangen", 2, triplets + (pair,))]
    return []

"""小四喜 (yakuman): three wind triplets and a wind pair; 大四喜 (yakuman, double with
``double_yakuman_hands``): four wind triplets."""

from ._base import TRIPLETS3, WINDS, WINDS3, Context, YakuHit, yakuman

NAMES = {
    "shousuushii": ("小四喜", "Shousuushii"),
    "daisuushii": ("大四喜", "Daisuushii"),
}

WHEN = WINDS3 | TRIPLETS3  # find() skips this check on a hand without these features


def check(ctx: Context) -> list[YakuHit]:
    if len(ctx.triplets) < 3:
        return []
    triplets = tuple(i for t, i in ctx.triplets if t in WINDS)
    if len(triplets) == 4:
        return [yakuman("daisuushii", 2 if ctx.ruleset.double_yakuman_hands else 1, triplets)]
    pair = len(ctx.sets) - 1
    if len(triplets) == 3 and ctx.sets[pair].first in WINDS:
        return [yakuman("shousuushii", 1, triplets + (pair,))]
    return []

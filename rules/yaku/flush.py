"""混一色 (3, open 2): one suit plus honors; 清一色 (6, open 5): one suit only (replaces honitsu)."""

from ._base import HONOR_BITS, ONE_SUIT, SUIT_BITS, Context, YakuHit, every_hits

NAMES = {
    "honitsu": ("混一色", "Honitsu"),
    "chinitsu": ("清一色", "Chinitsu"),
}

HONITSU, HONITSU_OPEN, CHINITSU, CHINITSU_OPEN = (every_hits("honitsu", 3), every_hits("honitsu", 2),
                                                  every_hits("chinitsu", 6), every_hits("chinitsu", 5))
WHEN = ONE_SUIT  # find() skips this check on a hand without these features


def check(ctx: Context) -> list[YakuHit]:
    m = ctx.mask
    if (m & SUIT_BITS[0] != 0) + (m & SUIT_BITS[1] != 0) + (m & SUIT_BITS[2] != 0) != 1:  # one number suit
        return []
    if m & HONOR_BITS:
        return [(HONITSU if ctx.closed else HONITSU_OPEN)[len(ctx.every)]]
    return [(CHINITSU if ctx.closed else CHINITSU_OPEN)[len(ctx.every)]]

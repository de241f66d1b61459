"""混一色 (3, open 2): one suit plus honors; 清一色 (6, open 5): one suit only (replaces honitsu)."""

from ._base import ONE_SUIT, Context, YakuHit

NAMES = {
    "honitsu": ("混一色", "Honitsu"),
    "chinitsu": ("清一色", "Chinitsu"),
}

WHEN = ONE_SUIT  # find() skips this check on a hand without these features


def check(ctx: Context) -> list[YakuHit]:
    suits = {t // 9 for t in ctx.kinds}
    numbers = suits - {3}
    if len(numbers) != 1:
        return []
    if 3 in suits:
        return [YakuHit("honitsu", ctx.han(3, 2), ctx.every)]
    return [YakuHit("chinitsu", ctx.han(6, 5), ctx.every)]

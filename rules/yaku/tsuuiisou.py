"""字一色 (yakuman): honors only (triplets or 七対子)."""

from ._base import ALL_HONORS, NUMBER_BITS, Context, YakuHit, yakuman

NAMES = {"tsuuiisou": ("字一色", "Tsuuiisou")}

WHEN = ALL_HONORS  # find() skips this check on a hand without these features


def check(ctx: Context) -> list[YakuHit]:
    return [yakuman("tsuuiisou", 1, ctx.every)] if not ctx.mask & NUMBER_BITS else []

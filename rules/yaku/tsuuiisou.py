"""字一色 (yakuman): honors only (triplets or 七対子)."""

from ._base import Context, YakuHit, yakuman

NAMES = {"tsuuiisou": ("字一色", "Tsuuiisou")}


def check(ctx: Context) -> list[YakuHit]:
    return [yakuman("tsuuiisou", 1, ctx.every)] if min(ctx.kinds) >= 27 else []

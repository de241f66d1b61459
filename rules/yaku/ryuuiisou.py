"""緑一色 (yakuman): only 2 3 4 6 8 索 and 發 (發 not required)."""

from ._base import ALL_GREEN, GREEN_BITS, Context, YakuHit, yakuman

NAMES = {"ryuuiisou": ("緑一色", "Ryuuiisou")}

WHEN = ALL_GREEN  # find() skips this check on a hand without these features


def check(ctx: Context) -> list[YakuHit]:
    return [yakuman("ryuuiisou", 1, ctx.every)] if not ctx.mask & ~GREEN_BITS else []

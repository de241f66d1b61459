"""七対子: seven distinct pairs, closed only, 2 han (fu: 25 flat)."""

from ._base import Context, YakuHit

NAMES = {"chiitoitsu": ("七対子", "Chiitoitsu")}


def check(ctx: Context) -> list[YakuHit]:
    return [YakuHit("chiitoitsu", 2, ctx.every)] if ctx.d.form == "chiitoitsu" else []

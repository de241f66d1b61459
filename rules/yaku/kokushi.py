"""国士無双 (yakuman): the 13 terminal and honor kinds plus a pair of one of them; 十三面待ち
(all 13 kinds before the win) is double with ``double_yakuman_hands``."""

from ._base import Context, YakuHit, yakuman

NAMES = {"kokushi": ("国士無双", "Kokushi musou")}


def check(ctx: Context) -> list[YakuHit]:
    if ctx.d.form != "kokushi":
        return []
    thirteen = len(set(ctx.hand.concealed)) == 13
    return [yakuman("kokushi", 2 if thirteen and ctx.ruleset.double_yakuman_hands else 1, ctx.every)]

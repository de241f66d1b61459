"""三槓子 (2) and 四槓子 (yakuman): three or four quads, open or closed."""

from ._base import KANS3, TRIPLETS3, Context, YakuHit, yakuman

NAMES = {
    "sankantsu": ("三槓子", "Sankantsu"),
    "suukantsu": ("四槓子", "Suukantsu"),
}

WHEN = KANS3 | TRIPLETS3  # find() skips this check on a hand without these features


def check(ctx: Context) -> list[YakuHit]:
    if len(ctx.triplets) < 3:
        return []
    quads = tuple(i for _, i in ctx.triplets if ctx.sets[i].kind == "quad")
    if len(quads) == 4:
        return [yakuman("suukantsu", 1, quads)]
    if len(quads) == 3:
        return [YakuHit("sankantsu", 2, quads)]
    return []

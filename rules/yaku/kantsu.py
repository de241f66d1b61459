"""三槓子 (2) and 四槓子 (yakuman): three or four quads, open or closed."""

from ._base import Context, YakuHit, yakuman

NAMES = {
    "sankantsu": ("三槓子", "Sankantsu"),
    "suukantsu": ("四槓子", "Suukantsu"),
}


def check(ctx: Context) -> list[YakuHit]:
    quads = tuple(i for i, s in enumerate(ctx.sets) if s.kind == "quad")
    if len(quads) == 4:
        return [yakuman("suukantsu", 1, quads)]
    if len(quads) == 3:
        return [YakuHit("sankantsu", 2, quads)]
    return []

"""三暗刻 (2) and 四暗刻 (yakuman; 単騎 double with ``double_yakuman_hands``): concealed triplets
or ankan. A triplet completed by ron counts as open."""

from ._base import TRIPLETS3, Context, YakuHit, yakuman

NAMES = {
    "sanankou": ("三暗刻", "Sanankou"),
    "suuankou": ("四暗刻", "Suuankou"),
}

WHEN = TRIPLETS3  # find() skips this check on a hand without these features


def check(ctx: Context) -> list[YakuHit]:
    if len(ctx.triplets) < 3:
        return []
    closed = tuple(i for _, i in ctx.triplets if not ctx.sets[i].open)
    if len(closed) == 4:
        double = ctx.d.wait == "tanki" and ctx.ruleset.double_yakuman_hands
        return [yakuman("suuankou", 2 if double else 1, closed)]
    if len(closed) == 3:
        return [YakuHit("sanankou", 2, closed)]
    return []

"""三暗刻 (2) and 四暗刻 (yakuman; 単騎 double with ``double_yakuman_hands``): concealed triplets
or ankan. A triplet completed by ron counts as open."""

from ._base import TRIPLETS3, Context, YakuHit, yakuman

NAMES = {
    "sanankou": ("三暗刻", "Sanankou"),
    "suuankou": ("四暗刻", "Suuankou"),
}

WHEN = TRIPLETS3  # find() skips this check on a hand without these features
_new = tuple.__new__  # a ``YakuHit`` from all its fields, without the named tuple's Python-level ``__new__``


def check(ctx: Context) -> list[YakuHit]:
    triplets = ctx.triplets
    if len(triplets) < 3:
        return []
    sets = ctx.sets
    closed = tuple([i for _, i in triplets if not sets[i][2]])  # [2]: ``TileSet.open``
    if len(closed) == 4:
        double = ctx.d.wait == "tanki" and ctx.ruleset.double_yakuman_hands
        return [yakuman("suuankou", 2 if double else 1, closed)]
    if len(closed) == 3:
        return [_new(YakuHit, ("sanankou", 2, closed, False, 0))]
    return []

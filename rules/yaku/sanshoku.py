"""三色同順 (2, open 1): the same run in all three suits; 三色同刻 (2): the same number as a
triplet or quad in all three suits."""

from ._base import Context, YakuHit

NAMES = {
    "sanshoku": ("三色同順", "Sanshoku doujun"),
    "sanshoku_doukou": ("三色同刻", "Sanshoku doukou"),
}


def _three_suits(ctx: Context, kinds: tuple[str, ...]) -> tuple[int, ...] | None:
    where: dict[int, int] = {}
    for i in ctx.body:
        s = ctx.sets[i]
        if s.kind in kinds and s.first < 27:
            where.setdefault(s.first, i)
    for n in range(9):
        if n in where and n + 9 in where and n + 18 in where:
            return tuple(sorted((where[n], where[n + 9], where[n + 18])))
    return None


def check(ctx: Context) -> list[YakuHit]:
    if not ctx.standard:
        return []
    out = []
    runs = _three_suits(ctx, ("run",))
    if runs:
        out.append(YakuHit("sanshoku", ctx.han(2, 1), runs))
    triplets = _three_suits(ctx, ("triplet", "quad"))
    if triplets:
        out.append(YakuHit("sanshoku_doukou", 2, triplets))
    return out

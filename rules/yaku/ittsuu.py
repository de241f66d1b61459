"""一気通貫 (2, open 1): runs 123 456 789 of one suit."""

from ._base import Context, YakuHit

NAMES = {"ittsuu": ("一気通貫", "Ittsuu")}


def check(ctx: Context) -> list[YakuHit]:
    if not ctx.standard:
        return []
    runs = {}
    for i in ctx.body:
        if ctx.sets[i].kind == "run":
            runs.setdefault(ctx.sets[i].first, i)
    for base in (0, 9, 18):
        if all(base + k in runs for k in (0, 3, 6)):
            return [YakuHit("ittsuu", ctx.han(2, 1), tuple(runs[base + k] for k in (0, 3, 6)))]
    return []

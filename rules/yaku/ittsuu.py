"""一気通貫 (2, open 1): runs 123 456 789 of one suit."""

from ._base import Context, YakuHit

NAMES = {"ittsuu": ("一気通貫", "Ittsuu")}


def check(ctx: Context) -> list[YakuHit]:
    if len(ctx.runs) < 3:
        return []
    runs: dict[int, int] = {}
    for first, i in ctx.runs:
        runs.setdefault(first, i)
    for base in (0, 9, 18):
        if all(base + k in runs for k in (0, 3, 6)):
            return [YakuHit("ittsuu", ctx.han(2, 1), tuple(runs[base + k] for k in (0, 3, 6)))]
    return []

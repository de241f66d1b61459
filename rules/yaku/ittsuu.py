"""一気通貫 (2, open 1): runs 123 456 789 of one suit."""

from ._base import FULL_SUIT, ITTSUU_RUNS, RUNS3, Context, YakuHit

NAMES = {"ittsuu": ("一気通貫", "Ittsuu")}

WHEN = FULL_SUIT | RUNS3 | ITTSUU_RUNS  # find() skips this check on a hand without these features


def check(ctx: Context) -> list[YakuHit]:
    if len(ctx.runs) < 3:
        return []
    runs: dict[int, int] = {}
    for first, i in ctx.runs:
        runs.setdefault(first, i)
    for base in (0, 9, 18):
        if base in runs and base + 3 in runs and base + 6 in runs:
            return [YakuHit("ittsuu", ctx.han(2, 1), (runs[base], runs[base + 3], runs[base + 6]))]
    return []

"""一盃口 (1) and 二盃口 (3, replaces iipeikou): identical runs in a closed hand."""

from ._base import CLOSED, RUNS2, SAME_RUNS, Context, YakuHit

NAMES = {
    "iipeikou": ("一盃口", "Iipeikou"),
    "ryanpeikou": ("二盃口", "Ryanpeikou"),
}

WHEN = CLOSED | RUNS2 | SAME_RUNS  # find() skips this check on a hand without these features


def check(ctx: Context) -> list[YakuHit]:
    if not ctx.closed or len(ctx.runs) < 2:
        return []
    firsts = [first for first, _ in ctx.runs]
    if len(set(firsts)) == len(firsts):  # no two runs alike
        return []
    by_first: dict[int, list[int]] = {}
    for first, i in ctx.runs:
        by_first.setdefault(first, []).append(i)
    pairs = [idx[k:k + 2] for idx in by_first.values() for k in range(0, len(idx) - 1, 2)]
    if len(pairs) >= 2:
        return [YakuHit("ryanpeikou", 3, tuple(sorted(pairs[0] + pairs[1])))]
    if pairs:
        return [YakuHit("iipeikou", 1, tuple(pairs[0]))]
    return []

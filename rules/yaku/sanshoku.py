"""三色同順 (2, open 1): the same run in all three suits; 三色同刻 (2): the same number as a
triplet or quad in all three suits."""

from ._base import SAME3, SANSHOKU_SETS, THREE_SUITS, Context, YakuHit

NAMES = {
    "sanshoku": ("三色同順", "Sanshoku doujun"),
    "sanshoku_doukou": ("三色同刻", "Sanshoku doukou"),
}


def _three_suits(sets: list[tuple[int, int]]) -> tuple[int, ...] | None:
    """Set indices of the same-numbered set in all three suits, from ``(first tile, index)``."""
    if len(sets) < 3:
        return None
    firsts = [first for first, _ in sets]
    for n in sorted(firsts):
        if n >= 9:
            return None
        if n + 9 in firsts and n + 18 in firsts:  # the first set of each number, as read
            return tuple(sorted(sets[firsts.index(m)][1] for m in (n, n + 9, n + 18)))
    return None

WHEN = THREE_SUITS | SAME3 | SANSHOKU_SETS  # find() skips this check on a hand without these features


def check(ctx: Context) -> list[YakuHit]:
    out = []
    runs = _three_suits(ctx.runs)
    if runs:
        out.append(YakuHit("sanshoku", ctx.han(2, 1), runs))
    triplets = _three_suits(ctx.triplets)
    if triplets:
        out.append(YakuHit("sanshoku_doukou", 2, triplets))
    return out

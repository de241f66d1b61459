"""Terminal families. 混全帯么九 (2, open 1): every set and the pair hold a terminal or honor, with
a run and an honor; 純全帯么九 (3, open 2): the same with terminals only (replaces chanta);
混老頭 (2): terminals and honors only (replaces chanta); 清老頭 (yakuman): terminals only."""

from ..tiles import TERMINALS_HONORS
from ._base import (
    HONOR_BITS,
    NO_MIDDLE,
    TERMINAL_BITS,
    YAOCHUU,
    YAOCHUU_BITS,
    YAOCHUU_PAIR,
    Context,
    YakuHit,
    yakuman,
)

NAMES = {
    "chanta": ("混全帯么九", "Chanta"),
    "junchan": ("純全帯么九", "Junchan"),
    "honroutou": ("混老頭", "Honroutou"),
    "chinroutou": ("清老頭", "Chinroutou"),
}

WHEN = YAOCHUU | YAOCHUU_PAIR | NO_MIDDLE  # find() skips this check on a hand without these features


def check(ctx: Context) -> list[YakuHit]:
    if ctx.d.form == "kokushi":
        return []
    if not ctx.mask & ~TERMINAL_BITS:
        return [yakuman("chinroutou", 1, ctx.every)]
    if not ctx.mask & ~YAOCHUU_BITS:
        return [YakuHit("honroutou", 2, ctx.every)]
    if not ctx.runs or ctx.sets[-1].tiles[0] not in TERMINALS_HONORS:  # the pair too must be 么九
        return []
    for s in ctx.sets:
        if s.tiles[0] not in TERMINALS_HONORS and s.tiles[-1] not in TERMINALS_HONORS:  # a run: its ends
            return []
    if ctx.mask & HONOR_BITS:
        return [YakuHit("chanta", ctx.han(2, 1), ctx.every)]
    return [YakuHit("junchan", ctx.han(3, 2), ctx.every)]

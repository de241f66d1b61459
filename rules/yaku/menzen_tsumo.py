"""門前清自摸和: a closed hand (ankan allowed) won by tsumo, 1 han."""

from ._base import CLOSED, TSUMO, Context, YakuHit, situational

NAMES = {"menzen_tsumo": ("門前清自摸和", "Menzen tsumo")}

HIT = situational("menzen_tsumo", 1)
WHEN = CLOSED | TSUMO  # find() skips this check on a hand without these features


def check(ctx: Context) -> list[YakuHit]:
    return [HIT] if ctx.closed and ctx.hand.tsumo else []

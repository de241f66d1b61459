"""断么九: simples only. Open: 1 han with 喰いタン (``open_tanyao``), otherwise worth nothing."""

from ._base import SIMPLES, YAOCHUU_BITS, Context, YakuHit, every_hits

NAMES = {"tanyao": ("断么九", "Tanyao")}

HITS = every_hits("tanyao", 1)
WHEN = SIMPLES  # find() skips this check on a hand without these features


def check(ctx: Context) -> list[YakuHit]:
    if ctx.d.form == "kokushi" or ctx.mask & YAOCHUU_BITS:
        return []
    if not ctx.closed and not ctx.ruleset.open_tanyao:
        return []
    return [HITS[len(ctx.every)]]

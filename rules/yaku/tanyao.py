"""断么九: simples only. Open: 1 han with 喰いタン (``open_tanyao``), otherwise worth nothing."""

from ..tiles import TERMINALS_HONORS
from ._base import SIMPLES, Context, YakuHit

NAMES = {"tanyao": ("断么九", "Tanyao")}

WHEN = SIMPLES  # find() skips this check on a hand without these features


def check(ctx: Context) -> list[YakuHit]:
    if ctx.d.form == "kokushi" or not ctx.kinds.isdisjoint(TERMINALS_HONORS):
        return []
    if not ctx.closed and not ctx.ruleset.open_tanyao:
        return []
    return [YakuHit("tanyao", 1, ctx.every)]

"""天和 / 地和 (yakuman, from the ``tenhou`` / ``chiihou`` flags) and the local 人和 (``renhou``
flag): off, mangan (counted as a 5-han yaku) or yakuman as the rule set says."""

from ._base import FLAGS, Context, YakuHit, situational

NAMES = {
    "tenhou": ("天和", "Tenhou"),
    "chiihou": ("地和", "Chiihou"),
    "renhou": ("人和", "Renhou"),
}

WHEN = FLAGS  # find() skips this check on a hand without these features


def check(ctx: Context) -> list[YakuHit]:
    flags, out = ctx.hand.flags, []
    if not flags:
        return out
    if "tenhou" in flags and ctx.hand.tsumo and ctx.hand.is_dealer:
        out.append(YakuHit("tenhou", 13, (), True, 1))
    if "chiihou" in flags and ctx.hand.tsumo and not ctx.hand.is_dealer:
        out.append(YakuHit("chiihou", 13, (), True, 1))
    if "renhou" in flags and not ctx.hand.tsumo and not ctx.hand.is_dealer:
        if ctx.ruleset.renhou == "yakuman":
            out.append(YakuHit("renhou", 13, (), True, 1))
        elif ctx.ruleset.renhou == "mangan":
            out.append(situational("renhou", 5))
    return out

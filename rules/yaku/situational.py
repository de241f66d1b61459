"""嶺上開花, 槍槓, 海底摸月, 河底撈魚: 1 han each, open or closed. Without
``rinshan_haitei_combine`` a rinshan win does not also get haitei."""

from ._base import FLAGS, Context, YakuHit, situational

NAMES = {
    "rinshan": ("嶺上開花", "Rinshan kaihou"),
    "chankan": ("槍槓", "Chankan"),
    "haitei": ("海底摸月", "Haitei raoyue"),
    "houtei": ("河底撈魚", "Houtei raoyui"),
}

WHEN = FLAGS  # find() skips this check on a hand without these features


def check(ctx: Context) -> list[YakuHit]:
    flags, tsumo = ctx.hand.flags, ctx.hand.tsumo
    out: list[YakuHit] = []
    if not flags:
        return out
    if "rinshan" in flags and tsumo:
        out.append(situational("rinshan", 1))
    if "chankan" in flags and not tsumo:
        out.append(situational("chankan", 1))
    if "haitei" in flags and tsumo and ("rinshan" not in flags or ctx.ruleset.rinshan_haitei_combine):
        out.append(situational("haitei", 1))
    if "houtei" in flags and not tsumo:
        out.append(situational("houtei", 1))
    return out

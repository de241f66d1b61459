"""立直 (1), ダブル立直 (2, replaces riichi), 一発 (1; a bonus, never satisfies shibari)."""

from ._base import RIICHI, Context, YakuHit, situational

NAMES = {
    "riichi": ("立直", "Riichi"),
    "double_riichi": ("ダブル立直", "Double riichi"),
    "ippatsu": ("一発", "Ippatsu"),
}

RIICHI_HIT, DOUBLE_RIICHI, IPPATSU = (situational("riichi", 1), situational("double_riichi", 2),
                                      situational("ippatsu", 1))
WHEN = RIICHI  # find() skips this check on a hand without these features


def check(ctx: Context) -> list[YakuHit]:
    h = ctx.hand
    if not ctx.closed:
        return []
    out = []
    if h.double_riichi:
        out.append(DOUBLE_RIICHI)
    elif h.riichi:
        out.append(RIICHI_HIT)
    if h.ippatsu and out:
        out.append(IPPATSU)
    return out

"""九蓮宝燈 (yakuman, closed without calls): 1112345678999 of one suit plus one more tile of it.
純正 (the 13 tiles before the win are exactly 1112345678999, a nine-sided wait) is double with
``double_yakuman_hands``."""

from ._base import CLOSED, FULL_SUIT, NO_MELDS, ONE_SUIT, Context, YakuHit, yakuman

NAMES = {"chuuren": ("九蓮宝燈", "Chuuren poutou")}
BASE = (3, 1, 1, 1, 1, 1, 1, 1, 3)

WHEN = CLOSED | NO_MELDS | ONE_SUIT | FULL_SUIT  # find() skips this check on a hand without these features


def check(ctx: Context) -> list[YakuHit]:
    m = ctx.mask  # the kinds held, as bits
    if m.bit_count() != 9 or ctx.hand.melds or not ctx.standard:  # all nine numbers of one suit
        return []
    low, high = (m & -m).bit_length() - 1, m.bit_length() - 1
    if high >= 27 or low // 9 != high // 9:
        return []
    before = ctx.hand.counts13[low:low + 9]  # the 13 tiles before the win (no melds)
    counts = list(before)
    counts[ctx.hand.win_tile - low] += 1
    for c, b in zip(counts, BASE):
        if c < b:
            return []
    junsei = before == BASE
    return [yakuman("chuuren", 2 if junsei and ctx.ruleset.double_yakuman_hands else 1, ctx.every)]

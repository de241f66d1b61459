"""九蓮宝燈 (yakuman, closed without calls): 1112345678999 of one suit plus one more tile of it.
純正 (the 13 tiles before the win are exactly 1112345678999, a nine-sided wait) is double with
``double_yakuman_hands``."""

from ._base import CLOSED, FULL_SUIT, NO_MELDS, ONE_SUIT, Context, YakuHit, yakuman

NAMES = {"chuuren": ("九蓮宝燈", "Chuuren poutou")}
BASE = (3, 1, 1, 1, 1, 1, 1, 1, 3)

WHEN = CLOSED | NO_MELDS | ONE_SUIT | FULL_SUIT  # find() skips this check on a hand without these features


def check(ctx: Context) -> list[YakuHit]:
    if len(ctx.kinds) != 9 or ctx.hand.melds or not ctx.standard:  # all nine numbers of one suit
        return []
    low, high = min(ctx.kinds), max(ctx.kinds)
    if high >= 27 or low // 9 != high // 9:
        return []
    counts = [0] * 9
    for t in ctx.hand.all_tiles():
        counts[t % 9] += 1
    if any(c < b for c, b in zip(counts, BASE)):
        return []
    before = [0] * 9
    for t in ctx.hand.concealed:
        before[t % 9] += 1
    junsei = tuple(before) == BASE
    return [yakuman("chuuren", 2 if junsei and ctx.ruleset.double_yakuman_hands else 1, ctx.every)]

"""役牌: a triplet or quad of 白 發 中, the seat wind or the round wind, 1 han each (a 連風牌
triplet gets both wind entries, 2 han)."""

from ._base import HONOR_TRIPLETS, VALUE, Context, YakuHit

NAMES = {
    "yakuhai_haku": ("役牌 白", "Yakuhai (haku)"),
    "yakuhai_hatsu": ("役牌 發", "Yakuhai (hatsu)"),
    "yakuhai_chun": ("役牌 中", "Yakuhai (chun)"),
    "yakuhai_seat_wind": ("役牌 自風", "Yakuhai (seat wind)"),
    "yakuhai_round_wind": ("役牌 場風", "Yakuhai (round wind)"),
}
_DRAGON_IDS = {31: "yakuhai_haku", 32: "yakuhai_hatsu", 33: "yakuhai_chun"}

WHEN = VALUE | HONOR_TRIPLETS  # find() skips this check on a hand without these features


def check(ctx: Context) -> list[YakuHit]:
    out = []
    for t, i in ctx.triplets:
        if t in _DRAGON_IDS:
            out.append(YakuHit(_DRAGON_IDS[t], 1, (i,)))
        if t == ctx.hand.seat_wind:
            out.append(YakuHit("yakuhai_seat_wind", 1, (i,)))
        if t == ctx.hand.round_wind:
            out.append(YakuHit("yakuhai_round_wind", 1, (i,)))
    return out

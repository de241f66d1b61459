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


# the hits, made once per kind and set index (a set's index is below 15)
_HITS = {t: tuple(YakuHit(yaku_id, 1, (i,)) for i in range(15)) for t, yaku_id in _DRAGON_IDS.items()}
_SEAT, _ROUND = (tuple(YakuHit(yaku_id, 1, (i,)) for i in range(15))
                 for yaku_id in ("yakuhai_seat_wind", "yakuhai_round_wind"))


def check(ctx: Context) -> list[YakuHit]:
    out = []
    hand = ctx.hand
    seat, round_ = hand.seat_wind, hand.round_wind
    for t, i in ctx.triplets:
        if t < 27:  # a number: never 役牌
            continue
        dragon = _HITS.get(t)
        if dragon is not None:
            out.append(dragon[i])
            continue  # a dragon is no wind
        if t == seat:
            out.append(_SEAT[i])
        if t == round_:
            out.append(_ROUND[i])
    return out

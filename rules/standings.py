"""Final standings of a hanchan: ranks, 順位点 (uma), leftover sticks and nets (docs/rules.md §6.12, §6.13).

``final_result`` reads four raw scores (a paper score sheet, or the end of ``rules.play``); the net
is ``raw - return_points + uma`` in points, plus the オカ for the top, shown in thousands by
``net_text``. The オカ is 4 × (``return_points`` − ``start_points``): what the four returned above
what they started with goes to the top (tied tops share it), so the four nets sum to 0. Rule-set
options:

- ``tie_break``: ``seat`` (上家優先: the seat nearer 起家 ranks higher) or ``split`` (同着折半);
- ``leftover_sticks_to_top``: sticks still on the table at the end go to the top player;
- ``score_rounding``: each raw score rounded to 1000 before the 順位点 (天鳳: 四捨五入);
- ``top_takes_remainder``: the top's net is what makes the four nets sum to 0 (the オカ and the
  rounding go to the top).

>>> final_result([32600, 25000, 25000, 17400])["net_text"]
['+19.6', '+4.0', '-4.0', '-19.6']
>>> final_result([42400, -5000, 36200, 26400], "tenhou")["net"]  # 天鳳: (36200 → 36) − 30 + 10 = +16
[53000, -55000, 16000, -14000]
>>> r = final_result([40000, 30000, 20000, 10000], {"options": {"return_points": 30000}})
>>> r["oka"], r["net_text"]  # 30000返し: the top's +10.0 + 12.0 and the オカ +20.0
([20000, 0, 0, 0], ['+42.0', '+4.0', '-14.0', '-32.0'])
"""

from __future__ import annotations

from typing import Any

from .errors import DocumentError
from .ruleset import RuleSet, get_ruleset

SEATS = 4
MAX_STICKS = 9999
MAX_SCORE = 10_000_000


def net_text(net: int) -> str:
    """A net in thousands with one decimal and a sign: the one way nets are written.

    >>> net_text(19600), net_text(-4000), net_text(0)
    ('+19.6', '-4.0', '+0.0')
    """
    return f"{net / 1000:+.1f}"


def _positions(scores: list[int]) -> list[int]:
    """Seats from first to last place; equal scores rank by seat (上家優先)."""
    return sorted(range(SEATS), key=lambda s: (-scores[s], s))


def ranks(scores: list[int], rs: RuleSet) -> list[int]:
    """Rank 1..4 per seat: 上家優先, or with ``tie_break="split"`` tied players share the best rank.

    >>> ranks([30000, 30000, 20000, 20000], get_ruleset("ariari"))
    [1, 2, 3, 4]
    >>> ranks([30000, 30000, 20000, 20000], get_ruleset({"options": {"tie_break": "split"}}))
    [1, 1, 3, 3]
    """
    if rs.tie_break == "split":
        return [1 + sum(other > own for other in scores) for own in scores]
    out = [0] * SEATS
    for place, seat in enumerate(_positions(scores)):
        out[seat] = place + 1
    return out


def share(total: int, seats: list[int]) -> dict[int, int]:
    """``total`` shared evenly in 100-point units (or points when not divisible), earlier seats first.

    >>> share(3000, [2, 0])
    {0: 1500, 2: 1500}
    >>> share(20000, [0, 1, 2])
    {0: 6700, 1: 6700, 2: 6600}
    """
    unit = 100 if total % 100 == 0 else 1
    each, rest = divmod(total // unit, len(seats))
    return {seat: (each + (i < rest)) * unit for i, seat in enumerate(sorted(seats))}


def rounded(score: int, how: str) -> int:
    """A raw score rounded to 1000 for the 順位点 (``score_rounding``); away from zero on a tie.

    >>> [rounded(s, "shisha_gonyu") for s in (36500, 36400, -1500, 21500)]
    [37000, 36000, -2000, 22000]
    >>> [rounded(s, "gosha_rokunyu") for s in (36500, 36600, -1500, -1600)]
    [36000, 37000, -1000, -2000]
    >>> rounded(36500, "none")
    36500
    """
    if how == "none":
        return score
    thousands, rest = divmod(abs(score), 1000)
    up = rest >= (500 if how == "shisha_gonyu" else 600)
    return (1 if score >= 0 else -1) * (thousands + up) * 1000


def oka(rs: RuleSet, return_points: int | None = None) -> int:
    """The オカ in the top's net: 4 × (返し − 持ち点), ``return_points`` for 返し when given.

    >>> oka(get_ruleset("ariari")), oka(get_ruleset("ariari"), 30000)
    (0, 20000)
    """
    returned = rs.return_points if return_points is None else return_points
    return SEATS * (returned - rs.start_points)


def standings(scores: list[int], rs: RuleSet, pot: int) -> dict[str, Any]:
    """Ranks, uma, leftover sticks and nets of four valid raw scores with ``pot`` points on the table."""
    rank = ranks(scores, rs)
    uma = [0] * SEATS
    for r in set(rank):
        tied = [s for s in range(SEATS) if rank[s] == r]
        if rs.tie_break == "split":
            for seat, amount in share(sum(rs.uma[r - 1:r - 1 + len(tied)]), tied).items():
                uma[seat] = amount
        else:
            uma[tied[0]] = rs.uma[r - 1]
    bonus = [0] * SEATS
    top = [s for s in range(SEATS) if rank[s] == 1]
    leftover_to: int | None = None
    if pot and rs.leftover_sticks_to_top:
        for seat, amount in share(pot, top).items():
            bonus[seat] = amount
        leftover_to = min(top)
    final = [scores[s] + bonus[s] for s in range(SEATS)]
    net = [rounded(final[s], rs.score_rounding) - rs.return_points + uma[s] for s in range(SEATS)]
    okas = [0] * SEATS  # to the top (shared by tied tops), so the nets sum to 0
    for seat, amount in share(oka(rs), top).items():
        okas[seat] = amount
        net[seat] += amount
    if rs.top_takes_remainder:
        rest = -sum(net[s] for s in range(SEATS) if s not in top)
        for seat, amount in share(rest, top).items():
            net[seat] = amount
    return {
        "scores": final, "raw_scores": list(scores), "ranks": rank, "uma": uma, "net": net,
        "net_text": [net_text(n) for n in net],
        "leftover_sticks": pot // rs.riichi_stick, "leftover_points": pot, "leftover_to": leftover_to,
        "leftover": bonus, "oka": okas,
    }


def final_result(scores: list[int], ruleset: Any = "ariari", sticks: int = 0) -> dict[str, Any]:
    """Final ranks, 順位点 and nets from four raw scores (e.g. a paper score sheet).

    ``sticks`` = riichi sticks still on the table; they go to the top player
    (``leftover_sticks_to_top``). The scores must be four multiples of 100 that sum to
    4 × ``start_points`` minus the sticks.

    >>> r = final_result([30000, 30000, 20000, 19000], sticks=1)
    >>> r["ranks"], r["scores"], r["net"]
    ([1, 2, 3, 4], [31000, 30000, 20000, 19000], [18000, 9000, -9000, -18000])
    >>> final_result([30000, 30000, 20000, 19000])
    Traceback (most recent call last):
    ...
    rules.errors.DocumentError: the scores sum to 99000, not 100000 (if 1000 in riichi sticks explains it, enter the sticks)
    """
    rs = get_ruleset(ruleset)
    if isinstance(sticks, bool) or not isinstance(sticks, int) or not 0 <= sticks <= MAX_STICKS:
        raise DocumentError(f"sticks must be a whole number from 0 to {MAX_STICKS}, not {sticks!r}",
                            ja=f"供託は0〜{MAX_STICKS}の整数で入力してください({sticks!r})")
    if not isinstance(scores, (list, tuple)) or len(scores) != SEATS:
        raise DocumentError("scores must be a list of four integers", ja="点数は4人分の整数で入力してください")
    for seat, value in enumerate(scores):
        if isinstance(value, bool) or not isinstance(value, int):
            raise DocumentError(f"score of seat {seat} is not an integer: {value!r}",
                                ja=f"{seat + 1}人目の点数が整数ではありません: {value!r}")
        if value % 100:
            raise DocumentError(f"score of seat {seat} is not a multiple of 100: {value}",
                                ja=f"{seat + 1}人目の点数が100点単位ではありません: {value}")
        if abs(value) > MAX_SCORE:
            raise DocumentError(f"score of seat {seat} is out of range: {value}",
                                ja=f"{seat + 1}人目の点数が範囲外です: {value}")
    pot = sticks * rs.riichi_stick
    total, full = sum(scores), SEATS * rs.start_points
    if total + pot != full:
        if pot:
            raise DocumentError(
                f"the scores sum to {total}, not {full - pot} ({full} minus {pot} in sticks)",
                ja=f"合計が{full - pot}点({full}点から供託{pot}点を引いた点数)になりません({total}点)")
        hint_en = hint_ja = ""
        missing = full - total
        if missing > 0 and missing % rs.riichi_stick == 0:
            hint_en = f" (if {missing} in riichi sticks explains it, enter the sticks)"
            hint_ja = f"、供託{missing}点で説明がつく場合は供託を入力してください"
        raise DocumentError(f"the scores sum to {total}, not {full}{hint_en}",
                            ja=f"合計が{full}点になりません({total}点{hint_ja})")
    return standings(list(scores), rs, pot)

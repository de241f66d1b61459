"""Qualifying yaku (docs/rules.md §5.1, §5.3): which yaku of a candidate may satisfy shibari under the 先付け
options, each candidate's analysis, and the yaku common to every wait."""

from __future__ import annotations

from typing import Iterable, NamedTuple

from ..candidates import Candidate, candidates
from ..hand import Hand, Meld
from ..ruleset import RuleSet
from ..shapes import Decomposition
from ..yaku import NOT_FOR_SHIBARI, YakuHit
from .options import PLACE_YAKU, QualifyRules, qualify_rules

YAKUHAI = frozenset({"yakuhai_haku", "yakuhai_hatsu", "yakuhai_chun", "yakuhai_seat_wind", "yakuhai_round_wind"})


class Analysis(NamedTuple):
    """One candidate under 先付け: its qualifying yaku and whether they satisfy shibari."""

    cand: Candidate
    qual: tuple[YakuHit, ...]
    ok: bool


def meld_of(hand: Hand, source: int | None) -> Meld | None:
    """The call a set of a decomposition came from (``None``: concealed)."""
    return next((m for m in hand.melds if m.index == source), None) if source is not None else None


def _yakuhai_qualifies(hand: Hand, q: QualifyRules, d: Decomposition, i: int) -> bool:
    """翻牌の先付け (seed 001): concealed, called before the first non-yakuhai call, or won by 双ポン
    with no non-yakuhai call (新現代ルール: or by 双ポン tsumo)."""
    value = hand.value_tiles
    plain = [m.index for m in hand.melds if m.opened and m.tiles[0] not in value]
    m = meld_of(hand, d.sets[i].source)
    if m is not None:
        return not m.opened or not plain or m.index < min(plain)
    if i == d.win_set and d.wait == "shanpon":
        return not plain or q.shanpon_tsumo
    return True


def qualifying(c: Candidate, q: QualifyRules) -> tuple[YakuHit, ...]:
    """The yaku of a candidate that may satisfy shibari under the rule set's 先付け options."""
    hand, d = c.hand, c.decomposition
    out = []
    for h in c.yaku:
        if h.id in NOT_FOR_SHIBARI or (h.id in PLACE_YAKU and not q.situational):
            continue
        if q.yakuhai_sakizuke and h.id in YAKUHAI and h.sets and not _yakuhai_qualifies(hand, q, d, h.sets[0]):
            continue
        out.append(h)
    return tuple(out)


def analyse(hand: Hand, rs: RuleSet, cands: Iterable[Candidate] | None = None) -> list[Analysis]:
    """Every candidate of a hand with its winning tile (``cands`` when already computed under a
    rule set with the same scoring options), best (高点法) first."""
    q = qualify_rules(hand, rs)
    out = []
    for c in candidates(hand, rs) if cands is None else cands:
        qual = qualifying(c, q)
        out.append(Analysis(c, qual, bool(qual) and sum(h.han for h in qual) >= q.shibari))
    out.sort(key=lambda a: (a.ok, a.cand.total, a.cand.han, a.cand.fu), reverse=True)
    return out


def ids(h: YakuHit) -> set[str]:
    """二盃口 contains 一盃口 for the common-yaku test."""
    return {h.id, "iipeikou"} if h.id == "ryanpeikou" else {h.id}


def common_yaku(per: Iterable[list[Analysis]]) -> set[str]:
    """Qualifying yaku ids found (in a candidate that satisfies shibari) on every wait. A wait whose
    completed hand is a yakuman has just that yakuman as its yaku, as in scoring (docs/rules.md §5.7; seed
    000: 7筒 is 四暗刻, not also 一盃口)."""
    common: set[str] | None = None
    for analyses in per:
        good = [a for a in analyses if a.ok]
        if any(a.cand.yakuman for a in good):  # a wait that can be a yakuman is the yakuman
            good = [a for a in good if a.cand.yakuman]
        found = {i for a in good for h in a.qual for i in ids(h)}
        common = found if common is None else common & found
    return common or set()

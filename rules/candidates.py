"""Candidate scoring: every way to read a won hand (decomposition × winning set) with its yaku,
dora, fu and points, and the one taken by 高点法.

>>> from rules.document import parse_doc
>>> c = best(candidates(*parse_doc({"hand": "1123344s123m123p", "win_tile": "2s", "seat_wind": "S"})))
>>> [h.id for h in c.yaku], c.han, c.fu, c.total
(['iipeikou', 'sanshoku'], 3, 40, 5200)
"""

from __future__ import annotations

from typing import NamedTuple

from . import yaku as yaku_mod
from .fu import fu as fu_of
from .fu import fu_total
from .hand import Hand
from .points import Payment, score
from .ruleset import RuleSet
from .shapes import Decomposition, decompositions, waits
from .tiles import counts34, dora_from_indicator
from .yaku import YakuHit


class Dora(NamedTuple):
    """Dora counted per tile (melds and quads included); never yaku."""

    dora: int = 0
    ura_dora: int = 0
    aka_dora: int = 0

    @property
    def total(self) -> int:
        return self.dora + self.ura_dora + self.aka_dora

    def as_dict(self) -> dict:
        return {"dora": self.dora, "ura_dora": self.ura_dora, "aka_dora": self.aka_dora}


class Candidate(NamedTuple):
    """One way to score the hand: a decomposition with its winning set, its yaku and its points.

    ``han`` is yaku + dora (a yakuman hand: 13 × ``yakuman``); ``qualifies`` says whether the yaku
    (without dora and ippatsu) satisfy the rule set's shibari; ``total`` (the payments' sum) is 0
    when there is no yaku.
    """

    hand: Hand
    ruleset: RuleSet
    decomposition: Decomposition
    yaku: tuple[YakuHit, ...]
    dora: Dora
    han: int
    fu: int
    yakuman: int
    base: int
    limit: str | None
    payments: tuple[Payment, ...]
    qualifies: bool
    total: int

    @property
    def fu_detail(self) -> list[dict]:
        """The fu breakdown: ``{"id", "fu", "ja", "en"}`` lines adding up to ``fu``."""
        pinfu = any(h.id == "pinfu" for h in self.yaku)
        return fu_of(self.hand, self.ruleset, self.decomposition, pinfu=pinfu)[1]

    @property
    def rank(self) -> tuple[bool, int, int, int]:
        """高点法 order: a hand that may win first, then points, han, fu."""
        return (self.qualifies, self.total, self.han, self.fu)


def count_dora(hand: Hand, ruleset: RuleSet) -> Dora:
    """Dora, ura dora (only with riichi) and red fives (only when the rule set has them)."""
    counts = counts34(hand.all_tiles())
    dora = sum(counts[dora_from_indicator(t)] for t in hand.dora_indicators)
    ura = 0
    if hand.riichi or hand.double_riichi:
        ura = sum(counts[dora_from_indicator(t)] for t in hand.ura_indicators)
    return Dora(dora, ura, hand.aka_count if ruleset.red_fives else 0)


def _candidate(hand: Hand, ruleset: RuleSet, d: Decomposition, dora: Dora) -> Candidate:
    hits = tuple(yaku_mod.find(hand, ruleset, d))
    yakuman = sum(h.yakuman for h in hits)
    fu = fu_total(hand, ruleset, d, pinfu=any(h.id == "pinfu" for h in hits))
    if yakuman:
        han, qualifies = 13 * yakuman, True
    else:
        han = sum(h.han for h in hits) + dora.total
        qualifies = bool(hits) and yaku_mod.shibari_han(hits) >= ruleset.shibari
    s = score(dealer=hand.is_dealer, tsumo=hand.tsumo, ruleset=ruleset, han=han, fu=fu, yakuman=yakuman)
    payments = s.payments if hits else ()
    total = sum(p.amount for p in payments)
    return Candidate(hand, ruleset, d, hits, dora, han, fu, yakuman, s.base, s.limit, payments, qualifies, total)


def candidates(hand: Hand, ruleset: RuleSet) -> list[Candidate]:
    """Every candidate of a hand with its winning tile (empty when the tiles are not a win)."""
    ds = decompositions(hand)
    if not ds:
        return []
    dora = count_dora(hand, ruleset)
    return [_candidate(hand, ruleset, d, dora) for d in ds]


def best(cands: list[Candidate]) -> Candidate | None:
    """The candidate taken by 高点法 (highest points, then han, then fu)."""
    return max(cands, key=lambda c: c.rank, default=None)


def wait_candidates(hand: Hand, ruleset: RuleSet, tiles: list[int] | None = None) -> dict[int, list[Candidate]]:
    """For each wait of the 13 tiles (or of ``tiles``), the candidates of the same hand won on it
    in the same situation (ron/tsumo, riichi, flags)."""
    return {w: candidates(hand.with_win(w), ruleset) for w in (waits(hand) if tiles is None else tiles)}

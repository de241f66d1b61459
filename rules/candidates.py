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
from .fu import fu_parts
from .fu import lines as fu_lines
from .hand import Hand
from .points import Payment, Score, score
from .ruleset import RuleSet
from .shapes import Decomposition, decompositions, waits
from .tiles import dora_from_indicator
from .yaku import NOT_FOR_SHIBARI, Context, YakuHit


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
    fu_parts: tuple = ()  # the fu lines in short form (``fu.fu_parts``)

    @property
    def fu_detail(self) -> list[dict]:
        """The fu breakdown: ``{"id", "fu", "ja", "en"}`` lines adding up to ``fu``."""
        return fu_lines(self.fu_parts)

    @property
    def rank(self) -> tuple[bool, int, int, int]:
        """高点法 order: a hand that may win first, then points, han, fu."""
        return (self.qualifies, self.total, self.han, self.fu)


_DORA_OF = tuple(dora_from_indicator(t) for t in range(34))  # indicator kind -> dora kind


def count_dora(hand: Hand, ruleset: RuleSet) -> Dora:
    """Dora, ura dora (only with riichi) and red fives (only when the rule set has them)."""
    dora = ura = 0
    ura_on = hand.riichi or hand.double_riichi
    if hand.dora_indicators or (ura_on and hand.ura_indicators):
        if hand.melds:
            tiles = hand.all_tiles()
            for t in hand.dora_indicators:
                dora += tiles.count(_DORA_OF[t])
            for t in hand.ura_indicators if ura_on else ():
                ura += tiles.count(_DORA_OF[t])
        else:  # the concealed counts and the winning tile
            counts, win = hand.counts13, hand.win_tile
            for t in hand.dora_indicators:
                kind = _DORA_OF[t]
                dora += counts[kind] + (win == kind)
            for t in hand.ura_indicators if ura_on else ():
                kind = _DORA_OF[t]
                ura += counts[kind] + (win == kind)
    return _new(Dora, (dora, ura, hand.aka_count if ruleset.red_fives else 0))


def _candidate(hand: Hand, ruleset: RuleSet, d: Decomposition, dora: Dora) -> Candidate:
    ctx = Context(hand, ruleset, d)  # read by the yaku checks and for fu
    hits = tuple(yaku_mod.find(hand, ruleset, d, ctx))
    yakuman = han = shibari = 0
    pinfu = False
    for h in hits:
        yakuman += h.yakuman
        han += h.han
        if h.id not in NOT_FOR_SHIBARI:
            shibari += h.han
        if h.id == "pinfu":
            pinfu = True
    parts, fu = fu_parts(hand, ruleset, d, pinfu=pinfu, triplets=ctx.triplets)
    if yakuman:
        han, qualifies = 13 * yakuman, True
    else:
        han += dora.total
        qualifies = bool(hits) and shibari >= ruleset.shibari
    s, total = _points(ruleset, hand.seat_wind == 27, hand.tsumo, han, fu, yakuman)
    # ``tuple.__new__``: the fields in order, without the named tuple's Python-level ``__new__``
    if not hits:
        return _new(Candidate, (hand, ruleset, d, hits, dora, han, fu, yakuman, s.base, s.limit, (), qualifies, 0,
                                parts))
    return _new(Candidate, (hand, ruleset, d, hits, dora, han, fu, yakuman, s.base, s.limit, s.payments, qualifies,
                            total, parts))


_new = tuple.__new__


def _points(ruleset: RuleSet, dealer: bool, tsumo: bool, han: int, fu: int, yakuman: int) -> tuple[Score, int]:
    """``points.score`` and its total, read from the rule set's points table (han × fu × yakuman ×
    dealer × tsumo: at most a few thousand entries, filled as met; kept with the immutable rule set)."""
    table = ruleset.__dict__.get("_points_table")
    if table is None:
        table = ruleset.__dict__["_points_table"] = {}
    key = (han, fu, yakuman, dealer, tsumo)
    found = table.get(key)
    if found is None:
        s = score(dealer=dealer, tsumo=tsumo, ruleset=ruleset, han=han, fu=fu, yakuman=yakuman)
        found = table[key] = (s, s.total)
    return found


def candidates(hand: Hand, ruleset: RuleSet) -> list[Candidate]:
    """Every candidate of a hand with its winning tile (empty when the tiles are not a win)."""
    ds = decompositions(hand)
    if not ds:
        return []
    dora = count_dora(hand, ruleset)
    return [_candidate(hand, ruleset, d, dora) for d in ds]


def best(cands: list[Candidate]) -> Candidate | None:
    """The candidate taken by 高点法 (highest points, then han, then fu)."""
    if len(cands) == 1:
        return cands[0]
    return max(cands, key=lambda c: c.rank, default=None)


def wait_candidates(hand: Hand, ruleset: RuleSet, tiles: list[int] | None = None) -> dict[int, list[Candidate]]:
    """For each wait of the 13 tiles (or of ``tiles``), the candidates of the same hand won on it
    in the same situation (ron/tsumo, riichi, flags)."""
    return {w: candidates(hand.with_win(w), ruleset) for w in (waits(hand) if tiles is None else tiles)}

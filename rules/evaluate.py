"""Score one hand: every candidate (decomposition × winning-set choice) with its yaku, dora, fu and
points; the best by 高点法; and ``evaluate(doc)``, the machine interface of docs/api.md.

>>> out = evaluate({"hand": "234567m234p2355s", "win_tile": "4s", "tsumo": True, "riichi": True,
...                 "seat_wind": "S"})
>>> out["legal"], [y["id"] for y in out["yaku"]], out["han"], out["fu"], out["limit"], out["total"]
(True, ['riichi', 'menzen_tsumo', 'pinfu', 'tanyao', 'sanshoku'], 6, 20, 'haneman', 12000)
>>> evaluate({"hand": "1123344s123m123p"})["waits"]
['2s', '5s']
"""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple

from . import yaku as yaku_mod
from .fu import fu as fu_of
from .fu import fu_total
from .hand import Hand, parse_doc
from .points import Payment, score
from .ruleset import RuleSet
from .shapes import Decomposition, decompositions, hand_waits, waits
from .tiles import counts34, dora_from_indicator, tile_name, to_mpsz
from .yaku import NAMES, YakuHit


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
        qualifies = bool(hits) and yaku_mod.shibari_han(list(hits)) >= ruleset.shibari
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


def sakizuke_on(ruleset: RuleSet) -> bool:
    """Is any 先付け option of the rule set on?"""
    return bool(
        ruleset.yakuhai_sakizuke or ruleset.kataagari or ruleset.closed_ron != "off" or ruleset.first_call
        or ruleset.later_calls != "free" or ruleset.yaku_confirmed_by_first_call
        or ruleset.score_with_confirmed_yaku or ruleset.situational_qualify != "always"
    )


def yaku_dicts(hits: tuple[YakuHit, ...] | list[YakuHit], names: bool = True) -> list[dict]:
    out = []
    for h in hits:
        item: dict[str, Any] = {"id": h.id, "han": h.han}
        if names:
            item["ja"], item["en"] = NAMES[h.id]
        if h.yakuman:
            item["yakuman"] = h.yakuman
        out.append(item)
    return out


def per_wait(hand: Hand, ruleset: RuleSet, by_wait: dict[int, list[Candidate]] | None = None) -> list[dict]:
    """Each wait with its best candidate's yaku and whether it satisfies shibari (no 先付け)."""
    out = []
    for tile, cands in (by_wait if by_wait is not None else wait_candidates(hand, ruleset)).items():
        c = best(cands)
        out.append({"tile": tile_name(tile), "yaku": yaku_dicts(c.yaku) if c else [],
                    "qualifies": bool(c and c.qualifies)})
    return out


def _quick_per_wait(hand: Hand, ruleset: RuleSet, wait_tiles: list[int], win_cands: list[Candidate]) -> list[dict]:
    """``per_wait`` without scoring what is not needed: a wait read only one way needs its yaku and
    shibari, not fu and points; only a wait with several readings is scored to pick the best (高点法).
    ``win_cands``: the candidates of the actual win (reused for its own wait when not a red five)."""
    out = []
    for tile in wait_tiles:
        if tile == hand.win_tile and not hand.win_red:
            c = best(win_cands)
            hits: tuple[YakuHit, ...] = c.yaku if c else ()
            ok = bool(c and c.qualifies)
        else:
            won = hand.with_win(tile)
            ds = decompositions(won)
            if len(ds) == 1:
                hits = tuple(yaku_mod.find(won, ruleset, ds[0]))
                ok = bool(hits) and (any(h.yakuman for h in hits)
                                     or yaku_mod.shibari_han(list(hits)) >= ruleset.shibari)
            else:
                c = best(candidates(won, ruleset))
                hits = c.yaku if c else ()
                ok = bool(c and c.qualifies)
        out.append({"tile": tile_name(tile), "yaku": yaku_dicts(hits), "qualifies": ok})
    return out


def _reason(code: str, ja: str, en: str) -> dict:
    return {"code": code, "ja": ja, "en": en}


def evaluate(doc: Mapping[str, Any]) -> dict:
    """Score a hand document (docs/api.md); without ``win_tile``, its waits."""
    hand, ruleset = parse_doc(doc)
    return evaluate_hand(hand, ruleset)


def evaluate_hand(hand: Hand, ruleset: RuleSet, by_wait: dict[int, list[Candidate]] | None = None,
                  memo: dict | None = None) -> dict:
    """``evaluate`` of a parsed hand. ``by_wait``: the candidates of every wait
    (``wait_candidates``) when the caller already has them (``compare`` shares them across rule
    sets, with ``memo`` for the 先付け judge); computed here only when a 先付け rule needs them.

    >>> from rules.hand import parse_doc
    >>> evaluate_hand(*parse_doc({"hand": "1123344s123m123p", "win_tile": "2s"}))["total"]  # dealer 三色一盃口 3翻40符
    7700
    """
    out: dict[str, Any] = {
        "ruleset": ruleset.name, "hand": to_mpsz(hand.concealed, hand.reds),
        "melds": [m.as_dict() for m in hand.melds],
    }
    wait_tiles = hand_waits(hand)
    if hand.win_tile is None:
        out.update(waits=[tile_name(t) for t in wait_tiles], tenpai=bool(wait_tiles))
        return out
    out["win_tile"] = tile_name(hand.win_tile, hand.win_red)
    out["waits"] = [tile_name(t) for t in wait_tiles]
    judge = None
    if sakizuke_on(ruleset):
        from .sakizuke import judge  # imported here: rules.sakizuke builds on this module
    if by_wait is None and judge is not None:
        by_wait = wait_candidates(hand, ruleset, wait_tiles)
    if by_wait is not None and hand.win_tile in by_wait and not hand.win_red:
        cands = by_wait[hand.win_tile]
    else:
        cands = candidates(hand, ruleset)
    chosen = best(cands)
    waits_out: list[dict] | None = None
    reasons: list[dict] = []
    if chosen is None:
        reasons.append(_reason("not_a_win", "和了形になっていません", "the tiles do not form a winning hand"))
        legal = False
    else:
        legal = chosen.qualifies
        if not chosen.yaku:
            reasons.append(_reason("no_yaku", "役がありません", "no yaku"))
        elif not legal:
            reasons.append(_reason("shibari", f"{ruleset.shibari}翻縛りを満たしていません",
                                   f"below the {ruleset.shibari}-han minimum"))
        if judge is not None:
            # 完全先付け: the judge decides which waits qualify and which candidate is scored; a hand
            # that is not legal without 先付け stays illegal.
            verdict = judge(hand, ruleset, by_wait, memo)
            reasons += [r for r in verdict.reasons if r not in reasons]
            legal = legal and bool(verdict.legal)
            waits_out = list(verdict.per_wait)
            chosen = verdict.candidate or chosen
    if waits_out is None:
        waits_out = (per_wait(hand, ruleset, by_wait) if by_wait is not None
                     else _quick_per_wait(hand, ruleset, wait_tiles, cands))
    dora = chosen.dora if chosen else count_dora(hand, ruleset)
    total = chosen.total if chosen else 0
    honba_bonus = hand.honba * ruleset.honba_value if legal else 0
    sticks_bonus = hand.sticks * ruleset.riichi_stick if legal else 0
    out.update(
        legal=legal, reasons=reasons,
        yaku=yaku_dicts(chosen.yaku) if chosen else [],
        dora=dora.as_dict(),
        han=chosen.han if chosen else 0,
        fu=chosen.fu if chosen else 0,
        fu_detail=chosen.fu_detail if chosen else [],
        limit=chosen.limit if chosen and chosen.yaku else None,
        yakuman=chosen.yakuman if chosen else 0,
        payments=[p.as_dict() for p in chosen.payments] if chosen else [],
        total=total, honba_bonus=honba_bonus, sticks_bonus=sticks_bonus,
        received=total + honba_bonus + sticks_bonus if legal else 0,
        per_wait=waits_out,
    )
    return out

"""``evaluate(doc)``, the machine interface of docs/api.md, and ``evaluate_hand`` for a parsed hand:
the best candidate by 高点法 (``rules.candidates``), the 先付け verdict when the rule set has one
(``rules.sakizuke``), each wait's yaku, and the output document.

>>> out = evaluate({"hand": "234567m234p2355s", "win_tile": "4s", "tsumo": True, "riichi": True,
...                 "seat_wind": "S"})
>>> out["legal"], [y["id"] for y in out["yaku"]], out["han"], out["fu"], out["limit"], out["total"]
(True, ['riichi', 'menzen_tsumo', 'pinfu', 'tanyao', 'sanshoku'], 6, 20, 'haneman', 12000)
>>> evaluate({"hand": "1123344s123m123p"})["waits"]
['2s', '5s']
"""

from __future__ import annotations

from typing import Any, Mapping

from . import sakizuke
from .candidates import (  # noqa: F401 (names the engine's callers have imported from here)
    Candidate, Dora, best, candidates, count_dora, wait_candidates,
)
from .document import parse_doc
from .hand import Hand
from .ruleset import RuleSet
from .shapes import decompositions, hand_waits
from .tiles import TILE_NAMES, tile_name
from .yaku import as_dicts, shibari_han
from .yaku import find as find_yaku


def per_wait(hand: Hand, ruleset: RuleSet, by_wait: dict[int, list[Candidate]] | None = None) -> list[dict]:
    """Each wait with its best candidate's yaku and whether it satisfies shibari (no 先付け)."""
    out = []
    for tile, cands in (by_wait if by_wait is not None else wait_candidates(hand, ruleset)).items():
        c = best(cands)
        out.append({"tile": tile_name(tile), "yaku": as_dicts(c.yaku) if c else [],
                    "qualifies": bool(c and c.qualifies)})
    return out


def _quick_per_wait(hand: Hand, ruleset: RuleSet, wait_tiles: tuple[int, ...], win_cands: list[Candidate],
                    win_yaku: list[dict] | None = None) -> list[dict]:
    """``per_wait`` without scoring what is not needed: a wait read only one way needs its yaku and
    shibari, not fu and points; only a wait with several readings is scored to pick the best (高点法).
    ``win_cands``: the candidates of the actual win (reused for its own wait when not a red five), and
    ``win_yaku`` the output form of their best one's yaku when the caller has it (copied, not shared)."""
    out = []
    win, shibari = (None if hand.win_red else hand.win_tile), ruleset.shibari
    for tile in wait_tiles:
        if tile == win:
            c = best(win_cands)
            if c is None:
                yaku, ok = [], False
            else:
                yaku = [item.copy() for item in win_yaku] if win_yaku is not None else as_dicts(c.yaku)
                ok = c.qualifies
        else:
            won = hand.with_win(tile)
            ds = decompositions(won)
            if len(ds) == 1:
                hits = find_yaku(won, ruleset, ds[0])
                ok = bool(hits) and (hits[0].yakuman > 0 or shibari_han(hits) >= shibari)
            else:
                c = best(candidates(won, ruleset))
                hits = c.yaku if c else ()
                ok = bool(c and c.qualifies)
            yaku = as_dicts(hits)
        out.append({"tile": TILE_NAMES[tile], "yaku": yaku, "qualifies": ok})
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
    (``candidates.wait_candidates``) when the caller already has them (``compare`` shares them across rule
    sets, with ``memo`` for the 先付け judge); computed here only when a 先付け rule needs them.

    >>> from rules.document import parse_doc
    >>> evaluate_hand(*parse_doc({"hand": "1123344s123m123p", "win_tile": "2s"}))["total"]  # dealer 三色一盃口 3翻40符
    7700
    """
    wait_tiles = hand_waits(hand)
    if hand.win_tile is None:
        return {"ruleset": ruleset.name, "hand": hand.concealed_text, "melds": [m.as_dict() for m in hand.melds],
                "waits": [TILE_NAMES[t] for t in wait_tiles], "tenpai": bool(wait_tiles)}
    judged = sakizuke.sakizuke_on(ruleset)
    if by_wait is None and judged:
        by_wait = wait_candidates(hand, ruleset, wait_tiles)
    if by_wait is not None and hand.win_tile in by_wait and not hand.win_red:
        cands = by_wait[hand.win_tile]
    else:
        cands = candidates(hand, ruleset)
    chosen = best(cands)
    win_chosen = chosen
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
        if judged:
            # 完全先付け: the judge decides which waits qualify and which candidate is scored; a hand
            # that is not legal without 先付け stays illegal.
            verdict = sakizuke.judge(hand, ruleset, by_wait, memo)
            reasons += [r for r in verdict.reasons if r not in reasons]
            legal = legal and bool(verdict.legal)
            waits_out = list(verdict.per_wait)
            chosen = verdict.candidate or chosen
    yaku = as_dicts(chosen.yaku) if chosen is not None else []
    if waits_out is None:
        waits_out = (per_wait(hand, ruleset, by_wait) if by_wait is not None
                     else _quick_per_wait(hand, ruleset, wait_tiles, cands,
                                          yaku if chosen is not None and chosen is win_chosen else None))
    # the output in one dict (its keys in the order of docs/api.md)
    if chosen is None:
        return {"ruleset": ruleset.name, "hand": hand.concealed_text, "melds": [m.as_dict() for m in hand.melds],
                "win_tile": tile_name(hand.win_tile, hand.win_red), "waits": [TILE_NAMES[t] for t in wait_tiles],
                "legal": legal, "reasons": reasons, "yaku": yaku, "dora": count_dora(hand, ruleset).as_dict(),
                "han": 0, "fu": 0, "fu_detail": [], "limit": None, "yakuman": 0, "payments": [], "total": 0,
                "honba_bonus": 0, "sticks_bonus": 0, "received": 0, "per_wait": waits_out}
    total = chosen.total
    honba_bonus = hand.honba * ruleset.honba_value if legal else 0
    sticks_bonus = hand.sticks * ruleset.riichi_stick if legal else 0
    return {"ruleset": ruleset.name, "hand": hand.concealed_text, "melds": [m.as_dict() for m in hand.melds],
            "win_tile": tile_name(hand.win_tile, hand.win_red),
            "waits": [TILE_NAMES[t] for t in wait_tiles], "legal": legal, "reasons": reasons,
            "yaku": yaku, "dora": chosen.dora.as_dict(),
            "han": chosen.han, "fu": chosen.fu, "fu_detail": chosen.fu_detail,
            "limit": chosen.limit if chosen.yaku else None, "yakuman": chosen.yakuman,
            "payments": [p.as_dict() for p in chosen.payments],
            "total": total, "honba_bonus": honba_bonus, "sticks_bonus": sticks_bonus,
            "received": total + honba_bonus + sticks_bonus if legal else 0, "per_wait": waits_out}

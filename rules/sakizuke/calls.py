"""The calls of an open hand under 先付け (docs/rules.md §5.3): 中付け (``first_call``), 後付け
(``later_calls``) and A's yaku confirmed by the first call (``yaku_confirmed_by_first_call``)."""

from __future__ import annotations

from ..hand import Hand, Meld
from ..ruleset import RuleSet
from ..shapes import Decomposition
from .qualify import Analysis, ids, meld_of
from .wording import call_label, late_yakuhai, yakuhai_call


def reason(code: str, ja: str, en: str) -> dict:
    return {"code": code, "ja": ja, "en": en}


def _calls(hand: Hand) -> list[Meld]:
    """Opened calls in call order (ankan excluded: it counts as concealed)."""
    return sorted((m for m in hand.melds if m.opened), key=lambda m: m.index)


def _set_of(d: Decomposition, m: Meld) -> int:
    return next(i for i, s in enumerate(d.sets) if s.source == m.index)


def _is_concealed(hand: Hand, d: Decomposition, i: int) -> bool:
    """A set in the concealed part (ankan counts as concealed)."""
    m = meld_of(hand, d.sets[i].source)
    return m is None or not m.opened


def _complete_before(a: Analysis, hand: Hand, allowed: set[int]) -> bool:
    """Is some qualifying yaku built only from ``allowed`` sets and concealed sets other than the
    one the winning tile completes?"""
    d = a.cand.decomposition
    return any(
        h.sets and all(i in allowed or (_is_concealed(hand, d, i) and i != d.win_set) for i in h.sets)
        for h in a.qual
    )


def call_problems(a: Analysis, hand: Hand, rs: RuleSet, common: set[str] | None) -> list[dict]:
    """Reasons the calls of an open hand break 中付け / 後付け / A's confirmed-yaku rule (``common``:
    the yaku common to every wait; None when 片和了り already refuses the hand)."""
    calls = _calls(hand)
    if not calls:
        return []
    d = a.cand.decomposition
    out = []
    set_idx = [_set_of(d, m) for m in calls]
    used = {i for h in a.qual for i in h.sets}
    if rs.first_call and set_idx[0] not in used and not _complete_before(a, hand, set()):
        ja, en = call_label(1, calls[0])
        out.append(reason("first_call", f"{ja}が縛りを満たす役に絡んでいません(中付け)",
                          f"{en} is not part of any qualifying yaku (nakazuke)"))
    if rs.later_calls == "justified":
        for n in range(1, len(calls)):
            if set_idx[n] not in used and not _complete_before(a, hand, set(set_idx[:n])):
                ja, en = call_label(n + 1, calls[n])
                late = yakuhai_call(hand, a, set_idx[n])
                if late is not None:  # 翻牌の先付け: the yakuhai counts its han, not towards 縛り
                    out.append(reason("later_call", *late_yakuhai(hand, a, late, n + 1)))
                else:
                    out.append(reason("later_call", f"{ja}が縛りを満たす役に絡まず、それより前に役も"
                                      "揃っていません(後付け)",
                                      f"{en} is not part of any qualifying yaku and no yaku was complete before it"))
    if rs.yaku_confirmed_by_first_call and common is not None:
        later = {set_idx[n]: n for n in range(1, len(calls))}
        hits = [h for h in a.qual if ids(h) & common]
        if not any(not later.keys() & set(h.sets) for h in hits):
            need = min((later[i] for h in hits for i in h.sets if i in later), default=None)
            if need is None:
                out.append(reason("not_confirmed", "全ての待ちに共通する役がありません(役が確定していません)",
                                  "no qualifying yaku is common to every wait (no confirmed yaku)"))
            else:
                ja, en = call_label(need + 1, calls[need])
                out.append(reason("not_confirmed", f"第1副露の時点で役が確定していません({ja}が必要)",
                                  f"the yaku common to every wait needs {en}, a call after the first"))
    return out

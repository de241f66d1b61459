"""Every yaku of docs/rules.md §2, one module per yaku or close family (each module holds the whole rule).

``find(hand, ruleset, decomposition)`` returns the ``YakuHit`` list of one candidate: when any
yakuman is present only the yakuman remain; exclusions between ordinary yaku (ryanpeikou/iipeikou,
junchan/chanta, chinitsu/honitsu, double riichi/riichi, ...) live in the family modules.

>>> from rules.document import parse_doc
>>> from rules.shapes import decompositions
>>> hand, rs = parse_doc({"hand": "234567m234p2355s", "win_tile": "4s", "tsumo": True, "riichi": True})
>>> sorted(h.id for h in find(hand, rs, decompositions(hand)[0]))
['menzen_tsumo', 'pinfu', 'riichi', 'sanshoku', 'tanyao']
"""

from __future__ import annotations

from ..hand import Hand
from ..ruleset import RuleSet
from ..shapes import Decomposition
from . import (
    ankou, chiitoitsu, chuuren, dragons, flush, ittsuu, kantsu, kokushi, menzen_tsumo, peikou, pinfu,
    riichi, ryuuiisou, sanshoku, situational, tanyao, tenhou, terminals, toitoi, tsuuiisou, winds, yakuhai,
)
from ._base import Context, YakuHit, features  # noqa: F401

MODULES = (
    tenhou, riichi, menzen_tsumo, situational, pinfu, tanyao, peikou, yakuhai, chiitoitsu, toitoi, ankou,
    kantsu, sanshoku, dragons, winds, terminals, ittsuu, flush, kokushi, tsuuiisou, ryuuiisou, chuuren,
)
# the checks that can hit each shape (a 七対子 or 国士 shape has no sets to test for most yaku)
_SITUATIONAL = (tenhou, riichi, menzen_tsumo, situational)
FORMS = {
    "standard": tuple(m for m in MODULES if m not in (chiitoitsu, kokushi)),
    "chiitoitsu": _SITUATIONAL + (tanyao, chiitoitsu, terminals, flush, tsuuiisou),
    "kokushi": _SITUATIONAL + (kokushi,),
}
_SITUATIONAL_CHECKS = tuple((m.WHEN, m.check) for m in _SITUATIONAL)  # with the features each needs
# per form: its checks besides the situational ones, with the features each needs (``WHEN``)
_WHEN_CHECKS = {form: tuple((getattr(m, "WHEN", 0), m.check) for m in mods[len(_SITUATIONAL):])
                for form, mods in FORMS.items()}
# the features any of them reads: the rest (riichi, tsumo, flags: ``situational_hits``) never changes
# which checks apply, so the table below is keyed by ``f & CHECK_BITS``
CHECK_BITS = 0
for _when, _check in (pair for pairs in _WHEN_CHECKS.values() for pair in pairs):
    CHECK_BITS |= _when
del _when, _check
# per form: features (``& CHECK_BITS``) -> the checks worth calling, in MODULES order; filled as feature
# sets are met (at most a few thousand entries: a table of which checks apply, never a result)
_CHECKS: dict[str, dict[int, tuple]] = {form: {} for form in FORMS}


def checks_for(form: str, f: int) -> tuple:
    """The checks of the yaku a ``form`` hand with features ``f`` can have (``_base.features``, with
    the reading's ``Context.shape``), the situational ones (``_SITUATIONAL``, first in every form) left
    to ``situational_hits``."""
    f &= CHECK_BITS
    found = _CHECKS[form].get(f)
    if found is None:
        found = _CHECKS[form][f] = tuple([check for when, check in _WHEN_CHECKS[form] if when & f == when])
    return found


def situational_hits(ctx: Context, f: int) -> tuple[YakuHit, ...]:
    """The hits of the situational checks (riichi, tsumo, flags: the same for every reading of the
    hand and every wait, as they read only the situation and the rule set), kept with the hand per
    rule set (``Hand.with_win`` keeps them)."""
    derived = ctx.hand.__dict__
    kept = derived.get("_situational_hits")
    if kept is not None and kept[0] is ctx.ruleset:
        return kept[1]
    hits: list[YakuHit] = []
    for when, check in _SITUATIONAL_CHECKS:
        if when & f == when:
            hits += check(ctx)
    derived["_situational_hits"] = (ctx.ruleset, tuple(hits))
    return derived["_situational_hits"][1]
NAMES: dict[str, tuple[str, str]] = {k: v for m in MODULES for k, v in m.NAMES.items()}
ORDER = {yaku_id: n for n, yaku_id in enumerate(NAMES)}
# 一発 is a bonus like dora (seed 003, docs/rules.md §2.5): it never satisfies shibari and never qualifies a
# hand under 先付け rules. The one statement of that rule; ``shibari_han`` and rules.sakizuke read it.
NOT_FOR_SHIBARI = frozenset({"ippatsu"})


def find(hand: Hand, ruleset: RuleSet, d: Decomposition, ctx: Context | None = None) -> list[YakuHit]:
    """The yaku of one candidate (a decomposition with its winning set); ``ctx``: its ``Context`` when
    the caller has made it (``candidates`` reads its triplets for fu too)."""
    if ctx is None:
        ctx = Context(hand, ruleset, d)
    f = (hand.__dict__.get("_features") or features(hand)) | ctx.shape  # features are never 0
    kept = hand.__dict__.get("_situational_hits")  # ``situational_hits``, read here when already known
    hits: list[YakuHit] = list(kept[1] if kept is not None and kept[0] is ruleset else situational_hits(ctx, f))
    checks = _CHECKS[d[0]].get(f & CHECK_BITS)
    for check in checks_for(d[0], f) if checks is None else checks:
        found = check(ctx)
        if found:
            hits += found
    for h in hits:
        if h.yakuman:
            return [h for h in hits if h.yakuman]
    return hits


def shibari_han(hits: "list[YakuHit] | tuple[YakuHit, ...]") -> int:
    """Han that count toward 縛り: every yaku except ippatsu (dora are not yaku)."""
    han = 0
    for h in hits:
        if h.id not in NOT_FOR_SHIBARI:
            han += h.han
    return han


def as_dicts(hits: "list[YakuHit] | tuple[YakuHit, ...]", yakuman: bool = True) -> list[dict]:
    """The output form of yaku: ``{"id", "han", "ja", "en"}`` (and ``"yakuman"``: the count, when
    ``yakuman`` and the hit is one)."""
    out = []
    for h in hits:
        ja, en = NAMES[h.id]
        item = {"id": h.id, "han": h.han, "ja": ja, "en": en}
        if yakuman and h.yakuman:
            item["yakuman"] = h.yakuman
        out.append(item)
    return out

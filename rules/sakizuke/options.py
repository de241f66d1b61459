"""The 先付け options of a rule set (docs/rules.md §5.3), listed once: which make ``evaluate`` run the
judge, which ``qualifying`` reads, and which never change a candidate's score.

>>> from rules.ruleset import get_ruleset
>>> sakizuke_on(get_ruleset("ariari")), sakizuke_on(get_ruleset("shimamachi"))
(False, True)
>>> scoring_key(get_ruleset("shingendai")) == scoring_key(get_ruleset("kanzen_sakizuke"))
True
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import Any, NamedTuple

from ..hand import Hand
from ..ruleset import RuleSet

# any of these away from its default (ariari's) makes ``evaluate`` run the 先付け judge
JUDGED = (
    "yakuhai_sakizuke", "kataagari", "closed_ron", "first_call", "later_calls",
    "yaku_confirmed_by_first_call", "situational_qualify", "score_with_confirmed_yaku",
)
# every 先付け option: the judged ones, one that only refines yakuhai_sakizuke, and the tenpai ones
SAKIZUKE_OPTIONS = JUDGED + ("shanpon_tsumo_sakizuke", "open_tenpai_needs_yaku", "formal_tenpai")
DEFAULTS: dict[str, Any] = {name: getattr(RuleSet, name) for name in SAKIZUKE_OPTIONS}

PLACE_YAKU = frozenset({"haitei", "houtei", "rinshan", "chankan"})  # governed by situational_qualify


def sakizuke_on(ruleset: RuleSet) -> bool:
    """Is any 先付け option of the rule set on (so ``evaluate`` needs the judge)? Kept with the
    (immutable) rule set once known: ``evaluate`` and ``compare`` ask for every hand."""
    on = ruleset.__dict__.get("_sakizuke_on")
    if on is None:
        on = ruleset.__dict__["_sakizuke_on"] = any(getattr(ruleset, name) != DEFAULTS[name] for name in JUDGED)
    return on


@lru_cache(maxsize=256)
def scoring_key(ruleset: RuleSet, closed: bool = False) -> RuleSet:
    """The rule set with its name and 先付け options reset (and, for a closed hand, ``open_tanyao``,
    which only open hands read): candidates depend only on the rest, so rule sets that differ only
    in those share candidates (``compare``)."""
    reset = dict(DEFAULTS)
    if closed:
        reset["open_tanyao"] = RuleSet.open_tanyao
    return dataclasses.replace(ruleset, name="", **reset)


class QualifyRules(NamedTuple):
    """What ``qualifying`` reads of a rule set, as far as it matters for one hand: equal for two
    rule sets means equal analyses of the hand's candidates (``compare`` shares them by it)."""

    situational: bool  # haitei/houtei/rinshan/chankan may satisfy shibari (or the hand has none)
    yakuhai_sakizuke: bool
    shanpon_tsumo: bool  # 新現代ルール: a 双ポン tsumo qualifies a yakuhai
    shibari: int


def qualify_rules(hand: Hand, ruleset: RuleSet) -> QualifyRules:
    """``QualifyRules`` of a rule set for a hand (same for every wait of it)."""
    sq = ruleset.situational_qualify
    situational = sq == "always" or (sq == "closed_only" and hand.is_closed) or not hand.flags & PLACE_YAKU
    return QualifyRules(situational, ruleset.yakuhai_sakizuke, ruleset.shanpon_tsumo_sakizuke and hand.tsumo,
                        ruleset.shibari)

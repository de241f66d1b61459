"""Rule sets: which hanchan are played under one, and its rules sheet."""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet
from django.utils.translation import get_language

import rules
from rules import options_info as info

from ..models import Hanchan, RuleSet


def ruleset_in_force_q(ruleset: RuleSet, prefix: str = "") -> Q:
    """Hanchan played under ``ruleset``: their own rule set, or else their club day's (``prefix``:
    the path to the hanchan, e.g. ``"hanchan__"`` from a result)."""
    return (Q(**{f"{prefix}ruleset": ruleset})
            | Q(**{f"{prefix}ruleset__isnull": True, f"{prefix}clubday__ruleset": ruleset}))


def hanchan_under_ruleset(*, ruleset: RuleSet) -> QuerySet[Hanchan]:
    """The hanchan played under ``ruleset``."""
    return Hanchan.objects.filter(ruleset_in_force_q(ruleset))


def ruleset_display_name(ruleset: RuleSet, lang: str | None = None) -> str:
    """The rule set's name; a shipped preset left as it was (named by its Japanese label) reads in
    the page's language."""
    lang = lang or get_language() or "ja"
    if ruleset.name == rules.PRESET_LABELS.get(ruleset.preset) and not ruleset.options:
        return info.preset_label(ruleset.preset, lang)
    return ruleset.name


def rulesets_listed() -> list[dict[str, Any]]:
    """Every rule set with its name and preset in the page's language, and how many options differ."""
    lang = get_language() or "ja"
    return [{"ruleset": rs, "name": ruleset_display_name(rs, lang), "preset": info.preset_label(rs.preset, lang),
             "changes": len(rs.options or {})} for rs in RuleSet.objects.order_by("pk")]


def ruleset_sheet(*, ruleset: RuleSet) -> dict[str, Any]:
    """The rules sheet of ``ruleset`` in the page's language, the differences from the preset first."""
    lang = get_language() or "ja"
    groups = info.sheet(ruleset.engine(), rules.PRESETS[ruleset.preset], lang)
    changed = [dict(row, group=g["label"]) for g in groups for row in g["rows"] if row["changed"]]
    return {"name": ruleset_display_name(ruleset, lang), "preset": info.preset_label(ruleset.preset, lang),
            "groups": groups, "changed": changed, "used": hanchan_under_ruleset(ruleset=ruleset).count()}

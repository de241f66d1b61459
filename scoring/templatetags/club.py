"""Small display helpers for the club templates."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext as _

import rules

from ..shared import text_key

register = template.Library()


@register.filter
def lang(value: Any) -> Any:
    """Pick the current language from an engine ``{"ja": …, "en": …}`` text (Japanese otherwise)."""
    return (value.get(text_key()) or value.get("ja") or "") if isinstance(value, dict) else value


@register.filter
def place(rank: Any) -> Any:
    """A place as the tables head it: 「1位」 (English "1st"); anything else as it is."""
    return {1: _("1位"), 2: _("2位"), 3: _("3位"), 4: _("4位")}.get(rank, rank)


@register.filter
def thousands(points: Any) -> str:
    """Points in thousands, one decimal, signed — the unit of 成績 (``net_text``)."""
    try:
        return rules.net_text(int(points))
    except (TypeError, ValueError):
        return str(points)

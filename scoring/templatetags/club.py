"""Small display helpers for the club templates."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import get_language

register = template.Library()


@register.filter
def lang(value: Any) -> Any:
    """Pick the current language from an engine ``{"ja": …, "en": …}`` text (Japanese otherwise)."""
    if isinstance(value, dict):
        code = (get_language() or "ja")[:2]
        return value.get(code) or value.get("ja") or ""
    return value


@register.filter
def yaku_name(yaku: dict) -> str:
    """A yaku's name in the current language; ``per_wait`` entries carry only ``id`` and ``han``."""
    if yaku.get("ja"):
        return lang(yaku)
    try:
        from rules.yaku import NAMES  # the engine's name table (ja, en)
    except ImportError:  # pragma: no cover - the engine keeps its names elsewhere
        NAMES = {}
    ja, en = NAMES.get(yaku.get("id", ""), (yaku.get("id", ""), yaku.get("id", "")))
    return en if (get_language() or "ja").startswith("en") else ja

"""``{% load disputes %}``: small filters of the dispute pages."""

from __future__ import annotations

from typing import Any

from django import template

register = template.Library()


@register.filter
def net_points(net: Any) -> str:
    """19600 → ``+19.6``."""
    import rules

    try:
        return rules.net_text(int(net))
    except (TypeError, ValueError):
        return ""

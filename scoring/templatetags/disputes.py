"""``{% load disputes %}``: the open dispute of a hand row (for ``_dispute_mark.html``)."""

from __future__ import annotations

from typing import Any

from django import template

register = template.Library()


@register.filter
def dispute_of(hand_id: Any, open_disputes: Any) -> Any:
    """``{{ hand.pk|dispute_of:open_disputes }}``: the open dispute of the hand, or ``None``.
    ``open_disputes`` is ``selectors.open_disputes_by_hand(hanchan=...)`` (``{hand id: dispute}``)."""
    if not open_disputes:
        return None
    return open_disputes.get(hand_id)


@register.filter
def net_points(net: Any) -> str:
    """``{{ 19600|net_points }}`` → ``+19.6`` (``rules.net_text``)."""
    import rules

    try:
        return rules.net_text(int(net))
    except (TypeError, ValueError):
        return ""

"""The standings teaser of the home page: this year's top five (all time when the year has none)."""

from __future__ import annotations

from datetime import date

from django import template
from django.utils import timezone

from ..selectors.boards import cached, standings_top

register = template.Library()


@register.inclusion_tag("scoring/_board_teaser.html", takes_context=True)
def board_teaser(context, limit: int = 5) -> dict:
    year = timezone.localdate().year
    rows = cached(standings_top, limit=limit, start=date(year, 1, 1), end=date(year, 12, 31))
    if not rows:
        rows, year = cached(standings_top, limit=limit), None
    return {"rows": rows, "year": year, "user": context.get("user")}

"""The boards' cells: a standings row's figures in ``COLUMNS`` order, as the filters write them."""

from __future__ import annotations

from typing import Any

from django import template

from ..selectors.ranking import COLUMNS
from .charts import fixed, pct, whole
from .club import thousands

register = template.Library()


_FORMATS = {"net": thousands, "avg": fixed, "pct": pct, "whole": whole}


def _text(shown: str, value: Any, row: dict) -> str:
    if shown in _FORMATS:
        return _FORMATS[shown](value)
    if shown == "of_games":
        return f"{value}/{row['games']}"
    return "—" if value is None else str(value)  # count, optional


@register.filter
def cells(row: dict) -> list[tuple[str, str]]:
    """``(text, class)`` of each of the row's ``COLUMNS`` cells; the class marks a net plus or minus."""
    out = []
    for c in COLUMNS:
        value = row.get(c.key)
        css = (" minus" if value < 0 else " plus") if c.shown == "net" else ""
        out.append((_text(c.shown, value, row), css))
    return out

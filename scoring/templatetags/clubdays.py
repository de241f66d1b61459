"""Dates and rule-set names as a page shows them, in the page's language."""

from __future__ import annotations

import datetime
from typing import Any

from django import template
from django.utils.dateformat import format as date_format
from django.utils.translation import gettext

from ..selectors.rulesets import ruleset_display_name

register = template.Library()


@register.filter
def clubdate(value: Any) -> str:
    """A club day's date with its weekday, both in the page's language."""
    if not isinstance(value, datetime.date):
        return "" if value is None else str(value)
    return date_format(value, gettext("Y年n月j日(D)"))


@register.filter
def ruleset_name(ruleset: Any) -> str:
    return ruleset_display_name(ruleset) if ruleset is not None else ""

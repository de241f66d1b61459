"""Dates and rule-set names as a page shows them, in the page's language.

``{% load clubdays %}`` then ``{{ day.date|clubdate }}``: 「2026年11月23日(月)」 in Japanese,
``2026-11-23 (Mon)`` in English; ``{{ clubday.ruleset|ruleset_name }}``: a shipped preset's name in
the page's language.
"""

from __future__ import annotations

import datetime
import functools
from typing import Any

from django import template
from django.urls import get_script_prefix, reverse
from django.utils.dateformat import format as date_format
from django.utils.translation import get_language, gettext

from ..selectors.rulesets import ruleset_display_name

register = template.Library()


@register.filter
def clubdate(value: Any) -> str:
    """A club day's date with its weekday, both in the page's language.

    >>> from django.utils import translation
    >>> with translation.override("en"):
    ...     clubdate(datetime.date(2026, 11, 23))
    '2026-11-23 (Mon)'
    >>> with translation.override("ja"):
    ...     clubdate(datetime.date(2026, 11, 23))
    '2026年11月23日(月)'
    """
    if not isinstance(value, datetime.date):
        return "" if value is None else str(value)
    return _clubdate(value, get_language())


@functools.lru_cache(maxsize=4096)
def _clubdate(value: datetime.date, language: str | None) -> str:
    # a year's list formats ~50 dates: Django's date formatting would cost more than the rest of the page
    return date_format(value, gettext("Y年n月j日(D)"))


@register.filter
def clubday_url(day: Any) -> str:
    """``{% url 'clubday-detail' day.pk %}`` remembered: a year's list links ~50 days, and
    ``reverse`` would be half the cost of the page."""
    return _clubday_url(day.pk, get_script_prefix())


@functools.lru_cache(maxsize=4096)
def _clubday_url(pk: int, prefix: str) -> str:
    return reverse("clubday-detail", args=[pk])


@register.filter
def ruleset_name(ruleset: Any) -> str:
    return ruleset_display_name(ruleset) if ruleset is not None else ""

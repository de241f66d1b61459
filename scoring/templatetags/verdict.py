"""Words for a verdict of the rules engine: ``{% load verdict %}``."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext_lazy as _

register = template.Library()

LIMITS = {"mangan": _("満貫"), "haneman": _("跳満"), "baiman": _("倍満"), "sanbaiman": _("三倍満"),
          "kazoe_yakuman": _("数え役満"), "yakuman": _("役満"), "double_yakuman": _("ダブル役満"),
          "triple_yakuman": _("トリプル役満")}


@register.filter
def limit_name(limit: object) -> str:
    """満貫, 跳満, … (empty for none; an unknown name as is)."""
    return str(LIMITS.get(str(limit), limit)) if limit else ""

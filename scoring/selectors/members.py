"""Members in 五十音 order."""

from __future__ import annotations

from django.db.models import QuerySet

from ..models import Member


def members_by_kana() -> QuerySet[Member]:
    """Members in 五十音 order of their reading (readings are stored as hiragana)."""
    return Member.objects.order_by("kana", "number")

"""Members in 五十音 order."""

from __future__ import annotations


from django.db.models import QuerySet


from ..models import Member


def members_by_kana(*, active_only: bool = False) -> QuerySet[Member]:
    """Members in 五十音 order of their reading (readings are stored as hiragana)."""
    qs = Member.objects.order_by("kana", "number")
    return qs.filter(active=True) if active_only else qs

"""Members in 五十音 order, and the next free 会員番号."""

from __future__ import annotations

from django.db.models import Max, QuerySet

from ..models import Member


def members_by_kana() -> QuerySet[Member]:
    """Members in 五十音 order of their reading (readings are stored as hiragana)."""
    return Member.objects.order_by("kana", "number")


def next_member_number() -> int:
    """One more than the highest 会員番号 in use (1 for the first member)."""
    return (Member.objects.aggregate(n=Max("number"))["n"] or 0) + 1

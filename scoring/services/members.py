"""Linking a login to a member (「自分の成績」)."""

from __future__ import annotations

from django.db import transaction

from ..models import Member
from .common import User


@transaction.atomic
def member_link_user(*, member: Member, user: User | None) -> Member:
    """Make ``user`` the login of ``member``, taking it off any other member (one member per login)."""
    member = Member.objects.select_for_update().get(pk=member.pk)
    if user is not None:
        for other in Member.objects.select_for_update().filter(user=user).exclude(pk=member.pk):
            other.user = None
            other.save(update_fields=["user"])
    member.user = user
    member.save(update_fields=["user"])
    return member

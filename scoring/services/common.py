"""The acting user, as every service records it."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

User = AbstractBaseUser | AnonymousUser | None


def actor(by: User):
    """The user to record as author (``None`` for anonymous)."""
    return by if getattr(by, "is_authenticated", False) else None

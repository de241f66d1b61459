"""What every service shares: the acting user and the engine's messages in the page's language."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.utils.translation import get_language

import rules

User = AbstractBaseUser | AnonymousUser | None


def text_key() -> str:
    """The key of the page's language in the engine's ``{"ja", "en"}`` texts (labels,
    descriptions): ``"ja"`` unless English was chosen."""
    return "en" if (get_language() or "").startswith("en") else "ja"


def engine_message(exc: rules.RulesError) -> str:
    """The engine's message in the page's language (Japanese unless English was chosen)."""
    return exc.message if text_key() == "en" else exc.ja


def actor(by: User):
    """The user to record as author (``None`` for anonymous)."""
    return by if by is not None and getattr(by, "is_authenticated", False) else None

"""Page caching in Django's cache framework (``settings.CACHES``, shared by every worker).

A cached value's key holds the *generation* of what it was drawn from — ``"boards"`` (results,
ratings), ``"names"`` (members, rule sets and logins), ``"hanchan:<pk>"`` (its hands, state and
disputes), ``"seating:<pk>"`` (who sits at it) — and a service that changes one starts a new
generation with its write (``new_generation``); nothing expires by time. A generation is a random
token, so one lost from the cache is replaced by one no stored value carries. Read the generation
*before* the data it guards: a value drawn from older data can then only be stored under a retired
generation.
"""

from __future__ import annotations

import secrets

from django.core.cache import cache, caches
from django.core.cache.backends.db import DatabaseCache
from django.db import transaction

BOARDS, NAMES = "boards", "names"


def hanchan(pk: int) -> str:
    """The name of one hanchan's generation."""
    return f"hanchan:{pk}"


def seating(pk: int) -> str:
    """The name of one hanchan's seating (who sits where): the new hand's empty form is drawn from
    it, the names and the rule set (fixed once the hanchan exists), not from the hands."""
    return f"seating:{pk}"


def _key(thing: str) -> str:
    return f"generation:{thing}"


def generation(*things: str) -> str:
    """The current generations of ``things``, as one string: put it in the key of anything cached
    from them (``{% cache None name generation LANGUAGE_CODE %}``)."""
    return generations(things)[0]


def generations(*groups: tuple[str, ...]) -> list[str]:
    """``generation(*group)`` of each of ``groups``, read from the cache in one look-up (a page
    whose blocks are kept under different generations)."""
    keys = list(dict.fromkeys(_key(t) for group in groups for t in group))
    found = cache.get_many(keys)
    for key in keys:
        if key not in found:  # the first use, or lost from the cache: a new one (another worker's if it came first)
            token = secrets.token_hex(6)
            found[key] = token if cache.add(key, token, timeout=None) else (cache.get(key) or token)
    return [".".join(found[_key(t)] for t in group) for group in groups]


def clear() -> None:
    """Forget every page drawn (the cache holds nothing else), at start-up and on a restore. On the
    database cache this is part of the current transaction; on Redis it empties the Redis database
    named by ``CLUB_REDIS_URL``."""
    cache.clear()


def new_generation(*things: str) -> None:
    """Retire the current generations of ``things``. On the database cache the renewal is part of the
    transaction; any other cache (Redis) sees it at once, so it is renewed again at the commit, since a
    reader in between may have cached what it read before the commit."""
    def renew() -> None:
        cache.set_many({_key(t): secrets.token_hex(6) for t in things}, timeout=None)
    renew()
    if not isinstance(caches["default"], DatabaseCache):
        transaction.on_commit(renew)

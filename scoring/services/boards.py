"""After a change of results, once the transaction commits: the ratings from its date on, then a new
generation of the boards. Several calls in one transaction (an import) make one recomputation, from
the earliest date: the first callback to run at the commit does the work for all.
"""

from __future__ import annotations

import threading
from datetime import date

from django.db import transaction

from .. import generations
from .ratings import ratings_update

_pending = threading.local()  # the earliest date whose ratings wait for this thread's commit


def boards_refresh(*, since: date) -> None:
    """Schedule the refresh for the commit. A rolled-back call leaves only an earlier ``since`` for the
    next commit (more work, never a wrong board)."""
    pending = getattr(_pending, "since", None)
    _pending.since = since if pending is None else min(pending, since)
    transaction.on_commit(_refresh)


def _refresh() -> None:
    since, _pending.since = getattr(_pending, "since", None), None
    if since is None:  # an earlier callback of the same commit did it
        return
    try:
        ratings_update(since=since)
    finally:  # a board drawn before must not be shown even if the ratings failed
        generations.new_generation(generations.BOARDS)

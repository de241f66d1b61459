"""Posting a hanchan's forms as their pages do: with the version the page was drawn from."""

from __future__ import annotations

from typing import Any

from scoring.models import Hanchan


def with_version(thing: Any, data: dict[str, Any] | None = None) -> dict[str, Any]:
    """``data`` plus the ``version`` of the hanchan of ``thing`` (a hanchan, a hand or a dispute)
    as it is now, the one a page loaded just before would send. A ``version`` in ``data`` is kept:
    a stale, missing or malformed one is then what the test is about."""
    pk = thing.pk if isinstance(thing, Hanchan) else thing.hanchan_id
    version = Hanchan.objects.values_list("version", flat=True).get(pk=pk)
    return {"version": str(version), **(data or {})}

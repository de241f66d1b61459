"""Reads. Pages get their data here; nothing in this package writes.

One module per resource; everything public is re-exported here (``selectors.hanchan_state(...)``).
"""

from .days import clubday_tables, clubday_totals, recent_clubdays  # noqa: F401
from .hanchan import SEAT_WINDS, PlayerState, hanchan_state, state_before  # noqa: F401
from .members import members_by_kana  # noqa: F401

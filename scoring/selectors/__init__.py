"""Reads: nothing in this package writes. One module per resource; what is read through the package
(``selectors.hanchan_state(...)``) is re-exported here, the rest is imported from its module."""

from .days import (clubday_tables, clubday_totals, clubday_years, clubdays_of_year,  # noqa: F401
                   next_hanchan_defaults, recent_clubdays)
from .hanchan import hand_preview, hanchan_state, stored_events  # noqa: F401
from .members import members_by_kana  # noqa: F401
from .rulesets import hanchan_under_ruleset, ruleset_sheet, rulesets_listed  # noqa: F401
from .history import deleted_hands  # noqa: F401
from .member_stats import member_page  # noqa: F401
from .ranking import board_teaser, latest_clubday, standings  # noqa: F401
from .whatif import whatif_standings  # noqa: F401
from .signoff import hanchan_signoff, sign_off_on, unconfirmed_hanchan  # noqa: F401
from .tournament import (tournament_order, tournament_progress, tournament_result,  # noqa: F401
                         tournament_rounds, tournament_standings)

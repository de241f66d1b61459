"""Reads. Pages get their data here; nothing in this package writes.

One module per resource; everything public is re-exported here (``selectors.hanchan_state(...)``).
"""

from .csvio import RESULT_COLUMNS, STANDINGS_COLUMNS, result_rows, standings_rows  # noqa: F401
from .days import (clubday_tables, clubday_totals, clubday_years, clubdays_of_year,  # noqa: F401
                   next_hanchan_defaults, next_numbers, recent_clubdays)
from .hanchan import (SEAT_WINDS, PlayerState, hand_preview, hanchan_state, state_before,  # noqa: F401
                      stored_events)
from .members import members_by_kana  # noqa: F401
from .rulesets import (hanchan_under_ruleset, ruleset_display_name, ruleset_sheet,  # noqa: F401
                       rulesets_listed)
from .disputes import dispute_list  # noqa: F401
from .history import deleted_hands, event_text, object_history  # noqa: F401
from .impact import rule_change_impact  # noqa: F401
from .member_stats import member_page  # noqa: F401
from .ranking import board_teaser, latest_clubday, standings  # noqa: F401
from .whatif import whatif_standings  # noqa: F401
from .signoff import hanchan_signoff, sign_off_on, unconfirmed_hanchan  # noqa: F401
from .tournament import (TIEBREAKS, final_hanchan, tournament_order, tournament_progress,  # noqa: F401
                         tournament_result, tournament_rounds, tournament_standings)

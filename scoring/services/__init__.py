"""Writes: keyword-only, typed and atomic; the rules engine validates and settles. One module per
resource; the services the views and commands call are re-exported here."""

from .accounts import SetupDone, first_admin_create, user_create, user_set_password, user_update  # noqa: F401
from .club import (clubday_create, hanchan_create, member_create, member_link_user, member_update,  # noqa: F401
                   ruleset_create, ruleset_update)
from .csvcells import csv_decode, upload_sheets  # noqa: F401
from .csvio import results_import, results_import_check, results_import_undo  # noqa: F401
from .hanchan import (  # noqa: F401
    hanchan_delete_hand, hanchan_finish, hanchan_record_final_scores, hanchan_record_hand, hanchan_reopen,
    hanchan_resettle, hanchan_unvoid, hanchan_update_hand, hanchan_void,
)
from .ratings import ratings_update  # noqa: F401
from .rollup import rollup_rebuild  # noqa: F401
from .disputes import dispute_comment_add, dispute_open, dispute_rule  # noqa: F401
from .history import hand_restore  # noqa: F401
from .evening import (attendance_check_in, attendance_leave, attendance_return, attendance_undo,  # noqa: F401
                      draw_create, draw_swap, guest_check_in)
from .signoff import hanchan_confirm  # noqa: F401
from .tournament import clubday_update, final_table_create  # noqa: F401

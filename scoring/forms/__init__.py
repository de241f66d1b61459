"""Forms only clean input; the rules engine and the services decide what is legal. One module per
resource, everything public re-exported here.
"""

from .accounts import PasswordSetForm, SetupForm, UserRoleForm, UserUpdateForm  # noqa: F401
from .club import (ClubDayForm, FinalScoresForm, HanchanForm, MemberForm, RuleSetForm,  # noqa: F401
                   next_member_number)
from .csvio import ResultsImportConfirmForm, ResultsImportForm  # noqa: F401
from .hands import HandForm  # noqa: F401
from .disputes import CommentForm, DisputeForm, ImpactForm, RulingForm  # noqa: F401
from .boards import BoardFilterForm, MemberUserForm, WhatIfForm  # noqa: F401

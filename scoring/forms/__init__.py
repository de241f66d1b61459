"""Forms only clean input; the rules engine and the services decide what is legal. One module per
resource; the forms imported through the package are re-exported here, the rest from their module."""

from .accounts import PasswordSetForm, SetupForm, UserRoleForm, UserUpdateForm  # noqa: F401
from .club import ClubDayForm, FinalScoresForm, HanchanForm, MemberForm, RuleSetForm  # noqa: F401
from .hands import HandForm  # noqa: F401

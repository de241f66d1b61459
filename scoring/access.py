"""Who may do what (``ROLES``), the first-run setup token and the limits of wrong passwords."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import timedelta
from functools import wraps
from typing import Callable

from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import Sum
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubsite.deploy import client_ip

from .models import SetupToken

SCOREKEEPER = "scorekeeper"
REFEREE = "referee"
SETUP_MAX_AGE = 24 * 3600

# (key, label, group) in the forms' order. ``admin`` is ``is_staff``; a role with a group is membership
# of that group (created when first given); ``member`` (any login: reads, flags hands) is neither.
ROLES: list[tuple[str, object, str | None]] = [
    ("member", _("会員(閲覧のみ)"), None),
    ("scorekeeper", _("記録係"), SCOREKEEPER),
    ("referee", _("審判"), REFEREE),  # rules on disputes (物言い)
    ("admin", _("管理者"), None),
]
ROLE_GROUPS = {key: group for key, _label, group in ROLES if group}


def role_choices() -> list[tuple[str, object]]:
    return [(key, label) for key, label, _group in ROLES]


def role_of(user) -> str:
    """The user's role key (the highest one when several apply)."""
    if user.is_staff or user.is_superuser:
        return "admin"
    names = {g.name for g in user.groups.all()}
    return next((key for key, _label, group in reversed(ROLES) if group in names), "member")


def is_member(user) -> bool:
    """Any active login (every role): may flag a hand and comment on a dispute."""
    return bool(user.is_authenticated and user.is_active)


def is_admin(user) -> bool:
    return is_member(user) and bool(user.is_staff or user.is_superuser)


def _group_names(user) -> frozenset[str]:
    """An active login's group names, read once per request (the user object lives for one request)."""
    names = getattr(user, "_club_groups", None)
    if names is None:
        names = frozenset(user.groups.values_list("name", flat=True))
        user._club_groups = names
    return names


def is_scorekeeper(user) -> bool:
    return is_admin(user) or (is_member(user) and SCOREKEEPER in _group_names(user))


def is_officer(user) -> bool:
    """An officer (an admin or a 審判) rules on disputes."""
    return is_admin(user) or (is_member(user) and REFEREE in _group_names(user))


def may_confirm(user, member) -> bool:
    """Sign-off: a scorekeeper may tap for any player at the table; a member only for themselves."""
    return user is not None and is_member(user) and (is_scorekeeper(user) or member.user_id == user.pk)


def can_read(user) -> bool:
    return bool(getattr(settings, "PUBLIC_BOARDS", True) or user.is_authenticated)


def _login(request: HttpRequest) -> HttpResponse:
    if not getattr(request, "htmx", False):
        return redirect_to_login(request.get_full_path())
    # the browser would follow a 302 inside the XHR and htmx would swap the login page into a
    # fragment: tell htmx to load the login page as a whole page instead
    page = request.htmx.current_url_abs_path or request.get_full_path()
    response = HttpResponse(status=204)
    response["HX-Redirect"] = redirect_to_login(page)["Location"]
    return response


def _guard(check: Callable[[object], bool]):
    def decorator(view):
        @wraps(view)
        def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            if check(request.user):
                return view(request, *args, **kwargs)
            if not request.user.is_authenticated:
                return _login(request)
            raise PermissionDenied
        return wrapped
    return decorator


readable = _guard(can_read)
scorekeeper_required = _guard(is_scorekeeper)
admin_required = _guard(is_admin)
member_required = _guard(is_member)
officer_required = _guard(is_officer)


def address_locked(request: HttpRequest) -> bool:
    """Whether the client's address has ``CLUB_ADDRESS_FAILURE_LIMIT`` wrong passwords within axes'
    cool-off time, for any user names: someone trying names."""
    address = getattr(request, "axes_ip_address", None) or client_ip(request)
    if not address:
        return False
    since = timezone.now() - settings.AXES_COOLOFF_TIME
    total = AccessAttempt.objects.filter(ip_address=address, attempt_time__gte=since) \
        .aggregate(n=Sum("failures_since_start"))["n"]
    return (total or 0) >= settings.CLUB_ADDRESS_FAILURE_LIMIT


def login_failure_limit(request: HttpRequest, credentials: dict | None = None) -> int:
    """django-axes' ``AXES_FAILURE_LIMIT``: ``CLUB_LOGIN_FAILURE_LIMIT`` per user name and address, or
    0 while the whole address is locked (counted here, since a successful login clears axes' counts)."""
    return 0 if address_locked(request) else settings.CLUB_LOGIN_FAILURE_LIMIT


def login_username(request: HttpRequest, credentials: dict | None = None) -> str | None:
    """django-axes' ``AXES_USERNAME_CALLABLE``: the name a login is counted under (the credentials, else
    the form), cut to the 255 characters axes' tables hold."""
    username = (credentials or request.POST).get("username")
    return username[:255] if isinstance(username, str) else username


def setup_token_issue() -> str:
    """A new first-run token for ``/setup/``, replacing any older one; only its digest is stored."""
    token = secrets.token_urlsafe(32)
    SetupToken.objects.all().delete()
    SetupToken.objects.create(digest=_digest(token))
    return token


def _live_tokens():
    return SetupToken.objects.filter(created__gte=timezone.now() - timedelta(seconds=SETUP_MAX_AGE))


def setup_token_ok(token: str) -> bool:
    """Whether ``token`` is the live setup token (compared in constant time)."""
    if not token or len(token) > 200:
        return False
    digest = _digest(token)
    return any([hmac.compare_digest(stored, digest) for stored in _live_tokens().values_list("digest", flat=True)])


def setup_token_use(token: str) -> bool:
    """Delete ``token`` if it is the live setup token, and say whether this call did. In the
    transaction that creates the first administrator exactly one caller gets ``True``: on PostgreSQL
    concurrent deletes of the row wait for each other; on SQLite the transaction holds the write lock."""
    if not token or len(token) > 200:
        return False
    deleted, _rows = _live_tokens().filter(digest=_digest(token)).delete()
    return deleted > 0


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def context(request: HttpRequest) -> dict:
    """Template context processor: the user's roles."""
    user = getattr(request, "user", None)  # absent on an error page for a request refused early
    known = user is not None
    return {"can_score": known and is_scorekeeper(user), "is_club_admin": known and is_admin(user)}

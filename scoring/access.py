"""Who may do what. Roles: admin (``is_staff``), scorekeeper (group ``scorekeeper``), member (any
logged-in user, read only). Boards are readable without login when ``settings.PUBLIC_BOARDS``."""

from __future__ import annotations

from functools import wraps
from typing import Callable

from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.core import signing
from django.http import HttpRequest, HttpResponse

SCOREKEEPER = "scorekeeper"
SETUP_SALT = "clubsite.setup"
SETUP_MAX_AGE = 7 * 24 * 3600


def is_admin(user) -> bool:
    return bool(user.is_authenticated and user.is_active and (user.is_staff or user.is_superuser))


def is_scorekeeper(user) -> bool:
    return is_admin(user) or bool(user.is_authenticated and user.is_active
                                  and user.groups.filter(name=SCOREKEEPER).exists())


def can_read(user) -> bool:
    return bool(getattr(settings, "PUBLIC_BOARDS", True) or user.is_authenticated)


def _login(request: HttpRequest) -> HttpResponse:
    response = redirect_to_login(request.get_full_path())
    if getattr(request, "htmx", False):
        # the browser would follow a 302 inside the XHR and htmx would swap the login page into a
        # fragment: tell htmx to load the login page as a whole page instead
        page = request.htmx.current_url_abs_path or request.get_full_path()
        htmx_response = HttpResponse(status=204)
        htmx_response["HX-Redirect"] = redirect_to_login(page)["Location"]
        return htmx_response
    return response


def _guard(check: Callable[[object], bool], *, anonymous_ok: bool = False):
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


def setup_token() -> str:
    """A signed one-time token for ``/setup/`` (valid while no user exists, for a week)."""
    return signing.dumps("first-admin", salt=SETUP_SALT)


def setup_token_ok(token: str) -> bool:
    try:
        return signing.loads(token, salt=SETUP_SALT, max_age=SETUP_MAX_AGE) == "first-admin"
    except signing.BadSignature:
        return False


def is_local(request: HttpRequest) -> bool:
    return request.META.get("REMOTE_ADDR") in {"127.0.0.1", "::1"}


def context(request: HttpRequest) -> dict:
    """Template context processor: the user's roles."""
    user = request.user
    return {"can_score": is_scorekeeper(user), "is_club_admin": is_admin(user)}

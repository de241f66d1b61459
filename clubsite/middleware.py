"""The Content-Security-Policy header on every response (Django 5.2 has no built-in CSP), what caches
may keep of the app's answers, the HTTP methods the app answers, caps on the size of a request body
and on the length of a URL, and the answer to a write that waited too long for the database."""

from __future__ import annotations

from typing import Callable

from django.conf import settings
from django.db import OperationalError
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import render
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _


class ContentSecurityPolicyMiddleware:
    """Sets ``settings.CONTENT_SECURITY_POLICY`` unless a view set its own header."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        policy = getattr(settings, "CONTENT_SECURITY_POLICY", "")
        if policy and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = policy
        return response


class PrivateAnswersMiddleware:
    """``Cache-Control`` of every answer of the app's views (static files have whitenoise's, which
    answers them before this): ``private``, since a page carries its visitor's CSRF token, language
    and buttons, so that no shared cache (a proxy) keeps one for another visitor; ``no-cache`` for a
    visitor without a session; ``no-store`` for one with a session (a login), so that after
    「ログアウト」 the browser's back button (its back-forward cache, its history) does not show the
    previous user's page, nor a scorekeeper an old page of a hanchan with its old version. A view
    that sets its own header keeps it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if "Cache-Control" in response:
            return response
        session = settings.SESSION_COOKIE_NAME
        if session in request.COOKIES or session in response.cookies:
            patch_cache_control(response, private=True, no_store=True)
        else:
            patch_cache_control(response, private=True, no_cache=True)
        return response


class MethodMiddleware:
    """Answers 405 to any method but GET, HEAD and POST, the only ones the app's pages, forms and htmx
    use. Django's views would draw a page for TRACE or OPTIONS (it counts them as safe), which a
    scanner reports as TRACE enabled."""

    ALLOWED = ("GET", "HEAD", "POST")

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method not in self.ALLOWED:
            return HttpResponseNotAllowed(self.ALLOWED)
        return self.get_response(request)


class RequestSizeLimitMiddleware:
    """Refuses (413) a request whose declared body is over ``settings.CLUB_MAX_REQUEST_BYTES`` before
    anything reads it: Django caps form fields (``DATA_UPLOAD_MAX_MEMORY_SIZE``) but streams uploaded
    files to disk whatever their size. The results CSV upload (5 MB) is the largest body the app takes."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = getattr(settings, "CLUB_MAX_REQUEST_BYTES", 0)
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if limit and length > limit:
            return HttpResponse(_("送信されたデータが大きすぎます(上限 %(mb)s MB)") % {"mb": limit // (1024 * 1024)},
                                status=413, content_type="text/plain; charset=utf-8")
        return self.get_response(request)


def long_url_ok(view: Callable) -> Callable:
    """Marks a view that bounds its own query and answers a long one in its own format (the checker's
    JSON for scripts), so ``LongUrlMiddleware`` leaves it to the view."""
    view.long_url_ok = True
    return view


class LongUrlMiddleware:
    """Answers a URL longer than ``settings.CLUB_MAX_URL_BYTES`` with a page that says so (414), in
    place of gunicorn's bare "Request-URI Too Long" (gunicorn lets request lines up to 8190 bytes
    through to this, ``clubstart``). Every link the app makes is a few hundred bytes: a longer URL
    was cut or edited by hand, or a form was filled with far more than it needs. An htmx request
    gets the message inside its target (``base.html`` lets htmx show a 414)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(self, request: HttpRequest, view_func: Callable, view_args, view_kwargs) -> HttpResponse | None:
        limit = getattr(settings, "CLUB_MAX_URL_BYTES", 0)
        if not limit or getattr(view_func, "long_url_ok", False) or len(request.get_full_path()) <= limit:
            return None
        ctx = {"limit": limit, "checker": getattr(request.resolver_match, "url_name", "") == "check"}
        if getattr(request, "htmx", False):
            response = render(request, "414.html#message", ctx, status=414)
            response["HX-Reswap"] = "innerHTML"
            return response
        return render(request, "414.html", ctx, status=414)


class BusyDatabaseMiddleware:
    """Answers a write that waited out the database's busy timeout ("database is locked": SQLite has
    one writer at a time, and a long one, such as a results import of a year, holds the lock for
    minutes) with a page that says so and to try again (503, Retry-After), instead of a server
    error. An htmx request gets no swap (``base.html``): the hand form shows 送信に失敗 with its
    input kept, to send again."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, OperationalError) or "locked" not in str(exception):
            return None
        response = render(request, "503.html", status=503)
        response["Retry-After"] = "60"
        return response

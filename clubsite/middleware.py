"""The Content-Security-Policy header on every response (Django 5.2 has no built-in CSP), and a cap on
the size of a request body."""

from __future__ import annotations

from typing import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
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

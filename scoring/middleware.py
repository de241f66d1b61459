"""Japanese unless the visitor chose otherwise with the language button (its cookie), whatever the
browser's Accept-Language: every answer varies by that cookie (``Vary: Cookie``)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.middleware.locale import LocaleMiddleware
from django.utils.cache import patch_vary_headers
from django.utils import translation


class ChosenLanguageMiddleware(LocaleMiddleware):
    def process_request(self, request: HttpRequest) -> None:
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        codes = {code for code, _ in settings.LANGUAGES}
        language = chosen if chosen in codes else settings.LANGUAGE_CODE
        translation.activate(language)
        request.LANGUAGE_CODE = translation.get_language()

    def process_response(self, request: HttpRequest, response):
        """``Vary: Cookie`` even on an answer that touched neither the session nor a CSRF token (CSV
        exports, the checker's JSON), else a cache could serve one language's copy to the other."""
        response = super().process_response(request, response)
        patch_vary_headers(response, ("Cookie",))
        return response

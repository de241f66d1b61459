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
        """Django's answer says it varies by Accept-Language; the language comes from the cookie. Without
        ``Vary: Cookie`` (an answer that touched neither the session nor a CSRF token: the CSV exports
        and their messages, the checker's JSON on public boards) a cache could give an English
        visitor the Japanese copy, or the other way round."""
        response = super().process_response(request, response)
        patch_vary_headers(response, ("Cookie",))
        return response

"""Japanese unless the visitor chose otherwise with the language button (its cookie), whatever the
browser's Accept-Language."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.middleware.locale import LocaleMiddleware
from django.utils import translation


class ChosenLanguageMiddleware(LocaleMiddleware):
    def process_request(self, request: HttpRequest) -> None:
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        codes = {code for code, _ in settings.LANGUAGES}
        language = chosen if chosen in codes else settings.LANGUAGE_CODE
        translation.activate(language)
        request.LANGUAGE_CODE = translation.get_language()

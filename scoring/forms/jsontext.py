"""JSON posted in a form field, read with ``loads`` so that no input can break the page.

``json.loads`` lets through nesting a few thousand deep (``RecursionError``) and ``"\\ud800"`` escapes:
a lone surrogate cannot be encoded, so a page quoting it cannot be sent (typed text cannot hold one:
Django decodes the request with ``errors="replace"``). Both are refused, and so are ``NaN`` and
``Infinity``, which are not JSON.
"""

from __future__ import annotations

import json
import re
from typing import Any

from django.utils.translation import gettext as _

# a hand's calls are 2 deep, the listed wins of a ron 5 (wins → win → hand → calls → call)
MAX_DEPTH = 8
LONE_SURROGATE = re.compile("[\ud800-\udfff]")


class JSONTextError(ValueError):
    """Text a form cannot use as JSON; ``code``: ``"syntax"`` (the caller says what it expected),
    ``"depth"`` or ``"surrogate"``."""

    def __init__(self, message: str, code: str):
        super().__init__(message)
        self.code = code


def _constant(name: str) -> Any:
    raise ValueError(name)


def loads(text: str) -> Any:
    """The JSON value of ``text``, or ``JSONTextError``."""
    try:
        value = json.loads(text, parse_constant=_constant)
    except RecursionError:
        raise _too_deep() from None
    except ValueError as exc:
        raise JSONTextError(_("JSON として読めません"), "syntax") from exc
    _check(value)
    return value


def _too_deep() -> JSONTextError:
    return JSONTextError(_("入れ子が深すぎます(%(n)s段まで)") % {"n": MAX_DEPTH}, "depth")


def _check(value: Any, depth: int = 1) -> None:
    """Refuse nesting deeper than ``MAX_DEPTH`` and lone surrogates (recursive, ``MAX_DEPTH`` bounds
    it). A container's items are walked last first once none is too deep: the first error found is
    the one reported."""
    if isinstance(value, str):
        found = LONE_SURROGATE.search(value)
        if found:
            raise JSONTextError(_("使えない文字(%(code)s)が入っています")
                                % {"code": f"\\u{ord(found.group()):04x}"}, "surrogate")
        return
    if isinstance(value, dict):
        for key in value:
            _check(key)
        value = list(value.values())
    elif not isinstance(value, list):
        return
    if depth >= MAX_DEPTH and any(isinstance(item, (dict, list)) for item in value):
        raise _too_deep()
    for item in reversed(value):
        _check(item, depth + 1)

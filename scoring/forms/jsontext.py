"""JSON posted in a form field, read with ``loads`` so that no input can break the page.

``json.loads`` lets through nesting a few thousand deep (``RecursionError``) and a ``"\\ud800"``
escape: a lone surrogate, which cannot be encoded, so a page quoting it cannot be sent (an ordinary
field cannot hold one: Django decodes the request with ``errors="replace"``). Both are refused, and so
are ``NaN`` and ``Infinity``, which are not JSON.

>>> loads('[{"type": "pon", "tiles": "555z"}]')
[{'type': 'pon', 'tiles': '555z'}]
>>> loads('[' * 9 + ']' * 9)
Traceback (most recent call last):
...
scoring.forms.jsontext.JSONTextError: 入れ子が深すぎます(8段まで)
>>> loads('[{"tiles": "\\\\ud800"}]')
Traceback (most recent call last):
...
scoring.forms.jsontext.JSONTextError: 使えない文字(\\ud800)が入っています
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


def _check(value: Any) -> None:
    """Refuse nesting deeper than ``MAX_DEPTH`` and lone surrogates (iteratively: no recursion)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            texts, children = [item], ()
        elif isinstance(item, dict):
            texts, children = list(item), item.values()
        elif isinstance(item, list):
            texts, children = [], item
        else:
            continue
        for text in texts:
            found = LONE_SURROGATE.search(text)
            if found:
                raise JSONTextError(_("使えない文字(%(code)s)が入っています")
                                    % {"code": f"\\u{ord(found.group()):04x}"}, "surrogate")
        for child in children:
            if isinstance(child, (dict, list)):
                if depth + 1 > MAX_DEPTH:
                    raise _too_deep()
                stack.append((child, depth + 1))
            elif isinstance(child, str):
                stack.append((child, depth))


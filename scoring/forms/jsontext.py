"""JSON typed or carried in a form field (the hand form's calls and listed wins, the checker's
calls): every form that reads posted JSON reads it with ``loads``, so no input can break the page.

Two things ``json.loads`` lets through would: nesting a few thousand deep (``RecursionError``), and
a ``"\\ud800"`` escape, which decodes to a lone surrogate — a ``str`` that cannot be encoded, so
the page quoting it (an error message, a link) cannot be sent. Both are refused here with a
message that says what to fix; so are ``NaN`` and ``Infinity``, which are not JSON.

Text typed into an ordinary field cannot hold a lone surrogate: Django decodes the request's bytes
with ``errors="replace"``. JSON's ``\\u`` escapes are the one way in.

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

from django import forms
from django.forms.fields import InvalidJSONInput
from django.utils.translation import gettext as _

# a hand's calls are 2 deep, the listed wins of a ron 5 (wins → win → hand → calls → call)
MAX_DEPTH = 8
LONE_SURROGATE = re.compile("[\ud800-\udfff]")


class JSONTextError(ValueError):
    """Text a form cannot use as JSON. ``code``: ``"syntax"`` (not JSON: the caller says what it
    expected), ``"depth"`` or ``"surrogate"`` (``str(error)`` says what is wrong)."""

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
    """Refuse nesting deeper than ``MAX_DEPTH`` and lone surrogates in keys and strings
    (iteratively: no recursion on the input)."""
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


class JSONFormField(forms.JSONField):
    """``forms.JSONField`` (what the admin gives a model's ``JSONField``) reading through ``loads``:
    JSON too deep or with a lone surrogate is invalid, and the form shows it again as it was typed
    (Django's own field would raise ``RecursionError``, or draw the surrogate)."""

    def to_python(self, value: Any) -> Any:
        if isinstance(value, str) and not self.disabled and value not in self.empty_values:
            try:
                loads(value)
            except JSONTextError as exc:
                if exc.code != "syntax":  # Django's field says so itself
                    raise forms.ValidationError(str(exc), code="invalid") from None
        return super().to_python(value)

    def bound_data(self, data: Any, initial: Any) -> Any:
        if isinstance(data, str) and not self.disabled:
            try:
                loads(data)
            except JSONTextError:
                return InvalidJSONInput(data)
        return super().bound_data(data, initial)

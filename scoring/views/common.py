"""What every view module shares: running a service onto a form, 422 for refused submits."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.template import TemplateDoesNotExist
from django.template.loader import get_template

TILE_PALETTE = "scoring/partials/tile_entry.html"


def error_list(exc: ValidationError) -> list[str]:
    return [str(m) for m in exc.messages]


def has_palette() -> bool:
    try:
        get_template(TILE_PALETTE)
        return True
    except TemplateDoesNotExist:
        return False


def apply_service(form, write, **kwargs):
    """Run a service; a ValidationError it raises goes onto the form (and nothing was saved)."""
    try:
        return write(**kwargs)
    except ValidationError as exc:
        form.add_error(None, exc)
        return None


def form_status(request: HttpRequest) -> int:
    """A form page shown again after a POST is a refused submit: 422, so htmx and tests can tell."""
    return 422 if request.method == "POST" else 200


def int_or_none(text: str | None) -> int | None:
    try:
        return int(text) if text not in (None, "") else None
    except ValueError:
        return None


def posted_version(request: HttpRequest) -> int | None:
    """The hanchan version a submitted form was built from (``None``: the form did not say)."""
    return int_or_none(request.POST.get("version"))

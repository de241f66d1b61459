"""``{% chips form.han as items %}``: a radio or checkbox field's options as dicts for ``scoring/_choices.html``
(a hand form has about 80 options, too many to render each through Django's widget templates)."""

from __future__ import annotations

from typing import Any

from django import forms, template

register = template.Library()


@register.simple_tag
def chips(bound: forms.BoundField) -> list[dict[str, Any]]:
    """The options of a radio or checkbox field, checked from the submitted data or the initial value."""
    field = bound.field
    multiple = isinstance(field.widget, forms.CheckboxSelectMultiple)
    value = bound.value()
    chosen = {str(v) for v in value or []} if multiple else {"" if value is None else str(value)}
    kind = "checkbox" if multiple else "radio"
    required = field.required and not multiple
    return [{"type": kind, "name": bound.html_name, "id": f"{bound.auto_id}_{i}", "value": str(v), "label": label,
             "checked": str(v) in chosen, "required": required}
            for i, (v, label) in enumerate(field.choices)]

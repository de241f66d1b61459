"""Rule-change impact: the period's recorded games re-judged under another rule set (no writes)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from ..access import readable
from ..forms.disputes import ImpactForm
from ..selectors.impact import MAX_DAYS, MAX_HANCHAN, rule_change_impact


@readable
def impact(request: HttpRequest) -> HttpResponse:
    """The form, and with its fields filled the result (at most a year, ``MAX_HANCHAN`` games)."""
    form = ImpactForm(request.GET if "ruleset" in request.GET else None, initial=ImpactForm.defaults())
    result = rule_change_impact(**form.cleaned_data) if form.is_valid() else None
    ctx = {"form": form, "result": result, "max_days": MAX_DAYS, "max_hanchan": MAX_HANCHAN}
    return render(request, "scoring/impact.html", ctx, status=422 if form.is_bound and not form.is_valid() else 200)

"""Club days (例会): list, create, detail, and a new hanchan on a day."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from .. import selectors, services
from ..access import readable, scorekeeper_required
from ..forms import ClubDayForm, HanchanForm
from ..models import ClubDay, Hanchan, RuleSet
from .common import form_status


@readable
def clubday_list(request: HttpRequest) -> HttpResponse:
    return render(request, "scoring/clubday_list.html",
                  {"clubdays": ClubDay.objects.select_related("ruleset").order_by("-date", "-pk")})


@scorekeeper_required
def clubday_create(request: HttpRequest) -> HttpResponse:
    form = ClubDayForm(request.POST or None, initial={"ruleset": RuleSet.objects.order_by("pk").first()})
    if request.method == "POST" and form.is_valid():
        day = services.clubday_create(**form.cleaned_data)
        return redirect(day)
    status = form_status(request)
    return render(request, "scoring/clubday_form.html", {"form": form}, status=status)


@readable
def clubday_detail(request: HttpRequest, pk: int) -> HttpResponse:
    day = get_object_or_404(ClubDay.objects.select_related("ruleset"), pk=pk)
    return _clubday_page(request, day, HanchanForm(initial={"table": _next_table(day)}))


def _next_table(day: ClubDay) -> int:
    return (max((h.table for h in day.hanchans.all()), default=0)) + 1


def _clubday_page(request: HttpRequest, day: ClubDay, form: HanchanForm, status: int = 200) -> HttpResponse:
    ctx = {"clubday": day, "tables": selectors.clubday_tables(clubday=day),
           "totals": selectors.clubday_totals(clubday=day), "form": form}
    return render(request, "scoring/clubday_detail.html", ctx, status=status)


@require_POST
@scorekeeper_required
def hanchan_create(request: HttpRequest, pk: int) -> HttpResponse:
    day = get_object_or_404(ClubDay, pk=pk)
    form = HanchanForm(request.POST)
    if form.is_valid():
        d = form.cleaned_data
        try:
            hanchan = services.hanchan_create(clubday=day, table=d["table"], mode=d["mode"],
                                              players=[d["seat0"], d["seat1"], d["seat2"], d["seat3"]])
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            if hanchan.mode == Hanchan.Mode.FINAL:
                return redirect("hanchan-final-scores", hanchan.pk)
            return redirect(hanchan)
    return _clubday_page(request, day, form, status=422)

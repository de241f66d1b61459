"""Club days (例会): list, create, detail, and a new hanchan on a day."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from .. import selectors, services
from ..access import readable, scorekeeper_required
from ..converters import MAX_ID
from ..forms import ClubDayForm, HanchanForm
from ..models import ClubDay
from .common import apply_service, clubday_or_404, form_status, int_or_none, new_hanchan_redirect


@readable
def clubday_list(request: HttpRequest) -> HttpResponse:
    """One year of club days (``?year=2026``; default the latest year with days), with year links."""
    years = selectors.clubday_years()
    year = int_or_none(request.GET.get("year"))
    if year not in years:
        year = years[0] if years else None
    clubdays = selectors.clubdays_of_year(year=year) if year else []
    return render(request, "scoring/clubday_list.html", {"clubdays": clubdays, "years": years, "year": year})


@scorekeeper_required
def clubday_create(request: HttpRequest) -> HttpResponse:
    form = ClubDayForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        return redirect(services.clubday_create(**form.cleaned_data))
    return render(request, "scoring/clubday_form.html", {"form": form}, status=form_status(request))


@readable
def clubday_detail(request: HttpRequest, pk: int) -> HttpResponse:
    day = clubday_or_404(pk)
    # ?after=<hanchan>: 「同じ卓で次の半荘」 on a finished hanchan's page (its table and players)
    after_pk = int_or_none(request.GET.get("after"))
    after = day.hanchans.filter(pk=after_pk).first() if after_pk and 0 < after_pk <= MAX_ID else None
    form = HanchanForm(initial=selectors.next_hanchan_defaults(clubday=day, after=after), clubday=day)
    return _clubday_page(request, day, form)


def _clubday_page(request: HttpRequest, day: ClubDay, form: HanchanForm, status: int = 200) -> HttpResponse:
    ctx = {"clubday": day, "tables": selectors.clubday_tables(clubday=day),
           "totals": selectors.clubday_totals(clubday=day), "form": form}
    return render(request, "scoring/clubday_detail.html", ctx, status=status)


@require_POST
@scorekeeper_required
def hanchan_create(request: HttpRequest, pk: int) -> HttpResponse:
    day = clubday_or_404(pk)
    form = HanchanForm(request.POST, clubday=day)
    if form.is_valid():
        d = form.cleaned_data
        hanchan = apply_service(form, services.hanchan_create, clubday=day, table=d["table"], mode=d["mode"],
                                number=d["number"], ruleset=d["ruleset"],
                                players=[d["seat0"], d["seat1"], d["seat2"], d["seat3"]])
        if hanchan is not None:
            return new_hanchan_redirect(hanchan)
    return _clubday_page(request, day, form, status=422)

"""A hanchan page: live scoreboard, 途中終了 and its undo, void, final scores from a paper sheet."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from .. import services
from ..access import readable, scorekeeper_required
from ..forms import FinalScoresForm
from ..models import Hanchan
from .common import form_status, hanchan_or_404, posted_version
from .hanchan_page import current, hanchan_page, refused, whole_page


@readable
def hanchan_detail(request: HttpRequest, pk: int) -> HttpResponse:
    hanchan, kept = current(pk)
    return hanchan_page(request, hanchan, kept=kept, fragment="live" if request.htmx else None)


# the writes that change the hanchan's state, by the ``change`` the URL names, with their message
CHANGES = {
    "finish": (services.hanchan_finish, gettext_lazy("途中終了しました。結果を確定しました")),
    "reopen": (services.hanchan_reopen, gettext_lazy("途中終了を取り消しました。続きを記録できます")),
    "void": (services.hanchan_void, gettext_lazy("この半荘を無効にしました(取り消せます)")),
    "unvoid": (services.hanchan_unvoid, gettext_lazy("無効を取り消しました")),
}


@require_POST
@scorekeeper_required
def hanchan_change(request: HttpRequest, pk: int, change: str) -> HttpResponse:
    """A write that changes the hanchan's state (``CHANGES``): htmx gets the whole page (the
    heading's badge changes too), a plain post the page with the change's message."""
    service, done = CHANGES[change]
    hanchan = hanchan_or_404(pk)
    try:
        hanchan = service(hanchan=hanchan, by=request.user, version=posted_version(request, "action"))
    except ValidationError as exc:
        return refused(request, hanchan, exc)
    if request.htmx:
        return whole_page(request, hanchan)
    messages.success(request, done)
    return redirect(hanchan)


@scorekeeper_required
def hanchan_final_scores(request: HttpRequest, pk: int) -> HttpResponse:
    hanchan = hanchan_or_404(pk)
    done = {r.seat: r.score for r in hanchan.results.all()} if hanchan.mode == Hanchan.Mode.FINAL else {}
    form = FinalScoresForm(request.POST or None, names=hanchan.player_names(),
                           initial={f"score{seat}": score for seat, score in done.items()})
    if request.method == "POST" and form.is_valid():
        try:
            services.hanchan_record_final_scores(hanchan=hanchan, scores=form.scores(),
                                                 sticks=form.cleaned_data["sticks"], by=request.user,
                                                 version=posted_version(request))
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, _("最終得点を記録しました"))
            return redirect(hanchan)  # land on the result (the club day's page ends with a form)
    ctx = {"hanchan": hanchan, "form": form, "replacing": bool(done),
           "start": hanchan.ruleset_in_force.engine().start_points}
    return render(request, "scoring/final_scores.html", ctx, status=form_status(request))

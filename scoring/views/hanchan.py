"""A hanchan page: live scoreboard, 途中終了 and its undo, void, final scores from a paper sheet."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import services
from ..access import readable, scorekeeper_required
from ..forms import FinalScoresForm
from ..models import Hanchan
from .common import form_status, posted_version
from .hanchan_page import hanchan_page, refused, whole_page


@readable
def hanchan_detail(request: HttpRequest, pk: int) -> HttpResponse:
    hanchan = get_object_or_404(Hanchan.objects.with_players(), pk=pk)
    return hanchan_page(request, hanchan, fragment="live" if request.htmx else None)


@require_POST
@scorekeeper_required
def hanchan_finish(request: HttpRequest, pk: int) -> HttpResponse:
    """途中終了: the game stops at the current scores (a game whose hands end it is finished already)."""
    return _change(request, pk, services.hanchan_finish, _("途中終了しました。結果を確定しました"))


@require_POST
@scorekeeper_required
def hanchan_reopen(request: HttpRequest, pk: int) -> HttpResponse:
    """Undo 途中終了: the game is in play again."""
    return _change(request, pk, services.hanchan_reopen, _("途中終了を取り消しました。続きを記録できます"))


@require_POST
@scorekeeper_required
def hanchan_void(request: HttpRequest, pk: int) -> HttpResponse:
    """無効: the hanchan stays on record (hands, scores and results kept) but leaves the boards."""
    return _change(request, pk, services.hanchan_void, _("この半荘を無効にしました(取り消せます)"))


@require_POST
@scorekeeper_required
def hanchan_unvoid(request: HttpRequest, pk: int) -> HttpResponse:
    """Undo 無効: the hanchan is back as it was."""
    return _change(request, pk, services.hanchan_unvoid, _("無効を取り消しました"))


def _change(request: HttpRequest, pk: int, service, done: str) -> HttpResponse:
    """A write that changes the hanchan's state: htmx gets the whole page (the heading's badge
    changes too), a plain post the page with ``done`` as a message."""
    hanchan = get_object_or_404(Hanchan.objects.with_players(), pk=pk)
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
    hanchan = get_object_or_404(Hanchan.objects.with_players(), pk=pk)
    names = hanchan.player_names()
    done = {r.seat: r.score for r in hanchan.results.all()} if hanchan.mode == Hanchan.Mode.FINAL else {}
    initial = {f"score{seat}": score for seat, score in done.items()}
    form = FinalScoresForm(request.POST or None, names=names, initial=initial)
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
    status = form_status(request)
    ctx = {"hanchan": hanchan, "form": form, "names": names, "replacing": bool(done),
           "start": hanchan.ruleset_in_force.engine().start_points}
    return render(request, "scoring/final_scores.html", ctx, status=status)

"""A hanchan page: live scoreboard, finish, void, final scores from a paper sheet."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.core.cache import InvalidCacheBackendError, caches
from django.core.exceptions import ValidationError
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.functional import SimpleLazyObject
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import reswap, retarget

from .. import prepared, selectors, services
from ..access import is_admin, readable, scorekeeper_required
from ..forms import FinalScoresForm, HandForm
from ..forms.hands import declared_riichi
from ..models import Hanchan, HandRecord
from .common import error_list, form_status, has_palette, posted_version


def get_hanchan(pk: int) -> Hanchan:
    """The hanchan with its club day, rule sets and players (one query, ``prepared.hanchan``)."""
    try:
        return prepared.hanchan.get(pk)
    except Hanchan.DoesNotExist:
        raise Http404 from None


def get_hand(pk: int) -> HandRecord:
    """A hand with its hanchan as ``get_hanchan`` reads it (one query)."""
    try:
        return prepared.hand.get(pk)
    except HandRecord.DoesNotExist:
        raise Http404 from None


def hand_form(hanchan: Hanchan, data: Any = None, *, before: int | None = None,
              events: list[dict[str, Any]] | None = None, **kwargs: Any) -> HandForm:
    """The hand form for ``hanchan`` (the hand at 0-based ``before``, or a new last hand): its
    players, its rule set's result types, and the riichi already declared in that hand, read from
    the stored events (``events`` when the caller has them; no replay). Without ``events`` they
    are read only if the form asks (a hand entered tile by tile): a quick han/fu needs no query."""
    def declared() -> list[int]:
        stored = events if events is not None else prepared.stored_events(hanchan.pk)
        return declared_riichi(list(stored[:before] if before is not None else stored))
    return HandForm(data, names=hanchan.player_names(), declared=SimpleLazyObject(declared),
                    ruleset=hanchan.ruleset_in_force.engine(), **kwargs)


def hanchan_page(request: HttpRequest, hanchan: Hanchan, *, form: HandForm | None = None,
                 errors: list[str] | None = None, fragment: str | None = None, status: int = 200,
                 out: dict[str, Any] | None = None, notice: str = "", hands: list[Any] | None = None) -> HttpResponse:
    """The hanchan page (or one of its fragments). ``out``: the replay a write just made of the
    stored hands (the page then replays nothing), ``hands``: those hands, when the write has them
    (the page then reads them not again); ``notice``: a line shown above the form."""
    state = selectors.hanchan_state(hanchan=hanchan, out=out, hands=hands)
    palette = has_palette()
    names = [p.name for p in state["players"]]
    form_key = ""
    if form is None:  # a fresh form: its fields' markup is cached; the form is built only if shown otherwise
        events = [row["hand"].event for row in state["history"]]
        form = SimpleLazyObject(lambda: hand_form(hanchan, events=events, initial=FRESH_FORM))
        form_key = form_cache_key(hanchan, names, palette)
    ctx = {**state, **record_marks(request, hanchan, state), "form": form, "errors": errors or [],
           "names": names, "palette": palette, "red_fives": state["ruleset"].red_fives,
           "notice": notice, "form_key": form_key}
    template = "scoring/hanchan_detail.html" + (f"#{fragment}" if fragment else "")
    return render(request, template, ctx, status=status)


FRESH_FORM = {"type": "ron", "value": "quick"}  # the initial values of the form for a new hand


def form_cache_key(hanchan: Hanchan, names: list[str], palette: bool) -> str:
    """The key under which the markup of the fresh hand form's fields (``FRESH_FORM``, unbound) is
    cached (``_hand_form.html``, ``{% cache %}``): everything that markup depends on — the hanchan
    (its URLs), the players' names, the rule set (result types, パオ, red fives), the initial
    values, the palette and the language. The form of a new hand is the same for every hand of a
    game, so its ~80 chips are rendered once per game, not on every page and recorded hand.

    >>> from types import SimpleNamespace as NS
    >>> rs = NS(spec=lambda: {"preset": "ariari", "options": {}})
    >>> form_cache_key(NS(pk=7, ruleset_in_force=rs), ["a"], True)[:56]
    '[7, ["a"], {"options": {}, "preset": "ariari"}, {"type":'
    """
    return json.dumps([hanchan.pk, names, hanchan.ruleset_in_force.spec(), FRESH_FORM, palette,
                       get_language()], sort_keys=True, ensure_ascii=False, default=str)


@receiver(setting_changed)
def _forget_fragments(*, setting: str, **kwargs: Any) -> None:
    """Markup cached under ``form_cache_key`` and the hand rows' keys was made by the templates and
    translations in force: when a test swaps them, forget it (in production they change only
    with a restart, which empties the per-process cache)."""
    if setting in ("TEMPLATES", "CACHES", "LOCALE_PATHS", "LANGUAGES", "INSTALLED_APPS", "STATIC_URL", "STORAGES"):
        for alias in ("template_fragments", "default"):  # {% cache %} uses the first that exists
            try:
                caches[alias].clear()
                return
            except InvalidCacheBackendError:
                pass


def record_marks(request: HttpRequest, hanchan: Hanchan, state: dict[str, Any]) -> dict[str, Any]:
    """What the hand rows show beside the replay (one query, and one more per list that has
    something to show: ``selectors.mark_flags``): each hand's open dispute (「審議中」, or the 「物言い」 flag
    for logged-in users) and the deleted hands, with 「#n に戻す」 for admins. ``state``:
    ``selectors.hanchan_state`` of the same request."""
    if hanchan.mode != Hanchan.Mode.HANDS:
        return {"open_disputes": {}, "deleted_hands": [], "can_restore": False, **_rows(state)}
    live = {row["hand"].pk for row in state["history"]}
    disputed, deleted = selectors.mark_flags(hanchan.pk)
    open_disputes = selectors.open_disputes_by_hand(hanchan=hanchan) if disputed else {}
    for row in state["history"]:  # the dispute mark is part of the row's cached markup: part of its key
        dispute = open_disputes.get(row["hand"].pk)
        row["mark"] = dispute.pk if dispute is not None else ""
    return {"open_disputes": open_disputes,
            "deleted_hands": selectors.deleted_hands(hanchan_id=hanchan.pk, names=hanchan.player_names(), live=live)
            if deleted else [],
            "can_restore": is_admin(request.user), **_rows(state)}


def _rows(state: dict[str, Any]) -> dict[str, Any]:
    """The hand table's rows as the template caches them: ``rows_key`` (every row's own key and
    mark, in order), and the rows before the newest, newest first, with their ``older_rows_key``
    (the ``rows_key`` of the page before the newest hand)."""
    keys = [f"{row['key']}:{row.get('mark', '')}" for row in state["history"]]
    return {"rows_key": "|".join(keys), "older_rows_key": "|".join(keys[:-1]),
            "older_rows": state["history"][-2::-1]}


def whole_page(request: HttpRequest, hanchan: Hanchan, out: dict[str, Any] | None = None) -> HttpResponse:
    """htmx answer when the hanchan's state changed: the heading (状態 badge), board and forms all
    change, so the whole page body replaces ``#hanchan-page`` whatever the request targeted."""
    response = hanchan_page(request, hanchan, fragment="page", out=out)
    return reswap(retarget(response, "#hanchan-page"), "outerHTML show:#hanchan-page:top")


@readable
def hanchan_detail(request: HttpRequest, pk: int) -> HttpResponse:
    hanchan = get_hanchan(pk)
    return hanchan_page(request, hanchan, fragment="live" if request.htmx else None)


@require_POST
@scorekeeper_required
def hanchan_finish(request: HttpRequest, pk: int) -> HttpResponse:
    """途中終了: the game stops at the current scores (a game whose hands end it is finished already)."""
    return _settle(request, pk, services.hanchan_finish, _("途中終了しました。結果を確定しました"))


@require_POST
@scorekeeper_required
def hanchan_reopen(request: HttpRequest, pk: int) -> HttpResponse:
    """Undo 途中終了: the game is in play again."""
    return _settle(request, pk, services.hanchan_reopen, _("途中終了を取り消しました。続きを記録できます"))


def _settle(request: HttpRequest, pk: int, service, done: str) -> HttpResponse:
    hanchan = get_hanchan(pk)
    try:
        hanchan = service(hanchan=hanchan, by=request.user, version=posted_version(request))
    except ValidationError as exc:
        if request.htmx:
            hanchan.refresh_from_db()
            return hanchan_page(request, hanchan, fragment="live", errors=error_list(exc), status=422)
        messages.error(request, " ".join(error_list(exc)))
        return redirect(hanchan)
    if request.htmx:  # the state badge, board and forms all change
        return whole_page(request, hanchan)
    messages.success(request, done)
    return redirect(hanchan)


@require_POST
@scorekeeper_required
def hanchan_void(request: HttpRequest, pk: int) -> HttpResponse:
    """無効: the hanchan stays on record (hands, scores and results kept) but leaves the boards."""
    return _mark(request, pk, services.hanchan_void, _("この半荘を無効にしました(取り消せます)"))


@require_POST
@scorekeeper_required
def hanchan_unvoid(request: HttpRequest, pk: int) -> HttpResponse:
    """Undo 無効: the hanchan is back as it was."""
    return _mark(request, pk, services.hanchan_unvoid, _("無効を取り消しました"))


def _mark(request: HttpRequest, pk: int, service, done: str) -> HttpResponse:
    hanchan = get_hanchan(pk)
    try:
        service(hanchan=hanchan, by=request.user, version=posted_version(request))
    except ValidationError as exc:
        messages.error(request, " ".join(error_list(exc)))
    else:
        messages.success(request, done)
    return redirect(hanchan)


@scorekeeper_required
def hanchan_final_scores(request: HttpRequest, pk: int) -> HttpResponse:
    hanchan = get_hanchan(pk)
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

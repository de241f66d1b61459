"""Thin views: forms clean input, services write, selectors read, templates display.

A page and its htmx fragment live in one template (``{% partialdef %}``); when ``request.htmx``
the view renders ``"page.html#fragment"``. Bad input answers 422 with the form as it was typed.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

import rules

from . import selectors, services
from .access import (admin_required, is_local, readable, scorekeeper_required, setup_token_ok)
from .forms import (ClubDayForm, FinalScoresForm, HanchanForm, HandForm, MemberForm, RuleSetForm, SetupForm,
                    UserRoleForm)
from .models import ClubDay, Hanchan, HandRecord, Member, RuleSet

TILE_PALETTE = "scoring/partials/tile_entry.html"


def _errors(exc: ValidationError) -> list[str]:
    return [str(m) for m in exc.messages]


def _has_palette() -> bool:
    try:
        get_template(TILE_PALETTE)
        return True
    except TemplateDoesNotExist:
        return False


def _apply(form, write, **kwargs):
    """Run a service; a ValidationError it raises goes onto the form (and nothing was saved)."""
    try:
        return write(**kwargs)
    except ValidationError as exc:
        form.add_error(None, exc)
        return None


def _status(request: HttpRequest) -> int:
    """A form page shown again after a POST is a refused submit: 422, so htmx and tests can tell."""
    return 422 if request.method == "POST" else 200


# --------------------------------------------------------------------------- home, members


@readable
def home(request: HttpRequest) -> HttpResponse:
    first_run = not get_user_model().objects.exists()
    return render(request, "scoring/home.html",
                  {"clubdays": selectors.recent_clubdays(limit=10), "first_run": first_run})


@readable
def member_list(request: HttpRequest) -> HttpResponse:
    return render(request, "scoring/member_list.html", {"members": selectors.members_by_kana()})


@admin_required
def member_create(request: HttpRequest) -> HttpResponse:
    form = MemberForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        member = _apply(form, services.member_create, **form.cleaned_data)
        if member:
            messages.success(request, _("%(name)s さんを登録しました") % {"name": member.name})
            return redirect("member-list")
    status = _status(request)
    return render(request, "scoring/member_form.html", {"form": form, "member": None}, status=status)


@admin_required
def member_update(request: HttpRequest, pk: int) -> HttpResponse:
    member = get_object_or_404(Member, pk=pk)
    # the form cleans a copy, so ``member`` is changed only by the service
    form = MemberForm(request.POST or None, instance=Member.objects.get(pk=pk))
    if request.method == "POST" and form.is_valid():
        if _apply(form, services.member_update, member=member, **form.cleaned_data):
            messages.success(request, _("%(name)s さんの情報を更新しました") % {"name": member.name})
            return redirect("member-list")
    status = _status(request)
    return render(request, "scoring/member_form.html", {"form": form, "member": member}, status=status)


# --------------------------------------------------------------------------- rule sets


@readable
def ruleset_list(request: HttpRequest) -> HttpResponse:
    rows = [{"ruleset": rs, "options": rs.engine().as_dict()} for rs in RuleSet.objects.order_by("pk")]
    return render(request, "scoring/ruleset_list.html", {"rows": rows, "form": RuleSetForm()})


@admin_required
def ruleset_create(request: HttpRequest) -> HttpResponse:
    form = RuleSetForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        rs = _apply(form, services.ruleset_create, **form.cleaned_data)
        if rs:
            messages.success(request, _("ルール %(name)s を作成しました") % {"name": rs.name})
            return redirect("ruleset-list")
    status = _status(request)
    return render(request, "scoring/ruleset_form.html", {"form": form}, status=status)


# --------------------------------------------------------------------------- club days


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
    status = _status(request)
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


# --------------------------------------------------------------------------- hanchan page


def _get_hanchan(pk: int) -> Hanchan:
    return get_object_or_404(Hanchan.objects.select_related("clubday__ruleset", "seat0", "seat1", "seat2",
                                                            "seat3"), pk=pk)


def _hanchan_page(request: HttpRequest, hanchan: Hanchan, *, form: HandForm | None = None,
                  errors: list[str] | None = None, fragment: str | None = None,
                  status: int = 200) -> HttpResponse:
    state = selectors.hanchan_state(hanchan=hanchan)
    names = hanchan.player_names()
    if form is None:
        form = HandForm(names=names, initial={"type": "ron", "value": "quick"})
    ctx = {**state, "form": form, "errors": errors or [], "names": names, "palette": _has_palette()}
    template = "scoring/hanchan_detail.html" + (f"#{fragment}" if fragment else "")
    return render(request, template, ctx, status=status)


def _whole_page(request: HttpRequest, hanchan: Hanchan) -> HttpResponse:
    """htmx answer when the hanchan's state changed: the heading (状態 badge), board and forms all
    change, so the whole page body replaces ``#hanchan-page`` whatever the request targeted."""
    response = _hanchan_page(request, hanchan, fragment="page")
    response["HX-Retarget"] = "#hanchan-page"
    response["HX-Reswap"] = "outerHTML show:#hanchan-page:top"
    return response


@readable
def hanchan_detail(request: HttpRequest, pk: int) -> HttpResponse:
    hanchan = _get_hanchan(pk)
    return _hanchan_page(request, hanchan, fragment="live" if request.htmx else None)


@require_POST
@scorekeeper_required
def hand_create(request: HttpRequest, pk: int) -> HttpResponse:
    hanchan = _get_hanchan(pk)
    form = HandForm(request.POST, names=hanchan.player_names(), declared=_declared(hanchan))
    errors: list[str] = []
    if form.is_valid():
        try:
            services.hanchan_record_hand(hanchan=hanchan, event=form.event, by=request.user)
        except ValidationError as exc:
            errors = _errors(exc)
        else:  # htmx: the updated scoreboard with a fresh form; otherwise back to the page
            if not request.htmx:
                return redirect(hanchan)
            hanchan.refresh_from_db()
            return _hanchan_page(request, hanchan, fragment="live")
    if request.htmx:  # keep everything typed on screen: only the error box changes
        response = render(request, "scoring/hanchan_detail.html#hand-errors",
                          {"form": form, "errors": errors}, status=422)
        response["HX-Retarget"] = "#hand-errors"
        response["HX-Reswap"] = "outerHTML show:#hand-errors:top"
        return response
    return _hanchan_page(request, hanchan, form=form, errors=errors, status=422)


@require_POST
@scorekeeper_required
def hand_preview(request: HttpRequest, pk: int) -> HttpResponse:
    """The engine's verdict on a hand typed tile by tile, before it is saved."""
    hanchan = _get_hanchan(pk)
    data = request.POST.copy()
    data["value"] = "tiles"
    before = _int(request.POST.get("hand_order"))
    form = HandForm(data, names=hanchan.player_names(), declared=_declared(hanchan, before))
    verdict, errors = None, []
    if form.is_valid() and "hand" in form.event:
        verdict, errors = _preview(hanchan, form.event, before=before)
    elif not form.is_valid():
        errors = [str(e) for errs in form.errors.values() for e in errs]
    return render(request, "scoring/hanchan_detail.html#preview", {"verdict": verdict, "preview_errors": errors})


def _declared(hanchan: Hanchan, before: int | None = None) -> list[int]:
    """Seats with riichi already recorded in the hand in progress (before hand ``before``)."""
    try:
        return list(selectors.state_before(hanchan=hanchan, before=before)["riichi"])
    except rules.RulesError:
        return []


def _int(text: str | None) -> int | None:
    try:
        return int(text) if text not in (None, "") else None
    except ValueError:
        return None


def _preview(hanchan: Hanchan, event: dict[str, Any], before: int | None) -> tuple[dict | None, list[str]]:
    """Evaluate the hand of ``event`` in the situation of the hand being entered (or edited)."""
    try:
        st = selectors.state_before(hanchan=hanchan, before=before)
    except rules.RulesError as exc:
        return None, [services.engine_message(exc)]
    if st["round"] is None:
        return None, [_("対局は終了しています")]
    doc = {**event["hand"], "ruleset": hanchan.clubday.ruleset.spec(), "tsumo": event["type"] == "tsumo",
           "seat_wind": "ESWN"[(event["winner"] - st["dealer"]) % 4], "round_wind": st["round"][0],
           "honba": st["honba"], "sticks": st["sticks"]}
    try:
        return rules.evaluate(doc), []
    except rules.RulesError as exc:
        return None, [services.engine_message(exc)]


@scorekeeper_required
def hand_update(request: HttpRequest, pk: int) -> HttpResponse:
    hand = get_object_or_404(HandRecord.objects.select_related("hanchan"), pk=pk)
    hanchan = _get_hanchan(hand.hanchan_id)
    names = hanchan.player_names()
    errors: list[str] = []
    if request.method == "POST":
        form = HandForm(request.POST, names=names, declared=_declared(hanchan, hand.order))
        if form.is_valid():
            try:
                services.hanchan_update_hand(hand=hand, event=form.event, by=request.user)
            except ValidationError as exc:
                errors = _errors(exc)
            else:
                messages.success(request, _("#%(n)s を修正しました") % {"n": hand.number})
                return redirect(hanchan)
    else:
        form = HandForm(initial=HandForm.initial_from_event(hand.event), names=names)
    status = _status(request)
    ctx = {"hand": hand, "hanchan": hanchan, "form": form, "errors": errors, "names": names,
           "palette": _has_palette()}
    return render(request, "scoring/hand_form.html", ctx, status=status)


@require_POST
@scorekeeper_required
def hand_delete(request: HttpRequest, pk: int) -> HttpResponse:
    hand = get_object_or_404(HandRecord, pk=pk)
    hanchan = _get_hanchan(hand.hanchan_id)
    state = hanchan.state
    try:
        services.hanchan_delete_hand(hand=hand, by=request.user)
    except ValidationError as exc:
        if request.htmx:
            hanchan.refresh_from_db()
            return _hanchan_page(request, hanchan, fragment="live", errors=_errors(exc), status=422)
        messages.error(request, " ".join(_errors(exc)))
        return redirect(hanchan)
    hanchan.refresh_from_db()
    if request.htmx:
        if hanchan.state != state:  # e.g. deleting the last hand of a finished game reopens it
            return _whole_page(request, hanchan)
        return _hanchan_page(request, hanchan, fragment="live")
    messages.success(request, _("#%(n)s を削除しました") % {"n": hand.number})
    return redirect(hanchan)


@require_POST
@scorekeeper_required
def hanchan_finish(request: HttpRequest, pk: int) -> HttpResponse:
    hanchan = _get_hanchan(pk)
    early = request.POST.get("early") == "1"
    try:
        services.hanchan_finish(hanchan=hanchan, by=request.user, early=early)
    except ValidationError as exc:
        if request.htmx:
            return _hanchan_page(request, hanchan, fragment="live", errors=_errors(exc), status=422)
        messages.error(request, " ".join(_errors(exc)))
        return redirect(hanchan)
    hanchan.refresh_from_db()
    if request.htmx:
        return _whole_page(request, hanchan)
    messages.success(request, _("半荘の結果を確定しました"))
    return redirect(hanchan)


@require_POST
@scorekeeper_required
def hanchan_void(request: HttpRequest, pk: int) -> HttpResponse:
    """無効: the hanchan stays on record (hands kept) but leaves the results and boards."""
    hanchan = _get_hanchan(pk)
    services.hanchan_void(hanchan=hanchan, by=request.user)
    messages.success(request, _("この半荘を無効にしました"))
    return redirect(hanchan.clubday)


@scorekeeper_required
def hanchan_final_scores(request: HttpRequest, pk: int) -> HttpResponse:
    hanchan = _get_hanchan(pk)
    names = hanchan.player_names()
    done = {r.seat: r.score for r in hanchan.results.all()} if hanchan.mode == Hanchan.Mode.FINAL else {}
    initial = {f"score{seat}": score for seat, score in done.items()}
    form = FinalScoresForm(request.POST or None, names=names, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            services.hanchan_record_final_scores(hanchan=hanchan, scores=form.scores(),
                                                 sticks=form.cleaned_data["sticks"], by=request.user)
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, _("最終得点を記録しました"))
            return redirect(hanchan.clubday)
    status = _status(request)
    ctx = {"hanchan": hanchan, "form": form, "names": names, "replacing": bool(done),
           "start": hanchan.clubday.ruleset.engine().start_points}
    return render(request, "scoring/final_scores.html", ctx, status=status)


# --------------------------------------------------------------------------- accounts


@admin_required
def user_create(request: HttpRequest) -> HttpResponse:
    form = UserRoleForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        user = _apply(form, services.user_create, username=d["username"], password=d["password"], role=d["role"])
        if user:
            messages.success(request, _("ユーザー %(u)s を作成しました") % {"u": user.username})
            return redirect("user-create")
    status = _status(request)
    users = get_user_model().objects.order_by("username").prefetch_related("groups")
    return render(request, "scoring/user_form.html", {"form": form, "users": users}, status=status)


def setup(request: HttpRequest) -> HttpResponse:
    """First run: create the first administrator. Only while no user exists, and only from this
    computer or with the token printed by ``manage.py clubstart``."""
    User = get_user_model()
    if User.objects.exists():
        raise Http404(_("初期設定はすでに済んでいます"))
    token = request.POST.get("token") or request.GET.get("token") or ""
    if not (is_local(request) or setup_token_ok(token)):
        return render(request, "scoring/setup.html", {"denied": True}, status=403)
    form = SetupForm(request.POST or None, initial={"token": token})
    if request.method == "POST" and form.is_valid():
        user = services.first_admin_create(username=form.cleaned_data["username"],
                                           password=form.cleaned_data["password1"])
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("管理者 %(u)s を作成しました。まず会員を登録しましょう") % {"u": user.username})
        return redirect("member-list")
    status = _status(request)
    return render(request, "scoring/setup.html", {"form": form}, status=status)

"""Disputes (物言い): flag a recorded hand, discuss it, rule on it.

Reading follows the hanchan pages (who wrote what is shown to logged-in users only); flagging and
commenting need a login; only an officer (admin or 審判) rules.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ..access import is_officer, is_scorekeeper, member_required, officer_required, readable
from ..forms import HandForm
from ..forms.disputes import CommentForm, DisputeForm, RulingForm
from ..models import Dispute, Hanchan
from ..selectors import disputes as dispute_selectors
from ..selectors.history import event_text
from ..services import disputes as dispute_services
from .common import HANCHAN, error_list, form_status, hand_or_404, int_or_none, posted_version


def _dispute(pk: int) -> Dispute:
    return get_object_or_404(Dispute.objects.select_related(*HANCHAN, "hand", "opened_by", "ruled_by"), pk=pk)


@readable
def dispute_list(request: HttpRequest) -> HttpResponse:
    status = "closed" if request.GET.get("status") == "closed" else "open"
    page = dispute_selectors.dispute_list(status=status, page=int_or_none(request.GET.get("page")) or 1)
    return render(request, "scoring/dispute_list.html",
                  {"page": page, "status": status, "counts": dispute_selectors.dispute_counts()})


@member_required
def dispute_create(request: HttpRequest, pk: int) -> HttpResponse:
    hand = hand_or_404(pk)
    if hand.hanchan.mode != Hanchan.Mode.HANDS:
        raise Http404
    form = DisputeForm(request.POST or None)
    errors: list[str] = []
    existing = hand.disputes.filter(status=Dispute.Status.OPEN).first()
    if request.method == "POST" and form.is_valid():
        try:
            dispute = dispute_services.dispute_open(hand=hand, by=request.user, comment=form.cleaned_data["comment"])
        except ValidationError as exc:
            errors = error_list(exc)
        else:
            messages.success(request, _("物言いを登録しました"))
            return redirect("dispute-detail", dispute.pk)
    names = hand.hanchan.player_names()
    ctx = {"hand": hand, "hanchan": hand.hanchan, "form": form, "errors": errors, "existing": existing,
           "event_text": event_text(hand.event, names), "settled": dispute_selectors.settled_hand(hand=hand)}
    return render(request, "scoring/dispute_form.html", ctx, status=form_status(request))


@readable
def dispute_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return _detail_page(request, _dispute(pk))


def _detail_page(request: HttpRequest, dispute: Dispute, *, comment_form: CommentForm | None = None,
                 ruling_form: RulingForm | None = None, hand_form: HandForm | None = None,
                 errors: list[str] | None = None, status: int = 200) -> HttpResponse:
    hanchan = dispute.hanchan
    names = hanchan.player_names()
    ctx = {"dispute": dispute, "hanchan": hanchan, "errors": errors or [],
           "comments": dispute.comments.select_related("author"), "comment_form": comment_form or CommentForm(),
           **dispute_selectors.dispute_hand(dispute=dispute)}
    ctx["event_text"] = event_text(ctx["event"], names)
    if dispute.status == Dispute.Status.AMENDED:  # the hand before and after the ruling
        ctx.update(before_text=event_text(dispute.event_before, names),
                   after_text=event_text(dispute.event_after, names))
    if is_officer(request.user) and dispute.status == Dispute.Status.OPEN:
        ctx["ruling_form"] = ruling_form or RulingForm()
        if dispute.hand is not None:  # the amendment: the hand form as hand entry builds it (no replay)
            ctx["form"] = hand_form or HandForm.for_hanchan(hanchan, before=dispute.hand.order,
                                                       initial=HandForm.initial_from_event(dispute.hand.event))
            ctx["red_fives"] = ctx["form"].ruleset.red_fives
            ctx["can_preview"] = is_scorekeeper(request.user)
    return render(request, "scoring/dispute_detail.html", ctx, status=status)


@require_POST
@member_required
def dispute_comment(request: HttpRequest, pk: int) -> HttpResponse:
    dispute = _dispute(pk)
    form = CommentForm(request.POST)
    ok = form.is_valid()
    if ok:
        dispute_services.dispute_comment_add(dispute=dispute, by=request.user, text=form.cleaned_data["text"])
        if not request.htmx:
            return redirect("dispute-detail", dispute.pk)
    elif not request.htmx:
        return _detail_page(request, dispute, comment_form=form, status=422)
    return render(request, "scoring/dispute_detail.html#discussion",
                  {"dispute": dispute, "comments": dispute.comments.select_related("author"),
                   "comment_form": CommentForm() if ok else form}, status=200 if ok else 422)


@require_POST
@officer_required
def dispute_rule(request: HttpRequest, pk: int) -> HttpResponse:
    """Uphold, or amend the hand (re-settling the hanchan). A stale form is refused with everything
    typed kept."""
    dispute = _dispute(pk)
    hanchan = dispute.hanchan
    ruling = RulingForm(request.POST)
    hand_form = HandForm.for_hanchan(hanchan, request.POST, before=dispute.hand.order) if dispute.hand else None
    errors: list[str] = []
    event = None
    if ruling.is_valid():
        decision = ruling.cleaned_data["decision"]
        if decision == Dispute.Status.AMENDED and hand_form is not None and hand_form.is_valid():
            event = hand_form.event
        if decision == Dispute.Status.UPHELD or event is not None:
            try:
                dispute_services.dispute_rule(dispute=dispute, by=request.user, decision=decision,
                                              reason=ruling.cleaned_data["reason"], event=event,
                                              version=posted_version(request))
            except ValidationError as exc:
                errors = error_list(exc)
            else:
                messages.success(request, _("裁定しました") if decision == Dispute.Status.UPHELD
                                 else _("裁定しました。#%(n)s を訂正し、半荘を再計算しました") % {"n": dispute.hand.number})
                return redirect("dispute-detail", dispute.pk)
        elif hand_form is None:
            errors = [_("この局は削除されているため訂正できません。「記録どおり」で裁定してください")]
    if hand_form is not None and ruling.cleaned_data.get("decision") != Dispute.Status.AMENDED:
        hand_form.errors.clear()  # the hand's fields only matter for an amendment
    hanchan.refresh_from_db(fields=["version"])
    return _detail_page(request, dispute, ruling_form=ruling, hand_form=hand_form, errors=errors, status=422)

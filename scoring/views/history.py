"""Change history pages (django-simple-history rows) and restoring a deleted hand."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ..access import admin_required, is_admin, readable
from ..models import Hanchan
from ..selectors.history import object_history
from ..services.history import deleted_hand_row, hand_restore
from .common import error_list, posted_version


@readable
def history(request: HttpRequest, kind: str, pk: int) -> HttpResponse:
    """Who changed what and when, before → after. Who made a change is shown to logged-in users only,
    a member's login only to admins."""
    admin = is_admin(request.user)
    try:
        ctx = object_history(kind=kind, pk=pk, admin=admin, show_users=request.user.is_authenticated)
    except LookupError:
        raise Http404 from None
    hanchan_id = ctx["hanchan_id"]
    hanchan = Hanchan.objects.select_related("clubday").filter(pk=hanchan_id).first() if hanchan_id else None
    ctx.update(hanchan=hanchan, can_restore=admin and hanchan is not None and hanchan.mode == Hanchan.Mode.HANDS)
    return render(request, "scoring/history.html", ctx)


@require_POST
@admin_required
def hand_restore_view(request: HttpRequest, pk: int) -> HttpResponse:
    """Restore deleted hand ``pk`` at its old position."""
    row = deleted_hand_row(hand_id=pk)
    if row is None:
        messages.error(request, _("この局は削除されていないか、すでに復元されています"))
        return redirect("history", "hand", pk)
    try:
        hand = hand_restore(hand_id=pk, by=request.user, version=posted_version(request, "action"))
    except ValidationError as exc:
        messages.error(request, " ".join(error_list(exc)))
        return redirect("history", "hanchan", row.hanchan_id)
    messages.success(request, _("#%(n)s を復元しました") % {"n": hand.number})
    return redirect("hanchan-detail", row.hanchan_id)

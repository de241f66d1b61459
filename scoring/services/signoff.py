"""確認 (sign-off): each of the four players confirms a finished hanchan's result with a tap.

A confirmation is of ``Hanchan.version``: any later write bumps it, and older confirmations no longer
count. Confirming does not bump it (the four taps do not undo each other)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ..access import may_confirm
from ..models import Confirmation, Hanchan, Member
from .common import User, actor


@transaction.atomic
def hanchan_confirm(*, hanchan: Hanchan, member: Member, by: User, version: int) -> Confirmation:
    """``member`` confirms the result shown at ``version``; a double tap changes nothing."""
    if not may_confirm(by, member):
        raise PermissionDenied(_("自分の結果だけ確認できます"))
    locked = Hanchan.objects.select_for_update().get(pk=hanchan.pk)
    if locked.state != Hanchan.State.FINISHED:
        raise ValidationError(_("終了した半荘だけ確認できます"), code="not_finished")
    if member.pk not in locked.member_ids:
        raise ValidationError(_("%(name)s さんはこの半荘の対局者ではありません") % {"name": member.name},
                              code="not_a_player")
    if version != locked.version:
        raise ValidationError(_("結果が変わったため再確認が必要です。最新の結果を確かめてから、もう一度「確認しました」を押してください"),
                              code="stale")
    stored = Confirmation.objects.filter(hanchan=locked, member=member).first()
    if stored is None:
        return Confirmation.objects.create(hanchan=locked, member=member, version=locked.version, by=actor(by))
    if stored.version != locked.version:
        stored.version, stored.by, stored.at = locked.version, actor(by), timezone.now()
        stored.save(update_fields=["version", "by", "at"])
    return stored

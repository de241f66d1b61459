"""Disputes (物言い): a member flags a recorded hand, members discuss, an officer rules.

An amendment goes through ``hanchan_update_hand`` (same lock, version check and replay as an edit),
so the hanchan is re-settled in the ruling's transaction.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from simple_history.utils import update_change_reason

from .. import generations
from ..models import Dispute, DisputeComment, HandRecord
from ..shared import DISPUTE_REASON
from .common import User, actor
from .hanchan import _lock, hanchan_update_hand


def _text(text: str, what: str) -> str:
    text = (text or "").strip()
    if not text:
        raise ValidationError(_("%(what)sを入力してください") % {"what": what}, code="required")
    return text


@transaction.atomic
def dispute_open(*, hand: HandRecord, by: User, comment: str) -> Dispute:
    """Flag ``hand``; one open dispute per hand (the discussion goes on in the open one)."""
    text = _text(comment, _("物言いの内容"))
    hanchan = _lock(hand.hanchan_id, None)  # serialise with writes to the hanchan (the hand's number)
    hand = hanchan.hands.filter(pk=hand.pk).first()
    if hand is None:
        raise ValidationError(_("この局は削除されています"), code="gone")
    if hand.disputes.filter(status=Dispute.Status.OPEN).exists():
        raise ValidationError(_("この局にはすでに審議中の物言いがあります。そちらにコメントしてください"),
                              code="already_open")
    generations.new_generation(generations.hanchan(hanchan.pk))  # its page marks the hand 審議中
    return Dispute.objects.create(hanchan=hanchan, hand=hand, hand_number=hand.number, opened_by=actor(by),
                                  comment=text)


@transaction.atomic
def dispute_comment_add(*, dispute: Dispute, by: User, text: str) -> DisputeComment:
    """A comment in the discussion (also after the ruling)."""
    return DisputeComment.objects.create(dispute=dispute, author=actor(by), text=_text(text, _("コメント")))


@transaction.atomic
def dispute_rule(*, dispute: Dispute, by: User, decision: str, reason: str,
                 event: dict[str, Any] | None = None, version: int | None = None) -> Dispute:
    """Rule on an open dispute: ``"upheld"`` as recorded, or ``"amended"`` (``event`` replaces the hand)."""
    text = _text(reason, _("裁定の理由"))
    hanchan = _lock(dispute.hanchan_id, version)
    dispute = Dispute.objects.select_for_update().get(pk=dispute.pk)
    if dispute.status != Dispute.Status.OPEN:
        raise ValidationError(_("この物言いはすでに裁定されています"), code="ruled")
    hand = hanchan.hands.filter(pk=dispute.hand_id).first() if dispute.hand_id else None
    if decision == Dispute.Status.UPHELD:
        dispute.event_before = hand.event if hand else None
    elif decision == Dispute.Status.AMENDED:
        if hand is None:
            raise ValidationError(_("この局は削除されているため訂正できません。「記録どおり」で裁定してください"),
                                  code="gone")
        if not event:
            raise ValidationError(_("訂正後の局の内容を入力してください"), code="required")
        dispute.event_before = hand.event
        hand = hanchan_update_hand(hand=hand, event=event, by=by, version=version)
        update_change_reason(hand, f"{DISPUTE_REASON}{dispute.pk}")  # the hand's history names the ruling
        dispute.event_after = event
    else:
        raise ValidationError(_("「記録どおり」か「訂正」を選んでください"), code="decision")
    dispute.status, dispute.reason = decision, text
    dispute.ruled_by, dispute.ruled_at = actor(by), timezone.now()
    dispute.save()
    generations.new_generation(generations.hanchan(hanchan.pk))  # its page no longer marks the hand
    return dispute

"""Restoring a deleted hand from the change history."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from ..models import HandRecord
from ..shared import RESTORED
from .common import User, actor
from .hanchan import _bump, _hands, _lock, _require_hands_mode, _store, replay


def deleted_hand_row(*, hand_id: int):
    """The history row of the deletion of hand ``hand_id``, or ``None`` unless it is deleted now."""
    row = HandRecord.history.filter(id=hand_id).order_by("-history_date", "-history_id").first()
    if row is None or row.history_type != "-" or HandRecord.objects.filter(pk=hand_id).exists():
        return None
    return row


@transaction.atomic
def hand_restore(*, hand_id: int, by: User, version: int | None = None) -> HandRecord:
    """Put a deleted hand back at its old position (later hands move down one) and re-settle. Refused
    when the game no longer replays with it. The hand keeps its id, so its history reads on."""
    row = deleted_hand_row(hand_id=hand_id)
    if row is not None:
        hanchan = _lock(row.hanchan_id, version, "action")
    if row is None or deleted_hand_row(hand_id=hand_id) is None:  # re-read inside the lock
        raise ValidationError(_("この局は削除されていないか、すでに復元されています"), code="not_deleted")
    _require_hands_mode(hanchan)
    hands = _hands(hanchan)
    position = min(row.order, len(hands))
    events = [h.event for h in hands]
    events.insert(position, row.event)
    try:
        out = replay(hanchan, events)
    except ValidationError as exc:
        raise ValidationError(
            _("この局を #%(n)s に戻すと対局が成り立ちません(何も変更していません): %(why)s")
            % {"n": position + 1, "why": " ".join(exc.messages)}, code="does_not_fit") from None
    for h in reversed(hands[position:]):  # from the last one down, so (hanchan, order) stays unique
        h.order += 1
        HandRecord.objects.filter(pk=h.pk).update(order=h.order)
    hand = HandRecord(pk=hand_id, hanchan=hanchan, order=position, event=row.event, entered_by=actor(by))
    hand._change_reason = RESTORED
    hand._history_user = actor(by)
    hand.save(force_insert=True)
    hands.insert(position, hand)
    _store(hanchan, hands, out)
    _bump(hanchan, "state")
    return hand

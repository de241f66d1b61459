"""確認 (sign-off) reads: who confirmed a hanchan's current result, and a club day's games not yet
confirmed by all four."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db.models import Count, F, Q

from ..access import may_confirm
from ..models import ClubDay, Confirmation, Hanchan


def sign_off_on() -> bool:
    return settings.SIGN_OFF


def hanchan_signoff(*, hanchan: Hanchan, user=None) -> dict[str, Any]:
    """The four players in seat order, each ``confirmed`` at the current version or ``outdated``
    (confirmed an older result), and whether ``user`` may confirm for them now."""
    stored = {c.member_id: c for c in Confirmation.objects.filter(hanchan=hanchan).select_related("by")}
    players = []
    for seat, member in enumerate(hanchan.members):
        c = stored.get(member.pk)
        confirmed = c is not None and c.version == hanchan.version
        players.append({"seat": seat, "member": member, "confirmation": c, "confirmed": confirmed,
                        "outdated": c is not None and not confirmed,
                        "may_tap": not confirmed and may_confirm(user, member)})
    count = sum(p["confirmed"] for p in players)
    return {"players": players, "count": count, "all": count == 4,
            "outdated_any": any(p["outdated"] for p in players)}


def unconfirmed_hanchan(*, clubday: ClubDay) -> list[Hanchan]:
    """The club day's finished hanchan with fewer than four confirmations of the current result."""
    return list(clubday.hanchans.filter(state=Hanchan.State.FINISHED)
                .annotate(confirmed=Count("confirmations", filter=Q(confirmations__version=F("version"))))
                .filter(confirmed__lt=4).select_related("seat0", "seat1", "seat2", "seat3")
                .order_by("number", "table"))

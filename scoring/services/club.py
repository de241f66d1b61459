"""Members, rule sets, club days and new hanchan."""

from __future__ import annotations

import datetime
from typing import Any, Sequence

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _


from ..models import ClubDay, Hanchan, Member, RuleSet


@transaction.atomic
def member_create(*, name: str, kana: str, number: int, active: bool = True) -> Member:
    member = Member(name=name.strip(), kana=kana, number=number, active=active)
    member.full_clean()
    member.save()
    return member


@transaction.atomic
def member_update(*, member: Member, **fields: Any) -> Member:
    allowed = {"name", "kana", "number", "active"}
    unknown = set(fields) - allowed
    if unknown:
        raise TypeError(f"unknown member field(s): {', '.join(sorted(unknown))}")
    for key, value in fields.items():
        setattr(member, key, value)
    member.full_clean()
    member.save()
    return member


@transaction.atomic
def ruleset_create(*, name: str, preset: str, options: dict[str, Any] | None = None) -> RuleSet:
    rs = RuleSet(name=name, preset=preset, options=options or {})
    rs.full_clean()
    rs.save()
    return rs


@transaction.atomic
def clubday_create(*, date: datetime.date, venue: str, ruleset: RuleSet) -> ClubDay:
    day = ClubDay(date=date, venue=venue.strip(), ruleset=ruleset)
    day.full_clean()
    day.save()
    return day


@transaction.atomic
def hanchan_create(*, clubday: ClubDay, table: int, players: Sequence[Member],
                   mode: str = Hanchan.Mode.HANDS) -> Hanchan:
    """A new hanchan; ``players`` by seat from 起家. Its number is the next one at that table."""
    if len(players) != 4:
        raise ValidationError(_("4人を選んでください"))
    if len({p.pk for p in players}) != 4:
        names = [p.name for p in players]
        twice = next(n for n in names if names.count(n) > 1)
        raise ValidationError(_("同じ人が2回選ばれています: %(name)s") % {"name": twice})
    last = clubday.hanchans.filter(table=table).aggregate(n=Max("number"))["n"] or 0
    hanchan = Hanchan(clubday=clubday, table=table, number=last + 1, mode=mode,
                      seat0=players[0], seat1=players[1], seat2=players[2], seat3=players[3])
    hanchan.full_clean()
    hanchan.save()
    return hanchan

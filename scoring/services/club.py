"""Members and their logins, rule sets, club days and new hanchan."""

from __future__ import annotations

import datetime
from typing import Any, Sequence

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max, Q
from django.utils.translation import gettext as _

from .. import generations
from ..models import ClubDay, Hanchan, Member, RuleSet
from ..selectors.members import next_member_number
from ..selectors.rulesets import hanchan_under_ruleset
from .common import User
from .hanchan import hanchan_resettle


def member_number_taken(number: int, holder: Member) -> str:
    """The message for a 会員番号 in use, naming the next free one."""
    return _("会員番号 %(number)s は %(name)s さんが使っています(空いている番号: %(free)s)") % {
        "number": number, "name": holder.name, "free": next_member_number()}


def _save_member(member: Member) -> Member:
    holder = Member.objects.filter(number=member.number).exclude(pk=member.pk).first()
    if holder is not None:
        raise ValidationError({"number": member_number_taken(member.number, holder)})
    member.full_clean()
    member.save()
    return member


@transaction.atomic
def member_create(*, name: str, kana: str, number: int, active: bool = True) -> Member:
    return _save_member(Member(name=name.strip(), kana=kana, number=number, active=active))


@transaction.atomic
def member_update(*, member: Member, **fields: Any) -> Member:
    unknown = set(fields) - {"name", "kana", "number", "active"}
    if unknown:
        raise TypeError(f"unknown member field(s): {', '.join(sorted(unknown))}")
    before = Member.objects.select_for_update().get(pk=member.pk)
    for key, value in fields.items():
        setattr(member, key, value)
    _save_member(member)
    generations.new_generation(generations.NAMES, generations.BOARDS)  # every page names members
    if (before.name, before.number) != (member.name, member.number):
        # each hand's stored description names the players (a number is added to names that clash)
        seated = Q(seat0=member) | Q(seat1=member) | Q(seat2=member) | Q(seat3=member)
        for hanchan in Hanchan.objects.filter(seated, mode=Hanchan.Mode.HANDS).only("pk"):
            hanchan_resettle(hanchan=hanchan)
    return member


@transaction.atomic
def member_link_user(*, member: Member, user: User | None) -> Member:
    """Make ``user`` the login of ``member`` (「自分の成績」), taking it off any other member (one
    member per login)."""
    member = Member.objects.select_for_update().get(pk=member.pk)
    if user is not None:
        for other in Member.objects.select_for_update().filter(user=user).exclude(pk=member.pk):
            other.user = None
            other.save(update_fields=["user"])
    member.user = user
    member.save(update_fields=["user"])
    return member


def _save_ruleset(rs: RuleSet) -> RuleSet:
    if RuleSet.objects.filter(name=rs.name).exclude(pk=rs.pk).exists():
        raise ValidationError({"name": _("ルール名「%(name)s」はもう使われています。別の名前にしてください")
                               % {"name": rs.name}})
    rs.full_clean()
    rs.save()
    generations.new_generation(generations.NAMES, generations.BOARDS)  # the boards' filters list rule sets
    return rs


@transaction.atomic
def ruleset_create(*, name: str, preset: str, options: dict[str, Any] | None = None) -> RuleSet:
    """A rule set: a preset plus the options that differ from it."""
    return _save_ruleset(RuleSet(name=name.strip(), preset=preset, options=options or {}))


@transaction.atomic
def ruleset_update(*, ruleset: RuleSet, name: str, preset: str, options: dict[str, Any] | None = None) -> RuleSet:
    """Change a rule set no hanchan is played under: stored results are a cache of the replay under it,
    so a change would silently disagree with them (copy it as a new one instead)."""
    rs = RuleSet.objects.select_for_update().get(pk=ruleset.pk)
    used = hanchan_under_ruleset(ruleset=rs).count()
    if used:
        raise ValidationError(
            _("このルールは %(n)s 半荘で使われているため変更できません。「コピーして新しいルールを作る」を使ってください")
            % {"n": used}, code="in_use")
    rs.name, rs.preset, rs.options = name.strip(), preset, options or {}
    return _save_ruleset(rs)


@transaction.atomic
def clubday_create(*, date: datetime.date, venue: str, ruleset: RuleSet, kind: str = ClubDay.Kind.CLUB,
                   name: str = "", rounds: int | None = None, swiss: bool = False,
                   final_table: bool = False) -> ClubDay:
    """A 例会, or a 大会 (``kind``) with its settings."""
    return clubday_save(ClubDay(date=date, venue=venue.strip(), ruleset=ruleset), kind=kind, name=name,
                        rounds=rounds, swiss=swiss, final_table=final_table)


def clubday_save(day: ClubDay, *, kind: str, name: str, rounds: int | None, swiss: bool,
                 final_table: bool) -> ClubDay:
    """Save ``day`` with its 大会 settings: a 例会 keeps none; a 大会 needs a name and 回戦数."""
    if kind != ClubDay.Kind.TOURNAMENT:
        kind, name, rounds, swiss, final_table = ClubDay.Kind.CLUB, "", None, False, False
    else:
        errors = {}
        if not (name or "").strip():
            errors["name"] = _("大会名を入力してください")
        if not rounds:
            errors["rounds"] = _("大会の回戦数を入力してください(1〜20)")
        if errors:
            raise ValidationError(errors)
    day.kind, day.name, day.rounds, day.swiss, day.final_table = kind, name.strip(), rounds, swiss, final_table
    day.full_clean()
    day.save()
    # the boards and their filters read club days, even one asked for by this id before it existed
    generations.new_generation(generations.NAMES, generations.BOARDS)
    return day


@transaction.atomic
def hanchan_create(*, clubday: ClubDay, table: int, players: Sequence[Member],
                   mode: str = Hanchan.Mode.HANDS, number: int | None = None,
                   ruleset: RuleSet | None = None) -> Hanchan:
    """A new hanchan; ``players`` by seat from 起家, ``number`` (回戦) by default the table's next."""
    if len(players) != 4:
        raise ValidationError(_("4人を選んでください"))
    if len({p.pk for p in players}) != 4:
        twice = next(p.name for p in players if players.count(p) > 1)  # models are equal by pk, not by name
        raise ValidationError(_("同じ人が2回選ばれています: %(name)s") % {"name": twice})
    clubday = ClubDay.objects.select_for_update().get(pk=clubday.pk)  # one new hanchan of a day at a time
    last = clubday.hanchans.filter(table=table).aggregate(n=Max("number"))["n"] or 0
    if number is None:
        number = last + 1
    else:
        taken = clubday.hanchans.filter(table=table, number=number).select_related(
            "seat0", "seat1", "seat2", "seat3").first()
        if taken is not None:
            raise ValidationError({"number": _("%(table)s卓の%(number)s回戦はもうあります(%(names)s)。空いている回戦は %(free)s です")
                                   % {"table": table, "number": number, "free": last + 1,
                                      "names": "・".join(m.name for m in taken.members)}})
    if ruleset is not None and ruleset.pk == clubday.ruleset_id:
        ruleset = None  # the day's own: nothing to store, it follows the day
    hanchan = Hanchan(clubday=clubday, table=table, number=number, mode=mode, ruleset=ruleset,
                      seat0=players[0], seat1=players[1], seat2=players[2], seat3=players[3])
    hanchan.full_clean()
    hanchan.save()
    return hanchan

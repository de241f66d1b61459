"""The evening of a club day: check-in (出欠) and the table draw of each 回戦.

Every write locks the club day first. A draw form carries the token of the draw it was built from
(``selectors.evening.draw_state``): a second tap or another phone's form is refused instead of drawing twice."""

from __future__ import annotations

import secrets
import unicodedata
from contextlib import suppress

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from .. import generations
from ..models import Attendance, ClubDay, Draw, Member
from ..seating import draw_round
from ..selectors import evening as sel
from ..selectors.members import next_member_number
from ..selectors.tournament import tournament_order
from ..shared import name_in_kana
from .club import hanchan_create

GUEST_KANA = "げすと"  # the reading of a guest whose name is not in kana: guests sort together under げ
SEED_MAX = 999_999  # a drawn seed has at most six digits (read aloud, typed again to reproduce)
SEED_LIMIT = 2_147_483_647  # a typed one may be anything the column holds


def _lock(clubday: ClubDay) -> ClubDay:
    return ClubDay.objects.select_for_update().get(pk=clubday.pk)


# --------------------------------------------------------------------------- 出欠


@transaction.atomic
def attendance_check_in(*, clubday: ClubDay, member: Member) -> Attendance:
    """Check a member in: arriving after 回戦 k was drawn, they play from k + 1; one who had left plays to the end."""
    day = _lock(clubday)
    found = Attendance.objects.filter(clubday=day, member=member).first()
    if found is not None:
        if found.last_round is not None:
            found.last_round = None
            found.save(update_fields=["last_round"])
        return found
    return Attendance.objects.create(clubday=day, member=member, first_round=sel.last_round(clubday=day) + 1)


@transaction.atomic
def attendance_undo(*, clubday: ClubDay, member: Member) -> Attendance | None:
    """Take back a check-in; once a draw includes them they leave instead (the drawn 回戦 stay)."""
    day = _lock(clubday)
    found = Attendance.objects.filter(clubday=day, member=member).first()
    return None if found is None else _out(day, found)


@transaction.atomic
def attendance_leave(*, clubday: ClubDay, member: Member) -> Attendance | None:
    """帰る: their last 回戦 is the last one drawn if it has started; a drawn one not started yet they
    leave before (the draw page says to draw it again)."""
    day = _lock(clubday)
    found = Attendance.objects.filter(clubday=day, member=member).first()
    if found is None:
        raise ValidationError(_("%(name)s さんは出席になっていません") % {"name": member.name}, code="absent")
    return _out(day, found)


def _out(day: ClubDay, found: Attendance) -> Attendance | None:
    """Deleted while no draw includes the member (the history keeps it), else leaving."""
    if found.member_id not in sel.drawn_members(clubday=day):
        found.delete()
        return None
    last = sel.last_round(clubday=day)
    if last and not sel.round_started(clubday=day, number=last):
        last -= 1
    found.last_round = max(last, found.first_round - 1)
    found.save(update_fields=["last_round"])
    return found


# 戻った (undo 帰る) is checking in again: the member plays to the end
attendance_return = attendance_check_in


def _new_guest(name: str) -> Member:
    """A guest member with the next free 会員番号. On PostgreSQL a concurrent check-in of another day
    may take that number: then the next one is tried."""
    for _attempt in range(5):
        guest = Member(name=name, kana=name_in_kana(name) or GUEST_KANA, number=next_member_number(), guest=True)
        guest.full_clean(validate_unique=False)  # the number is checked by the insert itself
        with suppress(IntegrityError), transaction.atomic():  # a savepoint: a clash undoes only this insert
            guest.save()
            return guest
    raise ValidationError(_("会員番号を決められませんでした。もう一度押してください"), code="busy")


@transaction.atomic
def guest_check_in(*, clubday: ClubDay, name: str) -> Attendance:
    """Check a visitor in as a guest member; a guest of that name from an earlier day is reused, not made twice."""
    name = " ".join(name.split())
    if not name:
        raise ValidationError({"name": _("ゲストの名前を入力してください")}, code="required")
    if any(unicodedata.category(c) in ("Cc", "Cs", "Cn") for c in name):
        raise ValidationError({"name": _("名前に使えない文字があります")}, code="invalid")
    if len(name) > Member._meta.get_field("name").max_length:
        raise ValidationError({"name": _("名前が長すぎます")}, code="max_length")
    day = _lock(clubday)
    here = Attendance.objects.filter(clubday=day, member__guest=True, member__name=name).first()
    if here is not None:
        return here
    guest = Member.objects.filter(guest=True, name=name).order_by("-pk").first()
    if guest is None:
        guest = _new_guest(name)
    elif not guest.active:
        guest.active = True
        guest.save(update_fields=["active"])
        generations.new_generation(generations.BOARDS)  # back on the boards, which leave out members who left
    return attendance_check_in(clubday=day, member=guest)


# --------------------------------------------------------------------------- 組み合わせ


def stale_draw_error() -> ValidationError:
    return ValidationError(_("組み合わせは他の操作でもう変わっています。表示し直した組み合わせを確かめてください"),
                           code="stale")


def started_error(number: int) -> ValidationError:
    return ValidationError(
        _("%(n)s回戦はもう始まっています(記録がある卓があります)。組み直しや入れ替えはできません") % {"n": number},
        code="started")


def parse_seed(text: str) -> int | None:
    """A typed seed (blank: draw a new one)."""
    text = text.strip()
    if not text:
        return None
    if not text.isdecimal() or int(text) > SEED_LIMIT:
        raise ValidationError({"seed": _("シードは0から%(max)sまでの整数で入力してください") % {"max": SEED_LIMIT}},
                              code="seed")
    return int(text)


def _swiss_order(day: ClubDay, number: int, players: list[int]) -> list[int] | None:
    """For a スイス式 大会 from 回戦 2: the players best first (those without a finished game last, by 会員番号)."""
    if day.kind != ClubDay.Kind.TOURNAMENT or not day.swiss or number < 2:
        return None
    ranked = [pk for pk in tournament_order(day, after_round=number - 1) if pk in players]
    numbers = dict(Member.objects.filter(pk__in=players).values_list("pk", "number"))
    return ranked + sorted(set(players) - set(ranked), key=numbers.__getitem__)


@transaction.atomic
def draw_create(*, clubday: ClubDay, number: int, state: str, seed: int | None = None) -> Draw:
    """Draw 回戦 ``number``, or draw it again (replacing its hanchan) until it starts. A new 回戦 follows the
    last one only once that has started, so a tap too many does not draw two 回戦 ahead."""
    day = _lock(clubday)
    if sel.draw_state(clubday=day, number=number) != state:
        raise stale_draw_error()
    draw = day.draws.filter(number=number).first()
    if draw is None:
        last = sel.last_round(clubday=day)
        if number != last + 1:
            if day.hanchans.filter(number=number).exists():
                raise ValidationError(_("%(n)s回戦の半荘はもう手で作られています。組み合わせは%(next)s回戦から作れます")
                                      % {"n": number, "next": last + 1}, code="exists")
            raise ValidationError(_("次に組めるのは%(next)s回戦です") % {"next": last + 1}, code="order")
        if last and not sel.round_started(clubday=day, number=last):
            raise ValidationError(_("%(n)s回戦がまだ始まっていません。%(next)s回戦は、%(n)s回戦の記録が始まってから組めます")
                                  % {"n": last, "next": number}, code="not_started")
    elif sel.round_started(clubday=day, number=number):
        raise started_error(number)
    players = [a.member_id for a in day.attendance.all() if a.plays(number)]
    if len(players) < 4:
        raise ValidationError(_("%(n)s回戦に参加する人が4人未満です(%(count)s人)。出欠を確かめてください")
                              % {"n": number, "count": len(players)}, code="too_few")
    if seed is None:
        seed = secrets.randbelow(SEED_MAX + 1)
    try:
        drawn = draw_round(sorted(players), previous=sel.previous_rounds(clubday=day, before=number), seed=seed,
                           season_pairs=sel.season_pairs(clubday=day, players=players),
                           standings=_swiss_order(day, number, players))
    except ValueError as exc:  # seating.SeatingError: e.g. a hanchan entered by hand seats someone twice
        raise ValidationError(_("組み合わせを作れませんでした(%(reason)s)") % {"reason": exc}, code="seating") from exc
    for old in day.hanchans.filter(number=number):
        generations.new_generation(generations.hanchan(old.pk))
        old.delete()
    members = Member.objects.in_bulk(players)
    for table, seats in enumerate(drawn.tables, start=1):
        hanchan_create(clubday=day, table=table, number=number, players=[members[p] for p in seats])
    if draw is None:
        draw = Draw(clubday=day, number=number)
    draw.seed, draw.out = seed, list(drawn.out)
    draw.save()
    return draw


@transaction.atomic
def draw_swap(*, clubday: ClubDay, number: int, state: str, first: str, second: str) -> Draw:
    """Swap two places of a drawn 回戦 before it starts: ``"<table>-<seat>"`` or ``"out:<member pk>"``."""
    day = _lock(clubday)
    if sel.draw_state(clubday=day, number=number) != state:
        raise stale_draw_error()
    draw = day.draws.filter(number=number).first()
    if draw is None:
        raise stale_draw_error()
    if sel.round_started(clubday=day, number=number):
        raise started_error(number)
    if first == second:
        raise ValidationError(_("入れ替える2人を別々に選んでください"), code="same")
    tables = {h.table: h for h in day.hanchans.filter(number=number).select_for_update()}
    out = list(draw.out)

    def place(text: str) -> tuple[int | str, int]:
        """The list a place is in (a table's or ``"out"``) and its index there."""
        kind, _sep, rest = text.partition(":")
        if kind == "out" and rest.isdecimal() and int(rest) in out:
            return "out", out.index(int(rest))
        table, _sep, seat = text.partition("-")
        if table.isdecimal() and seat.isdecimal() and int(table) in tables and int(seat) < 4:
            return int(table), int(seat)
        raise stale_draw_error()

    (a, i), (b, j) = place(first), place(second)
    if a == b == "out":
        raise ValidationError(_("抜け番どうしは入れ替えられません"), code="both_out")
    seats = {"out": out} | {table: h.member_ids for table, h in tables.items()}
    seats[a][i], seats[b][j] = seats[b][j], seats[a][i]
    for table in dict.fromkeys(k for k in (a, b) if k != "out"):
        h = tables[table]
        h.seat0_id, h.seat1_id, h.seat2_id, h.seat3_id = seats[table]
        h.full_clean()
        h.version += 1
        h.save(update_fields=["seat0", "seat1", "seat2", "seat3", "version"])
        generations.new_generation(generations.hanchan(h.pk), generations.seating(h.pk))
    if out != draw.out:
        draw.out = out
        draw.save(update_fields=["out"])
    return draw

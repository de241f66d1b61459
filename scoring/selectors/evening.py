"""The evening of a club day: who is here (出欠), the table draw of each 回戦 and the room display.

A 回戦's tables are the day's hanchan with that ``number``; a ``Draw`` row says it was drawn (seed,
sit-outs). Hanchan entered by hand count as a round too (without sit-outs)."""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations, groupby
from operator import attrgetter, itemgetter
from typing import Any

from django.db.models import Max, Q
from django.utils.translation import gettext as _

import rules

from ..models import Attendance, ClubDay, Draw, Hanchan, HandRecord, Member
from ..seating import Round
from .hanchan import SEAT_WINDS, stored_events

SEATS = ("seat0", "seat1", "seat2", "seat3")
SEAT_IDS = tuple(f"{s}_id" for s in SEATS)


def last_round(*, clubday: ClubDay) -> int:
    """The last 回戦 of the day that exists (drawn, or a hanchan entered by hand); 0 before any."""
    drawn = clubday.draws.aggregate(n=Max("number"))["n"] or 0
    played = clubday.hanchans.aggregate(n=Max("number"))["n"] or 0
    return max(drawn, played)


def round_started(*, clubday: ClubDay, number: int) -> bool:
    return number in _started_numbers(clubday)


def draw_state(*, clubday: ClubDay, number: int) -> str:
    """A token of the 回戦's draw as stored: a write from a form built on another is refused (double tap, two phones)."""
    draw = clubday.draws.filter(number=number).first()
    if draw is None:
        return "new"
    parts = [str(draw.pk), str(draw.seed), ",".join(map(str, draw.out))]
    for h in clubday.hanchans.filter(number=number).order_by("table").values_list("pk", "table", *SEAT_IDS):
        parts.append(":".join(map(str, h)))
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:16]


def previous_rounds(*, clubday: ClubDay, before: int) -> list[Round]:
    """The day's 回戦 before ``before`` for the draw (hanchan entered by hand count, void ones do not)."""
    outs = {d.number: tuple(d.out) for d in clubday.draws.filter(number__lt=before)}
    rows = (clubday.hanchans.filter(number__lt=before).exclude(state=Hanchan.State.VOID)
            .order_by("number", "table").values_list("number", *SEAT_IDS))
    tables = {n: tuple(row[1:] for row in group) for n, group in groupby(rows, key=itemgetter(0))}
    return [Round(tables=tables.get(n, ()), out=outs.get(n, ())) for n in sorted(set(outs) | set(tables))]


def season_pairs(*, clubday: ClubDay, players: list[int]) -> dict[tuple[int, int], int]:
    """How often two of ``players`` sat at one table on the year's other club days: ``{(low pk, high pk): n}``."""
    wanted = set(players)
    counts: Counter[tuple[int, int]] = Counter()
    rows = (Hanchan.objects.filter(clubday__date__year=clubday.date.year).exclude(clubday=clubday)
            .exclude(state=Hanchan.State.VOID)
            .filter(Q(seat0__in=wanted) | Q(seat1__in=wanted) | Q(seat2__in=wanted) | Q(seat3__in=wanted))
            .values_list(*SEAT_IDS))
    for seats in rows:
        counts.update(combinations(sorted(p for p in seats if p in wanted), 2))
    return dict(counts)


def drawn_members(*, clubday: ClubDay) -> set[int]:
    """Everyone a stored draw of the day seats or sits out."""
    draws = list(clubday.draws.all())
    found = {p for d in draws for p in d.out}
    for seats in clubday.hanchans.filter(number__in=[d.number for d in draws]).values_list(*SEAT_IDS):
        found.update(seats)
    return found


# --------------------------------------------------------------------------- pages


@dataclass
class AttendanceRow:
    member: Member
    attendance: Attendance | None
    outs: int = 0  # times sat out today

    @property
    def here(self) -> bool:
        return self.attendance is not None and self.attendance.last_round is None

    @property
    def left(self) -> bool:
        return self.attendance is not None and self.attendance.last_round is not None


def attendance_rows(*, clubday: ClubDay) -> list[AttendanceRow]:
    """Every active member (guests only when here today), 五十音 order, with today's attendance."""
    present = {a.member_id: a for a in clubday.attendance.select_related("member")}
    members = Member.objects.filter(Q(active=True, guest=False) | Q(pk__in=present)).order_by("kana", "number")
    outs = Counter(p for d in clubday.draws.all() for p in d.out)
    return [AttendanceRow(member=m, attendance=present.get(m.pk), outs=outs[m.pk]) for m in members]


def players_of_round(*, clubday: ClubDay, number: int) -> list[Attendance]:
    return [a for a in clubday.attendance.select_related("member").order_by("member__kana") if a.plays(number)]


@dataclass
class RoundView:
    number: int
    draw: Draw | None
    hanchans: list[Hanchan]
    out: list[Member] = field(default_factory=list)
    started: bool = False
    state: str = "new"
    # who is seated or sits out but does not play this 回戦 by the attendance (left, arrived later),
    # and who plays it but is in neither: the draw should be made again
    misfits: list[Member] = field(default_factory=list)
    missing: list[Member] = field(default_factory=list)

    @property
    def tables(self) -> list[dict[str, Any]]:
        """The tables with their players as (seat wind at the start, member, place key)."""
        return [{"hanchan": h, "seats": [(SEAT_WINDS[i], m, f"{h.table}-{i}") for i, m in enumerate(h.members)]}
                for h in self.hanchans]

    @property
    def people(self) -> list[tuple[Member, str, str]]:
        """The swap form's choices: everyone in the round, with the key of their place and where they are."""
        rows = [(m, f"{h.table}-{i}", _("%(t)s卓 %(w)s") % {"t": h.table, "w": SEAT_WINDS[i]})
                for h in self.hanchans for i, m in enumerate(h.members)]
        return rows + [(m, f"out:{m.pk}", _("抜け番")) for m in self.out]


def rounds_of_day(*, clubday: ClubDay) -> list[RoundView]:
    """Every 回戦 of the day, newest first."""
    draws = {d.number: d for d in clubday.draws.all()}
    hanchans = clubday.hanchans.select_related(*SEATS).order_by("number", "table")
    by_number = {n: list(group) for n, group in groupby(hanchans, key=attrgetter("number"))}
    attendance = list(clubday.attendance.select_related("member"))
    names = Member.objects.in_bulk({p for d in draws.values() for p in d.out})
    started = _started_numbers(clubday)
    views = []
    for number in sorted(set(draws) | set(by_number), reverse=True):
        draw = draws.get(number)
        hanchans = by_number.get(number, [])
        out = [names[p] for p in (draw.out if draw else []) if p in names]
        view = RoundView(number=number, draw=draw, hanchans=hanchans, out=out, started=number in started,
                         state=draw_state(clubday=clubday, number=number))
        if draw is not None and not view.started:
            inside = {m.pk: m for h in hanchans for m in h.members} | {m.pk: m for m in out}
            plays = {a.member_id: a.member for a in attendance if a.plays(number)}
            view.misfits = [m for pk, m in inside.items() if pk not in plays]
            view.missing = sorted((m for pk, m in plays.items() if pk not in inside), key=lambda m: m.kana)
        views.append(view)
    return views


def _started_numbers(clubday: ClubDay) -> set[int]:
    """The 回戦 with something recorded at a table: a hand, a paper sheet, or a table finished or void."""
    recorded = ~Q(state=Hanchan.State.IN_PLAY) | Q(hands__isnull=False) | Q(sheets__isnull=False)
    return set(clubday.hanchans.filter(recorded).values_list("number", flat=True))


def display_tables(*, clubday: ClubDay, number: int) -> list[dict[str, Any]]:
    """The 回戦's tables for the room display, each player with seat wind and current score."""
    hanchans = list(clubday.hanchans.filter(number=number).with_players().prefetch_related("results")
                    .order_by("table"))
    # in order: each hanchan's last hand is the one left in the dict
    last_hands = {hand.hanchan_id: hand
                  for hand in HandRecord.objects.filter(hanchan__in=hanchans).order_by("hanchan", "order")}
    tables = []
    for h in hanchans:
        start = h.ruleset_in_force.engine().start_points
        hand = last_hands.get(h.pk)
        results = {r.seat: r.score for r in h.results.all()} if h.state == Hanchan.State.FINISHED else {}
        if len(results) == 4:
            scores = [results[i] for i in range(4)]
        elif hand is not None and len(hand.scores_after) == 4:
            scores = list(hand.scores_after)
        else:
            scores = [start] * 4
        label, dealer = _now_playing(h) if hand is not None and h.state == Hanchan.State.IN_PLAY else (None, None)
        tables.append({"hanchan": h, "hand": hand, "hands": hand.number if hand else 0, "label": label,
                       "players": [{"member": m, "seat": i, "wind": SEAT_WINDS[i], "score": s, "diff": s - start,
                                    "dealer": i == dealer}
                                   for i, (m, s) in enumerate(zip(h.members, scores))]})
    return tables


def _now_playing(hanchan: Hanchan) -> tuple[dict[str, str] | None, int | None]:
    """The label of the hand being played and the dealer's seat (None for a record that does not replay)."""
    if hanchan.mode != Hanchan.Mode.HANDS:
        return None, None
    try:
        state = rules.play(hanchan.game_doc(stored_events(hanchan.pk)))["state"]
    except rules.RulesError:
        return None, None
    return state.get("label"), state.get("dealer")

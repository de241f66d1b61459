"""The evening's writes: check-in (late arrivals, early leavers, guests, undo), the table draw of a
回戦 (tables, sit-outs rotating, draw again, refused once started, swaps) and double submits."""

from __future__ import annotations

import datetime
from collections import Counter

import pytest
from django.core.exceptions import ValidationError

from scoring import services
from scoring.models import Attendance, Draw, Hanchan, Member
from scoring.selectors import evening as sel


@pytest.fixture
def club(db):
    """Fourteen members (会員番号 1–14)."""
    names = ["青木", "石井", "上田", "江藤", "大野", "加藤", "木村", "工藤", "小林", "斎藤", "清水", "杉山", "関", "高橋"]
    kana = ["あおき", "いしい", "うえだ", "えとう", "おおの", "かとう", "きむら", "くどう", "こばやし", "さいとう",
            "しみず", "すぎやま", "せき", "たかはし"]
    return [services.member_create(name=n, kana=k, number=i + 1) for i, (n, k) in enumerate(zip(names, kana))]


@pytest.fixture
def day(ariari):
    return services.clubday_create(date=datetime.date(2026, 11, 20), venue="公民館", ruleset=ariari)


def check_in(day, members):
    for m in members:
        services.attendance_check_in(clubday=day, member=m)


def draw(day, number, seed=None):
    return services.draw_create(clubday=day, number=number, state=sel.draw_state(clubday=day, number=number), seed=seed)


def start(day, number, table=1):
    """Something recorded at a table of the 回戦: it has started."""
    services.hanchan_record_hand(hanchan=day.hanchans.get(number=number, table=table),
                                 event={"type": "draw", "tenpai": [0]}, by=None)


def seated(day, number):
    return [m for h in day.hanchans.filter(number=number) for m in h.member_ids]


def test_a_draw_makes_one_hanchan_per_table_in_seat_order(day, club):
    check_in(day, club[:13])
    d = draw(day, 1, seed=42)
    tables = list(day.hanchans.filter(number=1).order_by("table"))
    assert [h.table for h in tables] == [1, 2, 3]
    assert len(d.out) == 1 and d.seed == 42
    everyone = seated(day, 1) + d.out
    assert sorted(everyone) == sorted(m.pk for m in club[:13])
    assert all(h.state == Hanchan.State.IN_PLAY and h.clubday_id == day.pk for h in tables)


def test_the_seed_is_random_when_not_typed_and_reproduces_a_draw(day, club):
    check_in(day, club[:13])
    first = draw(day, 1)
    assert 0 <= first.seed <= services.evening.SEED_MAX
    seats = [h.member_ids for h in day.hanchans.filter(number=1).order_by("table")]
    draw(day, 1, seed=first.seed + 1)
    again = draw(day, 1, seed=first.seed)
    assert [h.member_ids for h in day.hanchans.filter(number=1).order_by("table")] == seats
    assert Draw.objects.filter(clubday=day).count() == 1 and again.seed == first.seed


def test_an_evening_late_arrival_early_leaver_and_sit_outs_rotating(day, club):
    check_in(day, club[:13])
    draw(day, 1)
    late = services.attendance_check_in(clubday=day, member=club[13])
    assert late.first_round == 2  # arrived after 回戦1 was drawn
    assert club[13].pk not in seated(day, 1)
    start(day, 1)
    draw(day, 2)
    services.hanchan_record_final_scores(hanchan=day.hanchans.get(number=2, table=1), scores=[40000, 30000, 20000, 10000],
                                         sticks=0, by=None)
    leaver = services.attendance_leave(clubday=day, member=club[0])
    assert leaver.last_round == 2  # 回戦2 has started: it is their last
    draw(day, 3)
    assert club[0].pk not in seated(day, 3) + day.draws.get(number=3).out
    start(day, 3)
    draw(day, 4)
    outs = [p for d in day.draws.order_by("number") for p in d.out]
    assert len(outs) == 1 + 2 + 1 + 1
    assert max(Counter(outs).values()) == 1  # nobody twice before everyone once
    assert club[13].pk in {p for n in (2, 3, 4) for p in seated(day, n) + day.draws.get(number=n).out}


def test_leaving_before_a_drawn_round_starts_asks_for_a_new_draw(day, club):
    check_in(day, club[:8])
    draw(day, 1)
    gone = services.attendance_leave(clubday=day, member=club[0])
    assert gone.last_round == 0  # 回戦1 not started: they leave before it
    view = sel.rounds_of_day(clubday=day)[0]
    assert [m.pk for m in view.misfits] == [club[0].pk]
    services.attendance_return(clubday=day, member=club[0])
    assert Attendance.objects.get(clubday=day, member=club[0]).last_round is None


def test_undo_deletes_a_check_in_before_any_draw_and_sets_last_round_after(day, club):
    check_in(day, club[:5])
    assert services.attendance_undo(clubday=day, member=club[4]) is None
    assert not Attendance.objects.filter(clubday=day, member=club[4]).exists()
    assert Attendance.history.filter(member_id=club[4].pk, history_type="-").exists()
    check_in(day, club[4:5])
    draw(day, 1)
    services.hanchan_record_final_scores(hanchan=day.hanchans.get(number=1, table=1), scores=[40000, 30000, 20000, 10000],
                                         sticks=0, by=None)
    kept = services.attendance_undo(clubday=day, member=club[4])
    assert kept is not None and kept.last_round == 1


def test_checking_in_twice_is_one_attendance(day, club):
    a = services.attendance_check_in(clubday=day, member=club[0])
    b = services.attendance_check_in(clubday=day, member=club[0])
    assert a.pk == b.pk and Attendance.objects.filter(clubday=day).count() == 1


def test_a_guest_in_one_step(day, club):
    a = services.guest_check_in(clubday=day, name="  ヤマモト  ")
    guest = a.member
    assert guest.guest and guest.number == 15 and guest.kana == "やまもと" and guest.name == "ヤマモト"
    assert a.clubday_id == day.pk
    again = services.guest_check_in(clubday=day, name="ヤマモト")  # a double tap
    assert again.pk == a.pk and Member.objects.filter(guest=True).count() == 1
    kanji = services.guest_check_in(clubday=day, name="John Smith")
    assert kanji.member.kana == services.evening.GUEST_KANA and kanji.member.number == 16
    for bad in ("   ", "a\x00b", "\ud800", "x" * 51):
        with pytest.raises(ValidationError):
            services.guest_check_in(clubday=day, name=bad)


def test_a_guest_from_an_earlier_day_is_checked_in_again_not_made_twice(day, club, ariari):
    first = services.guest_check_in(clubday=day, name="ゲスト一郎").member
    later = services.clubday_create(date=datetime.date(2026, 11, 27), venue="", ruleset=ariari)
    assert services.guest_check_in(clubday=later, name="ゲスト一郎").member.pk == first.pk


def test_a_draw_again_is_refused_once_a_hand_is_recorded(day, club):
    check_in(day, club[:8])
    draw(day, 1)
    services.hanchan_record_hand(hanchan=day.hanchans.get(number=1, table=2), event={"type": "draw", "tenpai": [0]}, by=None)
    with pytest.raises(ValidationError) as exc:
        draw(day, 1)
    assert exc.value.code == "started"
    assert "もう始まっています" in exc.value.messages[0]


def test_a_double_submit_draws_once(day, club):
    check_in(day, club[:8])
    services.draw_create(clubday=day, number=1, state="new")
    with pytest.raises(ValidationError) as exc:
        services.draw_create(clubday=day, number=1, state="new")
    assert exc.value.code == "stale"
    state = sel.draw_state(clubday=day, number=1)
    services.draw_create(clubday=day, number=1, state=state)
    with pytest.raises(ValidationError):
        services.draw_create(clubday=day, number=1, state=state)  # the same redraw tapped twice
    assert day.hanchans.count() == 2 and Draw.objects.count() == 1


def test_rounds_are_drawn_in_order(day, club):
    check_in(day, club[:8])
    with pytest.raises(ValidationError) as exc:
        services.draw_create(clubday=day, number=2, state="new")
    assert exc.value.code == "order"


def test_the_next_round_waits_until_the_last_one_has_started(day, club):
    check_in(day, club[:8])
    draw(day, 1)
    with pytest.raises(ValidationError) as exc:
        draw(day, 2)
    assert exc.value.code == "not_started" and "1回戦がまだ始まっていません" in exc.value.messages[0]
    start(day, 1, table=2)
    assert draw(day, 2).number == 2


def test_too_few_players(day, club):
    check_in(day, club[:3])
    with pytest.raises(ValidationError) as exc:
        draw(day, 1)
    assert exc.value.code == "too_few"


def test_swap_two_tables_and_a_sit_out(day, club):
    check_in(day, club[:9])
    d = draw(day, 1)
    h1, h2 = day.hanchans.filter(number=1).order_by("table")
    a, b, sitting = h1.seat2_id, h2.seat0_id, d.out[0]
    version = h1.version
    services.draw_swap(clubday=day, number=1, state=sel.draw_state(clubday=day, number=1), first="1-2", second="2-0")
    h1.refresh_from_db(), h2.refresh_from_db()
    assert (h1.seat2_id, h2.seat0_id) == (b, a) and h1.version == version + 1
    services.draw_swap(clubday=day, number=1, state=sel.draw_state(clubday=day, number=1), first=f"out:{sitting}",
                       second="1-0")
    h1.refresh_from_db()
    d.refresh_from_db()
    assert h1.seat0_id == sitting and len(d.out) == 1 and d.out[0] != sitting
    with pytest.raises(ValidationError) as exc:  # a form from before the swap
        services.draw_swap(clubday=day, number=1, state="new", first="1-0", second="2-0")
    assert exc.value.code == "stale"


@pytest.mark.parametrize("first, second", [("1-²", "2-0"), ("²-0", "2-0"), ("1-0", "out:²"), ("1-0", "1-٣٣")])
def test_swap_of_a_place_written_with_other_digits_is_refused_as_stale(day, club, first, second):
    """"²" passes ``str.isdigit()`` but not ``int()`` (it was a 500); "٣" is a digit to both (seat 33: none)."""
    check_in(day, club[:9])
    draw(day, 1)
    with pytest.raises(ValidationError) as exc:
        services.draw_swap(clubday=day, number=1, state=sel.draw_state(clubday=day, number=1), first=first,
                           second=second)
    assert exc.value.code == "stale"


@pytest.mark.parametrize("seed", ["²", "1²", "-1", "1.5"])
def test_a_seed_that_is_not_a_whole_number_is_refused(seed):
    with pytest.raises(ValidationError, match="シードは0から"):
        services.evening.parse_seed(seed)


def test_swap_refused_once_started(day, club):
    check_in(day, club[:8])
    draw(day, 1)
    services.hanchan_record_hand(hanchan=day.hanchans.get(number=1, table=1), event={"type": "draw", "tenpai": [0]}, by=None)
    with pytest.raises(ValidationError) as exc:
        services.draw_swap(clubday=day, number=1, state=sel.draw_state(clubday=day, number=1), first="1-0", second="2-0")
    assert exc.value.code == "started"


def test_previous_rounds_include_hanchan_entered_by_hand(day, club):
    services.hanchan_create(clubday=day, table=1, players=club[:4], number=1)
    start(day, 1)
    check_in(day, club[:8])
    rounds = sel.previous_rounds(clubday=day, before=2)
    assert rounds[0].tables == (tuple(m.pk for m in club[:4]),) and rounds[0].out == ()
    draw(day, 2)
    assert day.draws.get().number == 2


def test_season_pairs_count_other_days_of_the_year(day, club, ariari):
    other = services.clubday_create(date=datetime.date(2026, 3, 1), venue="", ruleset=ariari)
    services.hanchan_create(clubday=other, table=1, players=club[:4])
    old = services.clubday_create(date=datetime.date(2025, 3, 1), venue="", ruleset=ariari)
    services.hanchan_create(clubday=old, table=1, players=club[:4])
    pairs = sel.season_pairs(clubday=day, players=[m.pk for m in club[:3]])
    assert pairs == {(club[0].pk, club[1].pk): 1, (club[0].pk, club[2].pk): 1, (club[1].pk, club[2].pk): 1}


def test_a_refusal_of_the_draw_algorithm_is_a_validation_error(day, club, monkeypatch):
    check_in(day, club[:8])

    def refuse(players, **kwargs):
        raise ValueError("previous round 1: duplicate ids [3]")

    monkeypatch.setattr(services.evening, "draw_round", refuse)
    with pytest.raises(ValidationError) as exc:
        draw(day, 1)
    assert exc.value.code == "seating" and "duplicate ids" in exc.value.messages[0]
    assert not day.hanchans.exists()


def test_a_guest_number_taken_at_the_same_moment_is_not_an_error(day, club, monkeypatch):
    # another check-in took the next number between reading the highest and inserting: the insert
    # clashes and the next free number is used
    real = Member.objects.aggregate
    reads = []

    def stale_once(*args, **kwargs):
        found = real(*args, **kwargs)
        reads.append(found["n"])
        return {"n": found["n"] - 1} if len(reads) == 1 else found

    monkeypatch.setattr(Member.objects, "aggregate", stale_once)
    here = services.guest_check_in(clubday=day, name="田中ゲスト")
    assert len(reads) == 2
    assert here.member.number == reads[1] + 1
    assert Member.objects.filter(number=here.member.number).count() == 1



def test_a_guest_number_that_keeps_clashing_is_refused_with_nothing_saved(day, club, monkeypatch):
    # every read of the highest number is one behind (other check-ins keep taking it): after five
    # tries the tap is refused with a message, and no member or attendance is left half made
    real = Member.objects.aggregate
    monkeypatch.setattr(Member.objects, "aggregate", lambda *a, **k: {"n": real(*a, **k)["n"] - 1})
    members = Member.objects.count()
    with pytest.raises(ValidationError) as exc:
        services.guest_check_in(clubday=day, name="田中ゲスト")
    assert exc.value.code == "busy" and "もう一度押してください" in exc.value.messages[0]
    assert Member.objects.count() == members and not Attendance.objects.filter(member__name="田中ゲスト").exists()

def test_a_swiss_tournament_seats_the_leaders_together_from_the_second_round(club, ariari):
    day = services.clubday_create(date=datetime.date(2026, 11, 21), venue="", ruleset=ariari,
                                  kind="tournament", name="秋の大会", rounds=3, swiss=True)
    check_in(day, club[:8])
    draw(day, 1, seed=5)
    for h in day.hanchans.filter(number=1):  # seat 0 wins big, seat 3 loses: two leaders per table
        services.hanchan_record_final_scores(hanchan=h, scores=[50000, 30000, 15000, 5000], sticks=0, by=None)
    leaders = {h.seat0_id for h in day.hanchans.filter(number=1)} | {h.seat1_id for h in day.hanchans.filter(number=1)}
    draw(day, 2, seed=5)
    assert set(day.hanchans.get(number=2, table=1).member_ids) == leaders


def test_a_tournament_without_the_swiss_option_is_drawn_for_fewest_repeats(club, ariari):
    day = services.clubday_create(date=datetime.date(2026, 11, 21), venue="", ruleset=ariari,
                                  kind="tournament", name="秋の大会", rounds=3, swiss=False)
    check_in(day, club[:8])
    draw(day, 1, seed=5)
    for h in day.hanchans.filter(number=1):
        services.hanchan_record_final_scores(hanchan=h, scores=[50000, 30000, 15000, 5000], sticks=0, by=None)
    leaders = {h.seat0_id for h in day.hanchans.filter(number=1)} | {h.seat1_id for h in day.hanchans.filter(number=1)}
    draw(day, 2, seed=5)
    tables = [set(h.member_ids) for h in day.hanchans.filter(number=2)]
    assert leaders not in tables  # each new table mixes players of both first-round tables
    assert all(len(t & set(day.hanchans.get(number=1, table=1).member_ids)) == 2 for t in tables)

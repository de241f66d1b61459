"""``manage.py seedhistory``: a legal, seeded synthetic history written as the services write it."""

import io
import itertools

import pytest
from django.core.management import CommandError, call_command

from scoring import services
from scoring.models import ClubDay, Hanchan, HanchanResult, HandRecord, Member

pytestmark = pytest.mark.django_db


def seed(*args):
    out = io.StringIO()
    call_command("seedhistory", "--members", "24", *args, stdout=out)
    return out.getvalue()


def snapshot():
    results = list(HanchanResult.objects.order_by("hanchan__clubday__date", "hanchan__table", "hanchan__number", "seat")
                   .values_list("hanchan__clubday__date", "hanchan__table", "hanchan__number", "seat", "member__number",
                                "score", "rank", "uma", "net", "recorded", "hands", "wins", "deal_ins", "riichis",
                                "win_points", "yakuman", "chombo"))
    hands = list(HandRecord.objects.order_by("hanchan__clubday__date", "hanchan__table", "hanchan__number", "order")
                 .values_list("hanchan__clubday__date", "hanchan__table", "hanchan__number", "order", "event", "deltas",
                              "scores_after", "label", "description"))
    versions = list(Hanchan.objects.order_by("clubday__date", "table", "number")
                    .values_list("version", "state", "mode", "closed_early"))
    return results, hands, versions


def history_rows():
    return [HandRecord.history.count(), Hanchan.history.count(), HanchanResult.history.count()]


def test_it_builds_weekly_club_days_with_hands_and_paper_sheets(ariari):
    out = seed("--years", "0.1", "--every", "2")
    days = list(ClubDay.objects.order_by("date").values_list("date", flat=True))
    assert len(days) == 5 and all((b - a).days == 7 for a, b in itertools.pairwise(days))
    assert all(d.weekday() == 6 for d in days)  # Sundays
    assert "2/5 club days" in out and "seedhistory: 5 club days" in out
    assert Member.objects.count() == 24
    finished = Hanchan.objects.filter(state="finished")
    assert finished.count() == Hanchan.objects.count() > 5 * 4 * 5 * 0.5
    assert finished.filter(mode="hands").count() > finished.filter(mode="final").count() > 0
    assert HanchanResult.objects.filter(recorded=True).exists()
    for day in ClubDay.objects.all():  # every table has 5 or 6 hanchan
        per_table = {}
        for t in day.hanchans.values_list("table", flat=True):
            per_table[t] = per_table.get(t, 0) + 1
        assert set(per_table.values()) <= {5, 6}


def test_every_stored_cache_equals_the_replay_of_its_input(ariari):
    seed("--years", "0.05")
    assert Hanchan.objects.exists()
    for pk in Hanchan.objects.values_list("pk", flat=True):
        assert services.hanchan_resettle(hanchan=Hanchan(pk=pk)) == []


def test_the_fast_path_writes_what_recording_hand_by_hand_writes(ariari):
    seed("--years", "0.05", "--seed", "7")
    fast, fast_history = snapshot(), history_rows()
    ClubDay.objects.all().delete()
    Member.objects.all().delete()
    before = history_rows()
    seed("--years", "0.05", "--seed", "7", "--via-hands")
    assert snapshot() == fast
    assert [a - b for a, b in zip(history_rows(), before)] == fast_history  # the same history rows too
    assert len(fast[1]) > 100


def test_the_same_seed_gives_the_same_history_and_another_seed_another(ariari):
    seed("--years", "0.05", "--seed", "3")
    first = snapshot()[0]
    ClubDay.objects.all().delete()
    Member.objects.all().delete()
    seed("--years", "0.05", "--seed", "4")
    assert snapshot()[0] != first


def test_it_refuses_a_club_that_already_has_hanchan(hanchan):
    with pytest.raises(CommandError, match="already has hanchan"):
        seed("--years", "0.05")

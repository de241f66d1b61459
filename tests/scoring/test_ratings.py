"""Ratings are recomputed from the changed date on whenever a result changes; the rollup columns are
kept equal to the replay (also by resettle)."""

from __future__ import annotations

import pytest
from boards_history import DAY1, build_history
from django.db import transaction

from scoring import services
from scoring.models import HanchanResult
from scoring.services import ratings
from scoring.shared import display_rating

pytestmark = pytest.mark.django_db


def stored(hanchan):
    return {r.member.name: (r.rating_mu, r.rating_sigma) for r in hanchan.results.select_related("member")}


def test_every_finished_result_gets_a_rating_and_a_new_member_starts_at_1500(history):
    assert not HanchanResult.objects.filter(hanchan__state="finished", rating_mu__isnull=True).exists()
    assert display_rating(25.0, 25 / 3) == 1500
    assert display_rating(None, None) is None


def test_recomputing_all_of_history_changes_nothing(history):
    assert services.ratings_update(since=None) == 0


def test_a_void_hanchan_loses_its_ratings_and_later_ones_change(history, scorekeeper,
                                                                 django_capture_on_commit_callbacks):
    h1, h3 = history["hanchan"][0], history["hanchan"][2]
    before = stored(h3)
    with django_capture_on_commit_callbacks(execute=True):
        services.hanchan_void(hanchan=h1, by=scorekeeper)
    assert set(stored(h1).values()) == {(None, None)}
    assert stored(h3) != before
    with django_capture_on_commit_callbacks(execute=True):
        services.hanchan_unvoid(hanchan=h1, by=scorekeeper)
    assert stored(h3) == before


def test_new_final_scores_recompute_the_ratings_of_later_days(history, scorekeeper,
                                                              django_capture_on_commit_callbacks):
    h1, h3 = history["hanchan"][0], history["hanchan"][2]
    before = stored(h3)
    with django_capture_on_commit_callbacks(execute=True):
        services.hanchan_record_final_scores(hanchan=h1, scores=[17400, 25000, 25000, 32600], sticks=0,
                                             by=scorekeeper)
    assert stored(h3) != before
    assert services.ratings_update(since=None) == 0  # the same as recomputing everything


def test_ratings_are_not_part_of_the_results_history(history):
    h3 = history["hanchan"][2]
    row = h3.results.first()
    assert row.history.count() == 1  # created once; rating writes made no history rows


def test_many_writes_in_one_transaction_recompute_once_from_the_earliest_date(
        members, ariari, scorekeeper, django_capture_on_commit_callbacks, monkeypatch):
    runs = []
    real = ratings.ratings_update
    monkeypatch.setattr("scoring.services.boards.ratings_update", lambda since: runs.append(since) or real(since=since))
    with django_capture_on_commit_callbacks(execute=True):
        with transaction.atomic():
            build_history(members, ariari, scorekeeper)
    assert runs == [DAY1]  # one recomputation, from the first club day, for every result written
    assert not HanchanResult.objects.filter(hanchan__state="finished", rating_mu__isnull=True).exists()


def test_resettle_corrects_the_hand_figures(history):
    h2 = history["hanchan"][1]
    HanchanResult.objects.filter(hanchan=h2).update(wins=7, recorded=False)
    fixes = services.hanchan_resettle(hanchan=h2)
    assert fixes and "修正" in fixes[-1]
    assert sorted(h2.results.values_list("wins", flat=True)) == [0, 0, 0, 1]
    assert services.hanchan_resettle(hanchan=h2) == []

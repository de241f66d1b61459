"""The boards' rollup (``services.rollup``): kept equal to a rebuild from the results by every write
of the services, the boards read from it agree with the boards summed over the results, and the
boards' query counts do not grow with members or hanchan."""

from __future__ import annotations

import datetime
from collections import Counter, defaultdict

import pytest
from boards_history import DAY1, DAY2, build_history

import rules
from scoring import services
from scoring.models import BoardRollup, ClubDay, Member, RuleSet
from scoring.selectors.member_stats import member_page
from scoring.selectors.ranking import (finished_results, rollup_period, standings, standings_from_results,
                                      standings_top)
from scoring.selectors.whatif import whatif_nets, whatif_standings
from scoring.services.rollup import rollup_rebuild

pytestmark = pytest.mark.django_db

FIELDS = ("member_id", "ruleset_id", "year", "month", "day", *BoardRollup.SUMS, "best", "last", "rating_mu",
          "rating_sigma", "best_wins", "opponents")
FIGURES = ("member_id", "rank", "net", "real_net", "games", "avg_rank", "first", "fourth", "tobi_rate", "avg_score",
           "best_score", "rating", "hand_games", "win_rate", "deal_in_rate", "riichi_rate", "avg_win", "yakuman",
           "chombo")


@pytest.fixture
def run_on_commit(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        yield


@pytest.fixture
def history(members, ariari, scorekeeper, run_on_commit):
    return build_history(members, ariari, scorekeeper)


def snapshot() -> list[tuple]:
    return sorted(tuple(str(r[f]) for f in FIELDS) for r in BoardRollup.objects.values(*FIELDS))


def assert_rollup_is_current() -> None:
    kept = snapshot()
    rollup_rebuild()
    assert kept == snapshot()


def figures(rows: list[dict]) -> list[dict]:
    return [{k: r[k] for k in FIGURES} for r in rows]


def test_the_rollup_has_a_row_per_member_rule_set_and_period(history, ariari):
    yamada, split = history["hanchan"][0].seat0, history["split"]
    rows = {(r.ruleset_id, r.year, r.month, r.day): r.games for r in BoardRollup.objects.filter(member=yamada)}
    assert rows == {(ariari.pk, 2026, 10, 1): 1, (ariari.pk, 2026, 10, 0): 1, (ariari.pk, 2026, 0, 0): 1,
                    (ariari.pk, 0, 0, 0): 1, (split.pk, 2026, 11, 1): 1, (split.pk, 2026, 11, 0): 1,
                    (split.pk, 2026, 0, 0): 1, (split.pk, 0, 0, 0): 1}  # not the void H4 of day 2
    tops = BoardRollup.objects.get(member=yamada, ruleset=split, year=0)
    assert (tops.first, tops.t12, tops.net, tops.uma) == (1, 1, 13000, 8000)


def test_every_write_of_the_services_keeps_the_rollup_equal_to_a_rebuild(history, members, scorekeeper):
    assert_rollup_is_current()
    h2, h3, h4, h5 = history["hanchan"][1:]
    services.hanchan_unvoid(hanchan=h4, by=scorekeeper)  # back on the boards
    assert_rollup_is_current()
    assert standings(start=DAY2, end=DAY2)[0]["member_name"] == "田中"
    services.hanchan_void(hanchan=h3, by=scorekeeper)
    assert_rollup_is_current()
    services.hanchan_record_hand(hanchan=h5, event={"type": "ron", "winner": 0, "loser": 2, "han": 3, "fu": 30},
                                 by=scorekeeper)
    services.hanchan_finish(hanchan=h5, by=scorekeeper)
    assert_rollup_is_current()
    hand = h2.hands.get()
    services.hanchan_update_hand(hand=hand, event={"type": "ron", "winner": 3, "loser": 1, "han": 2, "fu": 30},
                                 by=scorekeeper)  # the game goes on: off the boards
    assert_rollup_is_current()
    assert by_name(standings())["伊藤"]["games"] == 1


def by_name(rows):
    return {r["member_name"]: r for r in rows}


PERIODS = [
    {}, {"start": DAY1, "end": DAY1}, {"start": DAY2, "end": DAY2}, {"start": datetime.date(2026, 1, 1)},
    {"end": datetime.date(2026, 10, 31)}, {"start": datetime.date(2026, 10, 1), "end": datetime.date(2026, 10, 31)},
    {"start": datetime.date(2026, 1, 1), "end": datetime.date(2026, 12, 31)},
    {"start": datetime.date(2025, 12, 30), "end": datetime.date(2027, 1, 2)},
    {"start": datetime.date(2026, 10, 2), "end": datetime.date(2026, 11, 1)}, {"include_inactive": True},
    {"min_games": 3},
]
WHATIF = [{"uma": (10000, 5000, -5000, -10000), "return_points": 30000},
          {"uma": None, "return_points": 30000}, {"uma": (30000, 10000, -10000, -30000), "return_points": None}]


@pytest.mark.parametrize("period", PERIODS)
def test_standings_from_the_rollup_equal_the_standings_summed_over_results(history, period):
    expected = figures(standings_from_results(**period))
    assert figures(standings(**period)) == expected
    if not period:
        assert expected  # the comparison is not of two empty boards


@pytest.mark.parametrize("whatif", WHATIF)
@pytest.mark.parametrize("period", PERIODS)
def test_a_whatif_board_from_the_rollup_equals_its_nets_summed_over_results(history, period, whatif):
    real = {r["member_id"]: (r["net"], r["rank"], r["games"]) for r in standings(**period)}
    rows = whatif_standings(**period, **whatif)
    assert {r["member_id"]: (r["real_net"], r["real_rank"], r["games"]) for r in rows} == real
    assert all(r["delta"] == r["net"] - r["real_net"] for r in rows)
    summed = whatif_summed(finished_results(**{k: v for k, v in period.items() if k in ("start", "end")}), **whatif)
    assert {r["member_id"]: r["net"] for r in rows} == {pk: summed[pk] for pk in real}


@pytest.mark.parametrize("whatif", WHATIF)
def test_a_whatif_board_of_a_club_day_equals_its_nets_summed_over_results(history, whatif):
    for day in ClubDay.objects.all():
        assert whatif_nets(clubday=day, **whatif) == whatif_summed(finished_results(clubday=day), **whatif)


def whatif_summed(results, *, uma, return_points) -> dict[int, int]:
    """Each result's what-if net written out and summed per member: raw score − 返し, the 順位点 of
    the places it ties for shared, and the top's share of the オカ (rounded toward zero)."""
    engines = {rs.pk: rs.engine() for rs in RuleSet.objects.all()}
    results = list(results.select_related("hanchan__clubday"))
    tied = Counter((r.hanchan_id, r.rank) for r in results)
    summed = defaultdict(int)
    for r in results:
        engine = engines[r.hanchan.ruleset_id or r.hanchan.clubday.ruleset_id]
        returned = engine.return_points if return_points is None else return_points
        k = tied[r.hanchan_id, r.rank]
        place_points = r.uma if uma is None else sum(uma[r.rank - 1:r.rank - 1 + k]) // k
        oka = int(rules.oka(engine, returned) / k) if r.rank == 1 else 0
        summed[r.member_id] += r.score - returned + place_points + oka
    return dict(summed)


def test_a_rule_set_filter_reads_that_rule_sets_rows(history):
    split = history["split"]
    assert figures(standings(ruleset=split)) == figures(standings_from_results(ruleset=split))
    assert {r["member_name"] for r in standings(ruleset=split)} == {"山田", "佐藤", "鈴木", "伊藤"}


def test_an_inactive_member_leaves_the_board_but_not_the_rollup(history, members):
    services.member_update(member=members[0], active=False)
    assert "山田" not in by_name(standings())
    assert "山田" in by_name(standings(include_inactive=True))


@pytest.mark.parametrize(("start", "end", "rows"), [
    (None, None, {(0, 0, 0)}),
    (datetime.date(2026, 1, 1), datetime.date(2026, 12, 31), {(2026, 0, 0)}),
    (datetime.date(2026, 10, 1), datetime.date(2026, 10, 31), {(2026, 10, 0)}),
    (datetime.date(2026, 10, 1), datetime.date(2026, 11, 30), {(2026, 10, 0), (2026, 11, 0)}),
    (datetime.date(2026, 9, 30), datetime.date(2026, 11, 1), {(2026, 9, 30), (2026, 10, 0), (2026, 11, 1)}),
    (datetime.date(2025, 12, 31), datetime.date(2027, 1, 1), {(2025, 12, 31), (2026, 0, 0), (2027, 1, 1)}),
    (datetime.date(2026, 11, 1), datetime.date(2026, 11, 2), {(2026, 11, 1), (2026, 11, 2)}),
    (datetime.date(2026, 11, 3), datetime.date(2026, 11, 2), set()),
])
def test_a_period_is_covered_by_whole_years_months_and_dates(start, end, rows, members, ariari):
    for y, m, d in [(0, 0, 0), (2025, 12, 31), (2025, 12, 30), (2026, 0, 0), (2026, 9, 30), (2026, 10, 0),
                    (2026, 11, 0), (2026, 11, 1), (2026, 11, 2), (2027, 1, 1), (2027, 1, 0), (2027, 0, 0)]:
        BoardRollup.objects.create(member=members[0], ruleset=ariari, year=y, month=m, day=d)
    got = set(BoardRollup.objects.filter(rollup_period(start, end)).values_list("year", "month", "day"))
    assert got == rows


def add_days(members, ariari, by, n: int, start: datetime.date) -> None:
    for i in range(n):
        day = services.clubday_create(date=start + datetime.timedelta(days=7 * i), venue="", ruleset=ariari)
        for table, four in enumerate([members[:4], members[4:8]], start=1):
            h = services.hanchan_create(clubday=day, table=table, players=four)
            services.hanchan_record_final_scores(hanchan=h, scores=[40000, 30000, 20000, 10000], sticks=0, by=by)


def count_queries(fn) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as ctx:
        fn()
    return len(ctx)


@pytest.mark.parametrize("board", [
    lambda: standings(),
    lambda: standings(start=datetime.date(2026, 1, 1), end=datetime.date(2026, 12, 31)),
    lambda: standings(start=datetime.date(2026, 1, 3), end=datetime.date(2026, 8, 9)),
    lambda: whatif_standings(uma=(10000, 5000, -5000, -10000), return_points=30000),
    lambda: member_page(member=Member.objects.get(number=1)),
])
def test_board_queries_do_not_grow_with_members_or_hanchan(board, ariari, scorekeeper, run_on_commit,
                                                           django_assert_max_num_queries):
    first = [services.member_create(name=f"会員{n}", kana="かいいん", number=n) for n in range(1, 9)]
    add_days(first, ariari, scorekeeper, 1, datetime.date(2026, 1, 4))
    few = count_queries(board)
    assert board()
    more = first + [services.member_create(name=f"会員{n}", kana="かいいん", number=n) for n in range(9, 17)]
    add_days(more[::-1], ariari, scorekeeper, 6, datetime.date(2026, 1, 11))
    add_days(more, ariari, scorekeeper, 6, datetime.date(2026, 3, 1))
    with django_assert_max_num_queries(few):
        rows = board()
    assert rows
    assert few <= 7


def test_whatif_places_beside_the_real_places_of_the_same_board(history):
    real = {r["member_id"]: r["rank"] for r in standings()}
    rows = whatif_standings(uma=(30000, 10000, -10000, -30000), return_points=30000)
    assert {r["member_id"]: r["real_rank"] for r in rows} == real
    assert all(r["moved"] == r["real_rank"] - r["rank"] for r in rows)


@pytest.mark.parametrize("period", [{}, {"start": datetime.date(2026, 1, 1), "end": datetime.date(2026, 12, 31)},
                                    {"start": DAY2, "end": DAY2}])
def test_the_home_teaser_rows_are_the_top_of_the_standings(history, period):
    expected = [(r["member_id"], r["member_name"], r["net"], r["games"]) for r in standings(**period)][:3]
    got = [(r["member_id"], r["member_name"], r["net"], r["games"]) for r in standings_top(limit=3, **period)]
    assert got == expected and len(got) == 3


def test_the_home_teaser_is_one_query(history, django_assert_num_queries):
    with django_assert_num_queries(1):
        standings_top(limit=5)

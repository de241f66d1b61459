"""The boards selectors against the history of ``boards_history`` (every figure worked out there)."""

from __future__ import annotations

import pytest
from boards_history import DAY1, DAY2
from openskill.models import PlackettLuce

from scoring import services
from scoring.models import HanchanResult
from scoring.selectors import member_stats as page_module
from scoring.selectors.member_stats import member_months, member_page, member_recent, member_timeline
from scoring.selectors.ranking import standings
from scoring.selectors.whatif import whatif_standings
from scoring.shared import display_rating

pytestmark = pytest.mark.django_db


def by_name(rows):
    return {r["member_name"]: r for r in rows}


def test_all_time_standings_are_ordered_by_net_with_every_figure(history):
    rows = standings()
    assert [(r["rank"], r["member_name"], r["games"], r["net"]) for r in rows] == [
        (1, "山田", 2, 32600), (2, "伊藤", 2, 32000), (3, "佐藤", 3, 12000), (4, "田中", 2, -15600),
        (5, "鈴木", 3, -61000)]
    s = by_name(rows)
    assert (s["山田"]["first"], s["山田"]["avg_rank"], s["山田"]["avg_score"], s["山田"]["best_score"]) == (2, 1.0, 31300, 32600)
    sato = s["佐藤"]
    assert (sato["first"], sato["second"], sato["third"], sato["fourth"]) == (1, 1, 1, 0)
    assert sato["avg_rank"] == 2.0 and sato["top_rate"] == pytest.approx(1 / 3)
    assert sato["rentai_rate"] == pytest.approx(2 / 3) and sato["last_avoid_rate"] == 1.0
    assert sato["avg_score"] == pytest.approx(79000 / 3) and sato["best_score"] == 30000
    suzuki = s["鈴木"]
    assert suzuki["avg_rank"] == pytest.approx(10 / 3) and suzuki["tobi_rate"] == pytest.approx(1 / 3)
    assert suzuki["last_avoid_rate"] == pytest.approx(2 / 3) and suzuki["avg_score"] == pytest.approx(38000 / 3)
    assert s["田中"]["avg_rank"] == 3.0 and s["田中"]["avg_score"] == 21200
    assert s["伊藤"]["best_score"] == 58000 and s["伊藤"]["avg_score"] == 39000


def test_hand_figures_rest_on_the_games_recorded_hand_by_hand(history):
    s = by_name(standings())
    assert s["山田"]["hand_games"] == 0 and s["山田"]["win_rate"] is None and s["山田"]["yakuman"] is None
    ito = s["伊藤"]
    assert (ito["hand_games"], ito["win_rate"], ito["avg_win"], ito["yakuman"], ito["deal_in_rate"]) == (
        1, 1.0, 32000, 1, 0.0)
    assert s["鈴木"]["deal_in_rate"] == 1.0 and s["鈴木"]["win_rate"] == 0.0
    assert s["佐藤"]["riichi_rate"] == 1.0 and s["佐藤"]["avg_win"] is None and s["佐藤"]["chombo"] == 0


def test_the_rollup_columns_are_filled_from_the_replay(history):
    h2 = history["hanchan"][1]
    got = {r.member.name: (r.recorded, r.hands, r.wins, r.deal_ins, r.riichis, r.win_points, r.yakuman)
           for r in h2.results.select_related("member")}
    assert got == {"佐藤": (True, 1, 0, 0, 1, 0, 0), "鈴木": (True, 1, 0, 1, 0, 0, 0),
                   "田中": (True, 1, 0, 0, 0, 0, 0), "伊藤": (True, 1, 1, 0, 0, 32000, 1)}
    assert not history["hanchan"][0].results.filter(recorded=True).exists()


def test_split_ties_share_the_better_rank_and_the_split_uma(history):
    rows = standings(clubday=history["days"][1])
    assert [(r["rank"], r["member_name"], r["net"], r["avg_rank"]) for r in rows] == [
        (1, "山田", 13000, 1.0), (1, "佐藤", 13000, 1.0), (3, "鈴木", -13000, 3.0), (3, "伊藤", -13000, 3.0)]


def test_void_and_unfinished_hanchan_are_off_the_boards(history):
    assert by_name(standings())["田中"]["games"] == 2  # not the void H4 he won


def test_period_rule_set_minimum_games_and_inactive_filters(history, members):
    assert {r["member_name"] for r in standings(start=DAY2)} == {"山田", "佐藤", "鈴木", "伊藤"}
    assert {r["member_name"]: r["net"] for r in standings(end=DAY1)}["山田"] == 19600
    assert [r["member_name"] for r in standings(ruleset=history["split"])] == ["山田", "佐藤", "鈴木", "伊藤"]
    assert [r["member_name"] for r in standings(min_games=3)] == ["佐藤", "鈴木"]
    services.member_update(member=members[3], name="田中", kana="たなか", number=4, active=False)
    assert "田中" not in by_name(standings())
    assert by_name(standings(include_inactive=True))["田中"]["net"] == -15600


def test_sorting_by_a_column_and_reversed(history):
    # 佐藤 and 伊藤 both average 2.0: the tie goes by net
    assert [r["member_name"] for r in standings(sort="avg_rank")][:3] == ["山田", "伊藤", "佐藤"]
    assert [r["member_name"] for r in standings(sort="-net")][0] == "鈴木"
    # rows without hand figures go last whichever way
    assert [r["member_name"] for r in standings(sort="win_rate")][-1] == "山田"
    assert standings(sort="nonsense")[0]["member_name"] == "山田"


def test_what_if_uma_with_oka_recomputes_from_raw_scores(history):
    rows = whatif_standings(uma=(10000, 5000, -5000, -10000), return_points=30000)
    got = {r["member_name"]: (r["net"], r["real_net"], r["delta"]) for r in rows}
    # H1 +32600/0/−10000/−22600, H2 伊藤 +58000 田中 0 佐藤 −11000 鈴木 −47000,
    # H3 (split) tops 0 + 7500 + 10000 (half the オカ) = +17500 each, bottoms −17500
    assert got == {"山田": (50100, 32600, 17500), "伊藤": (40500, 32000, 8500), "佐藤": (6500, 12000, -5500),
                   "田中": (-22600, -15600, -7000), "鈴木": (-74500, -61000, -13500)}
    assert sum(n for n, _real, _d in got.values()) == 0


def test_what_if_uma_alone_keeps_each_rule_sets_return_points(history):
    rows = whatif_standings(uma=(20000, 10000, -10000, -20000), return_points=None, end=DAY1)
    # H1: 7600+20000, 0+10000, 0−10000, −7600−20000; H2: 伊藤 33000+20000, 田中 +10000, 佐藤 −1000−10000, 鈴木 −52000
    assert {r["member_name"]: r["net"] for r in rows} == {"山田": 27600, "佐藤": -1000, "鈴木": -62000,
                                                          "田中": -17600, "伊藤": 53000}


def test_ratings_follow_plackett_luce_in_date_order(history):
    pl = PlackettLuce()
    r = {name: pl.rating() for name in ("山田", "佐藤", "鈴木", "田中", "伊藤")}
    for seats, ranks in ((("山田", "佐藤", "鈴木", "田中"), [1, 2, 3, 4]), (("佐藤", "鈴木", "田中", "伊藤"), [3, 4, 2, 1]),
                         (("山田", "佐藤", "鈴木", "伊藤"), [1, 1, 3, 3])):
        out = pl.rate([[r[n]] for n in seats], ranks=ranks)
        for n, (new,) in zip(seats, out):
            r[n] = new
    s = by_name(standings())
    for name, rating in r.items():
        assert s[name]["rating"] == display_rating(rating.mu, rating.sigma)
    assert by_name(standings(end=DAY1))["山田"]["rating"] != s["山田"]["rating"]


def test_member_page_selectors(history, members):
    sato = members[1]
    page = member_page(member=sato)
    summary = page["summary"]
    assert (summary["games"], summary["net"], summary["avg_rank"]) == (3, 12000, 2.0)
    recent = member_recent(member=sato)
    assert [r["net"] for r in recent] == [13000, -5000, 4000]  # newest first
    timeline = member_timeline(member=sato)
    assert [(t["date"], t["net"], t["total"]) for t in timeline] == [(DAY1, -1000, -1000), (DAY2, 13000, 12000)]
    assert timeline[-1]["rating"] == summary["rating"]
    h2h = {r["name"]: r for r in page["head_to_head"]}
    assert (h2h["鈴木"]["games"], h2h["鈴木"]["net"], h2h["鈴木"]["their_net"]) == (3, 12000, -61000)
    assert (h2h["山田"]["games"], h2h["山田"]["avg_rank"], h2h["山田"]["their_avg_rank"]) == (2, 1.5, 1.0)
    assert "佐藤" not in h2h
    assert member_page(member=members[4])["summary"] is not None


def test_best_wins_come_from_recorded_hands(history, members):
    ito, suzuki = members[4], members[2]
    wins = member_page(member=ito)["best_wins"]
    assert [(w["gain"], w["number"]) for w in wins] == [(33000, 1)]
    assert member_page(member=suzuki)["best_wins"] == []


def test_a_member_without_games_has_no_summary(db, members):
    assert member_page(member=members[0])["summary"] is None
    assert standings() == []


def test_query_count_does_not_grow_with_history(history, members, ariari, scorekeeper,
                                                 django_assert_max_num_queries):
    with django_assert_max_num_queries(4):
        standings()
    with django_assert_max_num_queries(6):
        whatif_standings(uma=(10000, 5000, -5000, -10000), return_points=30000)
    day = services.clubday_create(date=DAY2.replace(day=20), venue="", ruleset=ariari)
    for table in range(1, 6):
        h = services.hanchan_create(clubday=day, table=table, players=[members[(table + k) % 5] for k in range(4)])
        services.hanchan_record_final_scores(hanchan=h, scores=[40000, 30000, 20000, 10000], sticks=0, by=scorekeeper)
    with django_assert_max_num_queries(4):
        standings()
    assert HanchanResult.objects.count() == 36


def test_a_long_history_charts_months_and_lists_the_latest_dates(history, members, monkeypatch):
    """Past ``CHART_DAYS`` club days the charts show months (at most that many points) and the
    dates read are the latest ones, their totals counted back from the all-time net."""
    sato = members[1]
    assert member_page(member=sato)["timeline"] == member_timeline(member=sato)  # short: every day
    monkeypatch.setattr(page_module, "CHART_DAYS", 1)
    page = member_page(member=sato)
    assert [(d["date"], d["net"], d["total"]) for d in page["days"]] == [(DAY2, 13000, 12000)]
    assert [(t["date"], t["total"]) for t in page["timeline"]] == [("2026-11", 12000)]  # Oct and Nov: one point
    assert [(t["date"], t["total"]) for t in member_months(member=sato)] == [("2026-11", 12000)]
    monkeypatch.setattr(page_module, "CHART_DAYS", 2)
    assert [(t["date"], t["total"]) for t in member_months(member=sato)] == [("2026-10", -1000), ("2026-11", 12000)]

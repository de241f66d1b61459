"""大会 standings: the tiebreak order, per 回戦 with movement, what counts, the final result."""

from __future__ import annotations

import datetime
import random

import pytest
from django.core.exceptions import ValidationError
from tournament_data import GAMES, ORDER_AFTER_1, ORDER_AFTER_2, make_players, make_tournament, play, play_all

from scoring import selectors, services
from scoring.models import ClubDay, Hanchan

pytestmark = pytest.mark.django_db


@pytest.fixture
def players(db):
    return make_players()


@pytest.fixture
def day(ariari):
    return make_tournament(ariari)


def names(rows):
    return [r["name"] for r in rows]


def test_the_tiebreaks_apply_in_the_stated_order(day, players):
    play_all(day, players)
    rows = selectors.tournament_standings(day)
    assert names(rows) == ORDER_AFTER_2
    by = {r["name"]: r for r in rows}
    # A and E: equal total and average rank; A's best single game is higher
    assert (by["A"]["net"], by["A"]["avg_rank"]) == (by["E"]["net"], by["E"]["avg_rank"]) == (35000, 1.5)
    assert (by["A"]["best"], by["E"]["best"]) == (27000, 22000)
    # B and F: equal total; B's better average rank counts before F's better best game
    assert by["B"]["net"] == by["F"]["net"] == 34000
    assert (by["B"]["avg_rank"], by["F"]["avg_rank"]) == (1.5, 2.0) and by["F"]["best"] > by["B"]["best"]
    assert [r["rank"] for r in rows] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert not any(r["tied"] for r in rows)
    assert by["A"]["net_text"] == "+35.0" and by["A"]["games"] == 2 and by["A"]["firsts"] == 1


def test_players_equal_on_every_tiebreak_share_the_rank_listed_by_member_number(day, players):
    play(day, players, 1, 1, "ABCD", [40000, 30000, 20000, 10000])
    play(day, players, 1, 2, "EFGH", [40000, 30000, 20000, 10000])
    rows = selectors.tournament_standings(day)
    assert [(r["name"], r["rank"]) for r in rows] == [("A", 1), ("E", 1), ("B", 3), ("F", 3), ("C", 5), ("G", 5),
                                                      ("D", 7), ("H", 7)]
    assert all(r["tied"] for r in rows)
    assert selectors.tournament_order(day) == [players[n].pk for n in "AEBFCGDH"]


def test_standings_after_each_round_with_movement(day, players):
    play_all(day, players)
    assert names(selectors.tournament_standings(day, after_round=1)) == ORDER_AFTER_1
    assert selectors.tournament_order(day, after_round=1) == [players[n].pk for n in ORDER_AFTER_1]
    second, first = selectors.tournament_rounds(day)  # newest first
    assert (first["number"], second["number"]) == (1, 2)
    assert all(r["move"] is None for r in first["rows"])
    moves = {r["name"]: r["move"] for r in second["rows"]}
    assert moves == {"A": 0, "E": 0, "B": 0, "F": 1, "G": -1, "C": 0, "H": 0, "D": 0}
    f = next(r for r in second["rows"] if r["name"] == "F")
    assert f["round_net"] == 37000 and f["round_net_text"] == "+37.0" and f["net"] == 34000


def test_unfinished_and_void_hanchan_do_not_count(day, players):
    play(day, players, 1, 1, "ABCD", [40000, 30000, 20000, 10000])
    voided = play(day, players, 1, 2, "EFGH", [35000, 26000, 27000, 12000])
    services.hanchan_void(hanchan=voided, by=None)
    services.hanchan_create(clubday=day, table=1, number=2, players=[players[n] for n in "ABCD"])
    assert names(selectors.tournament_standings(day)) == ["A", "B", "C", "D"]
    progress = selectors.tournament_progress(day)
    assert progress["in_play"] == 1 and not progress["rounds_done"] and not progress["final_due"]


def test_the_final_table_seats_the_top_four_at_table_1_after_the_planned_rounds(day, players, monkeypatch):
    monkeypatch.setattr(services.tournament.random, "SystemRandom", lambda: random.Random(7))
    play_all(day, players, upto=1)
    with pytest.raises(ValidationError, match="2 回戦がすべて終わってから"):
        services.final_table_create(clubday=day)
    for game in GAMES:
        if game[0] == 2:
            play(day, players, *game)
    assert selectors.tournament_progress(day)["final_due"]
    final = services.final_table_create(clubday=day)
    assert (final.table, final.number, final.state, final.mode) == (1, 3, Hanchan.State.IN_PLAY, Hanchan.Mode.HANDS)
    assert sorted(m.name for m in final.members) == ["A", "B", "E", "F"]
    seats = [m.name for m in final.members]
    expected = [players[n] for n in ["A", "E", "B", "F"]]
    random.Random(7).shuffle(expected)
    assert seats == [m.name for m in expected]  # drawn, not in standings order by construction
    with pytest.raises(ValidationError, match="もう作られています"):
        services.final_table_create(clubday=day)
    # the final table's game does not count in the standings
    services.hanchan_record_final_scores(hanchan=final, scores=[25000, 25000, 25000, 25000], sticks=0, by=None)
    assert names(selectors.tournament_standings(day)) == ORDER_AFTER_2


def test_the_final_table_decides_first_to_fourth(day, players):
    play_all(day, players)
    final = services.final_table_create(clubday=day, mode=Hanchan.Mode.FINAL)
    result = selectors.tournament_result(day)
    assert not result["decided"] and result["champion"] is None
    scores = {"F": 45000, "E": 30000, "A": 15000, "B": 10000}
    services.hanchan_record_final_scores(hanchan=final, scores=[scores[m.name] for m in final.members], sticks=0,
                                         by=None)
    result = selectors.tournament_result(day)
    assert result["decided"] and result["champion"]["name"] == "F"
    assert [(r["name"], r["place"]) for r in result["rows"]] == [
        ("F", 1), ("E", 2), ("A", 3), ("B", 4), ("G", 5), ("C", 6), ("H", 7), ("D", 8)]
    assert result["rows"][0]["final_rank"] == 1 and result["rows"][0]["final_net_text"] == "+32.0"


def test_without_a_final_table_the_standings_decide(ariari, players):
    day = make_tournament(ariari, final_table=False)
    play_all(day, players)
    with pytest.raises(ValidationError, match="決勝卓がありません"):
        services.final_table_create(clubday=day)
    result = selectors.tournament_result(day)
    assert result["decided"] and result["champion"]["name"] == "A"


def test_a_club_day_keeps_no_tournament_settings(ariari):
    day = services.clubday_create(date=datetime.date(2026, 11, 1), venue="", ruleset=ariari, name="x", rounds=3,
                                  swiss=True, final_table=True)
    assert (day.kind, day.name, day.rounds, day.swiss, day.final_table) == (ClubDay.Kind.CLUB, "", None, False, False)


def test_a_tournament_needs_its_rounds_and_name(ariari):
    with pytest.raises(ValidationError) as exc:
        services.clubday_create(date=datetime.date(2026, 11, 1), venue="", ruleset=ariari,
                                kind=ClubDay.Kind.TOURNAMENT)
    assert set(exc.value.message_dict) == {"name", "rounds"}


def test_the_rule_summary_states_the_tournament_options(ariari, day):
    from scoring.models import RuleSet
    rs = services.ruleset_create(name="大会ルール", preset="ariari", options={"bust": False, "riichi_min_score": 0})
    day = services.clubday_update(clubday=day, date=day.date, venue=day.venue, ruleset=rs, kind=day.kind,
                                  name=day.name, rounds=day.rounds, swiss=day.swiss, final_table=day.final_table)
    summary = {str(k): v for k, v in selectors.tournament.ruleset_summary(day)}
    assert summary["トビ"].startswith("なし") and summary["持ち点1000点未満のリーチ"] == "可"
    assert RuleSet.objects.filter(name="大会ルール").exists()


def _update(day, **changes):
    settings = {"date": day.date, "venue": day.venue, "ruleset": day.ruleset, "kind": day.kind, "name": day.name,
                "rounds": day.rounds, "swiss": day.swiss, "final_table": day.final_table, **changes}
    return services.clubday_update(clubday=day, **settings)


def test_the_rounds_may_not_drop_below_a_round_played_nor_change_once_the_final_exists(day, players):
    """Lowered under a 回戦 already played, that 回戦's tables were read as the 決勝卓 (回戦数 + 1)."""
    play_all(day, players, upto=2)
    with pytest.raises(ValidationError, match="2回戦まで組み合わせ・対局があるので") as exc:
        _update(day, rounds=1)
    assert "rounds" in exc.value.message_dict
    day.refresh_from_db()
    assert day.rounds == 2
    assert _update(day, rounds=4).rounds == 4  # more is fine
    _update(day, rounds=2)
    services.final_table_create(clubday=day)
    for change in ({"rounds": 3}, {"final_table": False}):
        with pytest.raises(ValidationError, match="決勝卓ができているので"):
            _update(day, **change)
    assert _update(day, venue="別会場").venue == "別会場"  # the rest may change

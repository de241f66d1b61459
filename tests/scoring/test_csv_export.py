"""Results and standings as CSV (``results-csv``, ``standings-csv``): columns, BOM, filters,
permissions, and the round trip export → import into an empty database → identical standings."""

import codecs
import csv
import datetime
import io

import pytest

from scoring import services
from scoring.models import ClubDay, Hanchan, Member
from scoring.selectors.csvio import RESULT_COLUMNS, STANDINGS_COLUMNS, csv_lines, result_rows, standings_rows

pytestmark = pytest.mark.django_db
D1, D2, D3 = datetime.date(2026, 9, 6), datetime.date(2026, 10, 4), datetime.date(2026, 11, 1)


@pytest.fixture
def history(ariari, members, scorekeeper, ron):
    """Three club days: paper sheets, a hanchan recorded hand by hand (finished early), one under
    another rule set, and a void one (off the boards and out of the export)."""
    tenhou = services.ruleset_create(name="天鳳ルール", preset="tenhou")
    d1 = services.clubday_create(date=D1, venue="公民館", ruleset=ariari)
    d2 = services.clubday_create(date=D2, venue="公民館", ruleset=ariari)
    d3 = services.clubday_create(date=D3, venue="", ruleset=tenhou)

    def sheet(day, table, players, scores):
        h = services.hanchan_create(clubday=day, table=table, players=players)
        services.hanchan_record_final_scores(hanchan=h, scores=scores, sticks=0, by=scorekeeper)
        return h

    sheet(d1, 1, members[:4], [32600, 25000, 25000, 17400])
    sheet(d1, 1, members[1:5], [40000, 30000, 20000, 10000])
    sheet(d1, 2, [members[4], members[0], members[2], members[3]], [25000, 25000, 25000, 25000])
    h = services.hanchan_create(clubday=d2, table=1, players=members[:4])
    for event in (ron(1, 0, 3, 30), ron(2, 3, 4, 30), {"type": "draw", "tenpai": [0, 1]}):
        services.hanchan_record_hand(hanchan=h, event=event, by=scorekeeper)
    services.hanchan_finish(hanchan=h, by=scorekeeper)
    void = sheet(d2, 1, members[:4], [50000, 30000, 20000, 0])
    services.hanchan_void(hanchan=void, by=scorekeeper)
    sheet(d3, 1, [members[3], members[2], members[1], members[0]], [42400, -5000, 36200, 26400])
    return {"days": (d1, d2, d3), "tenhou": tenhou}


def parse(response):
    data = b"".join(response.streaming_content)
    assert data.startswith(codecs.BOM_UTF8)
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))


def test_results_start_with_a_bom_and_the_stable_header(client, history):
    r = client.get("/results.csv")
    assert r.status_code == 200 and r["Content-Type"] == "text/csv; charset=utf-8" and r.streaming
    assert "attachment" in r["Content-Disposition"]
    assert parse(r)[0] == RESULT_COLUMNS


def test_there_is_one_row_per_player_per_finished_hanchan_void_ones_left_out(client, history):
    rows = parse(client.get("/results.csv"))[1:]
    assert len(rows) == 4 * 5
    assert rows[:4] == [
        ["2026-09-06", "1", "1", "0", "1", "山田", "32600", "1", "12000", "19600", "アリアリ(健康麻将クラブ)", "やまだ"],
        ["2026-09-06", "1", "1", "1", "2", "佐藤", "25000", "2", "4000", "4000", "アリアリ(健康麻将クラブ)", "さとう"],
        ["2026-09-06", "1", "1", "2", "3", "鈴木", "25000", "3", "-4000", "-4000", "アリアリ(健康麻将クラブ)", "すずき"],
        ["2026-09-06", "1", "1", "3", "4", "田中", "17400", "4", "-12000", "-19600", "アリアリ(健康麻将クラブ)", "たなか"],
    ]
    # 天鳳: (36200 → 36) − 30 + 10 = +16, the top takes the rest; the rule set named as in force
    assert rows[-4:] == [
        ["2026-11-01", "1", "1", "0", "4", "田中", "42400", "1", "20000", "53000", "天鳳ルール", "たなか"],
        ["2026-11-01", "1", "1", "1", "3", "鈴木", "-5000", "4", "-20000", "-55000", "天鳳ルール", "すずき"],
        ["2026-11-01", "1", "1", "2", "2", "佐藤", "36200", "2", "10000", "16000", "天鳳ルール", "さとう"],
        ["2026-11-01", "1", "1", "3", "1", "山田", "26400", "3", "-10000", "-14000", "天鳳ルール", "やまだ"],
    ]


def test_the_hand_by_hand_hanchan_exports_its_final_scores(client, history):
    rows = [r for r in parse(client.get("/results.csv"))[1:] if r[0] == "2026-10-04"]
    assert len(rows) == 4 and sum(int(r[6]) for r in rows) == 100000 and sum(int(r[9]) for r in rows) == 0


@pytest.mark.parametrize("query, dates", [
    ("?from=2026-10-01", {"2026-10-04", "2026-11-01"}),
    ("?to=2026-10-04", {"2026-09-06", "2026-10-04"}),
    ("?from=2026-10-01&to=2026-10-31", {"2026-10-04"}),
    ("?ruleset=天鳳ルール", {"2026-11-01"}),
])
def test_results_follow_the_filters_of_the_standings_page(client, history, query, dates):
    assert {r[0] for r in parse(client.get("/results.csv" + query))[1:]} == dates


def test_a_club_day_and_a_rule_set_id_filter_too(client, history):
    d1 = history["days"][0]
    assert {r[0] for r in parse(client.get(f"/results.csv?day={d1.pk}"))[1:]} == {"2026-09-06"}
    pk = history["tenhou"].pk
    assert {r[0] for r in parse(client.get(f"/results.csv?ruleset={pk}"))[1:]} == {"2026-11-01"}


def test_a_hanchan_with_its_own_rule_set_counts_under_it(client, history, members, scorekeeper):
    d1 = history["days"][0]
    h = Hanchan.objects.filter(clubday=d1).first()
    Hanchan.objects.filter(pk=h.pk).update(ruleset=history["tenhou"])
    rows = parse(client.get("/results.csv?ruleset=天鳳ルール"))[1:]
    assert {(r[0], r[10]) for r in rows} == {("2026-09-06", "天鳳ルール"), ("2026-11-01", "天鳳ルール")}


@pytest.mark.parametrize("query", ["?from=2026-13-01", "?day=999", "?ruleset=ないルール", "?day=x", "?min_games=x"])
def test_a_bad_filter_is_a_400_with_a_reason(client, history, query):
    r = client.get("/results.csv" + query)
    assert r.status_code == 400 and r.content.decode()


def test_boards_closed_to_the_public_send_anonymous_users_to_login(client, client_as, reader, settings, history):
    settings.PUBLIC_BOARDS = False
    assert client.get("/results.csv").status_code == 302
    assert client.get("/standings.csv").status_code == 302
    assert client_as(reader).get("/results.csv").status_code == 200


def test_standings_have_the_stable_header_and_formatted_figures(client, history):
    services.ratings_update(since=None)  # run on commit in the app; a test transaction never commits
    rows = parse(client.get("/standings.csv"))
    assert rows[0] == STANDINGS_COLUMNS
    by_no = {r[1]: dict(zip(STANDINGS_COLUMNS, r)) for r in rows[1:]}
    assert set(by_no) == {"1", "2", "3", "4", "5"}
    yamada = by_no["1"]  # 1st 32600 (+19.6), 2nd 25000 (+4.0, 上家優先 in the 4-way tie), d2, 3rd in 天鳳
    assert yamada["games"] == "4" and yamada["member_name"] == "山田"
    assert len(yamada["top_rate"].split(".")[1]) == 4 and len(yamada["avg_rank"].split(".")[1]) == 3
    assert 0 <= float(yamada["top_rate"]) <= 1 and yamada["rating"].isdigit()
    assert [int(r[0]) for r in rows[1:]] == sorted(int(r[0]) for r in rows[1:])


def test_standings_follow_min_games(client, history):
    rows = parse(client.get("/standings.csv?min_games=4"))[1:]
    assert rows and all(int(r[3]) >= 4 for r in rows)


def test_export_then_import_into_an_empty_database_gives_identical_standings(history, scorekeeper):
    services.ratings_update(since=None)
    Member.objects.filter(name="山田").update(kana="さんでん")  # a reading no guess from the kanji gives
    readings = dict(Member.objects.values_list("number", "kana"))
    before_rows = list(result_rows())
    before = list(standings_rows())
    assert all(row[-1] for row in before)  # ratings are compared too
    text = "".join(csv_lines(RESULT_COLUMNS, before_rows))
    ClubDay.objects.all().delete()
    Member.objects.all().delete()
    assert not list(result_rows())
    services.results_import(text=text, create_members=True, by=scorekeeper)
    services.ratings_update(since=None)
    assert list(result_rows()) == before_rows
    assert list(standings_rows()) == before
    assert dict(Member.objects.values_list("number", "kana")) == readings


@pytest.mark.parametrize("query, dates", [
    ("?period=year&year=2026", {"2026-09-06", "2026-10-04", "2026-11-01"}),
    ("?period=month&month=2026-10", {"2026-10-04"}),
    ("?period=range&start=2026-10-01&end=2026-11-30", {"2026-10-04", "2026-11-01"}),
    ("?period=all&sort=avg_rank", {"2026-09-06", "2026-10-04", "2026-11-01"}),
])
def test_the_standings_pages_own_query_string_works_too(client, history, query, dates):
    assert {r[0] for r in parse(client.get("/results.csv" + query))[1:]} == dates
    assert client.get("/standings.csv" + query).status_code == 200


def test_the_standings_pages_club_day_and_min_filters_work_too(client, history):
    d1 = history["days"][0]
    assert {r[0] for r in parse(client.get(f"/results.csv?clubday={d1.pk}"))[1:]} == {"2026-09-06"}
    rows = parse(client.get("/standings.csv?period=all&min=4"))[1:]
    assert rows and all(int(r[3]) >= 4 for r in rows)


def test_a_bad_standings_page_filter_is_a_400(client, history):
    assert client.get("/standings.csv?period=month&month=2026-13").status_code == 400


def test_a_standings_row_writes_rates_and_averages_to_fixed_decimals():
    from decimal import Decimal

    from scoring.selectors.csvio import standings_csv_row
    row = {"rank": 1, "member_no": 7, "member_name": "山田", "games": 3, "net": 19600, "avg_rank": 1.6667, "first": 2,
           "second": 0, "third": 1, "fourth": 0, "top_rate": 2 / 3, "rentai_rate": 2 / 3, "last_avoid_rate": 1.0,
           "tobi_rate": 0, "avg_score": 31533.33, "best_score": 42000, "rating": 1523}
    assert standings_csv_row(row) == [1, 7, "山田", 3, 19600, Decimal("1.667"), 2, 0, 1, 0, Decimal("0.6667"),
                                      Decimal("0.6667"), Decimal("1.0000"), Decimal("0.0000"), Decimal("31533.3"),
                                      42000, 1523]

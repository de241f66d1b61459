"""/standings/: filters in the URL, sorting (htmx fragment and plain link), what-if, permissions."""

from __future__ import annotations

import pytest
from boards_history import DAY2
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from scoring import generations, services

pytestmark = pytest.mark.django_db
URL = "/standings/"


def names_in_order(body: str, names=("山田", "伊藤", "佐藤", "田中", "鈴木")) -> list[str]:
    table = body[body.index('id="standings-table"'):]
    table = table[:table.find("</table>")] if "</table>" in table else ""
    return sorted((n for n in names if f">{n}</a>" in table), key=lambda n: table.index(f">{n}</a>"))


def test_it_shows_every_member_with_their_figures(client, history):
    response = client.get(reverse("standings"))
    body = response.content.decode()
    assert response.status_code == 200
    assert names_in_order(body) == ["山田", "伊藤", "佐藤", "田中", "鈴木"]
    for text in ("+32.6", "-61.0", "トップ率", "ラス回避率", "和了率", "1/2", "33.3%", "各項目の意味"):
        assert text in body


def test_it_filters_by_year_month_day_range_club_day_and_rule_set(client, history):
    assert names_in_order(client.get(URL, {"period": "month", "month": "2026-10"}).content.decode()) == [
        "伊藤", "山田", "佐藤", "田中", "鈴木"]  # day 1: +45.0, +19.6, −1.0, −15.6, −48.0
    assert "田中" not in names_in_order(client.get(URL, {"period": "day", "day": "2026-11-01"}).content.decode())
    assert names_in_order(client.get(URL, {"period": "range", "start": "2026-10-15",
                                           "end": "2026-12-31"}).content.decode()) == ["山田", "佐藤", "鈴木", "伊藤"]
    assert len(names_in_order(client.get(URL, {"period": "year", "year": "2026"}).content.decode())) == 5
    assert names_in_order(client.get(URL, {"period": "year", "year": "2025"}).content.decode()) == []
    day2 = history["days"][1]
    body = client.get(URL, {"clubday": day2.pk}).content.decode()
    assert "2026-11-01 の例会" in body and "田中" not in names_in_order(body)
    body = client.get(URL, {"ruleset": history["split"].pk}).content.decode()
    assert names_in_order(body) == ["山田", "佐藤", "鈴木", "伊藤"]


def test_minimum_games_and_inactive_members(client, history, members):
    assert names_in_order(client.get(URL, {"min": "3"}).content.decode()) == ["佐藤", "鈴木"]
    members[0].active = False
    members[0].save()
    assert "山田" not in names_in_order(client.get(URL).content.decode())
    assert "山田" in names_in_order(client.get(URL, {"inactive": "on"}).content.decode())


def test_a_bad_filter_is_refused_with_a_message_and_the_input_kept(client, history):
    response = client.get(URL, {"period": "month", "month": "2026-13"})
    body = response.content.decode()
    assert response.status_code == 422
    assert "月は 2026-04 のように入力してください" in body and 'value="2026-13"' in body
    assert client.get(URL, {"period": "year"}).status_code == 422


def test_sorting_by_a_column_and_back(client, history):
    body = client.get(URL, {"sort": "avg_rank"}).content.decode()
    assert names_in_order(body) == ["山田", "伊藤", "佐藤", "田中", "鈴木"]
    assert 'aria-sort="ascending"' in body and "sort=-avg_rank" in body
    assert names_in_order(client.get(URL, {"sort": "-net"}).content.decode())[0] == "鈴木"
    assert names_in_order(client.get(URL, {"sort": "best_score"}).content.decode())[0] == "伊藤"


def test_htmx_sorting_returns_only_the_table(client, history):
    response = client.get(URL, {"sort": "games"}, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="standings-table")
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="standings-table"') and "<html" not in body
    assert names_in_order(body)[:2] == ["佐藤", "鈴木"]
    assert 'hx-get="/standings/?sort=' in body and 'href="/standings/?sort=' in body  # link fallback


def test_the_what_if_table_stands_beside_the_real_one(client, history):
    response = client.get(URL, {"wi": "oka"})
    body = response.content.decode()
    assert response.status_code == 200
    assert "+50.1" in body and "+32.6" in body and "+17.5" in body  # 山田 what-if, real, delta
    fragment = client.get(URL, {"wi": "custom", "u1": "10000", "u2": "5000", "u3": "-5000", "u4": "-10000",
                                "rp": "30000"}, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="whatif").content.decode()
    assert fragment.lstrip().startswith('<div id="whatif"') and "+50.1" in fragment


def test_custom_uma_that_does_not_sum_to_zero_is_refused(client, history):
    response = client.get(URL, {"wi": "custom", "u1": "10000", "u2": "5000", "u3": "-5000", "u4": "0"})
    assert response.status_code == 422
    assert "順位点の合計が0になりません" in response.content.decode()


def test_a_what_if_refused_by_a_field_names_the_field(client, history):
    # a number out of range is told as such (not as "enter all four"), and a choice the menu does
    # not have is told too: never a 422 that says nothing
    response = client.get(URL, {"wi": "custom", "u1": "999999", "u2": "0", "u3": "0", "u4": "0"})
    body = response.content.decode()
    assert response.status_code == 422 and "4つとも" not in body
    assert "1位: -200000〜200000の範囲で入力してください" in body and "1位: 100点単位で入力してください" in body
    response = client.get(URL, {"wi": "1"})
    assert response.status_code == 422 and "比べる順位点: " in response.content.decode()


def test_an_empty_period_says_so(client, db):
    assert "この条件で終了した半荘はありません" in client.get(URL).content.decode()


def test_private_boards_need_a_login(client_as, history, settings, reader):
    settings.PUBLIC_BOARDS = False
    assert client_as(None).get(URL).status_code == 302
    assert client_as(reader).get(URL).status_code == 200


def test_it_is_in_english_too(client, history):
    client.cookies["django_language"] = "en"
    try:
        body = client.get(URL, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    finally:
        translation.activate("ja")  # the request left English active in this thread
    assert "Standings" in body and "Top rate" in body and "Skill estimate" in body


def redrawn(client, params: dict) -> int:
    """The queries of the first view of the standings after a write (a new boards generation)."""
    generations.new_generation(generations.BOARDS)
    with CaptureQueriesContext(connection) as ctx:
        client.get(URL, params)
    return len(ctx)


def test_the_query_count_does_not_grow_with_history(client, history, members, ariari, scorekeeper,
                                                    django_assert_num_queries):
    client.get(URL, {"wi": "oka"})
    before = redrawn(client, {"wi": "oka"})
    # the generations, the latest club day, the kept forms (2); the table (3 reads) and the what-if
    # (those 3, the rule sets, the what-if nets), each looked up and stored (1 + 5 on the database
    # cache)
    assert before <= 25
    with django_assert_num_queries(6):  # unchanged boards: the generations, the club day, 4 kept blocks
        client.get(URL, {"wi": "oka"})
    others = [services.member_create(name=f"会員{n}", kana="かいいん", number=100 + n) for n in range(8)]
    day = services.clubday_create(date=DAY2.replace(day=20), venue="", ruleset=ariari)
    for table in range(1, 6):  # more members and hanchan: no more queries
        h = services.hanchan_create(clubday=day, table=table, players=[members[table - 1], *others[table:table + 3]])
        services.hanchan_record_final_scores(hanchan=h, scores=[40000, 30000, 20000, 10000], sticks=0, by=scorekeeper)
    client.get(URL, {"wi": "oka"})  # the forms, kept under the names (a new club day renews them), as before
    assert redrawn(client, {"wi": "oka"}) == before


def test_names_in_the_hand_written_rows_are_escaped(client, history, members):
    members[0].name = '<b class="x">山&田</b>'
    members[0].save()
    body = client.get(URL, {"wi": "oka"}).content.decode()
    assert '<b class="x">' not in body
    assert body.count("&lt;b class=&quot;x&quot;&gt;山&amp;田&lt;/b&gt;</a>") == 2  # the table and the what-if


def test_the_kept_filter_form_offers_a_rule_set_made_after_it_was_drawn(client, history):
    assert "両翻縛り" not in client.get(URL).content.decode()
    services.ruleset_create(name="両翻縛り", preset="ariari", options={"shibari": 2})
    assert "両翻縛り" in client.get(URL).content.decode()


def test_a_rows_cells_are_written_as_their_columns_show_them():
    from scoring.templatetags.boards import cells

    row = {"games": 3, "net": -1200, "avg_rank": 2.5, "hand_games": 1, "rating": None,
           **dict.fromkeys(("first", "second", "third", "fourth", "yakuman"), 1)}
    assert cells(row)[:4] == [("3", ""), ("-1.2", " minus"), ("2.50", ""), ("1", "")]

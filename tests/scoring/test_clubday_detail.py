import re

import pytest
from django.urls import reverse

from scoring import services
from scoring.models import RuleSet

pytestmark = pytest.mark.django_db


def test_it_shows_tables_results_and_day_totals(client, hanchan, scorekeeper):
    services.hanchan_record_final_scores(hanchan=hanchan, scores=[32600, 25000, 25000, 17400], sticks=0,
                                         by=scorekeeper)
    body = client.get(reverse("clubday-detail", args=[hanchan.clubday.pk])).content.decode()
    assert "1卓" in body and "+19.6" in body and "-19.6" in body and "この日の成績" in body


def test_it_requires_login_when_boards_are_private(client, clubday, settings):
    settings.PUBLIC_BOARDS = False
    assert client.get(reverse("clubday-detail", args=[clubday.pk])).status_code == 302


def test_the_new_hanchan_form_is_shown_only_to_scorekeepers(client_as, clubday, reader, scorekeeper):
    url = reverse("clubday-detail", args=[clubday.pk])
    assert "半荘を始める" not in client_as(reader).get(url).content.decode()
    assert "半荘を始める" in client_as(scorekeeper).get(url).content.decode()


def test_an_unknown_day_is_404(client):
    assert client.get("/days/999/").status_code == 404


def test_the_htmx_variant_renders(client, clubday):
    assert client.get(reverse("clubday-detail", args=[clubday.pk]), HTTP_HX_REQUEST="true").status_code == 200


def form_html(client, clubday) -> str:
    body = client.get(reverse("clubday-detail", args=[clubday.pk])).content.decode()
    return body.split('id="new-hanchan"')[1]


def number_input(form: str) -> str:
    return re.search(r'<input[^>]*name="number"[^>]*>', form).group(0)


def test_the_first_hanchan_of_a_day_starts_at_table_1_with_a_blank_round(client_as, scorekeeper, clubday):
    form = form_html(client_as(scorekeeper), clubday)
    assert re.search(r'name="table" value="1"', form) and "value=" not in number_input(form)


def test_the_next_hanchan_defaults_to_the_table_last_used_and_its_players(client_as, scorekeeper, clubday, members):
    services.hanchan_create(clubday=clubday, table=2, players=members[:4])
    services.hanchan_create(clubday=clubday, table=2, players=members[1:5])  # 佐藤 鈴木 田中 伊藤
    services.hanchan_create(clubday=clubday, table=1, players=members[:4])
    services.hanchan_create(clubday=clubday, table=2, players=members[1:5])  # the last one: table 2, 3回戦
    form = form_html(client_as(scorekeeper), clubday)
    assert 'name="table" value="2"' in form and "value=" not in number_input(form)
    # 回戦 is left blank (a number here would belong to table 2 even if table 1 is chosen);
    # the help says what blank becomes at each table
    assert "空欄: その卓の次の回戦(1卓→2回戦、2卓→4回戦)" in form
    seat0 = form.split('name="seat0"')[1].split("</select>")[0]
    assert re.search(rf'<option value="{members[1].pk}" selected>', seat0)


def test_a_hanchan_under_another_rule_set_shows_it(client, clubday, members):
    tenhou = RuleSet.objects.get(preset="tenhou", options={})
    services.hanchan_create(clubday=clubday, table=1, players=members[:4], ruleset=tenhou)
    services.hanchan_create(clubday=clubday, table=2, players=members[1:5])
    body = client.get(reverse("clubday-detail", args=[clubday.pk])).content.decode()
    assert body.count('class="badge own-rules"') == 1
    assert f'href="{reverse("ruleset-detail", args=[tenhou.pk])}">ルール: 天鳳ルール(比較用)' in body


def test_the_date_and_weekday_follow_the_language(client, clubday):
    url = reverse("clubday-detail", args=[clubday.pk])
    assert "2026年11月1日(日)" in client.get(url).content.decode()
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert "2026-11-01 (Sun)" in client.get(url).content.decode()


def test_the_day_ranking_has_places_rank_counts_and_member_links(client, hanchan, scorekeeper):
    services.hanchan_record_final_scores(hanchan=hanchan, scores=[32600, 25000, 25000, 17400], sticks=0,
                                         by=scorekeeper)
    body = client.get(reverse("clubday-detail", args=[hanchan.clubday.pk])).content.decode()
    ranking = body[body.index("day-ranking"):body.index("tables-title")]
    assert ranking.index("山田") < ranking.index("佐藤") < ranking.index("鈴木") < ranking.index("田中")
    assert reverse("member-detail", args=[hanchan.seat0_id]) in ranking and "平均順位" in ranking
    assert f"/standings/?clubday={hanchan.clubday.pk}" in body


def test_a_void_hanchan_is_off_the_day_ranking(client, hanchan, scorekeeper):
    services.hanchan_record_final_scores(hanchan=hanchan, scores=[32600, 25000, 25000, 17400], sticks=0,
                                         by=scorekeeper)
    services.hanchan_void(hanchan=hanchan, by=scorekeeper)
    body = client.get(reverse("clubday-detail", args=[hanchan.clubday.pk])).content.decode()
    assert "day-ranking" not in body


def test_the_print_stylesheet_fits_the_day_on_a_page():
    from pathlib import Path

    css = (Path(__file__).resolve().parents[2] / "static/css/club.css").read_text()
    section = css[css.index("/* --- boards"):]
    assert "@page { size: A4" in section and "#new-hanchan" in section


def test_the_day_ranking_shows_each_members_result_by_round(client, clubday, members, scorekeeper):
    for number, scores in enumerate(([32600, 25000, 25000, 17400], [17400, 25000, 25000, 32600]), start=1):
        h = services.hanchan_create(clubday=clubday, table=1, players=members[:4])
        services.hanchan_record_final_scores(hanchan=h, scores=scores, sticks=0, by=scorekeeper)
    h = services.hanchan_create(clubday=clubday, table=2, players=[members[4], *members[1:4]])
    services.hanchan_record_final_scores(hanchan=h, scores=[40000, 30000, 20000, 10000], sticks=0, by=scorekeeper)
    from scoring.selectors import clubday_totals

    rows = {r["member_name"]: r["rounds"] for r in clubday_totals(clubday=clubday)}
    assert rows["山田"] == [[{"table": 1, "rank": 1, "net": 19600}], [{"table": 1, "rank": 4, "net": -19600}]]
    # 伊藤 played 回戦 1 at table 2 only
    assert rows["伊藤"] == [[{"table": 2, "rank": 1, "net": 27000}], []]
    body = client.get(reverse("clubday-detail", args=[clubday.pk])).content.decode()
    assert "2回戦" in body and "1位・1卓" in body and "1位・2卓" in body


def test_a_blank_round_is_the_next_one_of_the_table_chosen_not_of_the_table_last_used(
        client_as, scorekeeper, clubday, members):
    """Issue 19: table 2's first game was saved as 2回戦 because the form carried table 1's next 回戦."""
    services.hanchan_create(clubday=clubday, table=1, players=members[:4])
    client = client_as(scorekeeper)
    form = form_html(client, clubday)
    posted = {name: value for name, value in re.findall(r'<input[^>]*name="(\w+)"[^>]*value="([^"]*)"', form)
              if name in ("table", "number")}
    assert posted == {"table": "1"}  # the form as the phone sends it, but for another table:
    data = {"table": "2", "number": "", "mode": "hands", **{f"seat{i}": m.pk for i, m in enumerate(members[1:5])}}
    client.post(reverse("hanchan-create", args=[clubday.pk]), data)
    data["table"] = "1"
    client.post(reverse("hanchan-create", args=[clubday.pk]), data)
    assert sorted(clubday.hanchans.values_list("table", "number")) == [(1, 1), (1, 2), (2, 1)]


def test_next_game_at_the_same_table_prefills_its_table_and_players(client_as, scorekeeper, clubday, members):
    services.hanchan_create(clubday=clubday, table=1, players=members[:4])
    finished = services.hanchan_create(clubday=clubday, table=2, players=members[1:5])
    services.hanchan_record_final_scores(hanchan=finished, scores=[32600, 25000, 25000, 17400], sticks=0,
                                         by=scorekeeper)
    client = client_as(scorekeeper)
    page = client.get(reverse("hanchan-detail", args=[finished.pk])).content.decode()
    link = f'{reverse("clubday-detail", args=[clubday.pk])}?after={finished.pk}#new-hanchan'
    assert f'href="{link}"' in page and "同じ卓で次の半荘" in page
    body = client.get(f'{reverse("clubday-detail", args=[clubday.pk])}?after={finished.pk}').content.decode()
    form = body.split('id="new-hanchan"')[1]
    assert 'name="table" value="2"' in form and "value=" not in number_input(form)
    for i, m in enumerate(members[1:5]):  # the same four in the same seats
        seat = form.split(f'name="seat{i}"')[1].split("</select>")[0]
        assert re.search(rf'<option value="{m.pk}" selected>', seat)


def test_next_game_is_offered_only_after_a_finished_game_to_scorekeepers(client_as, scorekeeper, hanchan):
    from django.test import Client

    url = reverse("hanchan-detail", args=[hanchan.pk])
    assert "同じ卓で次の半荘" not in client_as(scorekeeper).get(url).content.decode()  # still in play
    services.hanchan_record_final_scores(hanchan=hanchan, scores=[32600, 25000, 25000, 17400], sticks=0,
                                         by=scorekeeper)
    assert "同じ卓で次の半荘" in client_as(scorekeeper).get(url).content.decode()
    assert "同じ卓で次の半荘" not in Client().get(url).content.decode()  # anonymous: boards only


def test_an_unknown_or_foreign_after_is_ignored(client_as, scorekeeper, clubday):
    for after in ("abc", "99999", str(2**70), "-1"):
        r = client_as(scorekeeper).get(f'{reverse("clubday-detail", args=[clubday.pk])}?after={after}')
        assert r.status_code == 200


def test_the_club_day_has_a_print_button(client, clubday):
    body = client.get(reverse("clubday-detail", args=[clubday.pk])).content.decode()
    assert "data-print" in body and "印刷" in body and "js/print" in body


def test_the_english_day_ranking_says_place_and_table_in_english(client, clubday, members, scorekeeper, settings):
    h = services.hanchan_create(clubday=clubday, table=1, players=members[:4])
    services.hanchan_record_final_scores(hanchan=h, scores=[32600, 25000, 25000, 17400], sticks=0, by=scorekeeper)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    body = client.get(reverse("clubday-detail", args=[clubday.pk])).content.decode()
    assert "1st, table 1" in body and "4th, table 1" in body and "#1, table 1" not in body

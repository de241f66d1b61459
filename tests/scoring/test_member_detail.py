"""/members/<pk>/: summary, charts with a text alternative, recent hanchan, best wins, head to head;
「自分の成績」 and linking a login to a member."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring import generations, services

pytestmark = pytest.mark.django_db


def test_it_shows_the_members_figures_charts_and_tables(client, history, members):
    sato = members[1]
    body = client.get(reverse("member-detail", args=[sato.pk])).content.decode()
    assert "佐藤" in body and "+12.0" in body and "2.00" in body  # net, 平均順位
    assert body.count("<svg") == 3 and 'role="img"' in body and "polyline" in body
    assert "2026-10-01" in body and "2026-11-01" in body  # the chart's table
    assert reverse("hanchan-detail", args=[history["hanchan"][2].pk]) in body  # recent hanchan link
    assert "対戦成績" in body and reverse("member-detail", args=[members[2].pk]) in body


def test_best_wins_show_the_recorded_win(client, history, members):
    body = client.get(reverse("member-detail", args=[members[4].pk])).content.decode()
    assert "+33,000" in body and "大きな和了" in body


def test_best_wins_are_named_in_english_on_english_pages(client, history, members, settings):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    body = client.get(reverse("member-detail", args=[members[4].pk])).content.decode()
    assert "Biggest wins" in body or "Best wins" in body
    best = body[body.index("+33,000") - 600:body.index("+33,000") + 300]
    assert "honba" in best and "本場" not in best


def test_a_member_without_games_gets_a_plain_page(client, members):
    response = client.get(reverse("member-detail", args=[members[0].pk]))
    assert response.status_code == 200 and "まだ終了した半荘がありません" in response.content.decode()


def test_an_unknown_member_is_404(client, db):
    assert client.get("/members/999/").status_code == 404


def test_private_boards_need_a_login(client, members, settings):
    settings.PUBLIC_BOARDS = False
    assert client.get(reverse("member-detail", args=[members[0].pk])).status_code == 302


def test_my_results_goes_to_the_linked_member(client_as, members, reader):
    services.member_link_user(member=members[2], user=reader)
    response = client_as(reader).get(reverse("my-results"))
    assert response.status_code == 302 and response["Location"] == reverse("member-detail", args=[members[2].pk])


def test_my_results_without_a_link_says_what_to_do(client_as, reader, db):
    response = client_as(reader).get(reverse("my-results"), follow=True)
    assert "管理者に設定を頼んでください" in response.content.decode()


def test_my_results_needs_a_login(client, db):
    assert client.get(reverse("my-results")).status_code == 302


def test_an_admin_links_a_login_and_it_moves_off_another_member(client_as, admin_user, members, reader):
    services.member_link_user(member=members[0], user=reader)
    client = client_as(admin_user)
    url = reverse("member-user", args=[members[1].pk])
    assert client.get(url).status_code == 200
    response = client.post(url, {"user": reader.pk})
    assert response.status_code == 302
    members[0].refresh_from_db(), members[1].refresh_from_db()
    assert members[1].user == reader and members[0].user is None


def test_only_admins_link_logins(client_as, scorekeeper, members):
    assert client_as(scorekeeper).get(reverse("member-user", args=[members[0].pk])).status_code == 403


def redrawn(client, url: str) -> int:
    """The queries of the first view of ``url`` after a write (a new boards generation)."""
    generations.new_generation(generations.BOARDS)
    with CaptureQueriesContext(connection) as ctx:
        client.get(url)
    return len(ctx)


def test_the_query_count_does_not_grow_with_history(client, history, members, scorekeeper,
                                                    django_assert_num_queries):
    url = reverse("member-detail", args=[members[1].pk])
    client.get(url)
    before = redrawn(client, url)
    # the member, the generations; the page's 5 reads (rollup rows, dates, recent, wins, opponents);
    # the cached block looked up and stored (5 on the database cache)
    assert before <= 13
    with django_assert_num_queries(3):  # kept: the member, the generations, the cached block
        client.get(url)
    others = [services.member_create(name=f"会員{n}", kana="かいいん", number=100 + n) for n in range(6)]
    for n, day in enumerate(history["days"]):  # more opponents, games and dates: no more queries
        for table in range(3, 6):
            h = services.hanchan_create(clubday=day, table=table, players=[members[1], *others[n * 3:n * 3 + 3]])
            services.hanchan_record_final_scores(hanchan=h, scores=[40000, 30000, 20000, 10000], sticks=0,
                                                 by=scorekeeper)
    assert redrawn(client, url) == before


def test_an_opponents_name_in_the_head_to_head_rows_is_escaped(client, history, members):
    members[2].name = "<i>鈴木</i>"
    members[2].save()
    body = client.get(reverse("member-detail", args=[members[1].pk])).content.decode()
    assert "<i>鈴木</i>" not in body and "&lt;i&gt;鈴木&lt;/i&gt;</a>" in body


def test_a_result_written_redraws_the_page_with_it(client, history, members, scorekeeper,
                                                  django_capture_on_commit_callbacks):
    ito = members[4]
    url = reverse("member-detail", args=[ito.pk])
    before = client.get(url).content.decode()
    later = services.clubday_create(date=history["days"][1].date + datetime.timedelta(days=7), venue="",
                                    ruleset=history["days"][1].ruleset)  # after all of ito's games: his rating stays
    with django_capture_on_commit_callbacks(execute=True):  # the ratings too, as after a real request
        h = services.hanchan_create(clubday=later, table=1, players=members[:4])
        services.hanchan_record_final_scores(hanchan=h, scores=[40000, 30000, 20000, 10000], sticks=0, by=scorekeeper)
    assert _main(client.get(url).content.decode()) == _main(before)  # drawn again, the same
    with django_capture_on_commit_callbacks(execute=True):
        h = services.hanchan_create(clubday=later, table=2, players=[ito, *members[:3]])
        services.hanchan_record_final_scores(hanchan=h, scores=[60000, 20000, 10000, 10000], sticks=0, by=scorekeeper)
    after = client.get(url).content.decode()
    assert _main(after) != _main(before) and reverse("hanchan-detail", args=[h.pk]) in after


def _main(body: str) -> str:
    """The page without its header (whose CSRF token is masked anew on every request)."""
    return body[body.index("<main"):]


def test_the_places_chart_is_labelled_in_english_on_english_pages(client, history, members, settings):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    body = client.get(reverse("member-detail", args=[members[1].pk])).content.decode()
    chart = body[body.index('class="chart bars"'):]
    chart = chart[:chart.index("</svg>")]
    assert ">1st</text>" in chart and ">4th</text>" in chart and "位" not in chart


def test_a_line_chart_is_evenly_spaced_on_round_ticks_and_numbers_are_formatted():
    from scoring.templatetags.charts import fixed, line_chart, pct

    chart = line_chart([("10/1", 0), ("10/8", 19600), ("11/1", -5000)])
    assert chart["points"] == "50.0,120.7 230.0,12.2 410.0,148.3"
    assert [t["text"] for t in chart["ticks"]] == ["-10000", "+0", "+10000", "+20000"]
    assert (pct(1 / 3), pct(None), fixed(2.3333, 2), fixed(None)) == ("33.3%", "—", "2.33", "—")

"""Boards drawn right after results are written (``BoardPage``): the players' pages and the
all-time standings. Every worker shows them at once, and a stored board is used only while current."""

from __future__ import annotations

import datetime

import pytest
from django.core.cache import caches
from django.urls import reverse

from scoring import services
from scoring.models import BoardPage
from scoring.selectors import boards

pytestmark = pytest.mark.django_db


def _main(body: str) -> str:
    """The page without its header (whose CSRF token is masked anew on every request)."""
    return body[body.index("<main"):]


def _table(body: str) -> str:
    return body[body.index('<div id="standings-table"'):body.index("</table>", body.index('<div id="standings-table"'))]


def _write(history, players, scorekeeper, capture, scores=(40000, 30000, 20000, 10000)):
    later = services.clubday_create(date=history["days"][1].date + datetime.timedelta(days=7), venue="",
                                    ruleset=history["days"][1].ruleset)
    with capture(execute=True):  # committed: the ratings, then the players' pages
        h = services.hanchan_create(clubday=later, table=1, players=players)
        services.hanchan_record_final_scores(hanchan=h, scores=list(scores), sticks=0, by=scorekeeper)
    return h


def test_a_written_result_draws_its_players_pages_in_every_language(client, history, members, scorekeeper,
                                                                   django_capture_on_commit_callbacks, settings):
    h = _write(history, members[:4], scorekeeper, django_capture_on_commit_callbacks)
    stored = set(BoardPage.objects.values_list("name", "language"))
    assert {(f"member/{m.pk}", code) for m in members[:4] for code, _ in settings.LANGUAGES} <= stored
    url = reverse("member-detail", args=[members[1].pk])
    shown = client.get(url).content.decode()
    assert reverse("hanchan-detail", args=[h.pk]) in shown  # the new hanchan among the recent ones
    BoardPage.objects.all().delete()
    for alias in caches:
        caches[alias].clear()
    assert _main(client.get(url).content.decode()) == _main(shown)  # the same as drawn from scratch


def test_a_stored_page_is_served_without_computing_it(client, history, members, scorekeeper, monkeypatch,
                                                      django_capture_on_commit_callbacks, django_assert_max_num_queries):
    _write(history, members[:4], scorekeeper, django_capture_on_commit_callbacks)
    for alias in caches:
        caches[alias].clear()  # as on another worker, or after a restart

    def not_now(**kwargs):
        raise AssertionError("the stored page should have been used")
    monkeypatch.setattr(boards, "member_page", not_now)
    with django_assert_max_num_queries(5):
        body = client.get(reverse("member-detail", args=[members[0].pk])).content.decode()
    assert "通算成績" in body


def test_english_readers_get_the_english_page(client, history, members, scorekeeper, settings,
                                              django_capture_on_commit_callbacks):
    _write(history, members[:4], scorekeeper, django_capture_on_commit_callbacks)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    body = client.get(reverse("member-detail", args=[members[0].pk])).content.decode()
    assert "通算成績" not in body and "対戦成績" not in body and "Head to head" in body


def test_a_page_whose_results_changed_since_it_was_drawn_is_drawn_again(client, history, members, scorekeeper,
                                                                        django_capture_on_commit_callbacks):
    _write(history, members[:4], scorekeeper, django_capture_on_commit_callbacks)
    url = reverse("member-detail", args=[members[0].pk])
    before = client.get(url).content.decode()
    later = services.clubday_create(date=history["days"][1].date + datetime.timedelta(days=14), venue="",
                                    ruleset=history["days"][1].ruleset)
    h = services.hanchan_create(clubday=later, table=1, players=members[:4])  # written without drawing
    services.hanchan_record_final_scores(hanchan=h, scores=[10000, 20000, 30000, 40000], sticks=0, by=scorekeeper)
    after = client.get(url).content.decode()
    assert reverse("hanchan-detail", args=[h.pk]) in after and _main(after) != _main(before)


def test_a_failure_to_draw_does_not_fail_the_write(history, members, scorekeeper, monkeypatch, caplog,
                                                   django_capture_on_commit_callbacks):
    from scoring.views import boards as views

    def broken(*args, **kwargs):
        raise RuntimeError("drawing failed")
    monkeypatch.setattr(views, "render_to_string", broken)
    h = _write(history, members[:4], scorekeeper, django_capture_on_commit_callbacks)
    assert h.results.count() == 4
    assert "drawing the page of member" in caplog.text


def test_the_all_time_standings_are_drawn_and_served_as_a_fresh_page_would_be(
        client, history, members, scorekeeper, monkeypatch, settings, django_capture_on_commit_callbacks,
        django_assert_max_num_queries):
    _write(history, members[:4], scorekeeper, django_capture_on_commit_callbacks, scores=(10000, 20000, 30000, 40000))
    assert {code for code, _ in settings.LANGUAGES} == set(
        BoardPage.objects.filter(name="standings").values_list("language", flat=True))
    for alias in caches:
        caches[alias].clear()  # as on another worker, or after a restart
    real = boards.standings
    monkeypatch.setattr(boards, "standings", lambda **kw: pytest.fail("the stored table should have been used"))
    with django_assert_max_num_queries(8):
        shown = client.get("/standings/").content.decode()
    monkeypatch.setattr(boards, "standings", real)
    BoardPage.objects.all().delete()
    for alias in caches:
        caches[alias].clear()
    assert _main(client.get("/standings/").content.decode()) == _main(shown)
    assert "田中" in shown


def test_a_query_or_a_newer_write_does_not_use_the_stored_standings(client, history, members, scorekeeper,
                                                                     django_capture_on_commit_callbacks):
    _write(history, members[:4], scorekeeper, django_capture_on_commit_callbacks)
    BoardPage.objects.filter(name="standings").update(html="<p>stored</p>")
    assert "<p>stored</p>" in client.get("/standings/").content.decode()  # (what the page shows when current)
    assert "<p>stored</p>" not in client.get("/standings/", {"sort": "games"}).content.decode()
    later = services.clubday_create(date=history["days"][1].date + datetime.timedelta(days=30), venue="",
                                    ruleset=history["days"][1].ruleset)
    h = services.hanchan_create(clubday=later, table=1, players=members[1:5])  # written without drawing
    services.hanchan_record_final_scores(hanchan=h, scores=[10000, 20000, 30000, 40000], sticks=0, by=scorekeeper)
    assert "<p>stored</p>" not in client.get("/standings/").content.decode()


def test_a_result_outside_a_period_keeps_its_table_and_one_inside_redraws_it(
        client, history, members, scorekeeper, monkeypatch, django_capture_on_commit_callbacks):
    october = {"period": "month", "month": f"{history['days'][0].date:%Y-%m}"}
    before = client.get("/standings/", october).content.decode()
    _write(history, members[:4], scorekeeper, django_capture_on_commit_callbacks)  # a week after the last day
    real = boards.standings
    monkeypatch.setattr(boards, "standings", lambda **kw: pytest.fail("October's table should have been kept"))
    assert _table(client.get("/standings/", october).content.decode()) == _table(before)
    monkeypatch.setattr(boards, "standings", real)
    with django_capture_on_commit_callbacks(execute=True):
        h = services.hanchan_create(clubday=history["days"][0], table=7, players=members[1:5])
        services.hanchan_record_final_scores(hanchan=h, scores=[70000, 10000, 10000, 10000], sticks=0, by=scorekeeper)
    assert _table(client.get("/standings/", october).content.decode()) != _table(before)

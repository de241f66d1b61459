import datetime

import pytest
from django.urls import reverse

from scoring import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def years(ariari):
    """Club days in 2024 (two), 2025 and 2026."""
    for d in ("2024-03-03", "2024-12-01", "2025-06-01", "2026-11-01"):
        services.clubday_create(date=datetime.date.fromisoformat(d), venue=f"会場{d}", ruleset=ariari)


def test_it_lists_club_days_to_anyone_when_boards_are_public(client, clubday):
    r = client.get(reverse("clubday-list"))
    assert r.status_code == 200 and "2026年11月1日(日)" in r.content.decode()
    assert f'<a href="{reverse("clubday-detail", args=[clubday.pk])}">' in r.content.decode()


def test_it_shows_the_latest_year_with_days_by_default(client, years):
    body = client.get(reverse("clubday-list")).content.decode()
    assert "会場2026-11-01" in body and "会場2025" not in body and "会場2024" not in body
    assert '<span class="year current" aria-current="page">2026</span>' in body
    assert '?year=2025">2025</a>' in body and '?year=2024">2024</a>' in body


def test_a_year_link_shows_only_that_year(client, years):
    body = client.get(reverse("clubday-list"), {"year": "2024"}).content.decode()
    assert "会場2024-03-03" in body and "会場2024-12-01" in body and "会場2025" not in body
    assert body.index("会場2024-12-01") < body.index("会場2024-03-03")  # newest first


@pytest.mark.parametrize("year", ["1999", "abc", ""])
def test_a_year_without_days_falls_back_to_the_latest(client, years, year):
    assert "会場2026-11-01" in client.get(reverse("clubday-list"), {"year": year}).content.decode()


def test_the_page_makes_the_same_queries_whatever_the_history(client, years, django_assert_max_num_queries):
    with django_assert_max_num_queries(5):  # session, user, the two ends of the dates, the year
        client.get(reverse("clubday-list"), {"year": "2024"})


def test_no_club_days_yet(client, db):
    assert "まだ例会がありません。" in client.get(reverse("clubday-list")).content.decode()


def test_dates_read_in_english(client, clubday):
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert "2026-11-01 (Sun)" in client.get(reverse("clubday-list")).content.decode()


def test_it_requires_login_when_boards_are_private(client, clubday, settings):
    settings.PUBLIC_BOARDS = False
    assert client.get(reverse("clubday-list")).status_code == 302


def test_a_logged_in_member_can_read_it_when_boards_are_private(client_as, reader, clubday, settings):
    settings.PUBLIC_BOARDS = False
    assert client_as(reader).get(reverse("clubday-list"), HTTP_HX_REQUEST="true").status_code == 200


def test_a_year_between_without_days_is_offered_and_says_so(client, ariari):
    for d in ("2022-05-01", "2026-11-01"):
        services.clubday_create(date=datetime.date.fromisoformat(d), venue="", ruleset=ariari)
    body = client.get(reverse("clubday-list"), {"year": "2024"}).content.decode()
    assert '<span class="year current" aria-current="page">2024</span>' in body and "まだ例会がありません。" in body
    assert '?year=2022">2022</a>' in body

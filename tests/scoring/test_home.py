import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_it_lists_recent_club_days_for_anonymous_visitors_when_boards_are_public(client, clubday, settings):
    settings.PUBLIC_BOARDS = True
    r = client.get(reverse("home"))
    assert r.status_code == 200
    assert "公民館" in r.content.decode()


def test_it_asks_anonymous_visitors_to_log_in_when_boards_are_private(client, clubday, settings):
    settings.PUBLIC_BOARDS = False
    r = client.get(reverse("home"))
    assert r.status_code == 302 and reverse("login") in r["Location"]


def test_it_shows_the_create_button_only_to_scorekeepers(client_as, clubday, scorekeeper, reader):
    assert "例会を作成" not in client_as(reader).get(reverse("home")).content.decode()
    assert "例会を作成" in client_as(scorekeeper).get(reverse("home")).content.decode()


def test_it_puts_the_csrf_token_in_hx_headers_on_the_body(client):
    body = client.get(reverse("home")).content.decode()
    assert '<body hx-headers=\'{"X-CSRFToken": "' in body


def test_it_switches_to_english_with_set_language(client, clubday):
    r = client.post(reverse("set_language"), {"language": "en", "next": "/"}, follow=True)
    assert "Recent club days" in r.content.decode()

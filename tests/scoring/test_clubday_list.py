import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_it_lists_club_days_to_anyone_when_boards_are_public(client, clubday):
    r = client.get(reverse("clubday-list"))
    assert r.status_code == 200 and "2026年11月1日" in r.content.decode()


def test_it_requires_login_when_boards_are_private(client, clubday, settings):
    settings.PUBLIC_BOARDS = False
    assert client.get(reverse("clubday-list")).status_code == 302


def test_a_logged_in_member_can_read_it_when_boards_are_private(client_as, reader, clubday, settings):
    settings.PUBLIC_BOARDS = False
    assert client_as(reader).get(reverse("clubday-list"), HTTP_HX_REQUEST="true").status_code == 200

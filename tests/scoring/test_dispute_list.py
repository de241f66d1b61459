import pytest
from django.urls import reverse

from scoring import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def disputes(hanchan, scorekeeper, reader, admin_user, ron):
    first = services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    second = services.hanchan_record_hand(hanchan=hanchan, event=ron(2, 1, 1, 30), by=scorekeeper)
    open_ = services.dispute_open(hand=first, by=reader, comment="開いている物言い")
    closed = services.dispute_open(hand=second, by=reader, comment="閉じた物言い")
    services.dispute_rule(dispute=closed, by=admin_user, decision="upheld", reason="記録どおり")
    return open_, closed


def test_it_lists_open_disputes_by_default(client, disputes):
    body = client.get(reverse("dispute-list")).content.decode()
    assert "開いている物言い" in body and "閉じた物言い" not in body


def test_it_lists_closed_disputes(client, disputes):
    body = client.get(reverse("dispute-list") + "?status=closed").content.decode()
    assert "閉じた物言い" in body and "開いている物言い" not in body and "記録どおり" in body


def test_it_needs_a_login_when_the_boards_are_not_public(client, settings, disputes):
    settings.PUBLIC_BOARDS = False
    assert client.get(reverse("dispute-list")).status_code == 302

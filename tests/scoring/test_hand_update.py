import re

import pytest
from django.urls import reverse

from scoring import services
from scoring.models import HandRecord

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_hands(hanchan, scorekeeper, ron):
    first = services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    services.hanchan_record_hand(hanchan=hanchan, event=ron(2, 1, 1, 30), by=scorekeeper)
    return first


def url(hand):
    return reverse("hand-update", args=[hand.pk])


def test_it_sends_anonymous_users_to_login(client, two_hands):
    assert client.get(url(two_hands)).status_code == 302


def test_it_forbids_readers(client_as, reader, two_hands):
    assert client_as(reader).post(url(two_hands), {"type": "chombo", "offender": "0"}).status_code == 403


def test_the_form_shows_the_stored_hand(client_as, scorekeeper, two_hands):
    body = client_as(scorekeeper).get(url(two_hands)).content.decode()
    for name, value in [("type", "ron"), ("winner", "1"), ("loser", "0"), ("value", "quick"), ("han", "3"),
                        ("fu", "30")]:
        assert re.search(rf'name="{name}" value="{value}"[^>]*checked', body), name


def test_saving_an_edit_resettles_later_hands(client_as, scorekeeper, two_hands):
    data = {"type": "ron", "winner": "1", "loser": "0", "value": "quick", "han": "2", "fu": "30"}
    r = client_as(scorekeeper).post(url(two_hands), data)
    assert r.status_code == 302
    assert HandRecord.objects.get(order=1).scores_after == [23000, 26000, 26000, 25000]


def test_an_edit_that_breaks_later_hands_is_refused_and_names_them(client_as, scorekeeper, two_hands):
    data = {"type": "ron", "winner": "1", "loser": "0", "value": "yakuman", "yakuman": "1"}
    r = client_as(scorekeeper).post(url(two_hands), data)
    # 山田 (dealer) pays 32000 and busts: hand #2 can no longer happen
    assert r.status_code == 422 and "#2" in r.content.decode()
    assert HandRecord.objects.get(order=0).event["han"] == 3


def test_the_htmx_variant_renders_the_form(client_as, scorekeeper, two_hands):
    assert client_as(scorekeeper).get(url(two_hands), HTTP_HX_REQUEST="true").status_code == 200

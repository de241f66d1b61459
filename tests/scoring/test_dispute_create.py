import pytest
from django.urls import reverse

from scoring import services
from scoring.models import Dispute

pytestmark = pytest.mark.django_db


@pytest.fixture
def hand(hanchan, scorekeeper, ron):
    return services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)


def url(hand):
    return reverse("dispute-create", args=[hand.pk])


def test_it_sends_anonymous_users_to_login(client, hand):
    r = client.post(url(hand), {"comment": "おかしい"})
    assert r.status_code == 302 and "/login" in r["Location"]
    assert not Dispute.objects.exists()


def test_a_member_sees_the_hand_and_the_form(client_as, reader, hand):
    body = client_as(reader).get(url(hand)).content.decode()
    assert "#1" in body and 'name="comment"' in body and "佐藤 ← 山田 3翻30符" in body


def test_a_member_flags_a_hand_with_a_comment(client_as, reader, hand):
    r = client_as(reader).post(url(hand), {"comment": "3翻ではなく2翻では?"})
    dispute = Dispute.objects.get()
    assert r.status_code == 302 and r["Location"] == reverse("dispute-detail", args=[dispute.pk])
    assert (dispute.hand, dispute.hand_number, dispute.opened_by, dispute.status) == (hand, 1, reader, "open")
    assert dispute.comment == "3翻ではなく2翻では?"


def test_an_empty_comment_is_refused_with_422(client_as, reader, hand):
    r = client_as(reader).post(url(hand), {"comment": "   "})
    assert r.status_code == 422 and not Dispute.objects.exists()


def test_a_second_open_dispute_on_the_same_hand_points_to_the_first(client_as, reader, scorekeeper, hand):
    first = services.dispute_open(hand=hand, by=scorekeeper, comment="一つ目")
    body = client_as(reader).get(url(hand)).content.decode()
    assert reverse("dispute-detail", args=[first.pk]) in body and 'name="comment"' not in body
    r = client_as(reader).post(url(hand), {"comment": "二つ目"})
    assert r.status_code == 422 and Dispute.objects.count() == 1
    assert "すでに審議中の物言いがあります" in r.content.decode()


def test_an_unknown_hand_is_404(client_as, reader, db):
    assert client_as(reader).get(reverse("dispute-create", args=[999])).status_code == 404

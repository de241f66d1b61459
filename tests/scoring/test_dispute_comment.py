import pytest
from django.urls import reverse

from scoring import services
from scoring.models import DisputeComment

pytestmark = pytest.mark.django_db


@pytest.fixture
def dispute(hanchan, scorekeeper, reader, ron):
    hand = services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    return services.dispute_open(hand=hand, by=reader, comment="3翻ではない")


def url(dispute):
    return reverse("dispute-comment", args=[dispute.pk])


def test_anonymous_users_cannot_comment(client, dispute):
    assert client.post(url(dispute), {"text": "x"}).status_code == 302
    assert not DisputeComment.objects.exists()


def test_any_member_comments(client_as, reader, dispute):
    r = client_as(reader).post(url(dispute), {"text": "ドラが1つ多いです"})
    assert r.status_code == 302
    c = DisputeComment.objects.get()
    assert (c.dispute, c.author, c.text) == (dispute, reader, "ドラが1つ多いです")


def test_htmx_gets_the_discussion_back(client_as, reader, dispute):
    r = client_as(reader).post(url(dispute), {"text": "同意します"}, HTTP_HX_REQUEST="true")
    body = r.content.decode()
    assert r.status_code == 200 and 'id="discussion"' in body and "同意します" in body and "<html" not in body


def test_an_empty_comment_is_refused_with_422(client_as, reader, dispute):
    assert client_as(reader).post(url(dispute), {"text": ""}).status_code == 422
    assert not DisputeComment.objects.exists()


def test_it_refuses_get(client_as, reader, dispute):
    assert client_as(reader).get(url(dispute)).status_code == 405

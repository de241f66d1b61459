import pytest
from django.urls import reverse

from scoring import services
from scoring.models import Hanchan, HanchanResult, HandRecord

pytestmark = pytest.mark.django_db


def url(h):
    return reverse("hanchan-void", args=[h.pk])


@pytest.fixture
def finished(hanchan, scorekeeper, ron):
    services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    services.hanchan_finish(hanchan=hanchan, by=scorekeeper, early=True)
    return hanchan


def test_it_sends_anonymous_users_to_login(client, finished):
    assert client.post(url(finished)).status_code == 302
    assert Hanchan.objects.get(pk=finished.pk).state == "finished"


def test_it_forbids_readers(client_as, reader, finished):
    assert client_as(reader).post(url(finished)).status_code == 403


def test_get_is_not_allowed(client_as, scorekeeper, finished):
    assert client_as(scorekeeper).get(url(finished)).status_code == 405


def test_voiding_keeps_the_hands_but_drops_the_results(client_as, scorekeeper, finished):
    r = client_as(scorekeeper).post(url(finished), HTTP_HX_REQUEST="true")
    assert r.status_code == 302
    assert Hanchan.objects.get(pk=finished.pk).state == "void"
    assert HandRecord.objects.filter(hanchan=finished).count() == 1
    assert not HanchanResult.objects.filter(hanchan=finished).exists()


def test_a_void_hanchan_takes_no_more_hands(client_as, scorekeeper, hanchan):
    client_as(scorekeeper).post(url(hanchan))
    r = client_as(scorekeeper).post(reverse("hand-create", args=[hanchan.pk]),
                                    {"type": "chombo", "offender": "0"})
    assert r.status_code == 422 and "無効" in r.content.decode()

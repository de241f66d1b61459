import pytest
from django.urls import reverse
from versions import with_version

from scoring import selectors, services
from scoring.models import Hanchan, HanchanResult, HandRecord

pytestmark = pytest.mark.django_db


def url(h):
    return reverse("hanchan-void", args=[h.pk])


@pytest.fixture
def finished(hanchan, scorekeeper, ron):
    services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    services.hanchan_finish(hanchan=hanchan, by=scorekeeper)
    return hanchan


def test_it_sends_anonymous_users_to_login(client, finished):
    assert client.post(url(finished), with_version(finished)).status_code == 302
    assert Hanchan.objects.get(pk=finished.pk).state == "finished"


def test_it_forbids_readers(client_as, reader, finished):
    assert client_as(reader).post(url(finished), with_version(finished)).status_code == 403


def test_get_is_not_allowed(client_as, scorekeeper, finished):
    assert client_as(scorekeeper).get(url(finished)).status_code == 405


def test_voiding_keeps_hands_and_results_but_takes_the_game_off_the_day_totals(client_as, scorekeeper, finished):
    assert selectors.clubday_totals(clubday=finished.clubday)
    r = client_as(scorekeeper).post(url(finished), {"version": Hanchan.objects.get(pk=finished.pk).version})
    assert r.status_code == 302
    assert Hanchan.objects.get(pk=finished.pk).state == "void"
    assert HandRecord.objects.filter(hanchan=finished).count() == 1
    assert HanchanResult.objects.filter(hanchan=finished).count() == 4
    assert selectors.clubday_totals(clubday=finished.clubday) == []


def test_a_void_can_be_undone_and_the_game_is_back_as_it_was(client_as, scorekeeper, finished):
    before = list(HanchanResult.objects.filter(hanchan=finished).values("seat", "score", "rank", "net"))
    c = client_as(scorekeeper)
    c.post(url(finished), with_version(finished))
    r = c.post(reverse("hanchan-unvoid", args=[finished.pk]), with_version(finished))
    assert r.status_code == 302
    h = Hanchan.objects.get(pk=finished.pk)
    assert h.state == "finished" and h.state_before_void == ""
    assert list(HanchanResult.objects.filter(hanchan=finished).values("seat", "score", "rank", "net")) == before
    assert selectors.clubday_totals(clubday=finished.clubday)


def test_voiding_a_final_scores_hanchan_keeps_the_paper_scores(client_as, scorekeeper, hanchan):
    services.hanchan_record_final_scores(hanchan=hanchan, scores=[32600, 25000, 25000, 17400], sticks=0,
                                         by=scorekeeper)
    client_as(scorekeeper).post(url(hanchan), with_version(hanchan))
    assert [r.score for r in HanchanResult.objects.filter(hanchan=hanchan).order_by("seat")] == \
        [32600, 25000, 25000, 17400]
    assert hanchan.sheets.get().scores == [32600, 25000, 25000, 17400]


def test_a_stale_void_form_is_refused_with_a_message(client_as, scorekeeper, finished):
    old = Hanchan.objects.get(pk=finished.pk).version
    services.hanchan_void(hanchan=finished, by=scorekeeper)
    services.hanchan_unvoid(hanchan=finished, by=scorekeeper)
    r = client_as(scorekeeper).post(url(finished), {"version": old}, follow=True)
    assert Hanchan.objects.get(pk=finished.pk).state == "finished"
    assert "他の人がこの半荘を変更しました" in r.content.decode()


def test_a_void_hanchan_takes_no_more_hands(client_as, scorekeeper, hanchan):
    client_as(scorekeeper).post(url(hanchan), with_version(hanchan))
    r = client_as(scorekeeper).post(reverse("hand-create", args=[hanchan.pk]),
                                    with_version(hanchan, {"type": "chombo", "offender": "0"}))
    assert r.status_code == 422 and "無効" in r.content.decode()

import pytest
from django.urls import reverse

from scoring import services
from scoring.models import Hanchan, HanchanResult

pytestmark = pytest.mark.django_db


def url(h):
    return reverse("hanchan-finish", args=[h.pk])


@pytest.fixture
def busted(hanchan, scorekeeper):
    services.hanchan_record_hand(hanchan=hanchan, event={"type": "ron", "winner": 2, "loser": 3, "yakuman": 1},
                                 by=scorekeeper)
    return hanchan


def test_it_sends_anonymous_users_to_login(client, busted):
    assert client.post(url(busted)).status_code == 302
    assert not HanchanResult.objects.exists()


def test_it_forbids_readers(client_as, reader, busted):
    assert client_as(reader).post(url(busted)).status_code == 403


def test_a_finished_game_stores_its_results(client_as, scorekeeper, busted):
    r = client_as(scorekeeper).post(url(busted))
    assert r.status_code == 302
    assert Hanchan.objects.get(pk=busted.pk).state == "finished"
    assert HanchanResult.objects.get(rank=1).member.name == "鈴木"


def test_a_game_still_in_play_is_not_finished_without_early(client_as, scorekeeper, hanchan, ron):
    services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    r = client_as(scorekeeper).post(url(hanchan), HTTP_HX_REQUEST="true")
    assert r.status_code == 422 and "まだ対局は終わっていません" in r.content.decode()
    assert not HanchanResult.objects.exists()


def test_early_finish_with_htmx_shows_the_results(client_as, scorekeeper, hanchan, ron):
    services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    r = client_as(scorekeeper).post(url(hanchan), {"early": "1"}, HTTP_HX_REQUEST="true")
    body = r.content.decode()
    assert r.status_code == 200 and "途中終了" in body and "+15.9" in body


def test_finishing_with_htmx_replays_the_game_once(client_as, scorekeeper, hanchan, ron, monkeypatch):
    import rules as engine
    services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    calls = []
    real = engine.play
    monkeypatch.setattr(engine, "play", lambda doc: calls.append(1) or real(doc))
    r = client_as(scorekeeper).post(url(hanchan), {"early": "1"}, HTTP_HX_REQUEST="true")
    assert r.status_code == 200 and "+15.9" in r.content.decode()
    assert len(calls) == 1  # the service's replay; the page after it is drawn from it


def test_the_service_returns_the_results_with_its_replay(scorekeeper, busted):
    done = services.hanchan_finish(hanchan=busted, by=scorekeeper)
    assert [r.rank for r in sorted(done, key=lambda r: r.seat)] == [2, 3, 1, 4]
    assert done.replay["ended"] and done.hanchan.state == "finished"

"""The room display: current 回戦 with live scores and QR codes, sit-outs, the day's standings;
public or behind the login as the boards are; the htmx polling partial."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def drawn(clubday, members):
    for m in members:
        services.attendance_check_in(clubday=clubday, member=m)
    services.draw_create(clubday=clubday, number=1, state="new", seed=5)
    return clubday


def url(day):
    return reverse("clubday-display", args=[day.pk])


def test_it_shows_the_tables_scores_qr_and_sit_out(client, drawn):
    body = client.get(url(drawn)).content.decode()
    h = drawn.hanchans.get()
    out = drawn.draws.get().out[0]
    assert "1回戦" in body and "1卓" in body and body.count("25000") == 4
    assert "<svg" in body and "抜け番" in body
    assert f'hx-get="{url(drawn)}"' in body and 'hx-trigger="every 10s"' in body
    assert 'class="site"' not in body  # its own base: no nav bar
    from scoring.models import Member
    assert Member.objects.get(pk=out).name in body
    assert h.seat0.name in body


def test_the_qr_code_opens_the_hanchan_page(client, drawn, monkeypatch):
    from scoring.views import evening
    urls = []
    monkeypatch.setattr(evening, "_qr", lambda u: urls.append(u) or "")
    client.get(url(drawn))
    assert urls == [f"http://testserver/hanchan/{drawn.hanchans.get().pk}/"]


@pytest.mark.parametrize("host", ["localhost:8000", "127.0.0.1:8000", "[::1]:8000"])
def test_a_display_on_the_server_itself_gives_phones_its_lan_address(client, drawn, monkeypatch, settings, host):
    """The club PC shows the display as localhost, which a phone that scans the code cannot reach."""
    from scoring.views import evening
    settings.ALLOWED_HOSTS, settings.CLUB_LAN_ADDRESSES = ["localhost", "127.0.0.1", "[::1]"], ["192.168.1.20"]
    urls = []
    monkeypatch.setattr(evening, "_qr", lambda u: urls.append(u) or "")
    client.get(url(drawn), HTTP_HOST=host)
    assert urls == [f"http://192.168.1.20:8000/hanchan/{drawn.hanchans.get().pk}/"]
    settings.CLUB_LAN_ADDRESSES = []  # bound to loopback only: no address a phone could use
    client.get(url(drawn), HTTP_HOST=host)
    assert urls[1] == f"http://{host}/hanchan/{drawn.hanchans.get().pk}/"


def test_a_display_opened_at_the_lan_address_keeps_it(client, drawn, monkeypatch, settings):
    from scoring.views import evening
    settings.ALLOWED_HOSTS, settings.CLUB_LAN_ADDRESSES = ["192.168.1.20", "club.example.jp"], ["192.168.1.20"]
    urls = []
    monkeypatch.setattr(evening, "_qr", lambda u: urls.append(u) or "")
    client.get(url(drawn), HTTP_HOST="club.example.jp")
    assert urls == [f"http://club.example.jp/hanchan/{drawn.hanchans.get().pk}/"]


def test_a_recorded_hand_changes_the_scores_in_the_partial(client, drawn):
    h = drawn.hanchans.get()
    services.hanchan_record_hand(hanchan=h, event={"type": "ron", "winner": 0, "loser": 1, "han": 3, "fu": 30}, by=None)
    response = client.get(url(drawn), HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert body.lstrip().startswith('<main id="live"') and "<html" not in body
    assert "30800" in body and "19200" in body  # 親 3翻30符 5800


def test_finished_hanchan_show_results_and_standings(client, drawn):
    h = drawn.hanchans.get()
    services.hanchan_record_final_scores(hanchan=h, scores=[32600, 25000, 25000, 17400], sticks=0, by=None)
    body = client.get(url(drawn)).content.decode()
    assert "32600" in body and "+19.6" in body and "終了" in body


def test_private_boards_need_a_login_and_the_partial_redirects_htmx(client_as, drawn, settings, reader):
    settings.PUBLIC_BOARDS = False
    anonymous = client_as(None)
    assert anonymous.get(url(drawn)).status_code == 302
    poll = anonymous.get(url(drawn), HTTP_HX_REQUEST="true")
    assert poll.status_code == 204 and "HX-Redirect" in poll
    assert client_as(reader).get(url(drawn)).status_code == 200


def test_the_poll_interval_can_be_shortened(client, drawn):
    body = client.get(url(drawn) + "?every=2").content.decode()
    assert 'hx-trigger="every 2s"' in body and f'hx-get="{url(drawn)}?every=2"' in body
    assert 'hx-trigger="every 2s"' in client.get(url(drawn) + "?every=0").content.decode()


def test_an_empty_day(client, clubday):
    body = client.get(url(clubday)).content.decode()
    assert "まだ組み合わせがありません" in body


def test_english(client, drawn):
    client.post(reverse("set_language"), {"language": "en"})
    body = client.get(url(drawn)).content.decode()
    assert 'lang="en"' in body and "Game 1" in body and "Sitting out" in body

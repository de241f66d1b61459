import re

import pytest
from django.urls import reverse

from scoring.models import HandRecord

pytestmark = pytest.mark.django_db

RON = {"type": "ron", "winner": "1", "loser": "0", "value": "quick", "han": "3", "fu": "30"}


def url(h):
    return reverse("hand-create", args=[h.pk])


def test_it_sends_anonymous_users_to_login(client, hanchan):
    assert client.post(url(hanchan), RON).status_code == 302
    assert not HandRecord.objects.exists()


def test_htmx_anonymous_requests_are_redirected_by_header(client, hanchan):
    page = reverse("hanchan-detail", args=[hanchan.pk])
    r = client.post(url(hanchan), RON, HTTP_HX_REQUEST="true", HTTP_HX_CURRENT_URL=f"http://testserver{page}")
    # not a 302: the XHR would follow it and swap the login page into the scoreboard
    assert r.status_code == 204
    assert r["HX-Redirect"] == f"{reverse('login')}?next={page}"


def test_it_forbids_readers(client_as, reader, hanchan):
    assert client_as(reader).post(url(hanchan), RON).status_code == 403


@pytest.mark.parametrize("data, event", [
    (RON, {"type": "ron", "winner": 1, "loser": 0, "han": 3, "fu": 30}),
    ({"type": "tsumo", "winner": "2", "value": "quick", "han": "5"}, {"type": "tsumo", "winner": 2, "han": 5}),
    ({"type": "tsumo", "winner": "0", "value": "yakuman", "yakuman": "1", "pao": "3"},
     {"type": "tsumo", "winner": 0, "yakuman": 1, "pao": 3}),
    ({"type": "draw", "tenpai": ["2", "0"], "riichi": ["2"]}, {"type": "draw", "tenpai": [0, 2], "riichi": [2]}),
    ({"type": "chombo", "offender": "3"}, {"type": "chombo", "offender": 3}),
    ({"type": "penalty", "offender": "1"}, {"type": "penalty", "offender": 1}),
    ({"type": "abandon", "offender": "2"}, {"type": "abandon", "player": 2}),
    ({"type": "ron", "winner": "1", "loser": "0", "value": "tiles", "hand": "123m456p789s1122z", "win_tile": "1z",
      "riichi": ["1"], "dora": "3m"},
     {"type": "ron", "winner": 1, "loser": 0, "riichi": [1],
      "hand": {"hand": "123m456p789s1122z", "win_tile": "1z", "riichi": True, "dora_indicators": ["3m"]}}),
])
def test_the_form_becomes_exactly_the_event_given_to_the_engine(client_as, scorekeeper, hanchan, data, event):
    r = client_as(scorekeeper).post(url(hanchan), data)
    assert r.status_code == 302
    assert HandRecord.objects.get().event == event


def test_htmx_gets_the_refreshed_live_fragment(client_as, scorekeeper, hanchan):
    r = client_as(scorekeeper).post(url(hanchan), RON, HTTP_HX_REQUEST="true")
    body = r.content.decode()
    assert r.status_code == 200 and body.lstrip().startswith('<div id="live">')
    assert "東2局" in body and "28900" in body


@pytest.mark.parametrize("data, message", [
    ({"type": "ron", "loser": "0", "value": "quick", "han": "3", "fu": "30"}, "和了者を選んでください"),
    ({"type": "ron", "winner": "1", "loser": "1", "value": "quick", "han": "3", "fu": "30"}, "和了者と放銃者が同じです"),
    ({"type": "ron", "winner": "1", "loser": "0", "value": "quick", "han": "3"}, "3翻は符も選んでください"),
    ({"type": "tsumo", "winner": "1", "value": "quick", "han": "1", "fu": "20"}, "ありえません"),
    ({"type": "chombo"}, "対象者を選んでください"),
    ({"type": "ron", "winner": "1", "loser": "0", "value": "tiles", "hand": "123m456p789s2349m", "win_tile": "9m"},
     "和了できない"),
    ({"type": "ron", "winner": "1", "loser": "0", "value": "tiles", "hand": "123x", "win_tile": "9m"}, "x"),
])
def test_bad_input_is_refused_with_a_japanese_reason_and_kept_on_screen(client_as, scorekeeper, hanchan, data,
                                                                         message):
    r = client_as(scorekeeper).post(url(hanchan), data)
    assert r.status_code == 422
    body = r.content.decode()
    assert message in body
    # the chosen result stays selected, so nothing has to be tapped again
    assert re.search(rf'name="type" value="{data["type"]}"[^>]*checked', body)
    assert not HandRecord.objects.exists()


def test_htmx_bad_input_replaces_only_the_error_box(client_as, scorekeeper, hanchan):
    data = {"type": "ron", "winner": "1", "loser": "0", "value": "tiles", "hand": "123m456p789s2349m",
            "win_tile": "9m"}
    r = client_as(scorekeeper).post(url(hanchan), data, HTTP_HX_REQUEST="true")
    assert r.status_code == 422 and r["HX-Retarget"] == "#hand-errors" and r["HX-Reswap"].startswith("outerHTML")
    assert r.content.decode().lstrip().startswith('<div id="hand-errors"') and "和了できない" in r.content.decode()


def test_an_illegal_win_under_the_clubs_sakizuke_rules_is_refused(client_as, scorekeeper, members):
    # 島町 (B): 喰いタンなし, so an open all-simples hand has no yaku
    import datetime
    from scoring import services
    from scoring.models import RuleSet
    day = services.clubday_create(date=datetime.date(2026, 11, 2), venue="島町",
                                  ruleset=RuleSet.objects.get(preset="shimamachi", options={}))
    h = services.hanchan_create(clubday=day, table=1, players=members[:4])
    data = {"type": "ron", "winner": "1", "loser": "0", "value": "tiles", "hand": "234m456p678s5m",
            "melds": '[{"type": "chi", "tiles": "345s"}]', "win_tile": "5m"}
    r = client_as(scorekeeper).post(url(h), data)
    assert r.status_code == 422 and "和了できない" in r.content.decode()
    assert "234m456p678s5m" in r.content.decode()
    assert not HandRecord.objects.exists()


def test_get_is_not_allowed(client_as, scorekeeper, hanchan):
    assert client_as(scorekeeper).get(url(hanchan)).status_code == 405


def test_a_riichi_recorded_before_a_penalty_in_the_same_hand_counts_for_a_tile_win(client_as, scorekeeper, hanchan):
    client = client_as(scorekeeper)
    # 佐藤 declares riichi, then 山田 gets a 罰符: the hand goes on, 佐藤 is still in riichi
    client.post(url(hanchan), {"type": "penalty", "offender": "0", "riichi": ["1"]})
    client.post(url(hanchan), {"type": "ron", "winner": "1", "loser": "0", "value": "tiles",
                               "hand": "123m456p789s1122z", "win_tile": "1z"})
    last = HandRecord.objects.get(order=1)
    assert last.event["hand"]["riichi"] is True
    assert last.event.get("riichi") is None  # the stick was placed with the penalty event

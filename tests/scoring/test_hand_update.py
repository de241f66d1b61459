import re

import pytest
from django.urls import reverse
from versions import with_version

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
    data = with_version(two_hands, {"type": "chombo", "offender": "0"})
    assert client_as(reader).post(url(two_hands), data).status_code == 403


def test_the_form_shows_the_stored_hand(client_as, scorekeeper, two_hands):
    body = client_as(scorekeeper).get(url(two_hands)).content.decode()
    for name, value in [("type", "ron"), ("winner", "1"), ("loser", "0"), ("value", "quick"), ("han", "3"),
                        ("fu", "30")]:
        assert re.search(rf'name="{name}" value="{value}"[^>]*checked', body), name


def test_saving_an_edit_resettles_later_hands(client_as, scorekeeper, two_hands):
    data = {"type": "ron", "winner": "1", "loser": "0", "value": "quick", "han": "2", "fu": "30"}
    r = client_as(scorekeeper).post(url(two_hands), with_version(two_hands, data))
    assert r.status_code == 302
    assert HandRecord.objects.get(order=1).scores_after == [23000, 26000, 26000, 25000]


def test_an_edit_that_breaks_later_hands_is_refused_and_names_them(client_as, scorekeeper, two_hands):
    data = {"type": "ron", "winner": "1", "loser": "0", "value": "yakuman", "yakuman": "1"}
    r = client_as(scorekeeper).post(url(two_hands), with_version(two_hands, data))
    # 山田 (dealer) pays 32000 and busts: hand #2 can no longer happen
    assert r.status_code == 422 and "#2 東2局 0本場" in r.content.decode()
    # and says why, in the page's numbering (not the engine's 「2番目の記録(event 1)」)
    assert "理由(#2): 対局はすでに終了しています(トビ)" in r.content.decode() and "event 1" not in r.content.decode()
    assert HandRecord.objects.get(order=0).event["han"] == 3


def test_the_htmx_variant_renders_the_form(client_as, scorekeeper, two_hands):
    assert client_as(scorekeeper).get(url(two_hands), HTTP_HX_REQUEST="true").status_code == 200


def test_the_edit_page_shows_the_stored_hands_verdict_on_load(client_as, scorekeeper, hanchan):
    event = {"type": "ron", "winner": 1, "loser": 0,
             "hand": {"hand": "234m456p88s11z", "melds": [{"type": "pon", "tiles": "777z"}], "win_tile": "1z"}}
    hand = services.hanchan_record_hand(hanchan=hanchan, event=event, by=scorekeeper)
    body = client_as(scorekeeper).get(url(hand)).content.decode()
    preview = body.split('id="preview"')[1]
    assert "和了できます" in preview.split("</section>")[0] and "役牌 中" in preview
    # the heading names the hand as the page does, and the engine's description of it
    assert re.search(r"<h1>#1 東1局 0本場 の修正</h1>", body)
    assert "佐藤 が 山田 から" in body


def test_a_double_ron_is_edited_with_its_earlier_winners_listed(client_as, scorekeeper, members):
    import datetime
    from scoring.models import RuleSet
    day = services.clubday_create(date=datetime.date(2026, 11, 3), venue="天鳳",
                                  ruleset=RuleSet.objects.get(preset="tenhou", options={}))
    h = services.hanchan_create(clubday=day, table=1, players=members[:4])
    event = {"type": "ron", "loser": 0, "wins": [{"winner": 1, "han": 2, "fu": 30}, {"winner": 2, "han": 1, "fu": 30}]}
    hand = services.hanchan_record_hand(hanchan=h, event=event, by=scorekeeper)
    client = client_as(scorekeeper)
    body = client.get(url(hand)).content.decode()
    assert "追加した和了" in body and "2翻30符" in body
    assert re.search(r'name="winner" value="2"[^>]*checked', body)
    import html
    wins = html.unescape(re.search(r'name="wins" value="([^"]*)"', body).group(1))
    r = client.post(url(hand), {"type": "ron", "loser": "0", "wins": wins, "winner": "2", "value": "quick",
                                "han": "3", "fu": "30", "version": str(h.version + 1)})
    assert r.status_code == 302
    hand.refresh_from_db()
    assert hand.event["wins"][1] == {"winner": 2, "han": 3, "fu": 30}


def test_an_edit_refused_by_the_engine_names_the_hand(client_as, scorekeeper, two_hands):
    r = client_as(scorekeeper).post(url(two_hands), with_version(two_hands, {
        "type": "ron", "winner": "1", "loser": "0", "value": "quick", "han": "1", "fu": "20"}))
    body = r.content.decode()
    assert r.status_code == 422 and "#1 東1局 0本場: " in body and "番目の記録" not in body


def test_another_winner_can_be_added_on_the_edit_page_too(client_as, scorekeeper, two_hands):
    r = client_as(scorekeeper).post(url(two_hands), with_version(two_hands, {
        "type": "ron", "winner": "1", "loser": "0", "value": "quick", "han": "3", "fu": "30", "step": "add-win"}))
    body = r.content.decode()
    assert r.status_code == 200 and "追加した和了" in body and "3翻30符" in body
    assert HandRecord.objects.get(order=0).event == {"type": "ron", "winner": 1, "loser": 0, "han": 3, "fu": 30}


def test_editing_an_early_hand_rewrites_the_later_ones_in_one_statement(client_as, scorekeeper, hanchan, ron,
                                                                       django_assert_max_num_queries):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from scoring.models import Hanchan
    hands = [services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 1, 30), by=scorekeeper)]
    for k in range(11):
        hands.append(services.hanchan_record_hand(hanchan=hanchan, event={"type": "draw", "tenpai": [0, 1, 2, 3]},
                                                  by=scorekeeper))
    history = Hanchan.history.filter(id=hanchan.pk).count()
    data = with_version(hanchan, {"type": "ron", "winner": "1", "loser": "0", "value": "quick", "han": "2", "fu": "30"})
    client = client_as(scorekeeper)
    with CaptureQueriesContext(connection) as q:
        assert client.post(url(hands[0]), data).status_code == 302
    updates = [x["sql"] for x in q.captured_queries if re.match(r'UPDATE "scoring_handrecord"', x["sql"])]
    assert len(updates) == 2  # the input, then every hand's scores in one statement
    assert Hanchan.history.filter(id=hanchan.pk).count() == history  # the game stayed in play: no history row
    assert services.hanchan_resettle(hanchan=hanchan) == []
    assert HandRecord.objects.get(pk=hands[-1].pk).scores_after != hands[-1].scores_after


def test_saving_a_hand_unchanged_adds_no_history_row(client_as, scorekeeper, two_hands):
    history = HandRecord.history.filter(id=two_hands.pk).count()
    data = {"type": "ron", "winner": "1", "loser": "0", "value": "quick", "han": "3", "fu": "30"}
    assert client_as(scorekeeper).post(url(two_hands), with_version(two_hands, data)).status_code == 302
    assert HandRecord.history.filter(id=two_hands.pk).count() == history
    data["han"] = "2"
    assert client_as(scorekeeper).post(url(two_hands), with_version(two_hands, data)).status_code == 302
    assert HandRecord.history.filter(id=two_hands.pk).count() == history + 1

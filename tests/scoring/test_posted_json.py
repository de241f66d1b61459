"""JSON in posted forms (the hand form's ``melds`` and ``wins``, the checker's calls), read by
``scoring.forms.jsontext.loads``: nesting thousands deep and ``\\ud800`` escapes (lone surrogates)
are refused with a message that says so (422, the input kept, nothing stored) — they used to be
500s (``RecursionError``; ``UnicodeEncodeError`` when the page quoted the engine's message)."""

from __future__ import annotations

import html
import json

import pytest
from django.urls import reverse

from scoring import services
from scoring.forms.jsontext import MAX_DEPTH, JSONTextError, loads
from scoring.models import Dispute, HandRecord

pytestmark = pytest.mark.django_db

DEEP_ARRAY = "[" * 2000 + "]" * 2000  # past the recursion limit of json.loads
DEEP_MELDS = "[" * 199 + "]" * 199  # within the 400 characters of the calls' field
LONE_MELDS = '[{"type": "pon", "tiles": "\\ud800"}]'  # the JSON escape: Python decodes it to "\ud800"
LONE_WINS = '[{"winner": 2, "hand": {"hand": "\\udfff23m456p789s1z", "win_tile": "1z"}}]'
# a hand with 白 pon that would be stored as it is (the calls replaced below)
TILES = {"type": "ron", "winner": "1", "loser": "0", "value": "tiles", "hand": "123m456p789s1z", "win_tile": "1z",
         "melds": '[{"type": "pon", "tiles": "555z"}]'}
BAD = [
    pytest.param({"melds": DEEP_MELDS}, "入れ子が深すぎます", id="melds-deep"),
    pytest.param({"melds": DEEP_ARRAY}, "400 文字以下", id="melds-too-long"),
    pytest.param({"melds": LONE_MELDS}, "使えない文字(\\ud800)", id="melds-surrogate"),
    pytest.param({"wins": DEEP_ARRAY}, "追加した和了の一覧が読めません", id="wins-deep"),
    pytest.param({"wins": LONE_WINS}, "使えない文字(\\udfff)", id="wins-surrogate"),
    pytest.param({"wins": "[" * 5000}, "追加した和了の一覧が読めません", id="wins-too-long"),
]


def body(r) -> str:
    return html.unescape(r.content.decode())


@pytest.mark.parametrize("text, message", [
    ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "入れ子が深すぎます"),
    ('{"a":' * 5000 + "1" + "}" * 5000, "入れ子が深すぎます"),
    ('"\\ud800"', "使えない文字(\\ud800)"),
    ('{"\\udc00": 1}', "使えない文字(\\udc00)"),
    ('[{"a": ["x", "\\udbff"]}]', "使えない文字(\\udbff)"),
    ("NaN", "JSON として読めません"),
    ("[1, Infinity]", "JSON として読めません"),
    ("{", "JSON として読めません"),
])
def test_loads_refuses_what_would_break_a_page(text, message):
    with pytest.raises(JSONTextError) as caught:
        loads(text)
    assert message in str(caught.value)


def test_loads_reads_what_the_forms_send():
    wins = [{"winner": 1, "hand": {"hand": "123m", "win_tile": "1z", "melds": [{"type": "pon", "tiles": "555z"}],
                                   "dora_indicators": ["3m"]}}]
    assert loads(json.dumps(wins)) == wins
    assert loads('"\\ud83c\\udc04"') == "🀄"  # a surrogate pair is one character: fine
    assert loads("[" * MAX_DEPTH + "]" * MAX_DEPTH)


@pytest.mark.parametrize("extra, message", BAD)
@pytest.mark.parametrize("htmx", [False, True])
def test_hand_create_refuses_it_and_stores_nothing(client_as, scorekeeper, hanchan, extra, message, htmx):
    data = {**TILES, **extra, "version": str(hanchan.version)}
    r = client_as(scorekeeper).post(reverse("hand-create", args=[hanchan.pk]), data,
                                    **({"HTTP_HX_REQUEST": "true"} if htmx else {}))
    assert r.status_code == 422 and message in body(r)
    assert not HandRecord.objects.exists()
    if not htmx:  # the calls as typed stay in the form
        assert f'value="{extra.get("melds", TILES["melds"])}"' in body(r)


def test_the_same_hand_with_a_real_pon_is_stored(client_as, scorekeeper, hanchan):
    r = client_as(scorekeeper).post(reverse("hand-create", args=[hanchan.pk]),
                                    {**TILES, "version": str(hanchan.version)})
    assert r.status_code == 302 and HandRecord.objects.get().event["hand"]["melds"] == [
        {"type": "pon", "tiles": "555z"}]


@pytest.mark.parametrize("extra, message", BAD)
def test_hand_update_refuses_it_and_keeps_the_hand(client_as, scorekeeper, hanchan, ron, extra, message):
    hand = services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    hanchan.refresh_from_db()
    r = client_as(scorekeeper).post(reverse("hand-update", args=[hand.pk]),
                                    {**TILES, **extra, "version": str(hanchan.version)})
    assert r.status_code == 422 and message in body(r)
    assert HandRecord.objects.get().event == ron(1, 0, 3, 30)


@pytest.mark.parametrize("extra, message", BAD)
def test_hand_preview_says_what_is_wrong(client_as, scorekeeper, hanchan, extra, message):
    r = client_as(scorekeeper).post(reverse("hand-preview", args=[hanchan.pk]), {**TILES, **extra},
                                    HTTP_HX_REQUEST="true")
    assert r.status_code == 200 and message in body(r)


@pytest.mark.parametrize("extra, message", BAD)
def test_a_ruling_with_it_is_refused_and_the_dispute_stays_open(client_as, admin_user, hanchan, scorekeeper,
                                                               reader, ron, extra, message):
    hand = services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    dispute = services.dispute_open(hand=hand, by=reader, comment="?")
    hanchan.refresh_from_db()
    data = {**TILES, **extra, "decision": "amended", "reason": "牌で確認", "version": str(hanchan.version)}
    r = client_as(admin_user).post(reverse("dispute-rule", args=[dispute.pk]), data)
    assert r.status_code == 422 and message in body(r)
    assert Dispute.objects.get().status == "open" and HandRecord.objects.get().event == ron(1, 0, 3, 30)


@pytest.mark.parametrize("melds", [LONE_MELDS, DEEP_MELDS])
def test_the_checker_refuses_such_calls(client, melds):
    r = client.get(reverse("check"), {"hand": "123m456p789s1z", "melds": melds, "win_tile": "1z"})
    assert r.status_code == 422 and "が読めません" in body(r)


def test_the_checker_refuses_calls_too_long_for_a_link(client):
    r = client.get(reverse("check"), {"hand": "123m456p789s1z", "melds": DEEP_ARRAY, "win_tile": "1z"})
    assert r.status_code == 414  # a URL over 4 KB, before the form reads it


@pytest.mark.parametrize("melds", [LONE_MELDS, DEEP_MELDS])
def test_the_tile_readers_answer_an_error(client, client_as, scorekeeper, hanchan, melds):
    for c, name, args in ((client, "check-tiles", []), (client_as(scorekeeper), "hand-tiles", [hanchan.pk])):
        r = c.get(reverse(name, args=args), {"hand": "123m", "melds": melds})
        assert r.status_code == 200 and "副露が読めません" in r.json()["error"]


@pytest.mark.parametrize("extra, message", [
    ({"melds": DEEP_MELDS}, "Cannot read the calls: Nested too deep (at most 8 levels)"),
    ({"melds": LONE_MELDS}, "Cannot read the calls: It contains a character that cannot be used (\\ud800)"),
    ({"wins": LONE_WINS}, "Cannot read the list of added wins (It contains a character that cannot be used"),
])
def test_the_reasons_are_in_english_when_english_was_chosen(client_as, scorekeeper, hanchan, settings, extra,
                                                            message):
    client = client_as(scorekeeper)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    r = client.post(reverse("hand-create", args=[hanchan.pk]), {**TILES, **extra, "version": str(hanchan.version)})
    assert r.status_code == 422 and message in body(r)

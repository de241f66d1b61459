import datetime

import pytest
from django.urls import reverse

from scoring import services
from scoring.models import HandRecord, RuleSet

pytestmark = pytest.mark.django_db

TILES = {"type": "ron", "winner": "1", "loser": "0", "hand": "123m456p789s1122z", "win_tile": "1z"}


def url(h):
    return reverse("hand-preview", args=[h.pk])


def test_it_sends_anonymous_users_to_login(client, hanchan):
    assert client.post(url(hanchan), TILES).status_code == 302


def test_it_forbids_readers(client_as, reader, hanchan):
    assert client_as(reader).post(url(hanchan), TILES).status_code == 403


def test_it_shows_the_engines_verdict_without_saving(client_as, scorekeeper, hanchan):
    # 佐藤 (seat 1, South) completes 東 by ron: 場風 1 han; fu 20 + 10 closed ron + 4 東 triplet
    # + 2 南 pair = 36 -> 40; 1 han 40 fu for a non-dealer = 1300
    r = client_as(scorekeeper).post(url(hanchan), TILES, HTTP_HX_REQUEST="true")
    body = r.content.decode()
    assert r.status_code == 200 and body.lstrip().startswith('<div id="preview"')
    assert "和了できます" in body and "1300" in body
    assert not HandRecord.objects.exists()


def test_it_explains_a_hand_without_yaku(client_as, scorekeeper, hanchan):
    r = client_as(scorekeeper).post(url(hanchan), {**TILES, "hand": "123m456p789s2349m", "win_tile": "9m"})
    assert "和了できません" in r.content.decode()


def test_bad_tiles_are_named_in_the_error(client_as, scorekeeper, hanchan):
    r = client_as(scorekeeper).post(url(hanchan), {**TILES, "hand": "123q456p789s1122z"})
    assert "q" in r.content.decode() and 'class="errors"' in r.content.decode()


def test_a_sakizuke_rule_set_lists_each_wait_with_its_verdict(client_as, scorekeeper, members):
    day = services.clubday_create(date=datetime.date(2026, 11, 2), venue="島町",
                                  ruleset=RuleSet.objects.get(preset="shimamachi", options={}))
    h = services.hanchan_create(clubday=day, table=1, players=members[:4])
    # 白 pon then a 中/8s shanpon: 中 wins with 役牌, 8s would have no yaku -> 片和了り
    data = {"type": "ron", "winner": "1", "loser": "0", "hand": "234m456p88s77z",
            "melds": '[{"type": "pon", "tiles": "555z"}]', "win_tile": "7z"}
    body = client_as(scorekeeper).post(url(h), data).content.decode()
    # each wait named (the shared scoring/_verdict.html: a table of waits, tile names in Japanese)
    assert "待ちごとの判定" in body and body.count('class="w-name"') == 2 and "8索" in body
    assert "役牌 中" in body  # yaku shown by name, not by id


def test_the_preview_takes_five_queries_and_reads_no_role_twice(client_as, scorekeeper, hanchan, ron,
                                                                django_assert_max_num_queries):
    for k in range(8):
        services.hanchan_record_hand(hanchan=hanchan, event={"type": "draw", "tenpai": [0, 1, 2, 3]}, by=scorekeeper)
    client = client_as(scorekeeper)
    with django_assert_max_num_queries(5):  # session, user, role, the hanchan, its hands
        r = client.post(url(hanchan), TILES, HTTP_HX_REQUEST="true")
    assert r.status_code == 200 and "和了できます" in r.content.decode()


def test_the_english_preview_spaces_han_fu_and_points_and_lists_yaku_with_commas(client_as, scorekeeper,
                                                                                   members, settings):
    day = services.clubday_create(date=datetime.date(2026, 11, 2), venue="島町",
                                  ruleset=RuleSet.objects.get(preset="shimamachi", options={}))
    h = services.hanchan_create(clubday=day, table=1, players=members[:4])
    client = client_as(scorekeeper)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    # 佐藤 rons a closed all-simples two-sided wait: pinfu and tanyao on either wait, 2 han 30 fu
    data = {"type": "ron", "winner": "1", "loser": "0", "hand": "234m456p678s34s55p", "win_tile": "2s"}
    body = " ".join(client.post(url(h), data).content.decode().split())
    assert "2 han 30 fu <strong>2000 points</strong>" in body, body
    assert "Pinfu, Tanyao" in body or "Tanyao, Pinfu" in body
    assert "、" not in body and "2han" not in body and "30fu" not in body

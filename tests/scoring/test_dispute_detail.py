import re

import pytest
from django.urls import reverse

import rules
from scoring import services
from scoring.selectors.disputes import tile_wins

pytestmark = pytest.mark.django_db

# seed 000: 白 and 中 shanpon, won on 白: legal under B (shimamachi), refused under A (sakizuke_a)
TILES = {"hand": "234m567p789s55z77z", "win_tile": "5z"}


@pytest.fixture
def dispute(hanchan, scorekeeper, reader):
    hand = services.hanchan_record_hand(hanchan=hanchan, event={"type": "ron", "winner": 1, "loser": 0, "hand": TILES},
                                        by=scorekeeper)
    return services.dispute_open(hand=hand, by=reader, comment="白の片アガリでは?")


def url(dispute):
    return reverse("dispute-detail", args=[dispute.pk])


def test_a_win_entered_with_tiles_is_judged_with_the_seat_and_value_of_its_replay():
    events = [{"type": "ron", "winner": 1, "loser": 0, "hand": TILES}]
    [win] = tile_wins(events, rules.play({"players": list("ABCD"), "hands": events}), "ariari")
    assert (win.index, win.winner, win.document["seat_wind"], win.value["total"]) == (0, 1, "S", 1300)


def test_it_shows_the_hand_with_tiles_and_its_verdict(client, dispute):
    body = client.get(url(dispute)).content.decode()
    assert "白の片アガリでは?" in body
    assert re.search(r'aria-label="白" [^>]*><use href="/static/tiles/sprite\.\w+\.svg#t-5z"', body) and "和了できます" in body
    assert "完全先付け・解釈A" in body  # the side-by-side verdicts of the presets


def test_anonymous_readers_do_not_see_who_wrote(client, dispute):
    assert "kaiin" not in client.get(url(dispute)).content.decode()


def test_logged_in_members_see_who_wrote(client_as, scorekeeper, dispute):
    assert "kaiin" in client_as(scorekeeper).get(url(dispute)).content.decode()


def test_it_needs_a_login_when_the_boards_are_not_public(client, settings, dispute):
    settings.PUBLIC_BOARDS = False
    assert client.get(url(dispute)).status_code == 302


def test_an_unknown_dispute_is_404(client, db):
    assert client.get(reverse("dispute-detail", args=[404])).status_code == 404


def test_the_hand_is_named_from_the_replay_in_the_pages_language(client, dispute, settings):
    card = client.get(url(dispute)).content.decode().split('class="hand-card"')[1].split("</section>")[0]
    assert "#1 東1局 0本場" in card
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    card = client.get(url(dispute)).content.decode().split('class="hand-card"')[1].split("</section>")[0]
    assert "#1 East 1, 0 honba" in card and "東1局" not in card


def test_the_officers_palette_reads_tiles_publicly_with_the_hanchans_red_fives(client_as, admin_user, dispute,
                                                                               members, scorekeeper, reader):
    import datetime
    from scoring.models import RuleSet
    body = client_as(admin_user).get(url(dispute)).content.decode()
    assert f'data-parse-url="{reverse("check-tiles")}"' in body  # a 審判 need not be a scorekeeper
    assert 'data-te-tile="0p"' not in body  # アリアリ here has no red fives
    day = services.clubday_create(date=datetime.date(2026, 11, 3), venue="天鳳",
                                  ruleset=RuleSet.objects.get(preset="tenhou", options={}))
    h = services.hanchan_create(clubday=day, table=1, players=members[:4])
    hand = services.hanchan_record_hand(hanchan=h, event={"type": "ron", "winner": 1, "loser": 0, "hand": TILES},
                                        by=scorekeeper)
    other = services.dispute_open(hand=hand, by=reader, comment="?")
    assert 'data-te-tile="0p"' in client_as(admin_user).get(url(other)).content.decode()


def test_the_other_rule_sets_are_named_in_the_pages_language(client, dispute, settings):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    table = client.get(url(dispute)).content.decode().split('class="list compare"')[1].split("</table>")[0]
    assert "完全先付け" not in table and "アリアリ" not in table

"""A complete game is never left off the boards: the write whose hands end the game finishes it and
stores its results; every later edit, delete, restore or ruling re-settles it. 途中終了 (this view)
is the explicit stop of a game before its end, and 対局中に戻す undoes it."""

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from scoring import selectors, services
from scoring.access import REFEREE
from scoring.models import Hanchan, HanchanResult

pytestmark = pytest.mark.django_db

BUST = {"type": "ron", "winner": 2, "loser": 3, "yakuman": 1}  # 鈴木 32000 from 田中: 田中 below 0, game over


def url(h, name="hanchan-finish"):
    return reverse(name, args=[h.pk])


def post(client, h, name="hanchan-finish", **extra):
    h.refresh_from_db()
    return client.post(url(h, name), {"version": h.version}, **extra)


def state(h):
    return Hanchan.objects.get(pk=h.pk).state


@pytest.fixture
def started(hanchan, scorekeeper, ron):
    services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    return hanchan


def test_it_sends_anonymous_users_to_login(client, started):
    assert post(client, started).status_code == 302
    assert not HanchanResult.objects.exists()


def test_it_forbids_readers(client_as, reader, started):
    assert post(client_as(reader), started).status_code == 403
    assert state(started) == "in_play"


def test_the_hand_that_ends_the_game_finishes_it_and_stores_its_results(hanchan, scorekeeper):
    services.hanchan_record_hand(hanchan=hanchan, event=BUST, by=scorekeeper)
    assert state(hanchan) == "finished"
    assert HanchanResult.objects.get(rank=1).member.name == "鈴木"


def test_a_natural_end_is_on_the_standings_without_another_tap(client_as, scorekeeper, hanchan):
    r = client_as(scorekeeper).post(reverse("hand-create", args=[hanchan.pk]),
                                    {"type": "ron", "winner": "2", "loser": "3", "value": "yakuman", "yakuman": "1",
                                     "version": hanchan.version}, HTTP_HX_REQUEST="true")
    body = r.content.decode()
    assert r.status_code == 200 and r["HX-Retarget"] == "#hanchan-page"  # the heading's badge changes too
    assert 'class="badge state-finished"' in body and "結果を確定する" not in body
    games = {row["member_name"]: row["games"] for row in selectors.standings()}
    assert games == {"山田": 1, "佐藤": 1, "鈴木": 1, "田中": 1}


def test_stopping_early_stores_the_current_scores(client_as, scorekeeper, started):
    r = post(client_as(scorekeeper), started, HTTP_HX_REQUEST="true")
    body = r.content.decode()
    assert r.status_code == 200 and "途中終了" in body and "+15.9" in body
    h = Hanchan.objects.get(pk=started.pk)
    assert (h.state, h.closed_early) == ("finished", True)


def test_stopping_a_finished_game_is_refused(client_as, scorekeeper, hanchan):
    services.hanchan_record_hand(hanchan=hanchan, event=BUST, by=scorekeeper)
    r = post(client_as(scorekeeper), hanchan, HTTP_HX_REQUEST="true")
    assert r.status_code == 422 and "すでに確定" in r.content.decode()
    assert not Hanchan.objects.get(pk=hanchan.pk).closed_early


def test_reopening_a_stopped_game_takes_it_off_the_boards_until_it_ends(client_as, scorekeeper, started):
    post(client_as(scorekeeper), started)
    r = post(client_as(scorekeeper), started, "hanchan-reopen")
    assert r.status_code == 302
    h = Hanchan.objects.get(pk=started.pk)
    assert (h.state, h.closed_early) == ("in_play", False) and not HanchanResult.objects.exists()
    services.hanchan_record_hand(hanchan=h, event=BUST, by=scorekeeper)
    assert state(h) == "finished" and HanchanResult.objects.filter(hanchan=h).count() == 4


def test_reopening_a_game_that_was_not_stopped_is_refused(client_as, scorekeeper, hanchan):
    services.hanchan_record_hand(hanchan=hanchan, event=BUST, by=scorekeeper)
    r = post(client_as(scorekeeper), hanchan, "hanchan-reopen")
    assert r.status_code == 302 and state(hanchan) == "finished"
    assert HanchanResult.objects.filter(hanchan=hanchan).count() == 4


def test_a_stopped_game_whose_hands_come_to_end_it_is_finished_by_them(scorekeeper, started):
    services.hanchan_finish(hanchan=started, by=scorekeeper)
    first = started.hands.get()
    services.hanchan_update_hand(hand=first, event=BUST, by=scorekeeper)
    h = Hanchan.objects.get(pk=started.pk)
    assert (h.state, h.closed_early) == ("finished", False)
    assert HanchanResult.objects.get(hanchan=h, rank=4).score == -7000


def test_a_ruling_that_ends_the_game_earlier_puts_it_back_on_the_boards(scorekeeper, hanchan, ron,
                                                                        django_user_model, reader):
    """The evening's case: a dispute on #8; the corrected game ends before #12, so #12 must be
    deleted first (the game is in play again); the ruling then ends the game: finished and counted,
    with nobody tapping anything else."""
    # twelve small wins of the dealer 山田 (連荘: 東1局 0-11本場), from 佐藤, 鈴木 and 田中 in turn
    for k in range(12):
        services.hanchan_record_hand(hanchan=hanchan, event=ron(0, 1 + k % 3, 1, 30), by=scorekeeper)
    hands = list(hanchan.hands.order_by("order"))
    assert len(hands) == 12 and state(hanchan) == "in_play"
    # the dispute: #8 was really a yakuman of 鈴木 from 田中, which busts 田中 (19900 − 32000): the game
    # ends at #8
    dispute = services.dispute_open(hand=hands[7], by=reader, comment="役満だった")
    referee = django_user_model.objects.create_user(username="shinpan", password="pass-1234")
    referee.groups.add(Group.objects.get(name=REFEREE))
    for hand in reversed(hands[8:]):  # the corrected game ends at #8: the later hands must go first
        services.hanchan_delete_hand(hand=hand, by=scorekeeper)
    assert state(hanchan) == "in_play" and not HanchanResult.objects.exists()
    services.dispute_rule(dispute=dispute, by=referee, decision="amended", reason="役満",
                          event={"type": "ron", "winner": 2, "loser": 3, "yakuman": 1})
    h = Hanchan.objects.get(pk=hanchan.pk)
    assert h.state == "finished" and not h.closed_early
    games = {row["member_name"]: row["games"] for row in selectors.standings()}
    assert games == {"山田": 1, "佐藤": 1, "鈴木": 1, "田中": 1}


def test_deleting_a_hand_the_ended_game_needs_puts_it_back_in_play(scorekeeper, hanchan):
    hand = services.hanchan_record_hand(hanchan=hanchan, event=BUST, by=scorekeeper)
    services.hanchan_delete_hand(hand=hand, by=scorekeeper)
    assert state(hanchan) == "in_play" and not HanchanResult.objects.exists()
    services.hand_restore(hand_id=hand.pk, by=scorekeeper)
    assert state(hanchan) == "finished" and HanchanResult.objects.filter(hanchan=hanchan).count() == 4


def test_resettle_finishes_a_game_recorded_before_games_finished_themselves(scorekeeper, hanchan):
    """Games whose hands ended them were left in play until someone confirmed them: ``make run``
    runs ``resettle --upgrade``, which settles the games in play and so puts them on the boards."""
    from django.core.management import call_command

    services.hanchan_record_hand(hanchan=hanchan, event=BUST, by=scorekeeper)
    Hanchan.objects.filter(pk=hanchan.pk).update(state="in_play")  # as such a game was stored
    HanchanResult.objects.filter(hanchan=hanchan).delete()
    call_command("resettle", "--in-play", verbosity=0)
    assert state(hanchan) == "finished" and HanchanResult.objects.filter(hanchan=hanchan).count() == 4


def test_a_hanchan_ended_by_a_bust_says_so(client, hanchan, scorekeeper, settings):
    """A game over by トビ (``BUST``) is named so, as one stopped early is 「終了 (途中終了)」."""
    services.hanchan_record_hand(hanchan=hanchan, event=BUST, by=scorekeeper)
    url = reverse("hanchan-detail", args=[hanchan.pk])
    body = client.get(url).content.decode()
    assert "終了" in body and "(トビ)" in body and "途中終了" not in body
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert "(Bust)" in client.get(url).content.decode()

"""The history page (``history``): a row with who, when, before → after for each kind of change."""

import html

import pytest
from django.urls import reverse

from scoring import services
from scoring.models import Hanchan, HanchanResult, HandRecord, Member, RuleSet
from scoring.selectors.history import event_text

pytestmark = pytest.mark.django_db


def url(kind, pk):
    return reverse("history", args=[kind, pk])


@pytest.fixture
def hands(hanchan, scorekeeper, ron):
    first = services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    second = services.hanchan_record_hand(hanchan=hanchan, event=ron(2, 1, 1, 30), by=scorekeeper)
    return first, second


def test_a_hand_edit_keeps_who_and_the_event_before_and_after(client_as, client, scorekeeper, reader, hands):
    first, _second = hands
    client_as(scorekeeper).post(reverse("hand-update", args=[first.pk]),
                                {"type": "tsumo", "winner": "1", "value": "quick", "han": "2", "fu": "30",
                                 "version": str(Hanchan.objects.get().version)})
    row = HandRecord.history.filter(id=first.pk).latest("history_date")
    assert row.history_type == "~" and row.history_user == scorekeeper and row.event["type"] == "tsumo"
    client.logout()
    body = client_as(reader).get(url("hand", first.pk)).content.decode()
    assert "ロン 佐藤 ← 山田 3翻30符" in body and "ツモ 佐藤 2翻30符" in body and "kiroku" in body


def test_a_deleted_hand_keeps_its_history_and_is_listed_on_the_hanchan(client_as, admin_user, hands):
    first, _second = hands
    services.hanchan_delete_hand(hand=first, by=admin_user)
    row = HandRecord.history.filter(id=first.pk).latest("history_date")
    assert row.history_type == "-"
    body = client_as(admin_user).get(url("hanchan", first.hanchan_id)).content.decode()
    assert "削除された局" in body and reverse("hand-restore", args=[first.pk]) in body
    assert client_as(admin_user).get(url("hand", first.pk)).status_code == 200  # gone, but its history reads


def test_only_admins_get_the_restore_button(client_as, scorekeeper, hands):
    first, _second = hands
    services.hanchan_delete_hand(hand=first, by=scorekeeper)
    body = client_as(scorekeeper).get(url("hanchan", first.hanchan_id)).content.decode()
    assert "削除された局" in body and reverse("hand-restore", args=[first.pk]) not in body


def test_voiding_a_hanchan_is_a_history_row(client_as, scorekeeper, hanchan):
    services.hanchan_void(hanchan=hanchan, by=scorekeeper)
    row = Hanchan.history.filter(id=hanchan.pk).latest("history_date")
    assert (row.history_type, row.state) == ("~", "void")
    body = client_as(scorekeeper).get(url("hanchan", hanchan.pk)).content.decode()
    assert "対局中" in body and "無効" in body


def test_results_are_history_rows(client_as, scorekeeper, hands):
    hanchan = hands[0].hanchan
    services.hanchan_finish(hanchan=hanchan, by=scorekeeper)
    result = HanchanResult.objects.get(hanchan=hanchan, seat=1)
    assert result.history.count() == 1
    services.hanchan_update_hand(hand=hands[0], event={"type": "ron", "winner": 1, "loser": 0, "han": 1, "fu": 30},
                                 by=scorekeeper)
    assert result.history.count() == 2
    body = client_as(scorekeeper).get(url("result", result.pk)).content.decode()
    assert "素点" in body and str(result.history.earliest("history_date").score) in body
    assert str(HanchanResult.objects.get(pk=result.pk).score) in body


def test_uma_and_net_are_in_thousands_as_on_the_other_pages(client_as, scorekeeper, hanchan):
    """Issue 19: 順位点 showed as -20000 here and -20.0 on the hanchan and club-day pages."""
    from scoring.templatetags.club import thousands

    services.hanchan_record_final_scores(hanchan=hanchan, scores=[32600, 25000, 25000, 17400], sticks=0,
                                         by=scorekeeper)
    last = HanchanResult.objects.get(hanchan=hanchan, rank=4)
    body = client_as(scorekeeper).get(url("result", last.pk)).content.decode()
    assert thousands(last.uma) in body and thousands(last.net) in body
    assert f">{last.uma}<" not in body and str(last.uma) not in body.replace(thousands(last.uma), "")


def test_a_member_edit_is_a_history_row(client_as, admin_user, reader, members):
    member = members[0]
    services.member_update(member=member, name="山田太郎")
    body = client_as(reader).get(url("member", member.pk)).content.decode()
    assert "山田" in body and "山田太郎" in body and Member.history.filter(id=member.pk).count() == 2


def test_a_ruleset_edit_is_a_history_row(client_as, reader, db):
    rs = services.ruleset_create(name="両翻縛り", preset="ariari", options={"shibari": 2})
    rs.options = {"shibari": 3}
    rs.save()
    assert RuleSet.history.filter(id=rs.pk).count() == 2
    body = html.unescape(client_as(reader).get(url("ruleset", rs.pk)).content.decode())
    assert '{"shibari": 2}' in body and '{"shibari": 3}' in body


def test_anonymous_readers_do_not_see_who_changed(client, hands):
    assert "kiroku" not in client.get(url("hanchan", hands[0].hanchan_id)).content.decode()


def test_it_needs_a_login_when_the_boards_are_not_public(client, settings, hands):
    settings.PUBLIC_BOARDS = False
    assert client.get(url("hanchan", hands[0].hanchan_id)).status_code == 302


@pytest.mark.parametrize("kind,pk", [("hand", 999), ("spaceship", 1), ("member", 999)])
def test_unknown_objects_and_kinds_are_404(client, db, kind, pk):
    assert client.get(url(kind, pk)).status_code == 404


def test_the_hanchan_history_page_does_not_query_per_row(client, django_assert_max_num_queries, hanchan,
                                                         scorekeeper, ron):
    for _ in range(6):
        hand = services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 1, 30), by=scorekeeper)
        services.hanchan_update_hand(hand=hand, event=ron(2, 0, 1, 30), by=scorekeeper)
    with django_assert_max_num_queries(20):
        client.get(url("hanchan", hanchan.pk))


def test_english_lists_of_players_are_joined_with_a_comma(client_as, scorekeeper, hanchan, settings):
    services.hanchan_record_hand(hanchan=hanchan, event={"type": "draw", "tenpai": [0, 1], "riichi": [0, 1]},
                                 by=scorekeeper)
    client = client_as(scorekeeper)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    body = client.get(url("hanchan", hanchan.pk)).content.decode()
    assert "山田, 佐藤" in body and "山田、佐藤" not in body


def test_an_event_reads_as_text():
    event = {"type": "ron", "winner": 1, "loser": 0, "han": 3, "fu": 30, "riichi": [1]}
    assert event_text(event, ["山田", "佐藤", "鈴木", "田中"])["text"] == "ロン 佐藤 ← 山田 3翻30符 / リーチ: 佐藤"

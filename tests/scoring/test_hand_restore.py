"""Restoring a deleted hand from its history (``hand-restore``, admins only)."""

import pytest
from django.urls import reverse

from scoring import services
from scoring.models import Hanchan, HandRecord

pytestmark = pytest.mark.django_db


@pytest.fixture
def deleted(hanchan, scorekeeper, ron):
    """Three hands; the second (佐藤 rons 鈴木 2翻) deleted."""
    services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    middle = services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 2, 2, 30), by=scorekeeper)
    services.hanchan_record_hand(hanchan=hanchan, event=ron(3, 1, 1, 30), by=scorekeeper)
    services.hanchan_delete_hand(hand=middle, by=scorekeeper)
    return middle


def url(hand):
    return reverse("hand-restore", args=[hand.pk])


def post(client, hand, version=None):
    v = Hanchan.objects.get(pk=hand.hanchan_id).version if version is None else version
    return client.post(url(hand), {"version": v})


def events(hanchan_id):
    return [h.event for h in HandRecord.objects.filter(hanchan_id=hanchan_id).order_by("order")]


@pytest.mark.parametrize("who", ["reader", "scorekeeper"])
def test_only_admins_restore(client_as, request, deleted, who):
    assert post(client_as(request.getfixturevalue(who)), deleted).status_code == 403
    assert not HandRecord.objects.filter(pk=deleted.pk).exists()


def test_it_refuses_get(client_as, admin_user, deleted):
    assert client_as(admin_user).get(url(deleted)).status_code == 405


def test_the_hand_returns_at_its_old_place_and_the_game_is_resettled(client_as, admin_user, deleted):
    r = post(client_as(admin_user), deleted)
    assert r.status_code == 302 and r["Location"] == reverse("hanchan-detail", args=[deleted.hanchan_id])
    hands = list(HandRecord.objects.filter(hanchan_id=deleted.hanchan_id).order_by("order"))
    assert [h.pk for h in hands][1] == deleted.pk and [h.order for h in hands] == [0, 1, 2]
    assert hands[1].event == {"type": "ron", "winner": 1, "loser": 2, "han": 2, "fu": 30}
    assert hands[1].deltas == [0, 2900, -2900, 0]  # 佐藤 is the dealer by then
    assert hands[2].label.endswith("1本場")  # the cache of the later hand is rebuilt (renchan)
    row = HandRecord.history.filter(id=deleted.pk).latest("history_date")
    assert (row.history_type, row.history_user, row.history_change_reason) == ("+", admin_user, "restored")


def test_a_restored_hand_is_no_longer_listed_as_deleted(client_as, admin_user, deleted):
    post(client_as(admin_user), deleted)
    body = client_as(admin_user).get(reverse("history", args=["hanchan", deleted.hanchan_id])).content.decode()
    assert "削除された局" not in body and "削除から復元" in body


def test_a_hand_that_no_longer_fits_is_refused_and_nothing_changes(client_as, admin_user, scorekeeper, deleted):
    # the game now ends (トビ) before the deleted hand's place: 山田 deals in a double yakuman
    first = HandRecord.objects.get(hanchan_id=deleted.hanchan_id, order=0)
    services.hanchan_delete_hand(hand=HandRecord.objects.get(hanchan_id=deleted.hanchan_id, order=1), by=scorekeeper)
    services.hanchan_update_hand(hand=first, event={"type": "ron", "winner": 1, "loser": 0, "yakuman": 2},
                                 by=scorekeeper)
    before = events(deleted.hanchan_id)
    r = post(client_as(admin_user), deleted)
    assert r.status_code == 302 and r["Location"] == reverse("history", args=["hanchan", deleted.hanchan_id])
    assert events(deleted.hanchan_id) == before
    page = client_as(admin_user).get(r["Location"]).content.decode()
    assert "#2 に戻すと対局が成り立ちません" in page


def test_a_stale_restore_is_refused(client_as, admin_user, deleted):
    version = Hanchan.objects.get(pk=deleted.hanchan_id).version
    r = post(client_as(admin_user), deleted, version=version - 1)
    assert r.status_code == 302 and not HandRecord.objects.filter(pk=deleted.pk).exists()


def test_a_hand_that_was_never_deleted_cannot_be_restored(client_as, admin_user, hanchan, scorekeeper, ron):
    hand = services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    r = post(client_as(admin_user), hand)
    assert r.status_code == 302 and HandRecord.objects.filter(hanchan=hanchan).count() == 1


def test_the_hand_keeps_the_constraint_when_restored_first(client_as, admin_user, hanchan, scorekeeper, ron):
    first = services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 1, 30), by=scorekeeper)
    for _ in range(3):
        services.hanchan_record_hand(hanchan=hanchan, event=ron(2, 3, 1, 30), by=scorekeeper)
    services.hanchan_delete_hand(hand=first, by=scorekeeper)
    assert post(client_as(admin_user), first).status_code == 302
    assert HandRecord.objects.get(pk=first.pk).order == 0
    assert sorted(HandRecord.objects.filter(hanchan=hanchan).values_list("order", flat=True)) == [0, 1, 2, 3]

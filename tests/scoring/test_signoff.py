"""確認 (sign-off): hanchan_confirm, and who confirmed the current result."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from scoring import selectors, services
from scoring.models import Confirmation, Hanchan

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(clubday, members):
    h = services.hanchan_create(clubday=clubday, table=1, players=members[:4], mode=Hanchan.Mode.FINAL)
    services.hanchan_record_final_scores(hanchan=h, scores=[40000, 30000, 20000, 10000], sticks=0, by=None)
    h.refresh_from_db()
    return h


@pytest.fixture
def own_login(django_user_model, members):
    """The login of 山田 (seat 0)."""
    user = django_user_model.objects.create_user(username="yamada", password="pass-1234")
    members[0].user = user
    members[0].save()
    return user


def test_a_scorekeeper_confirms_for_each_player(finished, members, scorekeeper):
    for m in members[:4]:
        services.hanchan_confirm(hanchan=finished, member=m, by=scorekeeper, version=finished.version)
    data = selectors.hanchan_signoff(hanchan=finished)
    assert data["count"] == 4 and data["all"] and not data["outdated_any"]
    assert all(c.by == scorekeeper for c in Confirmation.objects.all())
    assert selectors.unconfirmed_hanchan(clubday=finished.clubday) == []


def test_a_double_tap_is_one_confirmation(finished, members, scorekeeper):
    first = services.hanchan_confirm(hanchan=finished, member=members[1], by=scorekeeper, version=finished.version)
    again = services.hanchan_confirm(hanchan=finished, member=members[1], by=scorekeeper, version=finished.version)
    assert first.pk == again.pk and Confirmation.objects.count() == 1
    finished.refresh_from_db()
    assert finished.version == first.version  # confirming changes nothing of the hanchan


def test_a_stale_version_is_refused_with_a_clear_message(finished, members, scorekeeper):
    with pytest.raises(ValidationError, match="結果が変わったため再確認が必要です") as exc:
        services.hanchan_confirm(hanchan=finished, member=members[0], by=scorekeeper, version=finished.version - 1)
    assert exc.value.code == "stale" and not Confirmation.objects.exists()


def test_a_change_to_the_hanchan_makes_older_confirmations_not_count(finished, members, scorekeeper):
    for m in members[:4]:
        services.hanchan_confirm(hanchan=finished, member=m, by=scorekeeper, version=finished.version)
    services.hanchan_record_final_scores(hanchan=finished, scores=[40000, 30000, 10000, 20000], sticks=0, by=None)
    finished.refresh_from_db()
    data = selectors.hanchan_signoff(hanchan=finished)
    assert data["count"] == 0 and data["outdated_any"] and all(p["outdated"] for p in data["players"])
    assert [h.pk for h in selectors.unconfirmed_hanchan(clubday=finished.clubday)] == [finished.pk]
    services.hanchan_confirm(hanchan=finished, member=members[2], by=scorekeeper, version=finished.version)
    data = selectors.hanchan_signoff(hanchan=finished)
    assert data["count"] == 1 and data["players"][2]["confirmed"] and Confirmation.objects.count() == 4


def test_only_the_four_players_confirm(finished, members, scorekeeper):
    with pytest.raises(ValidationError, match="伊藤 さんはこの半荘の対局者ではありません"):
        services.hanchan_confirm(hanchan=finished, member=members[4], by=scorekeeper, version=finished.version)


def test_a_member_confirms_only_for_themselves(finished, members, own_login, reader):
    services.hanchan_confirm(hanchan=finished, member=members[0], by=own_login, version=finished.version)
    with pytest.raises(PermissionDenied):
        services.hanchan_confirm(hanchan=finished, member=members[1], by=own_login, version=finished.version)
    with pytest.raises(PermissionDenied):
        services.hanchan_confirm(hanchan=finished, member=members[0], by=reader, version=finished.version)
    with pytest.raises(PermissionDenied):
        services.hanchan_confirm(hanchan=finished, member=members[0], by=None, version=finished.version)
    assert Confirmation.objects.get().by == own_login


def test_a_game_in_play_is_not_confirmed(hanchan, members, scorekeeper):
    with pytest.raises(ValidationError, match="終了した半荘だけ"):
        services.hanchan_confirm(hanchan=hanchan, member=members[0], by=scorekeeper, version=hanchan.version)


def test_unconfirmed_games_are_listed_with_their_count(finished, members, scorekeeper):
    services.hanchan_confirm(hanchan=finished, member=members[0], by=scorekeeper, version=finished.version)
    (h,) = selectors.unconfirmed_hanchan(clubday=finished.clubday)
    assert h.pk == finished.pk and h.confirmed == 1

"""組み合わせ page: draw a 回戦, draw it again (typed seed), swap, refusals, permissions."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from scoring import services
from scoring.models import Draw
from scoring.selectors import evening as sel

pytestmark = pytest.mark.django_db


@pytest.fixture
def eight(clubday, members):
    more = [services.member_create(name=n, kana=k, number=10 + i)
            for i, (n, k) in enumerate([("中村", "なかむら"), ("小林", "こばやし"), ("加藤", "かとう")])]
    for m in members + more:
        services.attendance_check_in(clubday=clubday, member=m)
    return members + more


def page(client, day):
    return client.get(reverse("clubday-draw", args=[day.pk])).content.decode()


def post_draw(client, day, number, state, **extra):
    return client.post(reverse("clubday-draw-create", args=[day.pk]), {"number": number, "state": state, **extra})


def test_readers_see_the_rounds_without_buttons(client_as, clubday, eight, reader):
    services.draw_create(clubday=clubday, number=1, state="new", seed=7)
    body = page(client_as(reader), clubday)
    assert "1卓" in body and "シード 7" in body and "組み合わせを作る" not in body and "組み直す" not in body


def test_private_boards_need_a_login(client, clubday, settings):
    settings.PUBLIC_BOARDS = False
    assert client.get(reverse("clubday-draw", args=[clubday.pk])).status_code == 302


@pytest.mark.parametrize("who, status", [(None, 302), ("reader", 403)])
def test_only_scorekeepers_draw(client_as, clubday, eight, reader, who, status):
    assert post_draw(client_as(reader if who else None), clubday, 1, "new").status_code == status
    assert not Draw.objects.exists()


def test_draw_shows_tables_links_seed_and_sit_out(client_as, clubday, eight, scorekeeper):
    client = client_as(scorekeeper)
    assert "1回戦の組み合わせを作る" in page(client, clubday)
    response = post_draw(client, clubday, 1, "new")
    assert response.status_code == 302 and response["Location"].endswith("#round-1")
    draw = Draw.objects.get()
    body = page(client, clubday)
    for h in clubday.hanchans.all():
        assert reverse("hanchan-detail", args=[h.pk]) in body
    assert f"シード {draw.seed}" in body and 'class="sitting-out"' not in body  # 8 players: nobody sits out
    assert "2回戦の組み合わせを作る" not in body and "1回戦の記録が始まると、2回戦を組めます" in body
    assert "1回戦を組み直す" in body


def test_a_double_tap_draws_once(client_as, clubday, eight, scorekeeper):
    client = client_as(scorekeeper)
    post_draw(client, clubday, 1, "new")
    again = post_draw(client, clubday, 1, "new")
    assert again.status_code == 422 and "もう変わっています" in again.content.decode()
    assert clubday.hanchans.count() == 2


def test_draw_again_with_a_typed_seed(client_as, clubday, eight, scorekeeper):
    client = client_as(scorekeeper)
    post_draw(client, clubday, 1, "new", seed="123")
    seats = [h.member_ids for h in clubday.hanchans.order_by("table")]
    post_draw(client, clubday, 1, sel.draw_state(clubday=clubday, number=1), seed="99")
    post_draw(client, clubday, 1, sel.draw_state(clubday=clubday, number=1), seed="123")
    assert [h.member_ids for h in clubday.hanchans.order_by("table")] == seats and Draw.objects.get().seed == 123


def test_a_bad_seed_is_refused(client_as, clubday, eight, scorekeeper):
    response = post_draw(client_as(scorekeeper), clubday, 1, "new", seed="abc")
    assert response.status_code == 422 and "シードは" in response.content.decode() and not Draw.objects.exists()


def test_draw_again_is_refused_in_japanese_once_started(client_as, clubday, eight, scorekeeper):
    client = client_as(scorekeeper)
    post_draw(client, clubday, 1, "new")
    services.hanchan_record_hand(hanchan=clubday.hanchans.first(), event={"type": "draw", "tenpai": [0]}, by=None)
    body = page(client, clubday)
    assert "開始済み" in body and "1回戦を組み直す" not in body
    response = post_draw(client, clubday, 1, sel.draw_state(clubday=clubday, number=1))
    assert response.status_code == 422 and "1回戦はもう始まっています" in response.content.decode()


def test_swap_from_the_page(client_as, clubday, eight, scorekeeper):
    client = client_as(scorekeeper)
    post_draw(client, clubday, 1, "new")
    h1, h2 = clubday.hanchans.order_by("table")
    a, b = h1.seat0_id, h2.seat3_id
    response = client.post(reverse("clubday-draw-swap", args=[clubday.pk]),
                           {"number": 1, "state": sel.draw_state(clubday=clubday, number=1), "first": "1-0", "second": "2-3"},
                           follow=True)
    assert "1回戦の席を入れ替えました" in response.content.decode()
    h1.refresh_from_db(), h2.refresh_from_db()
    assert (h1.seat0_id, h2.seat3_id) == (b, a)
    stale = client.post(reverse("clubday-draw-swap", args=[clubday.pk]),
                        {"number": 1, "state": "new", "first": "1-0", "second": "2-3"})
    assert stale.status_code == 422


def test_too_few_players_offers_the_attendance(client_as, clubday, members, scorekeeper):
    body = page(client_as(scorekeeper), clubday)
    assert "4人以上が出席すると" in body and reverse("clubday-attendance", args=[clubday.pk]) in body


def test_the_club_day_page_links_the_evening(client, clubday):
    body = client.get(reverse("clubday-detail", args=[clubday.pk])).content.decode()
    for name in ("clubday-attendance", "clubday-draw", "clubday-display"):
        assert reverse(name, args=[clubday.pk]) in body


def test_season_pairs_reach_the_algorithm(client_as, clubday, eight, scorekeeper, monkeypatch, ariari):
    other = services.clubday_create(date=datetime.date(2026, 5, 1), venue="", ruleset=ariari)
    services.hanchan_create(clubday=other, table=1, players=eight[:4])
    seen = {}
    real = services.evening.draw_round

    def spy(players, **kwargs):
        seen.update(kwargs)
        return real(players, **kwargs)

    monkeypatch.setattr(services.evening, "draw_round", spy)
    post_draw(client_as(scorekeeper), clubday, 1, "new")
    assert seen["season_pairs"][tuple(sorted((eight[0].pk, eight[1].pk)))] == 1 and seen["previous"] == []

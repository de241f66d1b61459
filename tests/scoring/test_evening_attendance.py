"""出欠 page: readers see it, scorekeepers check in (htmx: the row and the counts), add guests."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring import services
from scoring.models import Attendance, Member

pytestmark = pytest.mark.django_db


def url(day, *rest):
    return reverse("clubday-attendance", args=[day.pk]) if not rest else reverse(*rest)


def test_readers_see_it_without_buttons(client_as, clubday, members, reader):
    body = client_as(reader).get(url(clubday)).content.decode()
    assert "山田" in body and "出欠" in body and "来た" not in body and "ゲストを追加" not in body


def test_anonymous_reads_when_boards_are_public_and_logs_in_otherwise(client, clubday, settings):
    assert client.get(url(clubday)).status_code == 200
    settings.PUBLIC_BOARDS = False
    assert client.get(url(clubday)).status_code == 302


def test_members_are_listed_in_kana_order_with_a_check_in_button(client_as, clubday, members, scorekeeper):
    body = client_as(scorekeeper).get(url(clubday)).content.decode()
    order = [body.index(n) for n in ("伊藤", "佐藤", "鈴木", "田中", "山田")]
    assert order == sorted(order) and body.count('value="in"') == 5
    assert 'data-filter="#attendance-list"' in body


@pytest.mark.parametrize("who, status", [(None, 302), ("reader", 403)])
def test_only_scorekeepers_check_in(client_as, clubday, members, reader, who, status):
    client = client_as(reader if who else None)
    post = reverse("clubday-attendance-member", args=[clubday.pk, members[0].pk])
    assert client.post(post, {"action": "in"}).status_code == status
    assert not Attendance.objects.exists()


def test_check_in_through_htmx_answers_the_row_and_the_counts(client_as, clubday, members, scorekeeper):
    post = reverse("clubday-attendance-member", args=[clubday.pk, members[0].pk])
    response = client_as(scorekeeper).post(post, {"action": "in"}, HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert response.status_code == 200
    assert f'id="m{members[0].pk}"' in body and 'value="leave"' in body
    assert 'id="attendance-summary"' in body and 'hx-swap-oob="true"' in body and "出席 1人" in body
    assert Attendance.objects.get().first_round == 1


def test_leave_undo_and_return_without_htmx(client_as, clubday, members, scorekeeper):
    client = client_as(scorekeeper)
    post = reverse("clubday-attendance-member", args=[clubday.pk, members[0].pk])
    assert client.post(post, {"action": "in"}).status_code == 302
    client.post(post, {"action": "undo"})
    assert not Attendance.objects.exists()
    client.post(post, {"action": "in"})
    client.post(post, {"action": "leave"})  # nothing drawn yet: as an undo
    assert not Attendance.objects.exists()


def test_an_unknown_action_is_refused(client_as, clubday, members, scorekeeper):
    post = reverse("clubday-attendance-member", args=[clubday.pk, members[0].pk])
    response = client_as(scorekeeper).post(post, {"action": "dance"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 422 and "操作が分かりません" in response.content.decode()


def test_leaving_when_absent_is_refused_with_a_message(client_as, clubday, members, scorekeeper):
    post = reverse("clubday-attendance-member", args=[clubday.pk, members[0].pk])
    response = client_as(scorekeeper).post(post, {"action": "leave"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 422 and "出席になっていません" in response.content.decode()


def test_a_guest_in_two_taps(client_as, clubday, members, scorekeeper):
    client = client_as(scorekeeper)
    response = client.post(reverse("clubday-attendance-guest", args=[clubday.pk]), {"name": "すずらん"}, follow=True)
    guest = Member.objects.get(guest=True)
    assert guest.number == 6 and guest.kana == "すずらん"
    body = response.content.decode()
    assert "ゲスト すずらん さん(会員番号 6)を出席にしました" in body and 'value="leave"' in body
    assert Attendance.objects.get().member == guest


def test_a_guest_without_a_name_is_refused(client_as, clubday, scorekeeper):
    response = client_as(scorekeeper).post(reverse("clubday-attendance-guest", args=[clubday.pk]), {"name": " "},
                                           follow=True)
    assert "ゲストの名前を入力してください" in response.content.decode() and not Member.objects.filter(guest=True).exists()


def test_a_late_arrival_shows_the_round_they_start(client_as, clubday, members, scorekeeper):
    for m in members[:4]:
        services.attendance_check_in(clubday=clubday, member=m)
    services.draw_create(clubday=clubday, number=1, state="new")
    services.attendance_check_in(clubday=clubday, member=members[4])
    body = client_as(scorekeeper).get(url(clubday)).content.decode()
    assert "2回戦から" in body


def test_english(client_as, clubday, members, scorekeeper):
    client = client_as(scorekeeper)
    client.post(reverse("set_language"), {"language": "en"})
    body = client.get(url(clubday)).content.decode()
    assert "Attendance" in body and "Add a guest" in body

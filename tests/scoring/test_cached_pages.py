"""Pages kept in the shared cache (``scoring.generations``) after writes that do not come through the
app's own pages: ``manage.py resettle``, a guest checked in at the door, Django's admin. Each page, read
once before the write (so that it is kept), must afterwards equal the page drawn from scratch."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.urls import reverse

from scoring import services
from scoring.models import BoardRollup, HanchanResult

pytestmark = pytest.mark.django_db

CSRF = re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]+|("X-CSRFToken": ")[^"]+')


def page(client, path: str) -> str:
    """The page without what differs by request: CSRF tokens (masked anew each time) and the one-time
    message of the write before."""
    response = client.get(path)
    assert response.status_code == 200, path
    body = re.sub(r'<ul class="messages">.*?</ul>', "", response.content.decode(), flags=re.DOTALL)
    body = "\n".join(line for line in body.splitlines() if line.strip())
    return CSRF.sub(lambda m: m.group(1) or m.group(2), body)


def shown_and_fresh(client, path: str) -> tuple[str, str]:
    shown = page(client, path)
    cache.clear()
    return shown, page(client, path)


def test_resettle_of_the_boards_rollup_renews_the_kept_boards(client, history, capsys,
                                                               django_capture_on_commit_callbacks):
    """``resettle`` rebuilds the boards' rollup (a cache of the results): the boards drawn from a
    wrong rollup and kept must not outlive the repair."""
    BoardRollup.objects.update(net=999900)
    member = HanchanResult.objects.first().member_id
    paths = [reverse("standings"), reverse("home"), reverse("member-detail", args=[member])]
    assert all("+999.9" in page(client, path) for path in paths)
    with django_capture_on_commit_callbacks(execute=True):
        call_command("resettle")
    for path in paths:
        shown, fresh = shown_and_fresh(client, path)
        assert "+999.9" not in fresh and shown == fresh, path


def test_resettle_of_a_paper_sheets_results_renews_its_kept_page(client, hanchan, scorekeeper, capsys,
                                                                   django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        services.hanchan_record_final_scores(hanchan=hanchan, scores=[32600, 25000, 25000, 17400], sticks=0,
                                             by=scorekeeper)
    HanchanResult.objects.filter(hanchan=hanchan).update(net=777700)
    path = reverse("hanchan-detail", args=[hanchan.pk])
    assert "+777.7" in page(client, path)
    with django_capture_on_commit_callbacks(execute=True):
        call_command("resettle")
    assert "結果 4 行を修正" in capsys.readouterr().out
    shown, fresh = shown_and_fresh(client, path)
    assert "+777.7" not in fresh and shown == fresh


def test_a_guest_back_at_the_door_is_back_on_the_kept_boards(client, clubday, members, scorekeeper,
                                                              django_capture_on_commit_callbacks):
    """A guest who had left the club (退会: off the boards) is checked in again as a guest: active
    again, on the standings and the home page's teaser at once, not at the next result."""
    import datetime

    guest = services.guest_check_in(clubday=clubday, name="ゲスト木村").member
    h = services.hanchan_create(clubday=clubday, table=1, players=[guest, *members[:3]])
    with django_capture_on_commit_callbacks(execute=True):
        services.hanchan_record_final_scores(hanchan=h, scores=[40000, 25000, 20000, 15000], sticks=0, by=scorekeeper)
        services.member_update(member=guest, active=False)
    paths = [reverse("standings"), reverse("home")]
    assert all("ゲスト木村" not in page(client, path) for path in paths)
    later = services.clubday_create(date=datetime.date(2026, 11, 8), venue="公民館", ruleset=clubday.ruleset)
    with django_capture_on_commit_callbacks(execute=True):
        assert services.guest_check_in(clubday=later, name="ゲスト木村").member == guest
    for path in paths:
        shown, fresh = shown_and_fresh(client, path)
        assert "ゲスト木村" in fresh and shown == fresh, path


def test_a_login_renamed_in_djangos_admin_is_renamed_under_the_deleted_hands(client_as, client, django_user_model,
                                                                          scorekeeper, hanchan, ron):
    """「削除された局」 on a hanchan page (kept in the cache) names who deleted each hand by their login;
    Django's admin, which manages logins, may rename it."""
    for k in range(2):
        services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    hanchan.refresh_from_db()
    keeper = client_as(scorekeeper)
    hand = hanchan.hands.get(order=1)
    assert keeper.post(reverse("hand-delete", args=[hand.pk]), {"version": hanchan.version}).status_code == 302
    path = reverse("hanchan-detail", args=[hanchan.pk])
    assert " ・ kiroku</p>" in page(keeper, path)
    client.force_login(django_user_model.objects.create_superuser(username="root", password="pass-1234"))
    change = reverse("admin:auth_user_change", args=[scorekeeper.pk])
    form = {"username": "suzuki-kiroku", "is_active": "on", "groups": [g.pk for g in scorekeeper.groups.all()],
            "last_login_0": "", "last_login_1": "", "date_joined_0": "2026-11-01", "date_joined_1": "10:00:00"}
    assert client.post(change, form).status_code == 302
    client.force_login(scorekeeper)
    shown, fresh = shown_and_fresh(client, path)
    assert " ・ suzuki-kiroku</p>" in fresh and shown == fresh


def test_the_board_of_a_club_day_asked_for_before_it_existed_is_its_own(client, history, ariari):
    """``?clubday=<the next id>`` before that day exists is refused and shows all time (kept); once the
    day is created its board is its own (empty until it has results), not the all-time one kept."""
    import datetime

    from scoring.models import ClubDay
    path = reverse("standings") + f"?clubday={ClubDay.objects.order_by('-pk').first().pk + 1}"
    assert client.get(path).status_code == 422
    services.clubday_create(date=datetime.date(2026, 11, 30), venue="公民館", ruleset=ariari)
    shown, fresh = shown_and_fresh(client, path)
    assert "この条件で終了した半荘はありません" in fresh and shown == fresh


def test_a_club_day_created_while_its_board_is_drawn_is_not_hidden(client, history, ariari, monkeypatch):
    """Day N is created (through another server) while ``?clubday=N`` is drawn, just before the board
    reads its generations: had it read its filters before them (no such day: all time), the all-time
    table would be kept for the day under the generations the creation renewed."""
    import datetime

    from scoring import generations
    from scoring.models import ClubDay
    path = reverse("standings") + f"?clubday={ClubDay.objects.order_by('-pk').first().pk + 1}"
    real = generations.generations

    def late(*groups):
        monkeypatch.setattr(generations, "generations", real)
        services.clubday_create(date=datetime.date(2026, 11, 30), venue="公民館", ruleset=ariari)
        return real(*groups)
    monkeypatch.setattr(generations, "generations", late)
    client.get(path)
    shown, fresh = shown_and_fresh(client, path)
    assert "この条件で終了した半荘はありません" in fresh and shown == fresh

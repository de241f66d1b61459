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
    response = client.get(path)
    assert response.status_code == 200, path
    return CSRF.sub(lambda m: m.group(1) or m.group(2), response.content.decode())


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

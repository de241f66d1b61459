"""The Django admin shows the club's data and changes none of it (scoring/admin.py): an edit there
would bypass the services that keep games replayable, keep history and renew the page caches."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import Hanchan, HanchanResult


@pytest.fixture
def finished_hanchan(history):
    return Hanchan.objects.filter(state=Hanchan.State.FINISHED).first()


@pytest.fixture
def su(client, django_user_model):
    client.force_login(django_user_model.objects.create_superuser(username="su", password="pass-1234"))
    return client


@pytest.mark.django_db
def test_the_pages_show_the_data(su, finished_hanchan):
    result = HanchanResult.objects.filter(hanchan=finished_hanchan).first()
    for name, obj in (("hanchan", finished_hanchan), ("hanchanresult", result), ("member", result.member),
                      ("ruleset", finished_hanchan.clubday.ruleset), ("clubday", finished_hanchan.clubday)):
        r = su.get(reverse(f"admin:scoring_{name}_change", args=[obj.pk]))
        assert r.status_code == 200 and b'type="submit"' not in r.content.split(b'id="content"')[1], name


@pytest.mark.django_db
def test_no_edit_add_or_delete_goes_through(su, finished_hanchan):
    result = HanchanResult.objects.filter(hanchan=finished_hanchan).order_by("rank").first()
    before = (finished_hanchan.state, result.score, result.rank, result.member.name)
    r = su.post(reverse("admin:scoring_hanchanresult_change", args=[result.pk]),
                {"hanchan": finished_hanchan.pk, "member": result.member_id, "rank": 4, "score": 99000, "net": 0})
    assert r.status_code == 403
    r = su.post(reverse("admin:scoring_member_change", args=[result.member_id]), {"name": "改名", "number": 1})
    assert r.status_code == 403
    r = su.post(reverse("admin:scoring_hanchan_delete", args=[finished_hanchan.pk]), {"post": "yes"})
    assert r.status_code == 403
    assert su.get(reverse("admin:scoring_member_add")).status_code == 403
    finished_hanchan.refresh_from_db()
    result.refresh_from_db()
    assert (finished_hanchan.state, result.score, result.rank, result.member.name) == before

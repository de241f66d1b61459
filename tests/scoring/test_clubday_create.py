import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from scoring import services
from scoring.models import ClubDay, RuleSet

pytestmark = pytest.mark.django_db


@pytest.fixture
def data(ariari):
    return {"date": "2026-12-06", "venue": "市民センター", "ruleset": ariari.pk}


def test_it_sends_anonymous_users_to_login(client, data):
    assert client.post(reverse("clubday-create"), data).status_code == 302
    assert not ClubDay.objects.exists()


def test_it_forbids_members_who_only_read(client_as, reader, data):
    assert client_as(reader).post(reverse("clubday-create"), data).status_code == 403


def test_a_scorekeeper_creates_a_club_day_and_lands_on_it(client_as, scorekeeper, data):
    r = client_as(scorekeeper).post(reverse("clubday-create"), data)
    day = ClubDay.objects.get()
    assert r.status_code == 302 and r["Location"] == reverse("clubday-detail", args=[day.pk])


def test_a_missing_date_is_explained_and_the_venue_kept(client_as, scorekeeper, data):
    r = client_as(scorekeeper).post(reverse("clubday-create"), {**data, "date": ""})
    assert r.status_code == 422
    assert "市民センター" in r.content.decode()
    assert not ClubDay.objects.exists()


def test_the_form_renders_for_htmx(client_as, scorekeeper):
    assert client_as(scorekeeper).get(reverse("clubday-create"), HTTP_HX_REQUEST="true").status_code == 200


def test_the_date_defaults_to_today(client_as, scorekeeper):
    body = client_as(scorekeeper).get(reverse("clubday-create")).content.decode()
    assert f'value="{timezone.localdate():%Y-%m-%d}"' in body


def test_the_rule_set_defaults_to_the_latest_club_days(client_as, scorekeeper, ariari):
    tenhou = RuleSet.objects.get(preset="tenhou", options={})
    services.clubday_create(date=datetime.date(2026, 1, 4), venue="", ruleset=tenhou)
    body = client_as(scorekeeper).get(reverse("clubday-create")).content.decode()
    assert f'<option value="{tenhou.pk}" selected>' in body


def test_a_bad_date_says_how_to_write_it(client_as, scorekeeper, data):
    r = client_as(scorekeeper).post(reverse("clubday-create"), {**data, "date": "11/23"})
    assert r.status_code == 422 and "2026-11-23 の形で" in r.content.decode()

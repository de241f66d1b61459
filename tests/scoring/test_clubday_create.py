import pytest
from django.urls import reverse

from scoring.models import ClubDay

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

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


def _shifted(days: int) -> str:
    return (timezone.localdate() + datetime.timedelta(days=days)).isoformat()


@pytest.mark.parametrize("date", ["0001-01-01", "1899-12-31", "9999-12-31", _shifted(367)])
def test_an_unreasonable_date_is_refused_and_the_input_kept(client_as, scorekeeper, data, date):
    r = client_as(scorekeeper).post(reverse("clubday-create"), {**data, "date": date})
    body = r.content.decode()
    assert r.status_code == 422 and f"例会の日付は 1900-01-01 から {_shifted(366)} までにしてください({date})" in body
    assert "市民センター" in body and not ClubDay.objects.exists()


@pytest.mark.parametrize("date", ["1900-01-01", _shifted(-1), _shifted(366)])
def test_dates_from_1900_to_a_year_ahead_are_fine(client_as, scorekeeper, data, date):
    assert client_as(scorekeeper).post(reverse("clubday-create"), {**data, "date": date}).status_code == 302


def test_the_service_refuses_an_unreasonable_date_too(ariari):
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError, match="例会の日付は"):
        services.clubday_create(date=datetime.date(1, 1, 1), venue="", ruleset=ariari)


def test_the_heading_names_both_kinds_the_form_creates(client_as, scorekeeper, settings):
    """The kind (例会 or 大会) is chosen on the form itself: the heading fits either."""
    client = client_as(scorekeeper)
    assert "<h1>例会・大会を作成</h1>" in client.get(reverse("clubday-create")).content.decode()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert "<h1>New club day or tournament</h1>" in client.get(reverse("clubday-create")).content.decode()

"""Editing a rule set: allowed while no hanchan is played under it (stored results are a cache of
the replay under it); once used, the page offers a copy instead."""

import datetime

import pytest
from django.urls import reverse

from scoring import services
from scoring.forms import RuleSetForm
from scoring.models import RuleSet

pytestmark = pytest.mark.django_db


@pytest.fixture
def house(db):
    return services.ruleset_create(name="うちのルール", preset="ariari", options={"shibari": 2})


def url(rs):
    return reverse("ruleset-update", args=[rs.pk])


def form_data(rs, **changes) -> dict:
    values = {**RuleSetForm(preset=rs.preset, options=rs.options, name=rs.name).initial, **changes}
    return {k: ("on" if v is True else str(v)) for k, v in values.items() if v is not False}


def test_it_sends_anonymous_users_to_login(client, house):
    assert client.post(url(house), form_data(house, shibari=1)).status_code == 302


def test_it_forbids_scorekeepers(client_as, scorekeeper, house):
    assert client_as(scorekeeper).post(url(house), form_data(house, shibari=1)).status_code == 403


def test_the_form_starts_from_the_stored_values(client_as, admin_user, house):
    body = client_as(admin_user).get(url(house)).content.decode()
    assert 'value="うちのルール"' in body and '<option value="2" selected>' in body


def test_an_admin_edits_an_unused_rule_set(client_as, admin_user, house):
    r = client_as(admin_user).post(url(house), form_data(house, shibari=1, red_fives=True, name="赤あり"))
    house.refresh_from_db()
    assert r.status_code == 302 and r["Location"] == reverse("ruleset-detail", args=[house.pk])
    assert (house.name, house.options) == ("赤あり", {"red_fives": True})


def test_its_own_name_is_not_taken_but_anothers_is(client_as, admin_user, house, ariari):
    assert client_as(admin_user).post(url(house), form_data(house)).status_code == 302
    r = client_as(admin_user).post(url(house), form_data(house, name=ariari.name))
    assert r.status_code == 422 and "はもう使われています" in r.content.decode()


def test_a_rule_set_a_club_days_hanchan_plays_is_refused_and_a_copy_offered(client_as, admin_user, house, members):
    day = services.clubday_create(date=datetime.date(2026, 11, 8), venue="", ruleset=house)
    services.hanchan_create(clubday=day, table=1, players=members[:4])
    page = client_as(admin_user).get(url(house)).content.decode()
    assert "1 半荘で使われているため変更できません" in page and f"?copy={house.pk}" in page
    assert 'name="shibari"' not in page
    r = client_as(admin_user).post(url(house), form_data(house, shibari=1))
    assert r.status_code == 422 and "変更できません" in r.content.decode()
    house.refresh_from_db()
    assert house.options == {"shibari": 2}


def test_a_hanchans_own_rule_set_counts_as_used(client_as, admin_user, house, clubday, members):
    services.hanchan_create(clubday=clubday, table=1, players=members[:4], ruleset=house)
    r = client_as(admin_user).post(url(house), form_data(house, shibari=1))
    assert r.status_code == 422
    assert RuleSet.objects.get(pk=house.pk).options == {"shibari": 2}


def test_a_club_day_without_hanchan_does_not_lock_it(client_as, admin_user, house):
    services.clubday_create(date=datetime.date(2026, 11, 8), venue="", ruleset=house)
    assert client_as(admin_user).post(url(house), form_data(house, shibari=1)).status_code == 302


def test_the_service_refuses_too(house, clubday, members):
    from django.core.exceptions import ValidationError
    services.hanchan_create(clubday=clubday, table=1, players=members[:4], ruleset=house)
    with pytest.raises(ValidationError, match="変更できません"):
        services.ruleset_update(ruleset=house, name="x", preset="ariari", options={})


def test_an_unknown_rule_set_is_404(client_as, admin_user):
    assert client_as(admin_user).get("/rules/999/edit/").status_code == 404


def test_reading_another_presets_values_in_posts_and_changes_nothing(client_as, admin_user, house):
    """「この値を読み込む」 without script: a POST (not a GET with the CSRF token in the address) that
    shows the chosen preset's values under the name typed; nothing is saved until 保存."""
    r = client_as(admin_user).post(url(house), {**form_data(house, name="新しい名前"), "preset": "tenhou", "load": "1"})
    house.refresh_from_db()
    assert r.status_code == 200 and (house.name, house.preset, house.options) == ("うちのルール", "ariari", {"shibari": 2})
    body = r.content.decode()
    assert 'value="新しい名前"' in body and '<option value="tenhou" selected>' in body

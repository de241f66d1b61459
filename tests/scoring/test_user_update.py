import re

import pytest

from scoring.access import is_admin, is_scorekeeper, role_of

pytestmark = pytest.mark.django_db


def url(user) -> str:
    return f"/users/{user.pk}/edit/"


def test_it_forbids_scorekeepers(client_as, scorekeeper, reader):
    r = client_as(scorekeeper).post(url(reader), {"role": "admin", "active": "on"})
    assert r.status_code == 403 and role_of(reader) == "member"


def test_it_sends_anonymous_users_to_login(client, reader):
    assert client.get(url(reader)).status_code == 302


def test_the_page_shows_the_current_role(client_as, admin_user, scorekeeper):
    body = client_as(admin_user).get(url(scorekeeper)).content.decode()
    checked = re.findall(r'<input type="radio" name="role" value="(\w+)"[^>]*checked', body)
    assert checked == ["scorekeeper"]
    assert "パスワードを再設定" in body


@pytest.mark.parametrize("role", ["admin", "scorekeeper", "member"])
def test_an_admin_changes_the_role(client_as, admin_user, reader, role):
    r = client_as(admin_user).post(url(reader), {"role": role, "active": "on"})
    assert r.status_code == 302
    reader.refresh_from_db()
    assert role_of(reader) == role
    assert is_scorekeeper(reader) == (role in ("admin", "scorekeeper"))


def test_a_scorekeeper_made_member_loses_the_scorekeeper_group(client_as, admin_user, scorekeeper):
    client_as(admin_user).post(url(scorekeeper), {"role": "member", "active": "on"})
    scorekeeper.refresh_from_db()
    assert not is_scorekeeper(scorekeeper) and not scorekeeper.groups.exists()


def test_a_deactivated_user_cannot_log_in_and_is_kept(client, client_as, admin_user, reader):
    r = client_as(admin_user).post(url(reader), {"role": "member"})  # checkbox unticked
    assert r.status_code == 302
    reader.refresh_from_db()
    assert not reader.is_active
    client.logout()
    r = client.post("/accounts/login/", {"username": "kaiin", "password": "pass-1234"})
    assert r.status_code == 200 and "_auth_user_id" not in client.session


def test_an_admin_cannot_demote_or_deactivate_themselves(client_as, admin_user):
    c = client_as(admin_user)
    for data in ({"role": "member", "active": "on"}, {"role": "admin"}):
        r = c.post(url(admin_user), data)
        assert r.status_code == 422 and "自分自身の管理者権限は外せません" in r.content.decode()
    admin_user.refresh_from_db()
    assert is_admin(admin_user)


def test_the_last_active_admin_cannot_be_demoted_by_another_path(admin_user, django_user_model):
    from django.core.exceptions import ValidationError

    from scoring import services

    other = django_user_model.objects.create_user(username="other", password="x" * 12, is_staff=True,
                                                  is_active=False)
    with pytest.raises(ValidationError):
        services.user_update(user=admin_user, role="member", active=True, by=other)


def test_an_unknown_role_is_refused(client_as, admin_user, reader):
    r = client_as(admin_user).post(url(reader), {"role": "superuser", "active": "on"})
    assert r.status_code == 422 and role_of(reader) == "member"


def test_a_missing_user_is_404(client_as, admin_user):
    assert client_as(admin_user).get("/users/99999/edit/").status_code == 404

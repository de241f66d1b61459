"""First run: the takeover steps of the issue no longer work."""

import pytest
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.management import call_command

from scoring.access import setup_token_issue, setup_token_ok
from scoring.models import SetupToken

pytestmark = pytest.mark.django_db
FORM = {"username": "kanri", "password1": "tsumo-pinfu-77", "password2": "tsumo-pinfu-77"}
LAN = "192.168.1.20"


def users() -> int:
    return get_user_model().objects.count()


def test_the_printed_token_lets_another_computer_in(client):
    token = setup_token_issue()
    r = client.post("/setup/", {**FORM, "token": token}, REMOTE_ADDR=LAN)
    assert r.status_code == 302
    user = get_user_model().objects.get()
    assert user.is_staff and user.is_superuser


def test_the_token_works_once(client):
    token = setup_token_issue()
    assert client.post("/setup/", {**FORM, "token": token}).status_code == 302
    client.logout()
    get_user_model().objects.all().delete()  # even if the users were gone again
    r = client.post("/setup/", {**FORM, "username": "attacker", "token": token}, REMOTE_ADDR=LAN)
    assert r.status_code == 403 and users() == 0


def test_the_token_dies_when_an_admin_is_made_by_createsuperuser(client, monkeypatch):
    token = setup_token_issue()
    monkeypatch.setenv("DJANGO_SUPERUSER_PASSWORD", "tsumo-pinfu-77")
    call_command("createsuperuser", "--noinput", "--username", "boss", "--email", "")
    assert not SetupToken.objects.exists() and not setup_token_ok(token)
    assert client.get(f"/setup/?token={token}").status_code == 404


def test_it_is_gone_once_a_user_exists(client, admin_user):
    token = setup_token_issue()
    assert client.get(f"/setup/?token={token}").status_code == 404
    r = client.post("/setup/", {**FORM, "username": "attacker", "token": token})
    assert r.status_code == 404 and users() == 1


def test_once_done_the_page_says_so_and_points_to_the_login(client, admin_user):
    r = client.get("/setup/")
    body = r.content.decode()
    assert r.status_code == 404 and "初期設定はすでに済んでいます" in body and 'href="/accounts/login/"' in body


def test_a_submission_that_finds_the_administrator_made_meanwhile_is_told_so(client, monkeypatch):
    """The token passed the page's check, then another submission made the administrator."""
    from scoring import services

    def made_meanwhile(**kwargs):
        get_user_model().objects.create_user("other", password="tsumo-pinfu-77", is_superuser=True)
        raise services.SetupDone("done")

    token = setup_token_issue()
    monkeypatch.setattr(services, "first_admin_create", made_meanwhile)
    r = client.post("/setup/", {**FORM, "token": token})
    assert r.status_code == 409 and "初期設定はすでに済んでいます" in r.content.decode()
    assert "_auth_user_id" not in client.session


@pytest.mark.parametrize("addr", ["127.0.0.1", "::1"])
def test_this_computer_needs_the_token_too(client, addr):
    """Behind a reverse proxy on the same box every request comes from 127.0.0.1."""
    setup_token_issue()
    assert client.get("/setup/", REMOTE_ADDR=addr).status_code == 403
    assert client.post("/setup/", FORM, REMOTE_ADDR=addr).status_code == 403
    assert users() == 0


def test_forwarded_for_headers_do_not_help(client):
    setup_token_issue()
    r = client.post("/setup/", FORM, REMOTE_ADDR=LAN, HTTP_X_FORWARDED_FOR="127.0.0.1",
                    HTTP_X_REAL_IP="127.0.0.1", HTTP_FORWARDED="for=127.0.0.1")
    assert r.status_code == 403 and users() == 0


def test_a_token_signed_with_the_old_public_default_key_is_refused(client):
    forged = signing.dumps("first-admin", key="dev-only-insecure-key-change-me", salt="clubsite.setup")
    r = client.post("/setup/", {**FORM, "token": forged}, REMOTE_ADDR=LAN)
    assert r.status_code == 403 and users() == 0


def test_a_token_signed_with_this_sites_key_is_refused(client):
    """Tokens are random and stored (hashed), not signed: even the server's key cannot make one."""
    setup_token_issue()
    forged = signing.dumps("first-admin", salt="clubsite.setup")
    assert client.post("/setup/", {**FORM, "token": forged}).status_code == 403


def test_an_older_token_dies_when_a_new_one_is_printed(client):
    old = setup_token_issue()
    setup_token_issue()
    assert client.post("/setup/", {**FORM, "token": old}).status_code == 403


def test_a_token_older_than_a_day_is_refused(client):
    token = setup_token_issue()
    SetupToken.objects.update(created="2000-01-01T00:00:00Z")
    assert client.post("/setup/", {**FORM, "token": token}).status_code == 403


def test_only_a_digest_of_the_token_is_stored():
    token = setup_token_issue()
    assert token not in SetupToken.objects.get().digest


def test_mismatched_passwords_are_explained(client):
    token = setup_token_issue()
    r = client.post("/setup/", {**FORM, "password2": "something-else", "token": token}, HTTP_HX_REQUEST="true")
    assert r.status_code == 422 and "パスワードが一致しません" in r.content.decode()
    assert users() == 0


@pytest.mark.parametrize("username, password", [("kanri", "12345678"), ("kanri", "1234567890"),
                                                ("kanri", "password123"), ("kanrisha", "kanrisha01"),
                                                ("kanri", "short")])
def test_weak_passwords_are_refused(client, username, password):
    token = setup_token_issue()
    r = client.post("/setup/", {"username": username, "password1": password, "password2": password,
                                "token": token})
    assert r.status_code == 422 and users() == 0
    assert setup_token_ok(token)  # a refused try does not use the token up

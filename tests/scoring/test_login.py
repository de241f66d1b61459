import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_the_login_page_is_styled_and_in_japanese(client):
    body = client.get(reverse("login")).content.decode()
    assert "ログイン" in body and "club.css" in body


def test_a_wrong_password_is_explained(client, reader):
    r = client.post(reverse("login"), {"username": "kaiin", "password": "wrong"})
    assert "ユーザー名かパスワードが違います" in r.content.decode()


def test_a_right_password_logs_in(client, reader):
    r = client.post(reverse("login"), {"username": "kaiin", "password": "pass-1234"})
    assert r.status_code == 302


def test_logout_is_a_post(client_as, reader):
    assert client_as(reader).post(reverse("logout")).status_code == 302


def test_five_wrong_passwords_lock_the_user_out_even_with_the_right_one(client, reader, settings):
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post(reverse("login"), {"username": "kaiin", "password": "wrong"})
    r = client.post(reverse("login"), {"username": "kaiin", "password": "pass-1234"})
    assert r.status_code == 429
    assert "ログインを15分間止めています" in r.content.decode()
    assert "_auth_user_id" not in client.session


def test_the_lockout_is_per_user_name_and_address(client, reader, admin_user, settings):
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post(reverse("login"), {"username": "kaiin", "password": "wrong"})
    # another user from the same address, and the same user from another address, still get in
    assert client.post(reverse("login"), {"username": "kanri", "password": "pass-1234"}).status_code == 302
    client.logout()
    r = client.post(reverse("login"), {"username": "kaiin", "password": "pass-1234"}, REMOTE_ADDR="10.0.0.9")
    assert r.status_code == 302


def test_a_forged_forwarded_for_does_not_escape_the_lockout(client, reader, settings):
    for n in range(settings.AXES_FAILURE_LIMIT):
        client.post(reverse("login"), {"username": "kaiin", "password": "wrong"},
                    HTTP_X_FORWARDED_FOR=f"10.9.9.{n}", HTTP_X_REAL_IP=f"10.8.8.{n}")
    r = client.post(reverse("login"), {"username": "kaiin", "password": "pass-1234"},
                    HTTP_X_FORWARDED_FOR="10.9.9.99", HTTP_X_REAL_IP="10.8.8.99")
    assert r.status_code == 429


def test_a_successful_login_clears_earlier_failures(client, reader, settings):
    """Members who mistype now and then (and the browser tests logging in over and over) never
    pile up to a lockout."""
    for _ in range(3):
        for _ in range(settings.AXES_FAILURE_LIMIT - 1):
            client.post(reverse("login"), {"username": "kaiin", "password": "wrong"})
        assert client.post(reverse("login"), {"username": "kaiin", "password": "pass-1234"}).status_code == 302
        client.logout()

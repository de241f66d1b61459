import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_the_login_page_is_styled_and_in_japanese(client):
    body = client.get(reverse("login")).content.decode()
    assert "ログイン" in body and re.search(r"css/club\.(\w+\.)?css", body)


def test_a_wrong_password_is_explained(client, reader):
    r = client.post(reverse("login"), {"username": "kaiin", "password": "wrong"})
    assert "ユーザー名かパスワードが違います" in r.content.decode()


def test_a_right_password_logs_in(client, reader):
    r = client.post(reverse("login"), {"username": "kaiin", "password": "pass-1234"})
    assert r.status_code == 302


def test_logout_is_a_post(client_as, reader):
    assert client_as(reader).post(reverse("logout")).status_code == 302


def test_five_wrong_passwords_lock_the_user_out_even_with_the_right_one(client, reader, settings):
    for _ in range(settings.CLUB_LOGIN_FAILURE_LIMIT):
        client.post(reverse("login"), {"username": "kaiin", "password": "wrong"})
    r = client.post(reverse("login"), {"username": "kaiin", "password": "pass-1234"})
    assert r.status_code == 429
    assert "ログインを15分間止めています" in r.content.decode()
    assert "_auth_user_id" not in client.session


def test_the_lockout_is_per_user_name_and_address(client, reader, admin_user, settings):
    for _ in range(settings.CLUB_LOGIN_FAILURE_LIMIT):
        client.post(reverse("login"), {"username": "kaiin", "password": "wrong"})
    # another user from the same address, and the same user from another address, still get in
    assert client.post(reverse("login"), {"username": "kanri", "password": "pass-1234"}).status_code == 302
    client.logout()
    r = client.post(reverse("login"), {"username": "kaiin", "password": "pass-1234"}, REMOTE_ADDR="10.0.0.9")
    assert r.status_code == 302


def test_a_forged_forwarded_for_does_not_escape_the_lockout(client, reader, settings):
    for n in range(settings.CLUB_LOGIN_FAILURE_LIMIT):
        client.post(reverse("login"), {"username": "kaiin", "password": "wrong"},
                    HTTP_X_FORWARDED_FOR=f"10.9.9.{n}", HTTP_X_REAL_IP=f"10.8.8.{n}")
    r = client.post(reverse("login"), {"username": "kaiin", "password": "pass-1234"},
                    HTTP_X_FORWARDED_FOR="10.9.9.99", HTTP_X_REAL_IP="10.8.8.99")
    assert r.status_code == 429


def test_a_successful_login_clears_earlier_failures(client, reader, settings):
    """Members who mistype now and then (and the browser tests logging in over and over) never
    pile up to a lockout."""
    for _ in range(3):
        for _ in range(settings.CLUB_LOGIN_FAILURE_LIMIT - 1):
            client.post(reverse("login"), {"username": "kaiin", "password": "wrong"})
        assert client.post(reverse("login"), {"username": "kaiin", "password": "pass-1234"}).status_code == 302
        client.logout()


def wrong(client, username: str, **meta):
    return client.post(reverse("login"), {"username": username, "password": "wrong"}, **meta)


def test_many_user_names_from_one_address_lock_that_address(client, reader, settings):
    """Guessing a password for one name after another: the address is locked as a whole."""
    for n in range(settings.CLUB_ADDRESS_FAILURE_LIMIT - 1):
        assert wrong(client, f"guess{n}").status_code == 200
    r = wrong(client, "guess-last")
    assert r.status_code == 429 and "この端末(アドレス)から" in r.content.decode()
    # a further name, and even a right password, from there are refused; another address gets in
    assert wrong(client, "yet-another").status_code == 429
    assert client.post(reverse("login"), {"username": "kaiin", "password": "pass-1234"}).status_code == 429
    r = client.post(reverse("login"), {"username": "kaiin", "password": "pass-1234"}, REMOTE_ADDR="10.0.0.9")
    assert r.status_code == 302


def test_logging_in_to_ones_own_account_does_not_clear_the_address_count(client, reader, settings):
    for n in range(settings.CLUB_ADDRESS_FAILURE_LIMIT - 1):
        wrong(client, f"guess{n}")
    assert client.post(reverse("login"), {"username": "kaiin", "password": "pass-1234"}).status_code == 302
    client.logout()
    assert wrong(client, "guess-after").status_code == 429


def test_the_address_count_forgets_after_the_cool_off_time(client, reader, settings):
    from axes.models import AccessAttempt
    from django.utils import timezone

    for n in range(settings.CLUB_ADDRESS_FAILURE_LIMIT):
        wrong(client, f"guess{n}")
    AccessAttempt.objects.update(attempt_time=timezone.now() - settings.AXES_COOLOFF_TIME * 2)
    assert client.post(reverse("login"), {"username": "kaiin", "password": "pass-1234"}).status_code == 302


PROXY = "127.0.0.1"


@pytest.fixture
def behind_the_proxy(settings):
    from clubsite.deploy import trusted_proxies

    settings.CLUB_TRUSTED_PROXIES = trusted_proxies(PROXY)


def test_behind_the_proxy_clients_do_not_lock_each_other_out(client, reader, settings, behind_the_proxy):
    for _ in range(settings.CLUB_LOGIN_FAILURE_LIMIT):
        wrong(client, "kaiin", REMOTE_ADDR=PROXY, HTTP_X_REAL_IP="203.0.113.5")
    r = client.post(reverse("login"), {"username": "kaiin", "password": "pass-1234"},
                    REMOTE_ADDR=PROXY, HTTP_X_REAL_IP="203.0.113.5")
    assert r.status_code == 429
    r = client.post(reverse("login"), {"username": "kaiin", "password": "pass-1234"},
                    REMOTE_ADDR=PROXY, HTTP_X_REAL_IP="198.51.100.20")
    assert r.status_code == 302


def test_behind_the_proxy_many_names_lock_only_the_guessing_client(client, reader, settings, behind_the_proxy):
    for n in range(settings.CLUB_ADDRESS_FAILURE_LIMIT):
        wrong(client, f"guess{n}", REMOTE_ADDR=PROXY, HTTP_X_REAL_IP="203.0.113.5")
    assert wrong(client, "more", REMOTE_ADDR=PROXY, HTTP_X_REAL_IP="203.0.113.5").status_code == 429
    r = client.post(reverse("login"), {"username": "kaiin", "password": "pass-1234"},
                    REMOTE_ADDR=PROXY, HTTP_X_REAL_IP="198.51.100.20")
    assert r.status_code == 302


def test_a_client_reaching_the_port_directly_is_counted_by_its_own_address(client, reader, settings,
                                                                           behind_the_proxy):
    """Only the proxy's X-Real-IP is believed: a direct client rotating the header gains nothing."""
    for n in range(settings.CLUB_LOGIN_FAILURE_LIMIT):
        wrong(client, "kaiin", REMOTE_ADDR="198.51.100.7", HTTP_X_REAL_IP=f"203.0.113.{n}")
    r = client.post(reverse("login"), {"username": "kaiin", "password": "pass-1234"},
                    REMOTE_ADDR="198.51.100.7", HTTP_X_REAL_IP="203.0.113.99")
    assert r.status_code == 429
    for n in range(settings.CLUB_ADDRESS_FAILURE_LIMIT):
        wrong(client, f"guess{n}", REMOTE_ADDR="198.51.100.8", HTTP_X_REAL_IP=f"203.0.114.{n}")
    assert wrong(client, "more", REMOTE_ADDR="198.51.100.8", HTTP_X_REAL_IP="203.0.114.200").status_code == 429


def test_without_the_proxy_setting_x_real_ip_is_ignored_even_with_https(client, reader, settings):
    settings.CLUB_HTTPS = True  # no longer what makes the header believed
    for n in range(settings.CLUB_LOGIN_FAILURE_LIMIT):
        wrong(client, "kaiin", REMOTE_ADDR=PROXY, HTTP_X_REAL_IP=f"203.0.113.{n}")
    r = client.post(reverse("login"), {"username": "kaiin", "password": "pass-1234"},
                    REMOTE_ADDR=PROXY, HTTP_X_REAL_IP="203.0.113.99")
    assert r.status_code == 429


def test_a_user_name_longer_than_axes_stores_is_counted_cut_not_a_server_error(client, reader, settings):
    """A scanner's 400-character name: axes' tables hold 255 characters, and PostgreSQL refused the
    longer one (a 500; SQLite stores it whole). It is refused as any wrong login and counted, cut."""
    from axes.models import AccessAttempt

    name = "1" + "0" * 400
    for path in (reverse("login"), "/admin/login/"):
        r = client.post(path, {"username": name, "password": " "})
        assert r.status_code == 200
    assert [len(a.username) for a in AccessAttempt.objects.all()] == [255]
    assert AccessAttempt.objects.get().failures_since_start == 2

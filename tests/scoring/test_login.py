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

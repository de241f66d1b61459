import pytest
from django.contrib.auth import get_user_model

from scoring.access import setup_token

pytestmark = pytest.mark.django_db
FORM = {"username": "kanri", "password1": "long-enough-1", "password2": "long-enough-1"}


def test_it_creates_the_first_admin_from_this_computer(client):
    r = client.post("/setup/", FORM, REMOTE_ADDR="127.0.0.1")
    assert r.status_code == 302
    user = get_user_model().objects.get()
    assert user.is_staff and user.is_superuser


def test_it_refuses_other_computers_without_the_token(client):
    r = client.post("/setup/", FORM, REMOTE_ADDR="192.168.1.20")
    assert r.status_code == 403
    assert not get_user_model().objects.exists()


def test_the_printed_token_lets_another_computer_in(client):
    r = client.post("/setup/", {**FORM, "token": setup_token()}, REMOTE_ADDR="192.168.1.20")
    assert r.status_code == 302 and get_user_model().objects.count() == 1


def test_a_forged_token_is_refused(client):
    r = client.post("/setup/", {**FORM, "token": "abc:def:ghi"}, REMOTE_ADDR="192.168.1.20")
    assert r.status_code == 403


def test_it_is_gone_once_a_user_exists(client, admin_user):
    assert client.get("/setup/", REMOTE_ADDR="127.0.0.1").status_code == 404


def test_mismatched_passwords_are_explained(client):
    r = client.post("/setup/", {**FORM, "password2": "something-else"}, REMOTE_ADDR="127.0.0.1",
                    HTTP_HX_REQUEST="true")
    assert r.status_code == 422 and "パスワードが一致しません" in r.content.decode()
    assert not get_user_model().objects.exists()

import pytest
from django.contrib.auth import get_user_model

from scoring.access import is_scorekeeper

pytestmark = pytest.mark.django_db
URL = "/users/new/"


def test_it_sends_anonymous_users_to_login(client):
    assert client.get(URL).status_code == 302


def test_it_forbids_scorekeepers(client_as, scorekeeper):
    assert client_as(scorekeeper).post(URL, {"username": "x", "password": "tsumo-pinfu-77", "role": "admin"}).status_code == 403


@pytest.mark.parametrize("role, staff, scores", [("admin", True, True), ("scorekeeper", False, True),
                                                 ("member", False, False)])
def test_an_admin_creates_users_with_a_role(client_as, admin_user, role, staff, scores):
    r = client_as(admin_user).post(URL, {"username": "new", "password": "tsumo-pinfu-77", "role": role})
    assert r.status_code == 302
    user = get_user_model().objects.get(username="new")
    assert (user.is_staff, is_scorekeeper(user)) == (staff, scores)


def test_a_short_password_is_refused(client_as, admin_user):
    r = client_as(admin_user).post(URL, {"username": "new", "password": "short", "role": "member"},
                                   HTTP_HX_REQUEST="true")
    assert r.status_code == 422
    assert not get_user_model().objects.filter(username="new").exists()


@pytest.mark.parametrize("username, password", [("new", "12345678"), ("new", "1234567890"),
                                                ("new", "password123"), ("yamada-taro", "yamada-taro1")])
def test_weak_passwords_are_refused_with_the_reason(client_as, admin_user, username, password):
    r = client_as(admin_user).post(URL, {"username": username, "password": password, "role": "member"})
    assert r.status_code == 422
    assert 'class="error"' in r.content.decode()
    assert not get_user_model().objects.filter(username=username).exists()


def test_the_list_links_each_user_to_its_edit_page(client_as, admin_user, reader):
    body = client_as(admin_user).get(URL).content.decode()
    assert f"/users/{reader.pk}/edit/" in body and "会員(閲覧のみ)" in body

import pytest
from django.contrib.auth import get_user_model

from scoring.access import is_scorekeeper

pytestmark = pytest.mark.django_db
URL = "/users/new/"


def test_it_sends_anonymous_users_to_login(client):
    assert client.get(URL).status_code == 302


def test_it_forbids_scorekeepers(client_as, scorekeeper):
    assert client_as(scorekeeper).post(URL, {"username": "x", "password": "long-enough", "role": "admin"}).status_code == 403


@pytest.mark.parametrize("role, staff, scores", [("admin", True, True), ("scorekeeper", False, True),
                                                 ("member", False, False)])
def test_an_admin_creates_users_with_a_role(client_as, admin_user, role, staff, scores):
    r = client_as(admin_user).post(URL, {"username": "new", "password": "long-enough", "role": role})
    assert r.status_code == 302
    user = get_user_model().objects.get(username="new")
    assert (user.is_staff, is_scorekeeper(user)) == (staff, scores)


def test_a_short_password_is_refused(client_as, admin_user):
    r = client_as(admin_user).post(URL, {"username": "new", "password": "short", "role": "member"},
                                   HTTP_HX_REQUEST="true")
    assert r.status_code == 422
    assert not get_user_model().objects.filter(username="new").exists()

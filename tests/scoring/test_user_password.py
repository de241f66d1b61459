import pytest

pytestmark = pytest.mark.django_db


def url(user) -> str:
    return f"/users/{user.pk}/password/"


def test_an_admin_sets_a_new_password(client_as, admin_user, reader):
    r = client_as(admin_user).post(url(reader), {"password1": "ron-tanyao-55", "password2": "ron-tanyao-55"})
    assert r.status_code == 302
    reader.refresh_from_db()
    assert reader.check_password("ron-tanyao-55")


@pytest.mark.parametrize("password", ["12345678", "1234567890", "password123", "qwertyuiop", "short"])
def test_weak_passwords_are_refused(client_as, admin_user, reader, password):
    r = client_as(admin_user).post(url(reader), {"password1": password, "password2": password})
    assert r.status_code == 422
    reader.refresh_from_db()
    assert reader.check_password("pass-1234")


def test_mismatched_passwords_are_explained(client_as, admin_user, reader):
    r = client_as(admin_user).post(url(reader), {"password1": "ron-tanyao-55", "password2": "ron-tanyao-56"})
    assert r.status_code == 422 and "パスワードが一致しません" in r.content.decode()


def test_scorekeepers_may_not(client_as, scorekeeper, reader):
    r = client_as(scorekeeper).post(url(reader), {"password1": "ron-tanyao-55", "password2": "ron-tanyao-55"})
    assert r.status_code == 403
    reader.refresh_from_db()
    assert reader.check_password("pass-1234")


def test_a_get_goes_to_the_edit_page(client_as, admin_user, reader):
    assert client_as(admin_user).get(url(reader))["Location"] == f"/users/{reader.pk}/edit/"

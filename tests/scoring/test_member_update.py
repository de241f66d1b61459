import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def url(member):
    return reverse("member-update", args=[member.pk])


def test_it_sends_anonymous_users_to_login(client, members):
    assert client.get(url(members[0])).status_code == 302


def test_it_forbids_members_without_the_admin_role(client_as, reader, members):
    assert client_as(reader).get(url(members[0])).status_code == 403


def test_it_updates_the_name_and_retires_a_member(client_as, admin_user, members):
    m = members[0]
    r = client_as(admin_user).post(url(m), {"name": "山田 花子", "kana": "やまだ はなこ", "number": m.number})
    assert r.status_code == 302
    m.refresh_from_db()
    assert (m.name, m.active) == ("山田 花子", False)


def test_it_refuses_a_number_taken_by_another_member(client_as, admin_user, members):
    m = members[0]
    r = client_as(admin_user).post(url(m), {"name": m.name, "kana": m.kana, "number": members[1].number, "active": "on"})
    assert r.status_code == 422
    m.refresh_from_db()
    assert m.number == 1


def test_it_answers_404_for_an_unknown_member(client_as, admin_user):
    assert client_as(admin_user).get("/members/999/edit/").status_code == 404


def test_the_htmx_variant_renders_the_form(client_as, admin_user, members):
    r = client_as(admin_user).get(url(members[0]), HTTP_HX_REQUEST="true")
    assert r.status_code == 200 and members[0].name in r.content.decode()


def test_a_number_taken_names_the_holder(client_as, admin_user, members):
    m = members[0]
    r = client_as(admin_user).post(url(m), {"name": m.name, "kana": m.kana, "number": 2, "active": "on"})
    assert "会員番号 2 は 佐藤 さんが使っています" in r.content.decode()


def test_keeping_ones_own_number_is_fine(client_as, admin_user, members):
    m = members[0]
    r = client_as(admin_user).post(url(m), {"name": "山田 一郎", "kana": m.kana, "number": 1, "active": "on"})
    assert r.status_code == 302


def test_a_member_cannot_be_renumbered_to_0(client_as, admin_user, members):
    m = members[0]
    r = client_as(admin_user).post(url(m), {"name": m.name, "kana": m.kana, "number": "0", "active": "on"})
    assert r.status_code == 422 and "会員番号は1から始まります" in r.content.decode()
    m.refresh_from_db()
    assert m.number == 1

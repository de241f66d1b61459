import pytest
from django.urls import reverse

from scoring.models import Hanchan

pytestmark = pytest.mark.django_db


def post(client, clubday, members, **extra):
    data = {"table": "2", "mode": "hands", **{f"seat{i}": m.pk for i, m in enumerate(members[:4])}, **extra}
    return client.post(reverse("hanchan-create", args=[clubday.pk]), data)


def test_it_sends_anonymous_users_to_login(client, clubday, members):
    assert post(client, clubday, members).status_code == 302
    assert not Hanchan.objects.exists()


def test_it_forbids_readers(client_as, reader, clubday, members):
    assert post(client_as(reader), clubday, members).status_code == 403


def test_a_scorekeeper_starts_a_hanchan_with_seats_from_the_first_dealer(client_as, scorekeeper, clubday, members):
    r = post(client_as(scorekeeper), clubday, members)
    h = Hanchan.objects.get()
    assert r["Location"] == reverse("hanchan-detail", args=[h.pk])
    assert (h.table, h.number, h.seat0, h.seat3) == (2, 1, members[0], members[3])


def test_a_paper_hanchan_goes_to_the_final_score_form(client_as, scorekeeper, clubday, members):
    r = post(client_as(scorekeeper), clubday, members, mode="final")
    assert r["Location"] == reverse("hanchan-final-scores", args=[Hanchan.objects.get().pk])


def test_the_same_member_twice_is_refused_by_name(client_as, scorekeeper, clubday, members):
    r = post(client_as(scorekeeper), clubday, members, seat3=members[0].pk)
    assert r.status_code == 422 and "山田 さんが2回選ばれています" in r.content.decode()
    assert not Hanchan.objects.exists()


def test_get_is_not_allowed(client_as, scorekeeper, clubday):
    assert client_as(scorekeeper).get(reverse("hanchan-create", args=[clubday.pk])).status_code == 405


def test_htmx_posts_work_the_same(client_as, scorekeeper, clubday, members):
    data = {"table": "1", "mode": "hands", **{f"seat{i}": m.pk for i, m in enumerate(members[:4])}}
    r = client_as(scorekeeper).post(reverse("hanchan-create", args=[clubday.pk]), data, HTTP_HX_REQUEST="true")
    assert r.status_code == 302 and Hanchan.objects.count() == 1

import pytest
from django.urls import reverse

from scoring import services
from scoring.models import Hanchan, RuleSet

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


def test_a_hanchan_may_use_another_rule_set_than_its_days(client_as, scorekeeper, clubday, members):
    tenhou = RuleSet.objects.get(preset="tenhou", options={})
    post(client_as(scorekeeper), clubday, members, ruleset=tenhou.pk)
    h = Hanchan.objects.get()
    assert h.ruleset == tenhou and h.ruleset_in_force == tenhou


def test_a_blank_rule_set_follows_the_club_day(client_as, scorekeeper, clubday, members):
    post(client_as(scorekeeper), clubday, members, ruleset="")
    h = Hanchan.objects.get()
    assert h.ruleset is None and h.ruleset_in_force == clubday.ruleset


def test_the_days_own_rule_set_chosen_is_stored_as_blank(client_as, scorekeeper, clubday, members):
    post(client_as(scorekeeper), clubday, members, ruleset=clubday.ruleset.pk)
    assert Hanchan.objects.get().ruleset is None


def test_the_rule_set_select_names_the_days_rule_set_as_its_default(client_as, scorekeeper, clubday):
    body = client_as(scorekeeper).get(reverse("clubday-detail", args=[clubday.pk])).content.decode()
    assert '<option value="" selected>例会のルール(アリアリ(健康麻将クラブ))</option>' in body


def test_a_chosen_round_is_kept(client_as, scorekeeper, clubday, members):
    post(client_as(scorekeeper), clubday, members, number="3")
    assert Hanchan.objects.get().number == 3


def test_a_round_already_played_gets_a_friendly_message_and_the_input_is_kept(client_as, scorekeeper, clubday,
                                                                            members):
    services.hanchan_create(clubday=clubday, table=2, players=members[1:5])
    r = post(client_as(scorekeeper), clubday, members, number="1", ruleset="")
    body = r.content.decode()
    assert r.status_code == 422
    assert "2卓の1回戦はもうあります(佐藤・鈴木・田中・伊藤)。空いている回戦は 2 です" in body
    assert 'name="number" value="1"' in body and "Constraint" not in body
    assert Hanchan.objects.count() == 1


def test_an_unknown_rule_set_is_refused(client_as, scorekeeper, clubday, members):
    r = post(client_as(scorekeeper), clubday, members, ruleset="999")
    assert r.status_code == 422 and not Hanchan.objects.exists()

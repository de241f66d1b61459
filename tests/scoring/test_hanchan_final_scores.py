import pytest
from django.urls import reverse
from versions import with_version

from scoring import services
from scoring.models import HanchanResult

pytestmark = pytest.mark.django_db
SHEET = {"score0": "32600", "score1": "25000", "score2": "25000", "score3": "17400", "sticks": "0"}


def url(h):
    return reverse("hanchan-final-scores", args=[h.pk])


def test_it_sends_anonymous_users_to_login(client, hanchan):
    assert client.post(url(hanchan), with_version(hanchan, SHEET)).status_code == 302


def test_it_forbids_readers(client_as, reader, hanchan):
    assert client_as(reader).post(url(hanchan), with_version(hanchan, SHEET)).status_code == 403


def test_the_form_labels_each_score_with_the_players_name(client_as, scorekeeper, hanchan):
    body = client_as(scorekeeper).get(url(hanchan)).content.decode()
    assert body.index("山田") < body.index("佐藤") < body.index("鈴木") < body.index("田中")


def test_a_paper_sheet_is_recorded_with_ranks_and_nets(client_as, scorekeeper, hanchan):
    r = client_as(scorekeeper).post(url(hanchan), with_version(hanchan, SHEET))
    assert r.status_code == 302
    assert sorted(HanchanResult.objects.values_list("seat", "rank", "net")) == [
        (0, 1, 19600), (1, 2, 4000), (2, 3, -4000), (3, 4, -19600)]


@pytest.mark.parametrize("change, message", [
    ({"score3": "16400"}, "合計が100000点になりません"),
    ({"score0": "32650", "score3": "17350"}, "100点単位"),
])
def test_a_sheet_that_does_not_add_up_is_explained_and_kept(client_as, scorekeeper, hanchan, change, message):
    r = client_as(scorekeeper).post(url(hanchan), with_version(hanchan, {**SHEET, **change}), HTTP_HX_REQUEST="true")
    body = r.content.decode()
    assert r.status_code == 422 and message in body and 'value="32' in body
    assert not HanchanResult.objects.exists()


def test_after_saving_the_scorekeeper_lands_on_the_result(client_as, scorekeeper, hanchan):
    from django.urls import reverse
    r = client_as(scorekeeper).post(reverse("hanchan-final-scores", args=[hanchan.pk]),
                                    {"score0": "32600", "score1": "27400", "score2": "22000", "score3": "18000",
                                     "sticks": "0", "version": str(hanchan.version)})
    assert r.status_code == 302 and r["Location"] == reverse("hanchan-detail", args=[hanchan.pk])
    page = client_as(scorekeeper).get(r["Location"]).content.decode()
    assert page.index("順位点") < page.index('id="history"')


def test_the_hanchan_page_links_to_the_final_scores_while_they_may_be_entered(client_as, client, scorekeeper,
                                                                            reader, hanchan, ron):
    page = reverse("hanchan-detail", args=[hanchan.pk])
    assert url(hanchan) in client_as(scorekeeper).get(page).content.decode()  # no hand yet: a table on paper
    client.logout()
    assert url(hanchan) not in client_as(reader).get(page).content.decode()  # readers may not enter them
    client.logout()
    services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    assert url(hanchan) not in client_as(scorekeeper).get(page).content.decode()  # the hands make the result


def test_the_final_scores_link_goes_when_the_first_hand_is_recorded_through_htmx(client_as, scorekeeper, hanchan):
    body = client_as(scorekeeper).post(reverse("hand-create", args=[hanchan.pk]),
                                       with_version(hanchan, {"type": "ron", "winner": "1", "loser": "0",
                                                              "value": "quick", "han": "3", "fu": "30"}),
                                       HTTP_HX_REQUEST="true").content.decode()
    assert '<div id="final-link" hx-swap-oob="true">' in body and url(hanchan) not in body


def test_a_void_hanchan_offers_no_final_scores(client_as, scorekeeper, hanchan):
    services.hanchan_void(hanchan=hanchan, by=scorekeeper)
    body = client_as(scorekeeper).get(reverse("hanchan-detail", args=[hanchan.pk])).content.decode()
    assert url(hanchan) not in body

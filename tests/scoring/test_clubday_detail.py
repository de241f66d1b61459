import pytest
from django.urls import reverse

from scoring import services

pytestmark = pytest.mark.django_db


def test_it_shows_tables_results_and_day_totals(client, hanchan, scorekeeper):
    services.hanchan_record_final_scores(hanchan=hanchan, scores=[32600, 25000, 25000, 17400], sticks=0,
                                         by=scorekeeper)
    body = client.get(reverse("clubday-detail", args=[hanchan.clubday.pk])).content.decode()
    assert "1卓" in body and "+19.6" in body and "-19.6" in body and "この日の成績" in body


def test_it_requires_login_when_boards_are_private(client, clubday, settings):
    settings.PUBLIC_BOARDS = False
    assert client.get(reverse("clubday-detail", args=[clubday.pk])).status_code == 302


def test_the_new_hanchan_form_is_shown_only_to_scorekeepers(client_as, clubday, reader, scorekeeper):
    url = reverse("clubday-detail", args=[clubday.pk])
    assert "半荘を始める" not in client_as(reader).get(url).content.decode()
    assert "半荘を始める" in client_as(scorekeeper).get(url).content.decode()


def test_an_unknown_day_is_404(client):
    assert client.get("/days/999/").status_code == 404


def test_the_htmx_variant_renders(client, clubday):
    assert client.get(reverse("clubday-detail", args=[clubday.pk]), HTTP_HX_REQUEST="true").status_code == 200

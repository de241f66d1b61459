"""Requests from a probe of a served app that once answered 500: a digit that ``str.isdigit()``
accepts and ``int()`` does not ("²"), a listed win whose hand is not a hand, a Host whose port is
past 65535. Each is now refused (4xx) with its message, or served."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring import services
from scoring.models import Confirmation, Hanchan

pytestmark = pytest.mark.django_db


def test_a_confirmation_for_member_two_superscript_is_refused(client_as, scorekeeper, clubday, members, settings):
    settings.SIGN_OFF = True
    h = services.hanchan_create(clubday=clubday, table=1, players=members[:4], mode=Hanchan.Mode.FINAL)
    services.hanchan_record_final_scores(hanchan=h, scores=[40000, 30000, 20000, 10000], sticks=0, by=None)
    h.refresh_from_db()
    for htmx in ({}, {"HTTP_HX_REQUEST": "true"}):
        r = client_as(scorekeeper).post(reverse("hanchan-confirm", args=[h.pk]),
                                        {"member": "²", "version": h.version}, **htmx)
        assert r.status_code in (302, 422) and not Confirmation.objects.exists()


def test_the_results_csv_of_rule_set_two_superscript_says_so_in_japanese(client):
    r = client.get(reverse("results-csv"), {"ruleset": "²"})
    assert r.status_code == 400 and "ルールが見つかりません(ruleset=²)" in r.content.decode()


@pytest.mark.parametrize("hand", ['"x"', "[1, 2]", "3"])
def test_a_listed_win_whose_hand_is_not_a_hand_is_left_out(client_as, scorekeeper, hanchan, hand):
    """The page's own list of added wins (double ron) holds hand documents; a forged one is not shown."""
    data = {"type": "ron", "loser": "0", "winner": "1", "value": "quick", "han": "3", "fu": "30",
            "wins": '[{"winner": 2, "hand": %s}]' % hand, "version": hanchan.version}
    for htmx in ({}, {"HTTP_HX_REQUEST": "true"}):
        r = client_as(scorekeeper).post(reverse("hand-create", args=[hanchan.pk]), {**data, "step": "add-win"},
                                        **htmx)
        assert r.status_code < 500


@pytest.mark.parametrize("host", ["testserver:99999", "[::1]:99999", "localhost:65536"])
def test_a_host_with_a_port_past_65535_is_served_as_typed(client, settings, host):
    settings.ALLOWED_HOSTS, settings.CLUB_LAN_ADDRESSES = ["testserver", "[::1]", "localhost"], ["192.168.1.20"]
    r = client.get("/check/", {"hand": "123m456p789s1122z", "win_tile": "2z"}, HTTP_HOST=host)
    assert r.status_code == 200 and f"http://{host}/check/?" in r.content.decode().replace("&amp;", "&")

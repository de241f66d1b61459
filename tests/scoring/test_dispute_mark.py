"""The include templates other pages embed: the dispute mark of a hand row and the history link."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db.models import Q
from django.template.loader import render_to_string
from django.urls import reverse

from scoring import selectors, services
from scoring.models import Dispute

pytestmark = pytest.mark.django_db


@pytest.fixture
def hand(hanchan, scorekeeper, ron):
    return services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)


def mark(hand, user):
    # the open dispute as the hanchan page finds it (selectors.hanchan_state's rows)
    rows = selectors.hanchan_state(hanchan=hand.hanchan)["history"]
    ctx = {"hand": hand, "user": user, "dispute": next(r["dispute"] for r in rows if r["hand"].pk == hand.pk)}
    return render_to_string("scoring/_dispute_mark.html", ctx)


def test_a_logged_in_member_gets_the_flag_link(reader, hand):
    assert reverse("dispute-create", args=[hand.pk]) in mark(hand, reader)


def test_anonymous_readers_get_no_flag(hand):
    assert mark(hand, AnonymousUser()).strip() == ""


def test_an_open_dispute_shows_under_review_with_its_link(reader, hand):
    d = services.dispute_open(hand=hand, by=reader, comment="?")
    html = mark(hand, AnonymousUser())
    assert "審議中" in html and reverse("dispute-detail", args=[d.pk]) in html


def test_a_ruled_dispute_no_longer_marks_the_hand(reader, admin_user, hand):
    d = services.dispute_open(hand=hand, by=reader, comment="?")
    services.dispute_rule(dispute=d, by=admin_user, decision="upheld", reason="正しい")
    assert "審議中" not in mark(hand, reader)


def test_the_history_link(hanchan):
    html = render_to_string("scoring/_history_link.html", {"kind": "hanchan", "pk": hanchan.pk})
    assert reverse("history", args=["hanchan", hanchan.pk]) in html and "変更履歴" in html


def disputes_of_member(member):
    seats = Q(hanchan__seat0=member) | Q(hanchan__seat1=member) | Q(hanchan__seat2=member) | Q(hanchan__seat3=member)
    return list(Dispute.objects.filter(seats).order_by("-opened_at"))


def test_disputes_of_a_member(reader, members, hand):
    d = services.dispute_open(hand=hand, by=reader, comment="?")
    assert disputes_of_member(members[0]) == [d]
    assert disputes_of_member(members[4]) == []

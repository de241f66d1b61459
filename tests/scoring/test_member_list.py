import pytest
from django.urls import reverse

from scoring import services

pytestmark = pytest.mark.django_db


def test_it_lists_members_in_gojuon_order_whatever_kana_was_typed(client):
    for name, kana, no in [("渡辺", "ワタナベ", 1), ("伊藤", "いとう", 2), ("加藤", "カトウ", 3)]:
        services.member_create(name=name, kana=kana, number=no)
    body = client.get(reverse("member-list")).content.decode()
    assert body.index("伊藤") < body.index("加藤") < body.index("渡辺")


def test_it_requires_login_when_boards_are_private(client, settings):
    settings.PUBLIC_BOARDS = False
    assert client.get(reverse("member-list")).status_code == 302


def test_it_shows_edit_links_only_to_admins(client_as, members, reader, admin_user):
    edit = reverse("member-update", args=[members[0].pk])
    assert edit not in client_as(reader).get(reverse("member-list")).content.decode()
    assert edit in client_as(admin_user).get(reverse("member-list")).content.decode()

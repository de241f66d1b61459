import pytest
from django.urls import reverse

from scoring import services

pytestmark = pytest.mark.django_db


def test_the_list_links_every_rule_set_to_its_rules_sheet(client, ariari):
    body = client.get(reverse("ruleset-list")).content.decode()
    assert "島町ルール(完全先付け・解釈B)" in body
    assert reverse("ruleset-detail", args=[ariari.pk]) in body
    assert "later_calls" not in body and "justified" not in body  # no engine keys or values


def test_a_custom_rule_set_shows_its_preset_and_how_many_options_differ(client):
    services.ruleset_create(name="うちの両翻縛り", preset="ariari", options={"shibari": 2, "open_tanyao": False})
    body = client.get(reverse("ruleset-list"), HTTP_HX_REQUEST="true").content.decode()
    assert "うちの両翻縛り" in body and "アリアリ(健康麻将クラブ) + 2項目変更" in body


def test_preset_names_read_in_english(client, ariari):
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    body = client.get(reverse("ruleset-list")).content.decode()
    assert "Tenhou rules (for comparison)" in body and "天鳳ルール" not in body


def test_it_requires_login_when_boards_are_private(client, settings):
    settings.PUBLIC_BOARDS = False
    assert client.get(reverse("ruleset-list")).status_code == 302


def test_the_create_button_is_for_admins_only(client_as, scorekeeper, admin_user):
    assert reverse("ruleset-create") not in client_as(scorekeeper).get(reverse("ruleset-list")).content.decode()
    assert reverse("ruleset-create") in client_as(admin_user).get(reverse("ruleset-list")).content.decode()

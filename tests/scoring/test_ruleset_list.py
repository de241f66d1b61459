import pytest
from django.urls import reverse

from scoring import services

pytestmark = pytest.mark.django_db


def test_the_list_shows_every_option_of_each_rule_set(client):
    body = client.get(reverse("ruleset-list")).content.decode()
    assert "島町ルール(完全先付け・解釈B)" in body and "later_calls" in body and "justified" in body


def test_a_custom_rule_set_shows_its_preset_and_overrides(client):
    services.ruleset_create(name="うちの両翻縛り", preset="ariari", options={"shibari": 2})
    body = client.get(reverse("ruleset-list"), HTTP_HX_REQUEST="true").content.decode()
    assert "うちの両翻縛り" in body and "アリアリ(健康麻将クラブ)" in body and "{&#x27;shibari&#x27;: 2}" in body


def test_it_requires_login_when_boards_are_private(client, settings):
    settings.PUBLIC_BOARDS = False
    assert client.get(reverse("ruleset-list")).status_code == 302


def test_the_create_button_is_for_admins_only(client_as, scorekeeper, admin_user):
    assert reverse("ruleset-create") not in client_as(scorekeeper).get(reverse("ruleset-list")).content.decode()
    assert reverse("ruleset-create") in client_as(admin_user).get(reverse("ruleset-list")).content.decode()

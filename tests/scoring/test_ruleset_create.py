import pytest
from django.urls import reverse

from scoring.models import RuleSet

pytestmark = pytest.mark.django_db


def post(client, htmx: bool = False, **data):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(reverse("ruleset-create"), {"name": "両翻縛り", "preset": "ariari", "options": "{}", **data},
                       **headers)


def test_it_sends_anonymous_users_to_login(client):
    assert post(client).status_code == 302


def test_it_forbids_scorekeepers(client_as, scorekeeper):
    assert post(client_as(scorekeeper)).status_code == 403


def test_an_admin_creates_a_rule_set_from_a_preset_with_overrides(client_as, admin_user):
    r = post(client_as(admin_user), options='{"shibari": 2}')
    assert r.status_code == 302
    assert RuleSet.objects.get(name="両翻縛り").engine().shibari == 2


@pytest.mark.parametrize("options, message", [
    ('{"shibari": 3}', "shibari"),          # the engine's message names the option
    ('{"no_such_option": true}', "no_such_option"),
    ('[1, 2]', "JSON のオブジェクト"),
])
def test_bad_options_are_refused_with_the_engines_message(client_as, admin_user, options, message):
    r = post(client_as(admin_user), options=options, htmx=True)
    assert r.status_code == 422 and message in r.content.decode()
    assert not RuleSet.objects.filter(name="両翻縛り").exists()


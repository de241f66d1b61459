"""Rule-set numbers have sane bounds; malformed option JSON is a form error, never a 500."""

import pytest
from django.urls import reverse

from scoring.models import RuleSet

pytestmark = pytest.mark.django_db


def post(client, options: str):
    return client.post(reverse("ruleset-create"), {"name": "試し", "preset": "ariari", "options": options})


@pytest.mark.parametrize("options, named", [
    ('{"start_points": 0}', "start_points"),
    ('{"start_points": 250000000}', "start_points"),
    ('{"start_points": 25050}', "start_points"),
    ('{"riichi_stick": -1000}', "riichi_stick"),
    ('{"riichi_stick": 0}', "riichi_stick"),
    ('{"honba_value": 99999999999999999999}', "honba_value"),
    ('{"noten_total": -3000}', "noten_total"),
    ('{"uma": [30000, 10000, -10000, -9000000]}', "uma"),
])
def test_numbers_out_of_range_are_refused_naming_the_option(client_as, admin_user, options, named):
    r = post(client_as(admin_user), options)
    assert r.status_code == 422 and named in r.content.decode()
    assert not RuleSet.objects.filter(name="試し").exists()


@pytest.mark.parametrize("options", ['{"start_points": 30000, "return_points": 30000}',
                                     '{"riichi_stick": 500, "honba_value": 1500}',
                                     '{"uma": [20000, 10000, -10000, -20000]}'])
def test_sane_numbers_are_accepted(client_as, admin_user, options):
    assert post(client_as(admin_user), options).status_code == 302


@pytest.mark.parametrize("options", ["[" * 1000 + "]" * 1000, "[" * 100000, '{"a": ' * 600 + "1" + "}" * 600,
                                     "x" * 5000, "\x00\uffff"])
def test_deep_huge_or_broken_json_is_explained(client_as, admin_user, options):
    r = post(client_as(admin_user), options)
    assert r.status_code == 422
    assert not RuleSet.objects.filter(name="試し").exists()

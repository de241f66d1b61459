"""Rule-set numbers have the engine's bounds and steps (``rules.BOUNDS``); anything else typed into
a number field is a clear form error, never a 500."""

import pytest

from scoring.forms import RuleSetForm
from scoring.models import RuleSet

pytestmark = pytest.mark.django_db
URL = "/rules/new/"


def form_data(name: str, **changes) -> dict:
    """The form as it starts from ``ariari`` (checkboxes posted only when on), with ``changes``."""
    values = {**RuleSetForm(preset="ariari", name=name).initial, **changes}
    return {k: ("on" if v is True else str(v)) for k, v in values.items() if v is not False}


@pytest.mark.parametrize("field, value, message", [
    ("start_points", "0", "持ち点は1000〜200000"),
    ("start_points", "250000000", "持ち点は1000〜200000"),
    ("start_points", "25050", "100点単位"),
    ("riichi_stick", "-1000", "リーチ棒は100〜10000"),
    ("riichi_stick", "0", "リーチ棒は100〜10000"),
    ("honba_value", "99999999999999999999", "本場は0〜3000"),
    ("noten_total", "-3000", "ノーテン罰符は0〜30000"),
    ("uma_3", "-9000000", "順位点は-200000〜200000"),
    ("yakuman_cap", "0", "役満の上限は1〜10の範囲で入力してください"),
    ("start_points", "abc", "持ち点は1000〜200000"),
    ("start_points", "", "持ち点は1000〜200000"),
    ("shibari", "3", "正しく選択してください"),
])
def test_numbers_out_of_range_are_refused_naming_the_option(client_as, admin_user, field, value, message):
    r = client_as(admin_user).post(URL, {**form_data(name="試し"), field: value})
    assert r.status_code == 422 and message in r.content.decode()
    assert not RuleSet.objects.filter(name="試し").exists()


@pytest.mark.parametrize("changes, stored", [
    ({"start_points": 30000, "return_points": 30000}, {"start_points": 30000, "return_points": 30000}),
    ({"riichi_stick": 500, "honba_value": 1500}, {"riichi_stick": 500, "honba_value": 1500}),
    ({"uma_0": 20000, "uma_1": 10000, "uma_2": -10000, "uma_3": -20000}, {"uma": [20000, 10000, -10000, -20000]}),
])
def test_sane_numbers_are_accepted(client_as, admin_user, changes, stored):
    assert client_as(admin_user).post(URL, form_data(name="試し", **changes)).status_code == 302
    assert RuleSet.objects.get(name="試し").options == stored


@pytest.mark.parametrize("junk", ["[" * 1000, "x" * 5000, "\x00\uffff", "1e400"])
def test_junk_in_any_field_is_explained(client_as, admin_user, junk):
    r = client_as(admin_user).post(URL, {**form_data(name="試し"), "start_points": junk, "tie_break": junk})
    assert r.status_code == 422
    assert not RuleSet.objects.filter(name="試し").exists()

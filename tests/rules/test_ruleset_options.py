"""Rule-set options: every option is a field with a comment (docs/rules.md §4.2), values are checked and bounded."""

import pytest

from rules import RuleSet, RulesetError, get_ruleset
from rules.ruleset import BOUNDS, CHOICES


@pytest.mark.parametrize("options, fragment", [
    ({"riichi_stick": 0}, "'riichi_stick' must be from 100 to 10000 in steps of 100"),
    ({"start_points": 25050}, "'start_points' must be from 1000 to 200000 in steps of 100"),
    ({"start_points": 10 ** 12}, "'start_points' must be from 1000"),
    ({"yakuman_cap": 0}, "'yakuman_cap' must be from 1 to 10"),
    ({"uma": [20000, 10000, -10000, -(10 ** 9)]}, "'uma' must be from"),
    ({"score_rounding": "up"}, "'score_rounding' must be one of none, shisha_gonyu, gosha_rokunyu"),
    ({"abortive_draws": 1}, "'abortive_draws' must be true or false"),
    ({"tie_break": "x" * 1000}, "'tie_break' is longer than 60"),
])
def test_bad_option_values_are_named(options, fragment):
    with pytest.raises(RulesetError) as exc:
        get_ruleset({"preset": "tenhou", "options": options})
    assert fragment in exc.value.message and exc.value.ja


def test_a_long_rule_set_name_is_refused():
    with pytest.raises(RulesetError, match="'name' is longer than 60"):
        get_ruleset({"preset": "ariari", "name": "x" * 61})


def test_every_bounded_or_chosen_option_is_a_field_and_the_presets_respect_them():
    fields = RuleSet.__dataclass_fields__
    assert set(BOUNDS) <= set(fields) and set(CHOICES) <= set(fields)
    for name in ("ariari", "shimamachi", "sakizuke_a", "kanzen_sakizuke", "shingendai", "tenhou"):
        rs = get_ruleset(name)
        for key, (low, high, step) in BOUNDS.items():
            values = getattr(rs, key) if key == "uma" else [getattr(rs, key)]
            assert all(low <= v <= high and v % step == 0 for v in values), (name, key)
        for key, allowed in CHOICES.items():
            assert getattr(rs, key) in allowed, (name, key)

"""The output of ``evaluate`` is a fresh tree: no list or dict in it appears twice, or in another
call's output, so a caller may change one part (or keep it) without another part changing. The
engine builds the win's yaku once and copies them for its own wait in ``per_wait``, and keeps
tables of fu lines and suit groups: none of that may leak shared objects."""

from __future__ import annotations

import oracle
import pytest

import rules


def containers(value, seen: list) -> list:
    """Every dict and list of a JSON-like tree, depth first."""
    if isinstance(value, (dict, list)):
        seen.append(value)
        for item in value.values() if isinstance(value, dict) else value:
            containers(item, seen)
    return seen


@pytest.mark.parametrize("ruleset", ["ariari", "tenhou", "kanzen_sakizuke"])
def test_no_list_or_dict_of_an_output_is_shared_within_it_or_with_another_output(ruleset):
    ids: set[int] = set()
    kept = []  # outputs stay alive, so an id seen twice is one object shared
    for case in oracle.random_cases(300, 77):
        doc = oracle.to_doc(case, ruleset, red_fives=True)
        for d in (doc, {k: v for k, v in doc.items() if k != "win_tile"}):
            out = rules.evaluate(d)
            kept.append(out)
            for c in containers(out, []):
                assert id(c) not in ids, (d, c)
                ids.add(id(c))


def test_changing_the_yaku_of_an_output_leaves_its_per_wait_as_it_was():
    doc = {"hand": "234567m234p2355s", "win_tile": "4s", "tsumo": True, "riichi": True}
    out = rules.evaluate(doc)
    own = next(w for w in out["per_wait"] if w["tile"] == "4s")
    assert own["yaku"] == out["yaku"]
    out["yaku"][0]["han"] = 99
    out["fu_detail"][0]["fu"] = 99
    assert own["yaku"][0]["han"] == 1
    again = rules.evaluate(doc)
    assert again["yaku"][0]["han"] == 1 and again["fu_detail"][0]["fu"] == 20

"""Engine input has bounds (``rules.document.LIMITS``): beyond them a document is refused with a
named error (``BoundsError``, a ``DocumentError``) before any work, and no error message grows with
the input."""

from __future__ import annotations

import pytest

import rules
from rules.document import LIMITS
from rules.errors import BoundsError, DocumentError, RulesError, TileCountError

GOOD = {"hand": "234m567p3456678s", "win_tile": "6s"}


BEYOND = [
    ("honba", LIMITS["honba"] + 1, BoundsError),
    ("sticks", LIMITS["sticks"] + 1, BoundsError),
    ("honba", 10 ** 5000, BoundsError),
    ("hand", "1m" * 61, BoundsError),
    ("win_tile", " " * 200 + "6s", BoundsError),
    ("dora_indicators", ["1m"] * 6, BoundsError),
    ("dora_indicators", ["1m2m3m4m5m6m"], DocumentError),  # six indicators in one string
    ("ura_indicators", ["1m"] * 10_000, BoundsError),
    ("situational", ["haitei"] * 8, BoundsError),
    ("melds", [{"type": "pon", "tiles": "111z"}] * 5, TileCountError),
    ("melds", [{"type": "pon", "tiles": "1" * 500 + "z"}], BoundsError),
    ("ruleset", {"preset": "ariari", "name": "x" * 65}, BoundsError),
]


@pytest.mark.parametrize("field, value, error", BEYOND, ids=[f"{b[0]}-{n}" for n, b in enumerate(BEYOND)])
def test_a_field_beyond_its_bound_is_refused(field, value, error):
    with pytest.raises(error) as exc:
        rules.evaluate({**GOOD, field: value})
    assert len(exc.value.message) < 200 and len(exc.value.ja) < 200
    assert exc.value.ja != exc.value.message


@pytest.mark.parametrize("field, value", [("honba", LIMITS["honba"]), ("sticks", LIMITS["sticks"]),
                                          ("dora_indicators", ["1m"] * LIMITS["indicators"])])
def test_a_field_at_its_bound_is_read(field, value):
    assert rules.evaluate({**GOOD, field: value})["legal"]


def test_error_messages_show_a_short_form_of_bad_values():
    with pytest.raises(DocumentError) as exc:
        rules.evaluate({**GOOD, "tsumo": [list(range(1000))] * 1000})
    assert len(exc.value.message) < 200
    with pytest.raises(DocumentError) as exc:
        rules.evaluate({**GOOD, **{f"x{i}": 1 for i in range(1000)}})
    assert "(+995)" in exc.value.message and len(exc.value.message) < 200


def test_compare_and_tenpai_have_the_same_bounds():
    with pytest.raises(BoundsError):
        rules.compare(GOOD, ["ariari"] * 21)
    with pytest.raises(BoundsError):
        rules.compare({**GOOD, "honba": 101}, ["ariari"])
    with pytest.raises(BoundsError):
        rules.tenpai({"hand": "234m567p3456678s", "sticks": 101})
    assert issubclass(BoundsError, DocumentError) and issubclass(BoundsError, RulesError)
    assert BoundsError.code == "out_of_bounds"

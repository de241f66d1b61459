"""Reading an evaluate document (docs/api.md): ``parse_doc`` turns it into a validated ``Hand`` and
its ``RuleSet``; every bad field raises a named ``RulesError`` and nothing is half-applied. Sizes
and counts are bounded (``LIMITS``) so no input can make the engine work without end. ``fields``
says what a valid document is, ``plain`` reads the usual document in one pass, ``checked`` reads
(and refuses) everything else.

>>> hand, rs = parse_doc({"hand": "123m406p789s1z", "melds": [{"type": "pon", "tiles": "555z"}],
...                       "win_tile": "1z", "seat_wind": "南"})
>>> hand.is_closed, hand.is_dealer, rs.name, hand.reds
(False, False, 'ariari', (0, 0, 0))
"""

from __future__ import annotations

from typing import Any, Mapping

from ..hand import Hand
from ..ruleset import RuleSet
from .checked import parse_doc_checked
from .fields import DOC_KEYS, FLAGS, LIMITS, WINDS, check_situation, ruleset_of, show  # noqa: F401
from .plain import read_plain


def parse_doc(doc: Mapping[str, Any]) -> tuple[Hand, RuleSet]:
    """Validate an evaluate document (docs/api.md) into a ``Hand`` and its ``RuleSet``.

    A plain document (a dict, mpsz or Japanese tiles without inline calls, every field well-formed)
    is read by ``read_plain`` in one pass; anything else, and every invalid document, by the full reader
    (``checked``), which names what is wrong."""
    if type(doc) is dict and DOC_KEYS.issuperset(doc):
        read = read_plain(doc)
        if read is not None:
            return read
    return parse_doc_checked(doc)


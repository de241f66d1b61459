"""The rules engine: pure Python, no Django.

Public API (stable; the web app and the CLI depend on it):

- ``evaluate(doc) -> dict``   score one hand (yaku, fu, han, points, payments, 先付け verdict)
- ``compare(doc, rulesets) -> dict``  the same hand under several rule sets side by side
- ``tenpai(doc) -> dict``     is a 13-tile hand tenpai at an exhaustive draw under the rule set
- ``play(doc) -> dict``       settle a whole hanchan from its recorded events; every event carries
  ``state_before`` (round, winds, dealer, honba, sticks, scores, riichi already declared)
- ``next_hand(doc, event) -> dict``  one more event previewed in one replay: its settlement, the
  state ``before`` and ``after`` it, ``ended``/``result``, and the evaluate ``document`` of a win
  entered as a hand (built from the table: winds, tsumo, honba, sticks)
- ``final_result(scores, ruleset) -> dict``  ranks, 順位点 and nets from four raw scores
- ``net_text(net) -> str``    a net in thousands as it is shown: ``+19.6``
- ``get_ruleset(spec)``, ``PRESETS``, ``RuleSet``; errors are ``RulesError`` (a ``ValueError``) subclasses.

>>> game = {"ruleset": "tenhou", "players": ["A", "B", "C", "D"],
...         "hands": [{"type": "abortive", "kind": "kyuushu"}]}
>>> out = next_hand(game, {"type": "ron", "winner": 1, "loser": 0, "riichi": [1],
...                        "hand": {"hand": "234m567p3456678s", "win_tile": "6s", "riichi": True}})
>>> out["before"]["label"]["ja"], out["before"]["seat_winds"][1], out["event"]["deltas"]
('東1局 1本場', 'S', [-4200, 4200, 0, 0])
>>> out["hands"][0]["document"]["honba"], out["after"]["round"]
(1, 'E2')
>>> play(game)["events"][0]["state_before"]["round"], net_text(final_result([32600, 25000, 25000, 17400])["net"][0])
('E1', '+19.6')
"""

from .errors import (  # noqa: F401
    BoundsError, DocumentError, GameError, MeldError, NotationError, RulesError, RulesetError, TileCountError,
)
from .ruleset import PRESETS, PRESET_LABELS, RuleSet, get_ruleset  # noqa: F401
from .standings import net_text, oka  # noqa: F401

# Imported eagerly: the submodule ``rules.evaluate`` would otherwise shadow the function on first use.
from .evaluate import evaluate  # noqa: E402,F401
from .verdicts import compare, tenpai  # noqa: E402,F401


def play(doc: dict) -> dict:
    from .game import play as _play

    return _play(doc)


def next_hand(doc: dict, event: dict) -> dict:
    from .game import next_hand as _next_hand

    return _next_hand(doc, event)


def final_result(scores: list[int], ruleset="ariari", sticks: int = 0) -> dict:
    from .standings import final_result as _final_result

    return _final_result(scores, ruleset, sticks=sticks)

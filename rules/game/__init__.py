"""A whole hanchan settled from its recorded events (docs/rules.md §6, §8; docs/api.md ``play``).

``play`` is a pure function of the document: it replays the events in order, checks each one
against the running state and returns every event's score changes (with the state before it), the
next hand's state and, once the game is over, the final result. ``next_hand`` replays a game plus
one more event and answers for that event alone. Any invalid event raises ``GameError`` naming its
index; nothing partial is returned.

The modules: ``events`` checks event documents, ``value`` prices a win, ``settle`` does the
arithmetic (every score change is one ``Table.pay``), ``wording`` writes the descriptions, ``end``
decides the next hand and the end of the game; ``rules.standings`` gives the final result.

Decisions where the seeds leave a choice (each has a test):

- ノーテンリーチ at a draw (seed 002 ⑳) is a チョンボ: the hand is void like any チョンボ (no noten
  payments, that hand's riichi sticks go back, same dealer and honba); an アガリ放棄 player is noten
  for the payments but only a チョンボ when not tenpai.
- ダブロン: riichi sticks and honba go to the claimant nearest the discarder (上家取り, seed 004);
  a dealer among the winners keeps the deal. 三家和 (``triple_ron_draw``) and the other 途中流局
  (``abortive_draws``): no payments, dealer keeps the deal, honba +1, sticks stay.
- 流し満貫 (``nagashi_mangan``): a mangan tsumo for each winner without honba or sticks; the hand
  is then a draw without noten payments (the dealer keeps the deal when tenpai).
- ``sticks`` counts ``riichi_stick`` units on the table; ``pot`` is the same in points. Once the
  game is over, ``state`` has no next round (``round``/``label``/``dealer`` are ``None``).

>>> out = play({"ruleset": "ariari", "players": ["A", "B", "C", "D"],
...             "hands": [{"type": "ron", "winner": 1, "loser": 0, "han": 3, "fu": 30}]})
>>> out["events"][0]["deltas"], out["events"][0]["description"]["ja"]
([-3900, 3900, 0, 0], 'B が A から 3900 のロン(3翻30符)')
>>> out["state"]["label"]["ja"], out["ended"]
('東2局 0本場', False)
"""

from __future__ import annotations

from typing import Any, Mapping

from ..errors import DocumentError, GameError
from ..ruleset import RuleSet, get_ruleset
from ..standings import standings
from .end import ENDED_JA, end_hand
from .events import parse
from .settle import Outcome, settle
from .table import SEATS, Ledger, Table, round_code, round_label
from .wording import describe

MAX_EVENTS = 500  # a hanchan has a few dozen; far more is a mistake or an attack
MAX_NAME = 40
DOC_KEYS = {"ruleset", "players", "hands"}

__all__ = ["play", "next_hand", "round_code", "round_label", "MAX_EVENTS", "MAX_NAME"]


def _check_doc(doc: Any) -> tuple[Any, RuleSet, list[str], list[Any]]:
    if not isinstance(doc, Mapping):
        raise DocumentError("the game must be an object", ja="対局データはオブジェクトで指定してください")
    extra = sorted(str(k) for k in set(doc) - DOC_KEYS)
    if extra:
        raise DocumentError(f"unknown field(s) in the game: {', '.join(extra)}"[:200],
                            ja=f"対局データに不明な項目があります: {', '.join(extra)}"[:200])
    spec = doc.get("ruleset", "ariari")
    rs = get_ruleset(spec)
    players = doc.get("players", ["A", "B", "C", "D"])
    if (not isinstance(players, list) or len(players) != SEATS
            or not all(isinstance(p, str) and p.strip() for p in players)):
        raise DocumentError(f"'players' must be four names, not {players!r}"[:200],
                            ja=f"players は4人の名前で指定してください({players!r})"[:200])
    if any(len(p) > MAX_NAME for p in players):
        raise DocumentError(f"a player's name is longer than {MAX_NAME} characters",
                            ja=f"名前は{MAX_NAME}文字以内で指定してください")
    if len(set(players)) != SEATS:
        raise DocumentError(f"'players' has a name twice: {players!r}", ja=f"同じ名前の人が2人います({players!r})")
    hands = doc.get("hands", [])
    if not isinstance(hands, list):
        raise DocumentError("'hands' must be a list of events", ja="hands は記録のリストで指定してください")
    if len(hands) > MAX_EVENTS:
        raise DocumentError(f"a game has at most {MAX_EVENTS} events, not {len(hands)}",
                            ja=f"記録は{MAX_EVENTS}件までです({len(hands)}件)")
    return spec, rs, players, hands


def _apply(t: Table, spec: Any, raw: Any, i: int) -> tuple[dict[str, Any], Outcome]:
    """One event applied to the table: its public output and the settlement."""
    if t.ended_by:
        raise GameError(f"the game has already ended ({t.ended_by})", index=i,
                        ja=f"対局はすでに終了しています({ENDED_JA[t.ended_by]})")
    ev = parse(raw, i)
    before = t.state()
    ledger = Ledger()
    outcome = settle(t, ev, ledger, spec=spec)
    if outcome.ends is not None:
        end_hand(t, *outcome.ends, ledger)
    rs = t.rs
    text = describe(ev, outcome.facts, t.players, chombo_each=rs.chombo_each, penalty_value=rs.penalty_value)
    out = {"index": i, "type": ev.type, "round": before["round"], "label": before["label"],
           "honba": before["honba"], "dealer": before["dealer"], "deltas": ledger.deltas,
           "scores": list(t.scores), "sticks": t.sticks, "pot": t.pot, "riichi": list(ev.riichi),
           "winners": [], "value": None, **outcome.fields, "description": text, "state_before": before}
    return out, outcome


def _replay(doc: Any, extra: Any = None) -> tuple[dict[str, Any], Outcome | None]:
    spec, rs, players, hands = _check_doc(doc)
    if extra is not None:
        if len(hands) >= MAX_EVENTS:
            raise DocumentError(f"a game has at most {MAX_EVENTS} events",
                                ja=f"記録は{MAX_EVENTS}件までです")
        hands = [*hands, extra]
    t = Table(rs, players=list(players))
    events, outcome = [], None
    for i, raw in enumerate(hands):
        ev, outcome = _apply(t, spec, raw, i)
        events.append(ev)
    ended = t.ended_by is not None
    out = {"ruleset": rs.name, "players": list(players), "events": events, "state": t.state(),
           "ended": ended, "ended_by": t.ended_by, "result": standings(list(t.scores), rs, t.pot) if ended else None}
    return out, outcome


def play(doc: Mapping[str, Any]) -> dict[str, Any]:
    """Settle a hanchan from ``{"ruleset", "players", "hands"}`` (docs/api.md).

    >>> doc = {"players": ["A", "B", "C", "D"], "hands": [
    ...     {"type": "draw", "tenpai": [0], "riichi": [0]},
    ...     {"type": "tsumo", "winner": 2, "han": 1, "fu": 30}]}
    >>> out = play(doc)
    >>> [e["deltas"] for e in out["events"]]
    [[2000, -1000, -1000, -1000], [-600, -400, 2400, -400]]
    >>> before = out["events"][1]["state_before"]
    >>> before["label"]["ja"], before["seat_winds"], before["sticks"]
    ('東1局 1本場', ['E', 'S', 'W', 'N'], 1)
    """
    return _replay(doc)[0]


def next_hand(doc: Mapping[str, Any], event: Any) -> dict[str, Any]:
    """Preview (or, once stored, apply) one more event of a game in one replay: the game document
    without it, and the event. Returns the event's settlement, the table ``before`` and ``after``
    it, ``ended``/``ended_by``/``result``, and ``hands``: for each win entered as a hand, the
    evaluate ``document`` built from the table (winds, tsumo, honba, sticks) and its ``verdict``
    (``rules.evaluate`` of that document).

    >>> game = {"ruleset": "tenhou", "players": ["A", "B", "C", "D"],
    ...         "hands": [{"type": "draw", "tenpai": [0], "riichi": [0]}]}
    >>> out = next_hand(game, {"type": "tsumo", "winner": 2, "hand": {"hand": "234m567p3456678s", "win_tile": "6s"}})
    >>> out["event"]["deltas"], out["before"]["honba"], out["after"]["label"]["ja"]
    ([-1400, -800, 4000, -800], 1, '東2局 0本場')
    >>> doc = out["hands"][0]["document"]
    >>> doc["seat_wind"], doc["round_wind"], doc["tsumo"], doc["honba"], doc["sticks"]
    ('W', 'E', True, 1, 1)
    >>> from rules import evaluate
    >>> out["hands"][0]["verdict"] == evaluate(doc)
    True
    """
    out, outcome = _replay(doc, event)
    assert outcome is not None
    ev = out["events"][-1]
    return {"ruleset": out["ruleset"], "players": out["players"], "event": ev, "before": ev["state_before"],
            "after": out["state"], "ended": out["ended"], "ended_by": out["ended_by"], "result": out["result"],
            "hands": outcome.documents}

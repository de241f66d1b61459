"""The checker's links (``/check/?…``): an evaluate document as short query parameters.

A link carries the checker form's own fields, so every older link still opens: canonical mpsz, calls
as ``pon777z``, winds as ``E S W N``, defaults left out, so the longest legal hand fits in about 300
bytes. A part that cannot be read is kept as typed, so the checker shows the same error again.
"""

from __future__ import annotations

import json
from typing import Any, Mapping

import rules
from rules.document import WINDS
from rules.hand import Meld, make_meld, parse_hand_text
from rules.tiles import parse_tile, parse_tiles, tile_name, to_mpsz

WIND_LETTERS = "ESWN"


def melds_to_text(melds: list[dict[str, str]]) -> str:
    """The short form of calls, for links."""
    return ",".join(f"{m['type']}{m['tiles']}" for m in melds)


def _calls(melds: list[Any], inline: list[Meld]) -> str:
    """The calls in call order (the document's, then those written inside the hand) as
    ``pon777z,chi234m``; the palette's JSON when one of the document's calls cannot be read."""
    calls = []
    for i, m in enumerate(melds):
        try:
            calls.append(make_meld(m["type"], m["tiles"], i))
        except (rules.RulesError, KeyError, TypeError):
            return json.dumps(melds, ensure_ascii=False, separators=(",", ":"))
    return melds_to_text([m.as_dict() for m in calls + inline])


def _tiles(text: str) -> str:
    """A tile string in canonical mpsz; as typed when it cannot be read."""
    try:
        return to_mpsz(*parse_tiles(text))
    except rules.RulesError:
        return text


def _one_tile(text: str) -> str:
    try:
        return tile_name(*parse_tile(text))
    except rules.RulesError:
        return text


def _wind(value: Any, default: str) -> str | None:
    """``E``…``N`` of a wind as the document may name it (``E``, ``東``, ``1z``); ``None`` for the default."""
    kind = WINDS.get(value) if isinstance(value, str) else None
    letter = WIND_LETTERS[kind - 27] if kind is not None else value
    return None if letter in (default, None) else letter


def link_query(document: Mapping[str, Any]) -> dict[str, Any]:
    """The checker's query parameters of an evaluate document; ``CheckForm`` reads them back."""
    melds = document.get("melds") or []
    try:
        concealed, reds, inline = parse_hand_text(document.get("hand", ""))
        q: dict[str, Any] = {"hand": to_mpsz(concealed, reds)}
    except rules.RulesError:
        q, inline = {"hand": document.get("hand", "")}, []
    if melds or inline:
        q["melds"] = _calls(list(melds), inline)
    if document.get("win_tile"):
        q["win_tile"] = _one_tile(document["win_tile"])
    if document.get("tsumo"):
        q["tsumo"] = "1"
    if document.get("double_riichi"):
        q["riichi"] = "double"
    elif document.get("riichi"):
        q["riichi"] = "riichi"
    if document.get("ippatsu"):
        q["ippatsu"] = "on"
    if document.get("situational"):
        q["sit"] = list(document["situational"])
    for key, field, default in (("seat_wind", "seat", "S"), ("round_wind", "round", "E")):
        letter = _wind(document.get(key, default), default)
        if letter:
            q[field] = letter
    for key, field in (("dora_indicators", "dora"), ("ura_indicators", "ura")):
        if document.get(key):
            # each indicator read alone first: ["1", "1m"] is 1s and 1m, but "11m" would be two 1m
            q[field] = _tiles("".join(_tiles(t) for t in document[key] if isinstance(t, str)))
    return q

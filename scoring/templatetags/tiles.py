"""Tiles as pictures (``{% tile "5m" %}``, ``{% tiles "123m55z" %}``, ``{% meld call %}``), each a symbol of
the one tile sprite, drawn by ``templates/scoring/partials/tiles.html``. Input that is not tiles is shown as
its (escaped) text: a bad hand never breaks a page.
"""

from __future__ import annotations

import re
from contextlib import suppress
from typing import Any

from django import template
from django.templatetags.static import static
from django.utils.translation import gettext

from rules.errors import RulesError
from rules.sakizuke.wording import CALL_JA
from rules.tiles import (HONOR_NAMES_EN, HONOR_NAMES_JA, SUIT_NAMES_JA, SUITS, parse_tile, parse_tokens, tile_ja,
                         tile_name)

from ..shared import text_key
from .club import lang

register = template.Library()


HONORS_EN = ("East", "South", "West", "North", "White", "Green", "Red")
SUITS_EN = {"m": "man", "p": "pin", "s": "sou"}


def tile_alt(name: str) -> str:
    """Alt text for an mpsz tile name, in the page's language."""
    english = text_key() == "en"
    if name == "back":
        return "back" if english else "裏"
    kind, red = parse_tile(name)  # what is not one tile is refused in English too
    if not english:
        return tile_ja(kind, red)
    name = tile_name(kind, red)
    if name[1] == "z":
        return HONORS_EN[int(name[0]) - 1]
    return ("red 5" if name[0] == "0" else name[0]) + " " + SUITS_EN[name[1]]


PICTURES = "scoring/partials/tiles.html#"  # the markup of every tag below


def _pictures(names: list[str]) -> list[dict[str, str]]:
    """Each tile's name, alt text in the page's language and symbol in the sprite."""
    sprite = static("tiles/sprite.svg")  # its hashed name once collectstatic has run
    return [{"name": n, "alt": tile_alt(n), "href": f"{sprite}#t-{n}"} for n in names]


def _names(text: str) -> list[str]:
    """mpsz names of every tile in ``text`` (reading order); raises ``RulesError`` if unreadable."""
    return [tile_name(kind, red) for kind, red in parse_tokens(text)]


def _readable(text: str) -> list[str]:
    """``_names``, or none when ``text`` is not tiles."""
    with suppress(RulesError):
        return _names(text)
    return []


@register.inclusion_tag(PICTURES + "tile")
def tile(name: object) -> dict[str, Any]:
    """One tile picture; anything that is not exactly one tile renders as its text."""
    text = "" if name is None else str(name)
    names = ["back"] if text.strip() == "back" else _readable(text)
    return {"value": text, "pictures": _pictures(names) if len(names) == 1 else []}


@register.inclusion_tag(PICTURES + "tiles")
def tiles(text: object) -> dict[str, Any]:
    """Every tile of a tile string, as pictures in one ``<span class="tiles">``."""
    value = "" if text is None else str(text)
    return {"value": value, "pictures": _pictures(_readable(value))}


_FILLED = re.compile(r"\{([0-9mpsz]+)\}")


@register.inclusion_tag(PICTURES + "quoted")
def quoted_tiles(text: object) -> dict[str, Any]:
    """A quotation in which ``{234m}`` marks tile pictures lost from the original's text: drawn as
    tiles in a ``<span class="tiles filled">`` (the page says they were filled in)."""
    parts = _FILLED.split("" if text is None else str(text))
    shown = [{"text": parts[0]}]
    for group, rest in zip(parts[1::2], parts[2::2]):
        pictures = _pictures(_readable(group))
        shown.append({"group": group, "pictures": pictures, "text": rest if pictures else f"{{{group}}}{rest}"})
    return {"parts": shown}


PALETTE_ROWS = (
    [f"{n}m" for n in range(1, 10)],
    [f"{n}p" for n in range(1, 10)],
    [f"{n}s" for n in range(1, 10)],
    [f"{n}z" for n in range(1, 8)],
    ["0m", "0p", "0s"],
)


@register.simple_tag
def tile_palette(red_fives: bool = True) -> list[list[dict[str, str]]]:
    """Rows of the tap palette (萬子, 筒子, 索子, 字牌, and 赤五 when the rule set has red fives)."""
    return [_pictures(row) for row in (PALETTE_ROWS if red_fives else PALETTE_ROWS[:4])]


@register.filter(name="tile_ja")
def tile_ja_filter(name: object) -> str:
    """A tile named in text as a player says it (never ``4s``)."""
    text = "" if name is None else str(name)
    try:
        return tile_alt(text)
    except RulesError:
        return text


@register.inclusion_tag(PICTURES + "meld")
def meld(m: object) -> dict[str, Any]:
    """A call as pictures with its kind; an ankan shows its outer tiles face down, as on the table."""
    if not isinstance(m, dict):
        return {"value": str(m)}
    kind, text = str(m.get("type", "")), str(m.get("tiles", ""))
    try:
        names = _names(text)
    except RulesError:
        return {"value": f"{kind} {text}"}
    if kind == "ankan" and len(names) == 4:
        names = ["back", names[1], names[2], "back"]
    label = gettext(CALL_JA[kind]) if kind in CALL_JA else kind
    return {"value": text, "label": label, "pictures": _pictures(names)}


_GROUP = re.compile(r"(?<![0-9A-Za-z])([0-9]+)([mpsz])(?![0-9A-Za-z])")


def spoken_tiles(text: str, lang: str = "ja") -> str:
    """Tile groups written in mpsz inside a sentence, as a player says them (``777z`` → 中)."""
    def one(m: re.Match) -> str:
        digits, suit = m.group(1), m.group(2)
        if suit == "z":
            if any(d not in "1234567" for d in digits):
                return m.group(0)
            names = HONOR_NAMES_JA if lang == "ja" else HONOR_NAMES_EN
            return ("" if lang == "ja" else " ").join(names[int(d) - 1] for d in dict.fromkeys(digits))
        return digits + SUIT_NAMES_JA[SUITS.index(suit)] if lang == "ja" else m.group(0)
    return _GROUP.sub(one, text)


@register.filter
def said(value: object) -> str:
    """An engine text ``{"ja", "en"}`` in the page's language, tiles in mpsz named as a player says them."""
    text = "" if value is None else lang(value)
    return spoken_tiles(str(text), text_key())

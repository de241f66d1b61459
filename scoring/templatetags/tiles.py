"""Tiles as pictures: ``{% load tiles %}``.

- ``{% tile "5m" %}`` → ``<img class="tile" src="/static/tiles/5m.svg" alt="5萬">``
- ``{% tiles "123m55z" %}`` (or ``{{ hand|tiles }}``) → one ``<img>`` per tile, in reading order.

Both notations are read (mpsz and 一二三/①②③/123/東南西北白發中) through the rules engine's parser.
Input that is not tiles is shown as plain (escaped) text: a bad hand never breaks a page.
"""

from __future__ import annotations

from django import template
from django.templatetags.static import static
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from rules.errors import RulesError
from rules.tiles import parse_tile, parse_tokens, tile_ja, tile_name

register = template.Library()


def tile_alt(name: str) -> str:
    """Japanese alt text for an mpsz tile name (the names are ``rules.tiles``'s).

    >>> tile_alt("5m"), tile_alt("0p"), tile_alt("7z"), tile_alt("back")
    ('5萬', '赤5筒', '中', '裏')
    """
    if name == "back":
        return "裏"
    return tile_ja(*parse_tile(name))


def _img(name: str) -> SafeString:
    return format_html('<img class="tile" src="{}" alt="{}">', static(f"tiles/{name}.svg"), tile_alt(name))


def _names(text: str) -> list[str]:
    """mpsz names of every tile in ``text`` (reading order); raises ``RulesError`` if unreadable."""
    return [tile_name(kind, red) for kind, red in parse_tokens(text)]


@register.simple_tag
def tile(name: object) -> SafeString:
    """One tile picture; anything that is not exactly one tile renders as its text."""
    text = "" if name is None else str(name)
    if text.strip() == "back":
        return _img("back")
    try:
        names = _names(text)
    except RulesError:
        names = []
    if len(names) != 1:
        return escape(text)
    return _img(names[0])


@register.simple_tag(name="tiles")
def tiles_tag(text: object) -> SafeString:
    """Every tile of a tile string, as pictures in one ``<span class="tiles">``."""
    return render_tiles(text)


@register.filter(name="tiles")
def render_tiles(text: object) -> SafeString:
    """``{{ hand|tiles }}``: as the ``tiles`` tag; unreadable input renders as its escaped text."""
    value = "" if text is None else str(text)
    try:
        names = _names(value)
    except RulesError:
        return escape(value)
    if not names:
        return escape(value)
    return format_html('<span class="tiles" title="{}">{}</span>', value,
                       mark_safe("".join(_img(n) for n in names)))


PALETTE_ROWS = (
    [f"{n}m" for n in range(1, 10)],
    [f"{n}p" for n in range(1, 10)],
    [f"{n}s" for n in range(1, 10)],
    [f"{n}z" for n in range(1, 8)],
    ["0m", "0p", "0s"],
)


@register.simple_tag
def tile_palette() -> list[list[dict[str, str]]]:
    """Rows of the tap palette (萬子, 筒子, 索子, 字牌, 赤五): ``{"name", "alt", "src"}`` per tile."""
    return [[{"name": n, "alt": tile_alt(n), "src": static(f"tiles/{n}.svg")} for n in row]
            for row in PALETTE_ROWS]

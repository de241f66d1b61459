#!/usr/bin/env python3
"""Draw every mahjong tile into one SVG sprite, ``static/tiles/sprite.svg`` (and optionally a contact sheet).

Tiles are drawn by code, so they can be regenerated and tweaked in one place:
``1m..9m 1p..9p 1s..9s 1z..7z``, the red fives ``0m 0p 0s`` and ``back``. Each is a
``<symbol id="t-5m" viewBox="0 0 60 80">``: an ivory face with a thin darker edge, the suit picture
on top. Pages show a tile as ``<svg class="tile"><use href="…/sprite.<hash>.svg#t-5m"></use></svg>``
(``{% tile %}``, ``{% tiles %}`` in scoring/templatetags/tiles.py; static/js/tile-entry.js): one
request for every tile of every page, cached for good under its hashed name.

Usage::

    python3 scripts/make_tiles.py                 # writes static/tiles/sprite.svg
    python3 scripts/make_tiles.py --sheet out.html  # also an HTML page showing every tile

>>> svg = tile_svg("5p")
>>> svg.startswith("<svg") and svg.count("<circle") >= 5 * 3
True
>>> sorted(TILE_NAMES)[:3], len(TILE_NAMES)
(['0m', '0p', '0s'], 38)
>>> sprite = sprite_svg()
>>> sprite.count("<symbol "), '<symbol id="t-7z" viewBox="0 0 60 80">' in sprite
(38, True)
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path

W, H = 60, 80
IVORY = "#fbf6e9"
EDGE = "#cdbf9c"
INK = "#1d2233"
RED = "#c8102e"
GREEN = "#16794a"
BLUE = "#1c4f9c"
FONT = "'Noto Serif CJK JP','IPAMincho','IPAGothic','Noto Sans CJK JP',serif"

KANJI_NUMERALS = "一二三四五六七八九"
HONORS = "東南西北白發中"

TILE_NAMES = (
    [f"{n}{s}" for s in "mps" for n in range(1, 10)]
    + [f"{n}z" for n in range(1, 8)]
    + ["0m", "0p", "0s", "back"]
)


def _frame(body: str, face: str = IVORY) -> str:
    """Put a tile picture on the rounded tile (face plus a thicker bottom edge)."""
    return (
        f'<rect x="1" y="2" width="58" height="77" rx="7" fill="{EDGE}"/>'
        f'<rect x="1" y="1" width="58" height="74" rx="7" fill="{face}" stroke="#b3a47f" stroke-width="1"/>'
        f"{body}"
    )


def _text(x: float, y: float, size: float, color: str, glyph: str, weight: str = "700") -> str:
    return (
        f'<text x="{x}" y="{y}" font-size="{size}" font-family="{FONT}" font-weight="{weight}" '
        f'fill="{color}" text-anchor="middle" dominant-baseline="central">{glyph}</text>'
    )


# --- 萬子 -------------------------------------------------------------------------------------

def _man(n: int, red: bool) -> str:
    numeral_color = RED if red else INK
    return _text(30, 22, 27, numeral_color, KANJI_NUMERALS[n - 1]) + _text(30, 55, 29, RED, "萬")


# --- 筒子 -------------------------------------------------------------------------------------

def _circle(x: float, y: float, r: float, color: str) -> str:
    """One pin: a coloured ring, an ivory ring and a coloured centre."""
    return (
        f'<circle cx="{x}" cy="{y}" r="{r}" fill="{color}"/>'
        f'<circle cx="{x}" cy="{y}" r="{r * 0.66:.2f}" fill="{IVORY}"/>'
        f'<circle cx="{x}" cy="{y}" r="{r * 0.36:.2f}" fill="{color}"/>'
    )


# (x, y, colour) for each circle; the face is roughly x 6..54, y 6..70.
PIN_LAYOUTS: dict[int, list[tuple[float, float, str]]] = {
    2: [(30, 22, GREEN), (30, 54, BLUE)],
    3: [(15, 16, BLUE), (30, 38, RED), (45, 60, GREEN)],
    4: [(17, 22, BLUE), (43, 22, GREEN), (17, 54, GREEN), (43, 54, BLUE)],
    5: [(16, 18, BLUE), (44, 18, GREEN), (30, 38, RED), (16, 58, GREEN), (44, 58, BLUE)],
    6: [(19, 15, GREEN), (41, 15, GREEN), (19, 40, RED), (41, 40, RED), (19, 61, RED), (41, 61, RED)],
    7: [(14, 12, GREEN), (30, 20, GREEN), (46, 28, GREEN),
        (19, 45, RED), (41, 45, RED), (19, 63, RED), (41, 63, RED)],
    8: [(19, 12, BLUE), (41, 12, BLUE), (19, 29, BLUE), (41, 29, BLUE),
        (19, 46, BLUE), (41, 46, BLUE), (19, 63, BLUE), (41, 63, BLUE)],
    9: [(x, y, c) for y, c in ((16, BLUE), (38, RED), (60, GREEN)) for x in (14, 30, 46)],
}
PIN_RADIUS = {2: 12, 3: 10, 4: 11, 5: 10, 6: 9, 7: 8, 8: 8, 9: 8}


def _pin(n: int, red: bool) -> str:
    if n == 1:
        # The big decorated one-pin: rings of colour around a red heart.
        parts = [
            f'<circle cx="30" cy="38" r="23" fill="{GREEN}"/>',
            f'<circle cx="30" cy="38" r="20" fill="{IVORY}"/>',
        ]
        for k in range(12):
            a = 2 * math.pi * k / 12
            parts.append(f'<circle cx="{30 + 16.5 * math.cos(a):.2f}" cy="{38 + 16.5 * math.sin(a):.2f}" '
                         f'r="2.6" fill="{BLUE}"/>')
        parts.append(f'<circle cx="30" cy="38" r="12" fill="{RED}"/>')
        parts.append(f'<circle cx="30" cy="38" r="7" fill="{IVORY}"/>')
        parts.append(f'<circle cx="30" cy="38" r="4" fill="{GREEN}"/>')
        return "".join(parts)
    r = PIN_RADIUS[n]
    return "".join(_circle(x, y, r, RED if red else c) for x, y, c in PIN_LAYOUTS[n])


# --- 索子 -------------------------------------------------------------------------------------

def _stick(x: float, y: float, color: str, h: float = 26, w: float = 8.5, angle: float = 0) -> str:
    """One bamboo stick centred on (x, y): rounded body, a node line in the middle, dark edge."""
    rot = f' transform="rotate({angle} {x} {y})"' if angle else ""
    return (
        f"<g{rot}>"
        f'<rect x="{x - w / 2}" y="{y - h / 2}" width="{w}" height="{h}" rx="{w / 2}" fill="{color}"/>'
        f'<line x1="{x - w / 2}" y1="{y}" x2="{x + w / 2}" y2="{y}" stroke="{IVORY}" stroke-width="1.4"/>'
        f'<line x1="{x}" y1="{y - h / 2 + 3}" x2="{x}" y2="{y + h / 2 - 3}" stroke="{IVORY}" '
        f'stroke-width="1" opacity="0.55"/>'
        f"</g>"
    )


# (x, y, colour, angle) for each stick.
SOU_LAYOUTS: dict[int, list[tuple[float, float, str, float]]] = {
    2: [(30, 24, GREEN, 0), (30, 52, BLUE, 0)],
    3: [(30, 24, GREEN, 0), (18, 52, GREEN, 0), (42, 52, GREEN, 0)],
    4: [(19, 24, GREEN, 0), (41, 24, BLUE, 0), (19, 52, BLUE, 0), (41, 52, GREEN, 0)],
    5: [(16, 22, GREEN, 0), (44, 22, BLUE, 0), (30, 38, RED, 0), (16, 54, BLUE, 0), (44, 54, GREEN, 0)],
    6: [(x, y, GREEN, 0) for y in (24, 52) for x in (15, 30, 45)],
    7: [(30, 15, RED, 0)] + [(x, y, GREEN, 0) for y in (39, 61) for x in (15, 30, 45)],
    8: [(10, 24, GREEN, 0), (23, 24, GREEN, 22), (37, 24, GREEN, -22), (50, 24, GREEN, 0),
        (10, 52, GREEN, 0), (23, 52, GREEN, -22), (37, 52, GREEN, 22), (50, 52, GREEN, 0)],
    9: [(x, y, RED if x == 30 else GREEN, 0) for y in (15, 38, 61) for x in (15, 30, 45)],
}


def _sou(n: int, red: bool) -> str:
    if n == 1:
        # A simple bird (the 一索 peacock): green body, red crest, fanned tail.
        return (
            f'<path d="M30 62 L14 72 M30 62 L22 74 M30 62 L30 75 M30 62 L38 74 M30 62 L46 72" '
            f'stroke="{GREEN}" stroke-width="3" stroke-linecap="round"/>'
            f'<circle cx="14" cy="72" r="2.5" fill="{BLUE}"/><circle cx="30" cy="75" r="2.5" fill="{BLUE}"/>'
            f'<circle cx="46" cy="72" r="2.5" fill="{BLUE}"/>'
            f'<ellipse cx="30" cy="46" rx="13" ry="18" fill="{GREEN}"/>'
            f'<path d="M22 44 Q30 36 38 44 Q30 58 22 44 Z" fill="{BLUE}"/>'
            f'<circle cx="33" cy="22" r="8" fill="{GREEN}"/>'
            f'<path d="M40 21 L48 24 L40 26 Z" fill="#d98a1c"/>'
            f'<circle cx="35" cy="21" r="2" fill="{IVORY}"/><circle cx="35.4" cy="21" r="1" fill="{INK}"/>'
            f'<path d="M29 14 L26 6 M32 14 L32 5 M35 14 L38 6" stroke="{RED}" stroke-width="2.2" '
            f'stroke-linecap="round"/>'
        )
    h = {7: 20, 8: 24, 9: 20}.get(n, 26)
    return "".join(
        _stick(x, y, RED if red else c, h=h, angle=a) for x, y, c, a in SOU_LAYOUTS[n]
    )


# --- 字牌 and the back -------------------------------------------------------------------------

def _honor(n: int) -> str:
    if n == 5:  # 白: an empty framed face
        return (f'<rect x="11" y="12" width="38" height="52" rx="3" fill="none" stroke="{BLUE}" '
                f'stroke-width="3"/><rect x="15" y="16" width="30" height="44" rx="2" fill="none" '
                f'stroke="{BLUE}" stroke-width="1.2"/>')
    color = {6: GREEN, 7: RED}.get(n, INK)
    return _text(30, 38, 42, color, HONORS[n - 1], weight="900")


def _back() -> str:
    return ('<rect x="4" y="4" width="52" height="68" rx="5" fill="#e0a21a"/>'
            '<rect x="8" y="8" width="44" height="60" rx="3" fill="none" stroke="#f6d57a" stroke-width="1.5"/>')


def tile_picture(name: str) -> str:
    """The drawing of one tile name (``"5m"``, ``"0p"``, ``"7z"``, ``"back"``) in a 60×80 box."""
    if name == "back":
        return _frame(_back())
    digit, suit = int(name[0]), name[1]
    red = digit == 0
    n = 5 if red else digit
    body = {"m": _man, "p": _pin, "s": _sou}[suit](n, red) if suit in "mps" else _honor(n)
    return _frame(body)


def tile_svg(name: str) -> str:
    """One tile as an SVG document of its own (for pictures made from a tile, e.g. the app's icon)."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}">'
            f"{tile_picture(name)}</svg>\n")


def sprite_svg() -> str:
    """Every tile as a ``<symbol id="t-<name>">`` of one SVG document."""
    symbols = "".join(f'<symbol id="t-{name}" viewBox="0 0 {W} {H}">{tile_picture(name)}</symbol>\n'
                      for name in TILE_NAMES)
    return f'<svg xmlns="http://www.w3.org/2000/svg">\n{symbols}</svg>\n'


def write_sprite(out: Path) -> Path:
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(sprite_svg(), encoding="utf-8")
    return out


def write_sheet(out: Path) -> None:
    """An HTML page showing every tile at full size and at 32 px wide (the phone size); the sprite is
    inlined (a file:// page cannot <use> another file)."""
    rows = [TILE_NAMES[0:9], TILE_NAMES[9:18], TILE_NAMES[18:27], TILE_NAMES[27:34], TILE_NAMES[34:]]
    html = ["<!doctype html><meta charset=utf-8><body style='background:#2f6b4f;margin:8px'>",
            sprite_svg().replace("<svg ", "<svg style='display:none' ", 1)]
    for width in (60, 32):
        for row in rows:
            html.append("<div>" + "".join(
                f"<svg viewBox='0 0 {W} {H}' style='width:{width}px;margin:2px'><use href='#t-{n}'/></svg>"
                for n in row) + "</div>")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("".join(html), encoding="utf-8")


def main() -> None:
    root = Path(__file__).resolve().parent.parent
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=root / "static" / "tiles" / "sprite.svg")
    parser.add_argument("--sheet", type=Path, help="also write an HTML contact sheet here")
    args = parser.parse_args()
    write_sprite(args.out)
    print(f"wrote {len(TILE_NAMES)} tiles to {args.out}")
    if args.sheet:
        write_sheet(args.sheet)
        print(f"wrote {args.sheet}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Draw the app's icon (the 中 tile of scripts/make_tiles.py on the club's green) into ``static/icons/``.

- ``icon.svg``: the browser tab's icon (``<link rel="icon">``), any size;
- ``icon-192.png``, ``icon-512.png``: the web app manifest's icons (home screen, install);
- ``icon-maskable-512.png``: the same with the tile inside the middle 80 %, for Android's masks;
- ``apple-touch-icon.png`` (180×180): the home screen icon of iOS, which takes no SVG.

The PNGs are the SVGs drawn by Chromium (Debian's ``/usr/bin/chromium`` through Playwright, as the
end-to-end tests use it), so the 中 is drawn by this machine's Japanese font once and for all.

Usage::

    .venv/bin/python scripts/make_icons.py

>>> svg = icon_svg()
>>> svg.startswith("<svg") and 'fill="#14532d"' in svg and "中" in svg
True
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from make_tiles import H, W, tile_picture  # noqa: E402

GREEN = "#14532d"  # --accent of static/css/club.css, the manifest's theme_color
CHROMIUM = "/usr/bin/chromium"


def icon_svg(*, shape: str = "rounded") -> str:
    """The icon on a 100×100 canvas: the tile on green with rounded corners (``rounded``: the tab,
    the manifest), full-bleed for iOS (``ios``: it rounds the corners itself and blackens any
    transparency), or full-bleed with the tile inside the middle 80 % circle (``maskable``: Android)."""
    height = {"rounded": 84, "ios": 74, "maskable": 60}[shape]
    scale = height / H
    x, y = (100 - W * scale) / 2, (100 - height) / 2
    background = (f'<rect width="100" height="100" rx="18" fill="{GREEN}"/>' if shape == "rounded"
                  else f'<rect width="100" height="100" fill="{GREEN}"/>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">{background}'
            f'<g transform="translate({x:g} {y:g}) scale({scale:g})">{tile_picture("7z")}</g></svg>\n')


def draw_png(svg: str, size: int, out: Path) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": size, "height": size})
        page.set_content("<!doctype html><meta charset=utf-8><body style='margin:0;background:transparent'>"
                         + svg.replace("<svg ", f"<svg width='{size}' height='{size}' ", 1))
        page.screenshot(path=str(out), omit_background=True, clip={"x": 0, "y": 0, "width": size, "height": size})
        browser.close()


def main() -> None:
    out = Path(__file__).resolve().parent.parent / "static" / "icons"
    out.mkdir(parents=True, exist_ok=True)
    (out / "icon.svg").write_text(icon_svg(), encoding="utf-8")
    for name, size, shape in (("icon-192.png", 192, "rounded"), ("icon-512.png", 512, "rounded"),
                              ("icon-maskable-512.png", 512, "maskable"), ("apple-touch-icon.png", 180, "ios")):
        draw_png(icon_svg(shape=shape), size, out / name)
    print(f"wrote icon.svg and 4 PNGs to {out}")


if __name__ == "__main__":
    main()

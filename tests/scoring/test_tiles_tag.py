"""The ``tiles`` template library: tile pictures with Japanese alt text; bad input never crashes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.template import Context, Template

STATIC_TILES = Path(settings.BASE_DIR) / "static" / "tiles"


def render(source: str, **context) -> str:
    return Template("{% load tiles %}" + source).render(Context(context))


def imgs(html: str) -> list[tuple[str, str]]:
    """(file name, alt) of every tile picture in ``html``."""
    return re.findall(r'<img class="tile" src="/static/tiles/([^"]+)\.svg" alt="([^"]*)">', html)


@pytest.mark.parametrize("name, file, alt", [
    ("5m", "5m", "5萬"),
    ("1p", "1p", "1筒"),
    ("9s", "9s", "9索"),
    ("0s", "0s", "赤5索"),
    ("1z", "1z", "東"),
    ("7z", "7z", "中"),
    ("發", "6z", "發"),
    ("発", "6z", "發"),
    ("⑨", "9p", "9筒"),
    ("back", "back", "裏"),
])
def test_tile_renders_one_picture_with_japanese_alt(name, file, alt):
    html = render("{% tile name %}", name=name)
    assert imgs(html) == [(file, alt)]
    assert html == f'<img class="tile" src="/static/tiles/{file}.svg" alt="{alt}">'


@pytest.mark.parametrize("text, files", [
    ("123m55z", ["1m", "2m", "3m", "5z", "5z"]),
    ("406p", ["4p", "0p", "6p"]),
    ("一二三①②③123東東", ["1m", "2m", "3m", "1p", "2p", "3p", "1s", "2s", "3s", "1z", "1z"]),
    ("11z 7z", ["1z", "1z", "7z"]),
])
def test_tiles_renders_every_tile_in_reading_order(text, files):
    for source in ("{% tiles text %}", "{{ text|tiles }}"):
        html = render(source, text=text)
        assert [f for f, _ in imgs(html)] == files
        assert html.startswith('<span class="tiles"')


@pytest.mark.parametrize("text", ["8z", "xyz", "0", "m", "<b>5m</b>", ""])
def test_bad_input_renders_as_escaped_text(text):
    for source in ("{% tiles text %}", "{{ text|tiles }}", "{% tile text %}"):
        html = render(source, text=text)
        assert imgs(html) == []
        assert "<b>" not in html
        assert html.replace("&lt;", "<").replace("&gt;", ">") == text


def test_tile_with_more_than_one_tile_renders_text():
    assert render('{% tile "55m" %}') == "55m"


def test_none_renders_nothing():
    assert render("{% tiles text %}|{% tile text %}", text=None) == "|"


def test_every_referenced_svg_exists():
    names = [f"{n}{s}" for s in "mps" for n in range(10)] + [f"{n}z" for n in range(1, 8)] + ["back"]
    missing = [n for n in names if not (STATIC_TILES / f"{n}.svg").is_file()]
    assert missing == []

"""The ``tiles`` template library: tile pictures (symbols of the one tile sprite) named in Japanese
for screen readers; bad input never crashes."""

from __future__ import annotations

import importlib.util
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from django.conf import settings
from django.template import Context, Template
from django.templatetags.static import static
from django.utils import translation

SPRITE = Path(settings.BASE_DIR) / "static" / "tiles" / "sprite.svg"
PICTURE = re.compile(r'<svg class="tile" role="img" aria-label="([^"]*)" viewBox="0 0 60 80">'
                     r'<use href="/static/tiles/sprite\.[0-9a-f]{12}\.svg#t-([^"]+)"></use></svg>')


def render(source: str, **context) -> str:
    return Template("{% load tiles %}" + source).render(Context(context))


def imgs(html: str) -> list[tuple[str, str]]:
    """(tile name, accessible name) of every tile picture in ``html``."""
    return [(name, label) for label, name in PICTURE.findall(html)]


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
    sprite = static("tiles/sprite.svg")  # its hashed name, from the manifest collectstatic wrote
    assert re.fullmatch(r"/static/tiles/sprite\.[0-9a-f]{12}\.svg", sprite)
    assert html == (f'<svg class="tile" role="img" aria-label="{alt}" viewBox="0 0 60 80">'
                    f'<use href="{sprite}#t-{file}"></use></svg>')


def test_tile_names_follow_the_language():
    with translation.override("en"):
        assert imgs(render('{% tile "7z" %}{% tile "0p" %}')) == [("7z", "Red"), ("0p", "red 5 pin")]


@pytest.mark.parametrize("text, files", [
    ("123m55z", ["1m", "2m", "3m", "5z", "5z"]),
    ("406p", ["4p", "0p", "6p"]),
    ("一二三①②③123東東", ["1m", "2m", "3m", "1p", "2p", "3p", "1s", "2s", "3s", "1z", "1z"]),
    ("11z 7z", ["1z", "1z", "7z"]),
])
def test_tiles_renders_every_tile_in_reading_order(text, files):
    html = render("{% tiles text %}", text=text)
    assert [f for f, _ in imgs(html)] == files
    assert html.startswith(f'<span class="tiles" title="{text}">') and html.endswith("</svg></span>")


@pytest.mark.parametrize("text", ["8z", "xyz", "0", "m", "<b>5m</b>", ""])
def test_bad_input_renders_as_escaped_text(text):
    for source in ("{% tiles text %}", "{% tile text %}", "{% meld call %}"):
        html = render(source, text=text, call=text)
        assert imgs(html) == []
        assert "<b>" not in html
        assert html.replace("&lt;", "<").replace("&gt;", ">") == text


def test_tile_with_more_than_one_tile_renders_text():
    assert render('{% tile "55m" %}') == "55m"


def test_none_renders_nothing():
    assert render("{% tiles text %}|{% tile text %}", text=None) == "|"


def test_the_sprite_has_a_symbol_for_every_tile_the_tags_can_show():
    ids = {el.get("id") for el in ET.parse(SPRITE).getroot() if el.tag == "{http://www.w3.org/2000/svg}symbol"}
    names = [f"{n}{s}" for s in "mps" for n in range(10)] + [f"{n}z" for n in range(1, 8)] + ["back"]
    assert {f"t-{n}" for n in names} <= ids


def test_the_sprite_is_what_make_tiles_draws():
    spec = importlib.util.spec_from_file_location("make_tiles", Path(settings.BASE_DIR) / "scripts" / "make_tiles.py")
    make_tiles = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_tiles)
    assert SPRITE.read_text(encoding="utf-8") == make_tiles.sprite_svg(), "run scripts/make_tiles.py"


def test_the_palette_uses_the_same_sprite():
    html = render("{% tile_palette True as rows %}{% for row in rows %}{% for t in row %}{{ t.href }} {{ t.alt }}|"
                  "{% endfor %}{% endfor %}")
    entries = html.strip("|").split("|")
    assert len(entries) == 34 + 3
    assert entries[0] == f'{static("tiles/sprite.svg")}#t-1m 1萬' and entries[-1].endswith("#t-0s 赤5索")


def test_a_call_shows_its_kind_and_an_ankan_its_outer_tiles_face_down():
    html = render("{% meld call %}", call={"type": "ankan", "tiles": "5555z"})
    assert html.startswith('<span class="meld" title="暗槓 5555z"><small>暗槓</small><span class="tiles">')
    assert [f for f, _ in imgs(html)] == ["back", "5z", "5z", "back"]
    assert render("{% meld call %}", call={"type": "pon", "tiles": "<x>"}) == "pon &lt;x&gt;"


def test_a_quotation_draws_its_filled_in_tiles_and_keeps_the_rest_as_text():
    html = render("{% quoted_tiles text %}", text="<手牌> {23m} と {x1} の{7z}")
    assert html.startswith("&lt;手牌&gt; " + '<span class="tiles filled" title="23m">')
    assert [f for f, _ in imgs(html)] == ["2m", "3m", "7z"]
    assert "</span> と {x1} の<span" in html


def test_the_tile_ja_filter_names_a_tile_and_keeps_what_is_not_one():
    from scoring.templatetags.tiles import tile_ja_filter
    assert [tile_ja_filter(t) for t in ("4s", "7z", "0p", "xx")] == ["4索", "中", "赤5筒", "xx"]
    with translation.override("en"):
        # a bare digit is a 索 as typed tiles read it, in Japanese too (「5索」)
        assert [tile_ja_filter(t) for t in ("4s", "7z", "0p", "xx", "5", "")] == ["4 sou", "Red", "red 5 pin", "xx",
                                                                                 "5 sou", ""]


def test_tile_groups_in_a_sentence_are_named_as_a_player_says_them():
    from scoring.templatetags.tiles import spoken_tiles
    assert spoken_tiles("明刻(么九) 777z") == "明刻(么九) 中"
    assert spoken_tiles("チー 234m と 1234z") == "チー 234萬 と 東南西北"
    assert spoken_tiles("pon 777z", "en") == "pon chun"

"""/check/examples/: the seeds' sample hands with their verdicts under A and B, linking to the checker."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

import rules
from scoring.examples import CASES, SECTIONS, document, section_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def body(client) -> str:
    r = client.get(reverse("check-examples"))
    assert r.status_code == 200
    return r.content.decode()


def _article(body: str, case_id: str) -> str:
    start = body.index(f'<article class="example" id="ex-{case_id}">')
    return body[start:body.index("</article>", start)]


def test_every_case_has_its_own_id_a_section_and_the_south_seat_unless_it_says():
    assert len(CASES) == len({c["id"] for c in CASES})
    assert section_of(CASES[0]) == "中付けの禁止" and all(section_of(c) for c in CASES)
    assert document(CASES[0]) == {"seat_wind": "S", **CASES[0]["doc"]}
    assert document(next(c for c in CASES if c["id"] == "003-pinfu-1123344s-dealer"))["seat_wind"] == "E"


def test_it_is_public(client, settings):
    settings.PUBLIC_BOARDS = False
    assert client.get(reverse("check-examples")).status_code == 200


def test_it_lists_every_case_under_its_seed_heading_with_the_seeds_words(body):
    for _prefix, ja, _en in SECTIONS:
        assert f"<h2>{ja}</h2>" in body
    for case in CASES:
        part = _article(body, case["id"])
        words = part[part.index('<blockquote class="seed-words"'):part.index("</blockquote>")]
        for text in re.split(r"\{[0-9mpsz]+\}", case["quote"]):
            assert html.escape(text) in words
        assert 'class="tiles"' in part and f'aria-label="{rules.tiles.tile_ja(*rules.tiles.parse_tile(case["doc"]["win_tile"]))}"' in part


def test_each_case_shows_the_verdict_under_a_and_b(body):
    for case in CASES:
        part = _article(body, case["id"])
        a, b = rules.compare(document(case), ["sakizuke_a", "shimamachi"])["verdicts"]
        marks = re.findall(r'<div class="example-verdict (legal|illegal)">', part)
        assert marks == ["legal" if a["legal"] else "illegal", "legal" if b["legal"] else "illegal"], case["id"]


def test_every_link_opens_the_checker_with_the_same_verdicts(client, body):
    for case in CASES:
        part = _article(body, case["id"])
        link = html.unescape(re.search(r'<a class="button small" href="([^"]+)"', part).group(1))
        page = client.get(link).content.decode()
        cards = {}
        for m in re.finditer(r'<section class="verdict (legal|illegal) compact">\s*<h3 class="v-label">'
                             r'<span class="v-short">([^<]+)</span>', page):
            cards[m.group(2)] = m.group(1)
        a, b = rules.compare(document(case), ["sakizuke_a", "shimamachi"])["verdicts"]
        assert cards["A"] == ("legal" if a["legal"] else "illegal"), case["id"]
        assert cards["B"] == ("legal" if b["legal"] else "illegal"), case["id"]


def test_a_refusal_names_calls_in_japanese_never_as_777z(body):
    part = _article(body, "000-nakazuke-ex1")
    assert "中のポン(第2副露)は役牌以外の副露(チー234萬)の後なので後付けで" in part
    assert "777z" not in re.sub(r'(title|alt|src|href)="[^"]*"', "", part)


def test_it_speaks_english_when_chosen(client, settings):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    body = client.get(reverse("check-examples")).content.decode()
    assert "Sample hands" in body and "No nakazuke" in body and "Open in the checker" in body


def test_where_the_seed_had_a_tile_picture_the_hands_tiles_are_filled_in(body):
    assert "点線で囲んだ牌は、原文で牌の絵があった所に" in body
    part = _article(body, "000-nakazuke-ex1")
    words = part[part.index('<blockquote class="seed-words"'):part.index("</blockquote>")]
    filled = re.findall(r'<span class="tiles filled" title="(\w+)">(.*?)</span>', words)
    assert [group for group, _ in filled] == ["234m", "777z"]
    assert re.findall(r'aria-label="([^"]+)"', filled[1][1]) == ["中", "中", "中"]
    assert words.index("先に") < words.index('title="234m"') < words.index("をチーし")

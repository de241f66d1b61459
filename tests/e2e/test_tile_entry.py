"""The tap palette on its own: the partial rendered by Django inside a bare form, its static files
served from the collected ones (hashed names), driven in chromium. Each case taps tiles and checks
the three form inputs and the Japanese message, so every rule of the palette is checked without a
running server. Typed tiles are read by the server (``hand-tiles``): here the route answers with the
view's own ``read_tiles``."""

from __future__ import annotations

import json
import mimetypes
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from django.conf import settings
from django.template.loader import render_to_string
from django.urls import reverse
from playwright.sync_api import Page, expect

from scoring.forms.check import read_tiles

pytestmark = pytest.mark.e2e

ORIGIN = "http://palette.test"
TILES_URL = "/hanchan/1/hands/tiles/"


class _Hanchan:
    pk = 1


def _page_html(hand: str = "", melds: str = "", win: str = "", red_fives: bool = True) -> str:
    palette = render_to_string("scoring/partials/tile_entry.html", {"hanchan": _Hanchan(), "red_fives": red_fives})
    return (
        "<!doctype html><html lang=ja><meta charset=utf-8>"
        "<meta name=viewport content='width=device-width,initial-scale=1'><body>"
        f"<form id=f>{palette}<input name=hand value='{hand}'><input name=melds value='{melds}'>"
        f"<input name=win_tile value='{win}'></form><output id=changes>0</output>"
        "<script>document.getElementById('f').addEventListener('change',function(){"
        "var o=document.getElementById('changes');o.textContent=Number(o.textContent)+1;});</script>"
    )


@pytest.fixture
def palette(page: Page):
    """Open the palette page; returns a helper object with tap/mode/values."""

    def serve(route):
        path = route.request.url.removeprefix(ORIGIN)
        if path.startswith(TILES_URL):
            query = parse_qs(urlsplit(route.request.url).query)
            got = read_tiles(*(query.get(k, [""])[0] for k in ("hand", "melds", "win_tile")))
            route.fulfill(status=200, body=json.dumps(got), content_type="application/json")
        elif path.startswith("/static/"):
            file = Path(settings.STATIC_ROOT) / path.removeprefix("/static/")  # tests/conftest.py collected them
            ctype = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
            route.fulfill(status=200, body=file.read_bytes(), content_type=ctype)
        else:
            route.fulfill(status=200, body=page_html["html"], content_type="text/html; charset=utf-8")

    page_html = {"html": _page_html()}
    page.route(f"{ORIGIN}/**", serve)

    class Palette:
        def open(self, **prefill: str) -> "Palette":
            page_html["html"] = _page_html(**prefill)
            page.goto(f"{ORIGIN}/")
            return self

        def tap(self, *names: str) -> None:
            group = page.get_by_role("group", name="牌を選ぶ")
            for name in names:
                group.get_by_role("button", name=name, exact=True).click()

        def mode(self, name: str) -> None:
            page.get_by_role("group", name="入力先").get_by_role("button", name=name, exact=True).click()

        def values(self) -> tuple[str, str, str]:
            return tuple(page.input_value(f"[name={n}]") for n in ("hand", "melds", "win_tile"))

        def message(self) -> str:
            loc = page.locator("[data-te-message]")
            return loc.inner_text() if loc.is_visible() else ""

    return Palette().open()


def test_tapping_builds_sorted_mpsz_and_fires_change(palette, page):
    palette.tap("9萬", "1萬", "赤5筒", "5筒", "東", "1索")
    assert palette.values() == ("19m05p1s1z", "", "")
    expect(page.locator("#changes")).to_have_text("6")  # one change event per tap (no htmx here)


@pytest.mark.parametrize("mode, taps, melds", [
    ("チー", ("3索", "5索", "4索"), '[{"type":"chi","tiles":"345s"}]'),
    ("ポン", ("白", "白", "白"), '[{"type":"pon","tiles":"555z"}]'),
    ("明槓", ("9筒",) * 4, '[{"type":"minkan","tiles":"9999p"}]'),
    ("暗槓", ("東",) * 4, '[{"type":"ankan","tiles":"1111z"}]'),
    ("ポン", ("赤5萬", "5萬", "5萬"), '[{"type":"pon","tiles":"055m"}]'),
])
def test_a_meld_is_the_next_three_or_four_taps(palette, mode, taps, melds):
    palette.mode(mode)
    palette.tap(*taps)
    assert palette.values() == ("", melds, "")
    assert palette.message() == ""


@pytest.mark.parametrize("mode, taps, message", [
    ("チー", ("3索", "5索", "6索"), "チーは同じ種類の連続した3枚です"),
    ("チー", ("3索", "4索", "5筒"), "チーは同じ種類の連続した3枚です"),
    ("チー", ("東", "南", "西"), "チーに字牌は使えません"),
    ("ポン", ("白", "白", "發"), "ポンは同じ牌3枚です"),
    ("暗槓", ("1萬", "1萬", "1萬", "2萬"), "暗槓は同じ牌4枚です"),
])
def test_a_wrong_meld_is_refused_with_a_japanese_message(palette, mode, taps, message):
    palette.mode(mode)
    palette.tap(*taps)
    assert palette.values() == ("", "", "")
    assert message in palette.message()


def test_kakan_grows_the_earlier_pon_in_its_place(palette):
    palette.mode("ポン")
    palette.tap("中", "中", "中")
    palette.mode("チー")
    palette.tap("1萬", "2萬", "3萬")
    palette.mode("加槓")
    palette.tap("中")
    assert palette.values()[1] == '[{"type":"kakan","tiles":"7777z"},{"type":"chi","tiles":"123m"}]'


def test_no_fifth_copy_and_one_red_five(palette):
    palette.tap("2筒", "2筒", "2筒", "2筒", "2筒")
    assert palette.values()[0] == "2222p"
    assert "4枚" in palette.message()
    palette.tap("赤5索", "赤5索")
    assert palette.values()[0] == "2222p0s"
    assert "赤五" in palette.message()


def test_hand_limit_is_13_minus_3_per_meld(palette):
    palette.mode("ポン")
    palette.tap("北", "北", "北")
    palette.tap(*["1萬", "2萬", "3萬", "4萬", "5萬", "6萬", "7萬", "8萬", "9萬", "1筒"])
    assert palette.values()[0] == "123456789m1p"
    palette.tap("2筒")  # an 11th concealed tile beside one meld
    assert palette.values()[0] == "123456789m1p"
    assert "10枚まで" in palette.message()


def test_winning_tile_is_its_own_slot_and_can_be_replaced(palette):
    palette.tap("1萬", "1萬")
    palette.mode("和了牌")
    palette.tap("7萬")
    palette.tap("8萬")
    assert palette.values() == ("11m", "", "8m")


def test_tapping_a_shown_tile_removes_it_and_undo_brings_it_back(palette, page):
    palette.tap("1萬", "2萬", "3萬")
    page.get_by_role("button", name="2萬を外す").click()
    assert palette.values()[0] == "13m"
    page.get_by_role("button", name="↶ 戻す").click()
    assert palette.values()[0] == "123m"
    page.get_by_role("button", name="全部消す").click()
    assert palette.values() == ("", "", "")


def test_typed_hand_in_japanese_notation_is_shown_and_tapping_goes_on_from_it(palette, page):
    page.fill("[name=hand]", "一二三①②③123東東")
    expect(page.locator("[data-te-hand] svg.tile")).to_have_count(11)
    palette.tap("發")
    assert palette.values()[0] == "123m123p123s116z"


def test_a_typo_shows_the_offending_character(palette, page):
    page.fill("[name=hand]", "123mx")
    expect(page.locator("[data-te-message]")).to_contain_text("「x」")


def test_the_tiles_url_is_the_views(palette):
    assert reverse("hand-tiles", args=[1]) == TILES_URL


def test_without_red_fives_the_palette_has_none_and_a_typed_one_is_flagged(palette, page):
    palette.open(red_fives=False)
    assert page.locator('[data-te-tile="0p"]').count() == 0
    page.fill("[name=hand]", "406p")
    expect(page.locator("[data-te-message]")).to_contain_text("赤五はありません")


def test_prefilled_inputs_are_read_back(palette, page):
    palette.open(hand="234m567p3488s", melds='[{"type":"pon","tiles":"777z"}]', win="5s")
    expect(page.locator("[data-te-hand] svg.tile")).to_have_count(10)  # read back by the server
    palette.tap("9萬")  # the hand is full: 10 concealed tiles beside one meld
    assert palette.values() == ("234m567p3488s", '[{"type":"pon","tiles":"777z"}]', "5s")
    assert "10枚まで" in palette.message()


def _answer(route) -> None:
    """What the ``hand-tiles`` view answers (the fixture's own route, for a request held back)."""
    query = parse_qs(urlsplit(route.request.url).query)
    got = read_tiles(*(query.get(k, [""])[0] for k in ("hand", "melds", "win_tile")))
    route.fulfill(status=200, body=json.dumps(got), content_type="application/json")


def _hold_reads(page: Page) -> list:
    """Hold back the server's reads of typed tiles (a slow network) until the test answers them."""
    held: list = []
    page.route(f"{ORIGIN}{TILES_URL}**", lambda route: held.append(route))  # the newest route is tried first
    return held


def test_taps_right_after_typing_wait_for_the_typed_tiles_to_be_read(palette, page):
    """Found on a club evening: a hand typed, then at once チー and its three tiles tapped (before the
    server had read the typed hand) — the first tap wrote the palette's empty hand over the typed one,
    and the win was refused for lack of a hand. The taps now wait for the read, then go on from it."""
    held = _hold_reads(page)
    page.fill("[name=hand]", "234m567p55s77z")
    palette.mode("チー")
    palette.tap("1索", "2索", "3索")
    assert palette.values() == ("234m567p55s77z", "", "")  # nothing written over what was typed
    while not held:
        page.wait_for_timeout(20)
    page.unroute(f"{ORIGIN}{TILES_URL}**")
    for route in held:
        _answer(route)
    expect(page.locator("[name=melds]")).to_have_value('[{"type":"chi","tiles":"123s"}]')
    assert palette.values() == ("234m567p55s77z", '[{"type":"chi","tiles":"123s"}]', "")
    expect(page.locator("[data-te-hand] svg.tile")).to_have_count(10)


def test_a_tap_before_the_stored_hand_is_read_back_goes_on_from_it(palette, page):
    """The edit page: the stored hand is read back when the page opens; a tap made before that read
    is answered used to replace it with the one tapped tile."""
    held = _hold_reads(page)
    palette.open(hand="234m567p3488s", melds='[{"type":"pon","tiles":"777z"}]', win="5s")
    palette.mode("和了牌")
    palette.tap("2索")
    assert palette.values() == ("234m567p3488s", '[{"type":"pon","tiles":"777z"}]', "5s")
    while not held:
        page.wait_for_timeout(20)
    page.unroute(f"{ORIGIN}{TILES_URL}**")
    for route in held:
        _answer(route)
    expect(page.locator("[name=win_tile]")).to_have_value("2s")  # the tap, applied to the stored hand
    assert palette.values() == ("234m567p3488s", '[{"type":"pon","tiles":"777z"}]', "2s")

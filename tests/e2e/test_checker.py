"""The hand checker in a browser: a link from the group chat opens the verdicts; tapping tiles and
changing the situation updates them in place (htmx) and the address follows; the 例題集 links back."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

LINK = "/check/?hand=567p789s4s&melds=chi234m,pon777z&win_tile=4s"


def test_a_checker_link_opens_the_verdicts(page: Page, shot):
    page.goto(LINK)
    results = page.locator("#check-results")
    b = results.locator("section.verdict", has=page.locator(".v-short", has_text=re.compile("^B$")))
    expect(b.locator(".headline")).to_contain_text("和了できません")
    expect(b.locator(".decisive")).to_have_text(
        "中のポン(第2副露)は役牌以外の副露(チー234萬)の後なので後付けで、役牌 中は翻数には数えますが縛りを満たしません(翻牌の先付け)")
    expect(b.locator(".headline")).not_to_contain_text("点")
    ari = results.locator("section.verdict", has=page.locator(".v-short", has_text="アリアリ"))
    expect(ari.locator(".headline")).to_contain_text("和了できます")
    expect(results.locator("section.verdict")).to_have_count(7)
    # the calls are pictures, the palette shows the hand it read from the address
    expect(results.locator(".meld svg.tile[aria-label='中']").first).to_be_visible()
    expect(page.locator("[data-te-melds] svg.tile")).to_have_count(6)
    expect(page.locator("#share-link")).to_have_value(re.compile(r"/check/\?hand=567p4789s&melds=chi234m,pon777z&win_tile=4s$"))
    shot("link", wide=True)


def test_changing_the_hand_updates_the_verdicts_and_the_address(page: Page, shot):
    page.goto(LINK)
    results = page.locator("#check-results")
    # ツモ instead of ロン: still refused under B (the 中 pon stays 後付け)
    page.get_by_label("ツモ").check()
    expect(page).to_have_url(re.compile(r"tsumo=1"))
    # the 中 pon first, then the chi: legal everywhere (000 中付け 例2) — typed, as a player would
    page.locator("#id_melds").fill("pon777z,chi234m")
    page.locator("#id_melds").press("Tab")
    b = results.locator("section.verdict", has=page.locator(".v-short", has_text=re.compile("^B$")))
    expect(b.locator(".headline")).to_contain_text("和了できます")
    expect(page.locator("#share-link")).to_have_value(re.compile(r"melds=pon777z,chi234m"))
    shot("legal-after-reordering-calls", wide=True)


def test_the_examples_page_links_to_the_checker(page: Page, shot):
    page.goto("/check/examples/")
    case = page.locator("article#ex-000-AB-haku-chun-shanpon")
    expect(case.locator(".example-verdict").first).to_contain_text("和了できません")  # A
    expect(case.locator(".example-verdict").nth(1)).to_contain_text("和了できます")  # B
    shot("examples", wide=True)
    case.get_by_role("link", name="判定ツールで開く").click()
    expect(page).to_have_url(re.compile(r"/check/\?hand=234m567p789s5577z&win_tile=5z"))
    a = page.locator("#check-results section.verdict", has=page.locator(".v-short", has_text=re.compile("^A$")))
    expect(a.locator(".decisive")).to_have_text("全ての待ち牌に共通する役がありません")
    shot("example-in-checker")

"""Rule sets in the browser, as the club's administrator makes one on a phone: start from a preset
(its values fill in), change a few options, fix a refused number, read the rules sheet (differences
from the preset marked, nothing clipped at 390 px), edit it, and read it in English."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import login

pytestmark = pytest.mark.e2e



@pytest.fixture
def admin(page: Page, first_admin):
    """The page, logged in as the first administrator."""
    login(page, first_admin)
    return page


def no_sideways_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def test_rulesets(admin: Page, shot):
    """An admin makes a rule set from a preset, reads its sheet, edits it, reads it in English."""
    page = admin
    page.get_by_role("navigation").get_by_role("link", name="ルール").click()
    page.get_by_role("link", name="ルールを作成").click()
    expect(page.get_by_role("group", name="基本")).to_be_visible()
    for group in ("役", "先付け", "役満", "精算", "終局"):
        expect(page.get_by_role("group", name=group, exact=True)).to_be_visible()

    # choosing a preset fills in its values (htmx), the name typed so far stays
    page.get_by_label("名前", exact=True).fill("公民館ルール")
    page.get_by_label("元にするプリセット").select_option(label="天鳳ルール(比較用)")
    expect(page.get_by_label("赤ドラ")).to_be_checked()
    expect(page.get_by_label("返し")).to_have_value("30000")
    page.get_by_label("元にするプリセット").select_option(label="アリアリ(健康麻将クラブ)")
    expect(page.get_by_label("赤ドラ")).not_to_be_checked()
    expect(page.get_by_label("名前", exact=True)).to_have_value("公民館ルール")

    # a few options changed; a number off its step is refused with the input kept
    page.get_by_label("喰いタン").uncheck()
    page.get_by_label("縛り", exact=True).select_option(label="2翻縛り(両翻縛り)")
    page.get_by_label("1位").fill("10000")
    page.get_by_label("4位").fill("-10000")
    page.get_by_label("持ち点", exact=True).fill("25050")
    shot("ruleset-form", wide=True)
    page.get_by_role("button", name="作成する").click()
    expect(page.get_by_role("alert")).to_contain_text("持ち点は1000〜200000の範囲で、100点単位で入力してください")
    expect(page.get_by_label("名前", exact=True)).to_have_value("公民館ルール")
    expect(page.get_by_label("喰いタン")).not_to_be_checked()
    shot("ruleset-form-refused")
    page.get_by_label("持ち点", exact=True).fill("25000")
    page.get_by_role("button", name="作成する").click()

    # the rules sheet: Japanese words, the differences from the preset listed first
    expect(page.get_by_role("heading", name="公民館ルール", exact=True)).to_be_visible()
    diff = page.locator(".rule-diff")
    expect(diff).to_contain_text("喰いタン: なし")
    expect(diff).to_contain_text("縛り: 2翻縛り(両翻縛り)")
    expect(diff).to_contain_text("順位点: +10000 / +4000 / −4000 / −10000")
    expect(page.locator(".rule-item.changed")).to_have_count(3)
    expect(page.locator("main")).not_to_contain_text("open_tanyao")
    no_sideways_scroll(page)
    shot("ruleset-sheet", wide=True)

    # edit it while no hanchan uses it
    page.get_by_role("link", name="変更する").click()
    page.get_by_label("赤ドラ").check()
    page.get_by_role("button", name="変更を保存する").click()
    expect(page.locator(".rule-diff")).to_contain_text("赤ドラ: あり")
    expect(page.locator(".rule-item.changed")).to_have_count(4)

    # the list links to it; the sheet reads in English
    page.get_by_role("navigation").get_by_role("link", name="ルール").click()
    expect(page.get_by_role("link", name=re.compile("公民館ルール"))).to_contain_text("4項目変更")
    page.get_by_role("link", name=re.compile("公民館ルール")).click()
    page.get_by_role("button", name="English").click()
    expect(page.locator(".rule-diff")).to_contain_text("Open tanyao: no")
    expect(page.locator("main")).to_contain_text("Ari-ari (kenkou mahjong club)")
    no_sideways_scroll(page)
    shot("ruleset-sheet-en", wide=True)
    page.get_by_role("button", name="日本語").click()

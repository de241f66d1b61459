"""A member flags a hand recorded with tiles, comments; an admin amends it; the results change and
the history shows the hand before and after. (Opening the checker belongs to the checker's test.)"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from .conftest import PHONE, login

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("first_admin")]

SETUP = r"""
import datetime, json
from django.contrib.auth import get_user_model
from scoring import services
from scoring.models import RuleSet
User = get_user_model()
admin = User.objects.get(username="kanri")
User.objects.create_user("monoii", password="club-pass-2024")
b = RuleSet.objects.get(preset="shimamachi", options={})
ms = [services.member_create(name=n, kana=k, number=no)
      for n, k, no in [("東野", "ひがしの", 9301), ("南田", "みなみだ", 9302), ("西村", "にしむら", 9303),
                       ("北川", "きたがわ", 9304)]]
day = services.clubday_create(date=datetime.date(2026, 11, 8), venue="物言いの例会", ruleset=b)
h = services.hanchan_create(clubday=day, table=7, players=ms)
hand = services.hanchan_record_hand(hanchan=h, by=admin, event={
    "type": "ron", "winner": 1, "loser": 0, "hand": {"hand": "1123344s123m123p", "win_tile": "2s"}})
services.hanchan_record_hand(hanchan=h, by=admin, event={"type": "draw", "tenpai": [1]})
services.hanchan_finish(hanchan=h, by=admin)
print(json.dumps({"hanchan": h.pk, "hand": hand.pk}))
"""


def result_of(page, name: str) -> str:
    row = page.locator("table.list tr", has=page.get_by_role("cell", name=name, exact=True)).first
    return row.inner_text()


def test_flag_comment_amend_and_read_the_history(page, browser, server_url, manage, shot):
    ids = json.loads(manage("shell", "-c", SETUP).strip().splitlines()[-1])

    # a member flags the hand from its row on the hanchan page and comments
    login(page, "monoii")
    page.goto(f"/hanchan/{ids['hanchan']}/")
    page.locator(f"#history a.dispute-flag[href$='/hands/{ids['hand']}/dispute/']").click()
    expect(page.locator("h1")).to_contain_text("#1")
    page.get_by_label("物言いの内容").fill("2s のロンは一盃口だけでは?解釈Aなら2000点のはず")
    shot("flag")
    page.get_by_role("button", name="物言いをつける").click()
    expect(page.locator("h1")).to_contain_text("審議中")
    expect(page.locator(".dispute-verdict")).to_contain_text("和了できます")  # the hand as the checker shows it
    page.get_by_label("コメント").fill("三色は2sでは成立しません")
    page.get_by_role("button", name="コメントする").click()
    expect(page.locator("#discussion")).to_contain_text("三色は2sでは成立しません")
    expect(page.locator("form[action$='/rule/']")).to_have_count(0)  # members do not rule
    shot("discussed", wide=True)
    dispute_url = page.url

    # the hanchan page marks the hand 「審議中」, linking to the dispute, and links to its history
    page.goto(f"/hanchan/{ids['hanchan']}/")
    mark = page.locator("#history .badge.dispute-open")
    expect(mark).to_have_count(1)
    expect(mark).to_have_text("審議中")
    expect(page.locator("#history a.dispute-flag")).to_have_count(1)  # the other hand can still be flagged
    expect(page.get_by_role("link", name="変更履歴")).to_have_attribute("href", f"/history/hanchan/{ids['hanchan']}/")
    shot("hanchan-with-disputed-hand", wide=True)
    mark.click()
    expect(page).to_have_url(re.compile(re.escape(dispute_url) + "$"))

    # the admin amends it (2翻30符 as under interpretation A): the hanchan is re-settled
    admin = browser.new_context(viewport=PHONE, locale="ja-JP", base_url=server_url)
    apage = admin.new_page()
    errors: list[str] = []
    apage.on("pageerror", lambda e: errors.append(str(e)))
    login(apage, "kanri")
    apage.goto(f"/hanchan/{ids['hanchan']}/")
    before = result_of(apage, "南田")
    apage.goto(dispute_url)
    ruling = apage.locator("form.ruling-form")
    ruling.locator("label.chip", has_text="訂正する").click()
    # the palette read the recorded tiles through the public reader (a 審判 need not be a scorekeeper)
    expect(ruling.locator("[data-te-hand] svg.tile")).to_have_count(13)
    apage.get_by_label("裁定の理由").fill("解釈Aで判定: 一盃口・平和なし、2翻30符")
    ruling.locator("fieldset", has_text="点数").locator("label.chip", has_text="翻・符").click()
    ruling.locator("[aria-label='翻'] label.chip", has_text=re.compile(r"^2$")).click()
    ruling.locator("[aria-label='符'] label.chip", has_text=re.compile(r"^30$")).click()
    Shots = type(shot)
    ashot = Shots(apage, "flag_comment_amend_and_read_the_history-admin")
    ashot("ruling", wide=True)
    ruling.get_by_role("button", name="裁定を保存").click()
    expect(apage.locator("h1")).to_contain_text("訂正")
    expect(apage.locator(".ruling")).to_contain_text("2翻30符")
    ashot("ruled", wide=True)

    apage.goto(f"/hanchan/{ids['hanchan']}/")
    after = result_of(apage, "南田")
    assert after != before, (before, after)
    assert "30000" in after and "33200" in before  # 25000 + 2000 (was 5200) from 東野 + 3000 tenpai
    ashot("results")

    # the hand's history: before (tiles) and after (2翻30符), with who changed it
    apage.goto(f"/history/hand/{ids['hand']}/")
    entry = apage.locator(".history-entry.action-\\~").first
    expect(entry).to_contain_text("kanri")
    expect(entry.locator("td.old")).to_contain_text("牌で入力")
    expect(entry.locator("td.new")).to_contain_text("2翻30符")
    ashot("history", wide=True)
    admin.close()
    assert errors == []

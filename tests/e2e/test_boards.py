"""The boards in the browser: home teaser → standings (sorted by htmx, no sideways page scroll on a
phone) → a member page (charts) → the what-if 順位点 table → the club day page and its print view.

The history is put in place with ``manage shell`` through the app's services: one club day of four
members, three paper hanchan and one recorded hand by hand (a 跳満 ron entered as tiles).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import SHOTS

pytestmark = pytest.mark.e2e

HISTORY = r'''
import datetime
from django.contrib.auth import get_user_model
from scoring import services
from scoring.models import Member, RuleSet
by = get_user_model().objects.filter(is_staff=True).first()
rs = RuleSet.objects.get(preset="ariari", options={})
ms = []
for no, (name, kana) in enumerate([("北村", "きたむら"), ("南野", "みなみの"), ("東山", "ひがしやま"), ("西川", "にしかわ")], 901):
    ms.append(Member.objects.filter(number=no).first() or services.member_create(name=name, kana=kana, number=no))
day = services.clubday_create(date=datetime.date(2026, 12, 6), venue="集会所", ruleset=rs)
for scores in ([45000, 30000, 15000, 10000], [20000, 35000, 25000, 20000], [18000, 22000, 26000, 34000]):
    h = services.hanchan_create(clubday=day, table=1, players=ms)
    services.hanchan_record_final_scores(hanchan=h, scores=scores, sticks=0, by=by)
h = services.hanchan_create(clubday=day, table=1, players=ms)
services.hanchan_record_hand(hanchan=h, by=by, event={"type": "ron", "winner": 1, "loser": 2, "hand": {
    "hand": "234m234p234s5577z", "win_tile": "7z", "riichi": True, "dora_indicators": ["6z"]}})
services.hanchan_finish(hanchan=h, by=by)
big = services.clubday_create(date=datetime.date(2026, 12, 13), venue="集会所", ruleset=rs)
many = ms + [Member.objects.filter(number=no).first() or services.member_create(name=f"会員{no}", kana="かいいん", number=no)
             for no in range(905, 921)]
for number in range(1, 5):
    for table in range(1, 6):
        seats = [many[(table * 4 + k + number * 3) % 20] for k in range(4)]
        if len(set(seats)) < 4:
            seats = many[(table - 1) * 4:table * 4]
        h = services.hanchan_create(clubday=big, table=table, players=seats)
        services.hanchan_record_final_scores(hanchan=h, scores=[38000, 27000, 21000, 14000], sticks=0, by=by)
print(big.pk, day.pk, ms[1].pk)
'''


def no_sideways_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_standings_member_page_and_what_if(page: Page, shot, manage):
    big_pk, day_pk, member_pk = manage("shell", "-c", HISTORY).split()[-3:]

    # home: the standings teaser links to the board
    page.goto("/")
    expect(page.locator(".board-teaser")).to_contain_text("南野")
    page.locator(".board-teaser").get_by_role("link", name="成績表を見る").click()
    expect(page.get_by_role("heading", name=re.compile("成績表"))).to_be_visible()
    table = page.locator("#standings-table table")
    expect(table.get_by_role("link", name="南野")).to_be_visible()
    no_sideways_scroll(page)
    shot("standings", wide=True)

    # sort by 平均順位 through htmx: the table is swapped, the URL follows
    page.locator("#standings-table thead").get_by_role("link", name="平均順位").click()
    expect(page).to_have_url(re.compile(r"sort=avg_rank"))
    expect(page.locator("#standings-table th.sorted")).to_contain_text("平均順位")
    no_sideways_scroll(page)
    # the definitions
    page.get_by_text("各項目の意味").click()
    expect(page.locator("details.definitions")).to_contain_text("4位にならなかった割合")
    shot("standings-sorted")

    # a member page: summary, charts with their text alternative, best win with tiles
    page.locator("#standings-table").get_by_role("link", name="南野").click()
    expect(page.get_by_role("heading", name=re.compile("南野"))).to_be_visible()
    expect(page.locator("svg.chart")).to_have_count(3)
    expect(page.locator("ol.best-wins")).to_contain_text("+")
    expect(page.locator("ol.best-wins svg.tile").first).to_be_visible()
    no_sideways_scroll(page)
    assert page.url.endswith(f"/members/{member_pk}/")
    shot("member", wide=True)

    # what-if: 30000返し with オカ beside the real table
    page.goto("/standings/?period=day&day=2026-12-06")
    page.get_by_label("比べる順位点").select_option("oka")
    page.get_by_role("button", name="計算する").click()
    whatif = page.locator("#whatif table")
    expect(whatif).to_be_visible()
    expect(page.locator("#whatif h3")).to_contain_text("30000返し")
    expect(page).to_have_url(re.compile(r"wi=oka"))
    no_sideways_scroll(page)
    page.locator("#whatif").scroll_into_view_if_needed()
    shot("what-if", wide=True)

    # custom numbers that do not add up are refused with the numbers kept
    page.get_by_label("比べる順位点").select_option("custom")
    page.get_by_label("1位", exact=True).fill("20000")
    page.get_by_label("2位", exact=True).fill("10000")
    page.get_by_label("3位", exact=True).fill("-10000")
    page.get_by_label("4位", exact=True).fill("-10000")
    page.get_by_role("button", name="計算する").click()
    expect(page.locator("#whatif")).to_contain_text("順位点の合計が0になりません")
    expect(page.get_by_label("1位", exact=True)).to_have_value("20000")

    # the club day page, and as printed on A4
    page.goto(f"/days/{day_pk}/")
    expect(page.locator("table.day-totals")).to_contain_text("南野")
    shot("clubday", wide=True)
    page.emulate_media(media="print")
    page.set_viewport_size({"width": 718, "height": 1047})  # A4 less 10 mm margins, at 96 dpi
    for pk, name in ((day_pk, "print-a4"), (big_pk, "print-a4-big-day")):
        page.goto(f"/days/{pk}/")
        height = page.evaluate("document.documentElement.scrollHeight")
        page.screenshot(path=str(SHOTS / f"standings_member_page_and_what_if-{name}.png"), full_page=True)
        assert height <= 1047, f"the printed club day {pk} is {height}px high, more than one A4 page"

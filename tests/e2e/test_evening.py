"""An evening of 14 members over 4 回戦, on a phone: 13 check in, one arrives after 回戦1 is drawn,
one leaves after 回戦2; each 回戦 is drawn from the draw page; hands are recorded at three tables
through the hanchan page; sit-outs rotate (nobody twice before everyone eligible once); the room
display (a second page, polling every 2 s) shows a recorded hand's scores."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest
from playwright.sync_api import Page, expect

from .conftest import PASSWORD

pytestmark = pytest.mark.e2e

SCOREKEEPER = r"""
import datetime, json
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db.models import Max
from scoring import services
from scoring.access import SCOREKEEPER
from scoring.models import RuleSet
user, _ = get_user_model().objects.get_or_create(username="yuugata")
user.set_password(PASSWORD)
user.save()
user.groups.add(Group.objects.get_or_create(name=SCOREKEEPER)[0])
"""
SETUP = SCOREKEEPER + r"""
base = (services.club.Member.objects.aggregate(m=Max("number"))["m"] or 0) + 1
names = [("青木", "あおき"), ("石井", "いしい"), ("上田", "うえだ"), ("江藤", "えとう"), ("大野", "おおの"),
         ("加藤", "かとう"), ("木村", "きむら"), ("工藤", "くどう"), ("小林", "こばやし"), ("斎藤", "さいとう"),
         ("清水", "しみず"), ("杉山", "すぎやま"), ("関口", "せきぐち"), ("高橋", "たかはし")]
ms = [services.member_create(name=n + "夕", kana=k + "ゆう", number=base + i) for i, (n, k) in enumerate(names)]
day = services.clubday_create(date=datetime.date(2026, 11, 27), venue="夕方の例会",
                              ruleset=RuleSet.objects.get(preset="ariari", options={}))
print(json.dumps({"day": day.pk, "names": [m.name for m in ms], "pks": [m.pk for m in ms]}))
"""

STATE = r"""
import json
from scoring.models import ClubDay
day = ClubDay.objects.get(pk=%d)
print(json.dumps({"outs": {d.number: d.out for d in day.draws.all()},
                  "seated": {n: [p for h in day.hanchans.filter(number=n) for p in h.member_ids]
                             for n in day.hanchans.values_list("number", flat=True).distinct()},
                  "attendance": {a.member_id: [a.first_round, a.last_round] for a in day.attendance.all()}}))
"""


def login_as(page: Page, username: str) -> None:
    page.goto("/accounts/login/")
    page.locator("main").get_by_label("ユーザー名").fill(username)
    page.locator("main").get_by_label("パスワード").fill(PASSWORD)
    page.locator("main").get_by_role("button", name="ログイン").click()
    expect(page.get_by_role("button", name="ログアウト")).to_be_visible()


def check_in(page: Page, name: str) -> None:
    row = page.locator("li.attendance-row", has=page.locator(".name", has_text=re.compile(f"^{re.escape(name)}$")))
    row.get_by_role("button", name="来た").click()
    expect(row.get_by_role("button", name="帰る")).to_be_visible()


def draw_round(page: Page, day: int, number: int) -> None:
    page.goto(f"/days/{day}/draw/")
    page.get_by_role("button", name=f"{number}回戦の組み合わせを作る").click()
    expect(page.locator(".messages")).to_contain_text(f"{number}回戦の組み合わせを作りました")
    expect(page.locator(f"#round-{number} .meta")).to_contain_text("シード")


def record_draw_hand(page: Page, day: int, number: int, table: int) -> None:
    """Open the table from the draw page and record an exhaustive draw with 起家 tenpai."""
    page.goto(f"/days/{day}/draw/")
    page.locator(f"#round-{number}").get_by_role("link", name=f"{table}卓を記録する").click()
    expect(page.locator("#hand-form")).to_be_visible()
    form = page.locator("#hand-form")
    form.get_by_role("group", name="結果", exact=True).locator("label").filter(has_text=re.compile("^流局$")).click()
    form.get_by_role("group", name="テンパイした人", exact=True).locator("label").first.click()
    rows = page.locator("section.history tbody tr")
    before = rows.count()
    form.get_by_role("button", name="記録する").click()
    expect(rows).to_have_count(before + 1)


def test_an_evening_of_fourteen_over_four_rounds(page: Page, browser, server_url, manage, shot):
    ids = json.loads(manage("shell", "-c", SETUP.replace("PASSWORD", repr(PASSWORD))).strip().splitlines()[-1])
    day, names, pks = ids["day"], ids["names"], ids["pks"]
    login_as(page, "yuugata")

    # the club-day page links the evening
    page.goto(f"/days/{day}/")
    page.get_by_role("link", name="出欠", exact=True).click()
    expect(page.locator("h1")).to_have_text("出欠")
    page.wait_for_load_state()  # the filter box's script

    # 13 check in (the filter box finds one by reading)
    page.get_by_label("名前・よみ・番号で絞り込む").fill("すぎやま")
    expect(page.locator("li.attendance-row:visible")).to_have_count(1)
    check_in(page, names[11])
    page.get_by_label("名前・よみ・番号で絞り込む").fill("")
    for name in names[:11] + names[12:13]:
        check_in(page, name)
    expect(page.locator("#attendance-summary")).to_contain_text("出席 13人")
    expect(page.locator("#attendance-summary")).to_contain_text("3卓・抜け番 1人")

    # 回戦1
    draw_round(page, day, 1)
    expect(page.locator("#round-1 .draw-table")).to_have_count(3)
    expect(page.locator("#round-1 .sitting-out .out-name")).to_have_count(1)
    shot("draw-1", wide=True)

    # the room display in a second page (polling every 2 s)
    room = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="ja-JP", base_url=server_url)
    display = room.new_page()
    display.goto(f"/days/{day}/display/?every=2")
    expect(display.locator(".display-table")).to_have_count(3)
    expect(display.locator(".display-round")).to_have_text("1回戦")
    first = display.locator("#display-table-1 .pscore")
    expect(first).to_have_text(["25000"] * 4)

    # the late one arrives after 回戦1 was drawn: from 回戦2
    page.goto(f"/days/{day}/attendance/")
    check_in(page, names[13])
    expect(page.locator(f"#m{pks[13]} .status")).to_contain_text("2回戦から")

    # entries at three tables of 回戦1 through the hanchan page; the display follows
    for table in (1, 2, 3):
        record_draw_hand(page, day, 1, table)
        if table == 1:
            shot("hand-at-table-1")
            expect(first.first).to_have_text("28000", timeout=8000)  # 起家 tenpai alone: +3000
            expect(first).to_have_text(["28000", "24000", "24000", "24000"])
    expect(display.locator("#display-table-3 .pscore").first).to_have_text("28000", timeout=8000)
    display.screenshot(path="test-output/e2e/evening-display-1920.png")

    # a started 回戦 cannot be drawn again
    page.goto(f"/days/{day}/draw/")
    expect(page.locator("#round-1 .badge")).to_contain_text("開始済み")
    expect(page.get_by_role("button", name="1回戦を組み直す")).to_have_count(0)

    # 回戦2: 14 players, 2 sit out; a hand at table 1, then 青木 leaves after 回戦2
    draw_round(page, day, 2)
    expect(page.locator("#round-2 .sitting-out .out-name")).to_have_count(2)
    expect(display.locator(".display-round")).to_have_text("2回戦", timeout=8000)
    record_draw_hand(page, day, 2, 1)
    page.goto(f"/days/{day}/attendance/")
    leaver = page.locator(f"#m{pks[0]}")
    leaver.get_by_role("button", name="帰る").click()
    expect(leaver.locator(".status")).to_contain_text("2回戦まで")
    expect(page.locator("#attendance-summary")).to_contain_text("3回戦に参加 13人")

    # 回戦3 and 4: 13 players, one sits out
    for number in (3, 4):
        draw_round(page, day, number)
        expect(page.locator(f"#round-{number} .sitting-out .out-name")).to_have_count(1)
        record_draw_hand(page, day, number, 2)
    shot("draw-4", wide=True)

    state = json.loads(manage("shell", "-c", STATE % day).strip().splitlines()[-1])
    outs = [p for n in sorted(state["outs"], key=int) for p in state["outs"][n]]
    assert len(outs) == 1 + 2 + 1 + 1
    # nobody sits out twice before everyone eligible has sat out once (13 or 14 eligible: 5 sit-outs)
    assert max(Counter(outs).values()) == 1
    assert pks[13] not in state["seated"]["1"] and pks[13] not in state["outs"]["1"]
    assert all(pks[0] not in state["seated"][n] + state["outs"][n] for n in ("3", "4"))
    assert state["attendance"][str(pks[13])] == [2, None] and state["attendance"][str(pks[0])] == [1, 2]
    for n in ("1", "2", "3", "4"):
        playing = state["seated"][n] + state["outs"][n]
        assert len(playing) == len(set(playing)) == (13 if n in ("1", "3", "4") else 14)

    expect(display.locator(".display-round")).to_have_text("4回戦", timeout=8000)
    expect(display.locator(".display-standings")).to_be_visible()
    room.close()


DOUBLE_TAP = SCOREKEEPER + r"""
base = (services.club.Member.objects.aggregate(m=Max("number"))["m"] or 0) + 1
m = services.member_create(name="二度押し", kana="にどおし", number=base)
day = services.clubday_create(date=datetime.date(2026, 11, 28), venue="", ruleset=RuleSet.objects.get(preset="ariari", options={}))
print(json.dumps({"day": day.pk, "member": m.pk}))
"""


def test_a_double_tap_on_came_checks_in_once(page: Page, manage):
    """The row is drawn anew with 帰る・取消 where 来た was: the second tap of a double tap (a third of
    a second later, as a hurried thumb does) must not land on 取消 and check the member out again."""
    ids = json.loads(manage("shell", "-c", DOUBLE_TAP.replace("PASSWORD", repr(PASSWORD))).strip().splitlines()[-1])
    login_as(page, "yuugata")
    page.goto(f"/days/{ids['day']}/attendance/")
    page.wait_for_load_state()
    row = page.locator(f"#m{ids['member']}")
    row.scroll_into_view_if_needed()
    box = row.get_by_role("button", name="来た").bounding_box()
    posts = []
    page.on("request", lambda r: posts.append(r.post_data) if r.method == "POST" else None)
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.click(x, y)
    expect(row.get_by_role("button", name="帰る")).to_be_visible()
    page.wait_for_timeout(150)
    page.mouse.click(x, y)  # the same spot, where 帰る or 取消 now is
    page.wait_for_timeout(800)
    expect(row.get_by_role("button", name="帰る")).to_be_visible()
    assert len(posts) == 1 and "action=in" in posts[0]
    row.locator("button[value=undo]").click()  # 取消: a tap after the moment goes through
    expect(row.get_by_role("button", name="来た")).to_be_visible()

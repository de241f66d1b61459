"""Taps sent with htmx outside the hand form (which has 再送信 and 未送信: test_lost_taps.py) say so
when they get no answer or a server error, at phone size: 来た at the door without signal used to
leave the row as it was without a word, and the member was missing from the next draw."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import PASSWORD, SHOTS, login

pytestmark = pytest.mark.e2e

USER = "net-kiroku"
SETUP = r"""
import datetime, json
from django.contrib.auth.models import Group, User
from django.db.models import Max
from scoring import services
from scoring.access import SCOREKEEPER
from scoring.models import Member, RuleSet
u = User.objects.create_user(%r, password=%r)
u.groups.add(Group.objects.get(name=SCOREKEEPER))
base = (Member.objects.aggregate(m=Max("number"))["m"] or 0) + 1
ms = [services.member_create(name=n, kana="かな", number=base + i) for i, n in enumerate(("圏外", "電波", "応答", "無し"))]
day = services.clubday_create(date=datetime.date(2026, 12, 4), venue="地下の会場",
                              ruleset=RuleSet.objects.get(preset="ariari", options={}))
h = services.hanchan_create(clubday=day, table=1, players=ms)
services.hanchan_record_hand(hanchan=h, event={"type": "draw", "tenpai": [0]}, by=None)
print(json.dumps({"day": day.pk, "member": ms[0].pk, "hanchan": h.pk}))
""" % (USER, PASSWORD)


@pytest.fixture(scope="module")
def ids(manage) -> dict:
    return json.loads(manage("shell", "-c", SETUP).strip().splitlines()[-1])


def test_a_check_in_without_signal_says_so_and_the_tap_again_goes_through(page: Page, ids):
    login(page, USER)
    page.goto(f"/days/{ids['day']}/attendance/")
    page.wait_for_load_state()
    row = page.locator(f"#m{ids['member']}")
    page.route("**/attendance/**", lambda route: route.abort("internetdisconnected")
               if route.request.method == "POST" else route.continue_())
    row.get_by_role("button", name="来た").click()
    alert = page.locator(".net-error")
    expect(alert).to_be_visible()
    expect(alert).to_have_text(re.compile("送信できませんでした.*もう一度押してください"))
    expect(row.get_by_role("button", name="来た")).to_be_visible()  # not checked in, and the page says so
    box, size = alert.bounding_box(), page.viewport_size
    assert box and 0 <= box["y"] and box["y"] + box["height"] <= size["height"], "the message is on the screen"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "net_errors-check-in-390.png"))

    page.unroute("**/attendance/**")
    row.get_by_role("button", name="来た").click()
    expect(row.get_by_role("button", name="帰る")).to_be_visible()
    expect(alert).to_be_hidden()  # the answer came: the message goes


def test_a_server_error_on_finishing_early_says_so(page: Page, ids):
    login(page, USER)
    page.goto(f"/hanchan/{ids['hanchan']}/")
    page.on("dialog", lambda d: d.accept())
    page.route("**/finish/", lambda route: route.fulfill(status=502, body="Bad Gateway"))
    page.get_by_text("途中終了する").click()
    page.get_by_role("button", name="途中終了して結果を確定").click()
    expect(page.locator(".net-error")).to_contain_text("サーバーが受け付けませんでした")
    expect(page.locator(".net-error")).to_contain_text("読み込み直して")
    page.locator(".net-error").click()  # tapped away
    expect(page.locator(".net-error")).to_be_hidden()

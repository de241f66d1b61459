"""Every main page fits its screen: phones of 390, 375 and 360 px in Japanese and in English (issue 19
asked for 390), a tablet (760 px), a desktop (1280 px) and a projector (1920 px), all drawn in Noto Sans CJK JP.

On each page: the document does not scroll sideways; no table cell clips its text (an ellipsis or a
hidden overflow); every other table (results, members, hands, rules, history) fits its box without scrolling; the
navigation is one row on a phone; no choice chip is wider than its place in the grid (its text would run into
its border); no picture is cut by its box (the venue display's QR codes). On the hanchan page the seat chips show whole names (two 佐藤 at one table).
Wide boards (the standings, the day's ranking by 回戦) may scroll inside their own box.

The data is put in place with ``manage shell`` through the services: an administrator of its own,
a club day with a finished game and one in play (two members named 佐藤, a long name), a dispute, and a
大会 with its first 回戦 played.
"""

from __future__ import annotations

import shutil
import subprocess

import pytest
from playwright.sync_api import Page, expect

from .conftest import PASSWORD, SHOTS

# Widths are measured in the font Android phones draw Japanese and its Latin with (scripts/ensure-browser
# installs it); a machine with IPAGothic alone draws Latin fixed-width and narrower, and passes pages a phone would not.
NOTO = bool(shutil.which("fc-list")) and "Noto Sans CJK" in subprocess.run(["fc-list"], capture_output=True, text=True).stdout
pytestmark = pytest.mark.e2e

USER = "phone-check"
DATA = r'''
import datetime
from django.contrib.auth import get_user_model
from scoring import services
from scoring.models import Member, RuleSet, HandRecord
User = get_user_model()
by = User.objects.filter(username="%(user)s").first() or services.user_create(username="%(user)s", password="%(password)s", role="admin")
rs = RuleSet.objects.get(preset="ariari", options={})
people = [("佐藤太郎", "さとうたろう"), ("佐藤花子", "さとうはなこ"), ("長谷川久美子", "はせがわくみこ"), ("石井太郎", "いしいたろう")]
ms = [Member.objects.filter(number=no).first() or services.member_create(name=n, kana=k, number=no)
      for no, (n, k) in enumerate(people, 951)]
day = services.clubday_create(date=datetime.date(2026, 12, 20), venue="公民館 2階和室", ruleset=rs)
done = services.hanchan_create(clubday=day, table=1, players=ms)
services.hanchan_record_final_scores(hanchan=done, scores=[58300, 26400, 10900, 4400], sticks=0, by=by)
live = services.hanchan_create(clubday=day, table=1, players=ms)
services.hanchan_record_hand(hanchan=live, by=by, event={"type": "ron", "winner": 0, "loser": 1, "han": 3, "fu": 40, "riichi": [0]})
hand = HandRecord.objects.filter(hanchan=live).first()
more = [Member.objects.filter(number=no).first() or services.member_create(name=n, kana=k, number=no)
        for no, (n, k) in enumerate([("佐々木明美", "ささきあけみ"), ("中島京子", "なかじまきょうこ"), ("山下誠", "やましたまこと"), ("中村正", "なかむらただし")], 955)]
second = services.hanchan_create(clubday=day, table=2, players=more, number=2)  # the venue display: two tables side by side
services.hanchan_record_hand(hanchan=second, by=by, event={"type": "tsumo", "winner": 2, "han": 2, "fu": 30})
d = services.dispute_open(hand=hand, by=by, comment="供託が二重に数えられていませんか?")
result = done.results.order_by("rank").last()
cup = services.clubday_create(date=datetime.date(2026, 12, 21), venue="市民センター", ruleset=rs, kind="tournament",
                              name="冬季オープン大会", rounds=3, swiss=True, final_table=True)
for m in ms:
    services.attendance_check_in(clubday=cup, member=m)
services.draw_create(clubday=cup, number=1, state="new", seed=2026)
services.hanchan_record_final_scores(hanchan=cup.hanchans.get(number=1), scores=[41200, 28300, 19500, 11000], sticks=0, by=by)
print(day.pk, done.pk, live.pk, ms[0].pk, d.pk, result.pk, cup.pk, rs.pk, hand.pk)
''' % {"user": USER, "password": PASSWORD}

# boards with many columns, which scroll inside their own box (their rank and name columns stay put)
WIDE = "table.ranking, table.day-totals"
# the clipping and overflow checks, run in the page: a list of what is wrong (empty: all fits)
PROBLEMS = """(WIDE) => {
  const out = [], width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > width) out.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
  const scrolls = el => { for (let p = el.parentElement; p; p = p.parentElement) {
    const o = getComputedStyle(p).overflowX; if (o === "auto" || o === "scroll") return true; } return false; };
  // visually hidden on purpose (the hand list's header on phones: read by screen readers only)
  const hidden = el => { for (let p = el; p && p.tagName !== "MAIN"; p = p.parentElement)
    if (getComputedStyle(p).clipPath !== "none") return true; return false; };
  for (const cell of document.querySelectorAll("main td, main th")) {
    if (cell.offsetParent === null || hidden(cell)) continue;
    if (cell.scrollWidth > cell.clientWidth + 1) out.push(`clipped cell: ${cell.textContent.trim().slice(0, 40)}`);
    const r = cell.getBoundingClientRect();
    if (r.right > width + 0.5 && !scrolls(cell)) out.push(`cell beyond the edge: ${cell.textContent.trim().slice(0, 40)}`);
  }
  for (const t of document.querySelectorAll(`main table:not(${WIDE})`)) {
    if (t.offsetParent === null) continue;
    const box = t.parentElement;
    if (box.scrollWidth > box.clientWidth + 1 || t.getBoundingClientRect().right > width + 0.5)
      out.push(`table does not fit: ${t.querySelector("th") ? t.querySelector("th").textContent : ""} (${Math.round(t.getBoundingClientRect().width)} px)`);
  }
  for (const chip of document.querySelectorAll("main .chip span")) {
    if (chip.offsetParent === null) continue;
    const r = chip.getBoundingClientRect(), cell = chip.parentElement.getBoundingClientRect();
    if (chip.scrollWidth > chip.clientWidth + 1 || r.right > cell.right + 0.5 || r.left < cell.left - 0.5)
      out.push(`chip wider than its place: ${chip.textContent.trim().slice(0, 40)}`);
  }
  for (const svg of document.querySelectorAll("main svg")) {
    if (!svg.getClientRects().length) continue;
    const name = svg.getAttribute("class") || "svg";
    // a picture drawn in its own units (no viewBox) larger than the box it is given is cut, not scaled
    if (!(svg.viewBox.baseVal && svg.viewBox.baseVal.width)) {
      const b = svg.getBBox(), st = getComputedStyle(svg);
      const w = svg.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight);
      const h = svg.clientHeight - parseFloat(st.paddingTop) - parseFloat(st.paddingBottom);
      if (b.x + b.width > w + 0.5 || b.y + b.height > h + 0.5)
        out.push(`picture cut: ${name} ${Math.round(b.width)}×${Math.round(b.height)} in ${Math.round(w)}×${Math.round(h)}`);
    }
    // nor may it stick out of the card it is drawn in (the nearest box with a border)
    let card = svg.parentElement;
    while (card.tagName !== "MAIN" && parseFloat(getComputedStyle(card).borderRightWidth) === 0) card = card.parentElement;
    const r = svg.getBoundingClientRect(), c = card.getBoundingClientRect();
    if (card.tagName !== "MAIN" && (r.right > c.right + 0.5 || r.left < c.left - 0.5))
      out.push(`picture beyond its card: ${name} (${Math.round(r.right - c.right)} px)`);
  }
  const header = document.querySelector("header.site");
  if (width < 760 && header && header.getBoundingClientRect().height > 60) out.push(`navigation is ${Math.round(header.getBoundingClientRect().height)} px high`);
  return out;
}"""


@pytest.fixture(scope="module")
def ids(manage) -> dict[str, str]:
    names = ("day", "done", "live", "member", "dispute", "result", "cup", "ruleset", "hand")
    return dict(zip(names, manage("shell", "-c", DATA).split()[-len(names):]))


def pages(ids: dict[str, str]) -> list[str]:
    return ["/", "/members/", f"/members/{ids['member']}/", "/standings/", "/days/", f"/days/{ids['day']}/",
            f"/hanchan/{ids['done']}/", f"/hanchan/{ids['live']}/", "/check/?hand=567p789s4s&melds=chi234m,pon777z&win_tile=4s",
            "/check/examples/", "/rules/", "/rules/new/", "/disputes/", f"/disputes/{ids['dispute']}/",
            f"/history/hanchan/{ids['done']}/", f"/history/result/{ids['result']}/", "/impact/", "/results/import/",
            "/users/new/", "/members/new/", "/days/new/", f"/history/member/{ids['member']}/",
            f"/days/{ids['day']}/attendance/", f"/days/{ids['day']}/draw/", f"/days/{ids['day']}/display/",
            f"/days/{ids['cup']}/", f"/days/{ids['cup']}/tournament/", f"/days/{ids['cup']}/edit/",
            f"/hanchan/{ids['done']}/final-scores/", f"/rules/{ids['ruleset']}/", f"/rules/{ids['ruleset']}/edit/",
            f"/hands/{ids['hand']}/dispute/"]


def set_language(page: Page, lang: str) -> None:
    """The cookie the language button sets, for the whole site (a cookie's path follows its URL)."""
    origin = page.url.split("/accounts/")[0]
    page.context.add_cookies([{"name": "django_language", "value": lang, "url": origin + "/"}])


def in_language(page: Page, lang: str) -> None:
    """Log in as the test's administrator with the language cookie of ``lang`` set."""
    page.goto("/accounts/login/")
    set_language(page, lang)
    page.reload()
    page.locator("main input[name=username]").fill(USER)
    page.locator("main input[name=password]").fill(PASSWORD)
    page.locator("main form button[type=submit]").click()
    expect(page.get_by_role("button", name="ログアウト" if lang == "ja" else "Log out")).to_be_attached()


# Phones of 390 px, 375 px (iPhone SE and mini) and 360 px (most Android phones); a tablet (760 px,
# where the layout turns to the wide one), a desktop and a projector (the venue display); each in both languages.
@pytest.mark.skipif(not NOTO, reason="Noto Sans CJK JP is missing: run scripts/ensure-browser")
@pytest.mark.parametrize("width", [390, 375, 360, 760, 1280, 1920])
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_main_page_fits_its_screen(page: Page, ids, lang, width):
    page.set_viewport_size({"width": width, "height": 844})
    problems = {}
    page.goto("/accounts/login/")
    set_language(page, lang)
    page.reload()
    problems["/accounts/login/"] = page.evaluate(PROBLEMS, WIDE)
    in_language(page, lang)
    for path in pages(ids):
        response = page.goto(path)
        assert response.ok and page.url.endswith(path), (path, page.url)  # the page itself, not a redirect
        problems[path] = page.evaluate(PROBLEMS, WIDE)
        if problems[path]:
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"phone-layout-{lang}-{width}-{path.strip('/').replace('/', '-') or 'home'}.png"),
                            full_page=True)
    assert {p: f for p, f in problems.items() if f} == {}


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_seat_chips_show_whole_names(page: Page, ids, lang):
    in_language(page, lang)
    page.goto(f"/hanchan/{ids['live']}/")
    chips = page.locator(".hand-form .choices.seats .chip span")
    expect(chips.first).to_be_visible()
    names = {"佐藤太郎", "佐藤花子", "長谷川久美子", "石井太郎"}
    seen = set()
    for i in range(chips.count()):
        chip = chips.nth(i)
        if not chip.is_visible():
            continue
        text = chip.inner_text().replace("\n", "")
        seen.add(text)
        assert chip.evaluate("el => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1"), text
    assert names <= seen


FOUR_TABLES = r'''
import datetime
from scoring import services
from scoring.models import Member, RuleSet
from django.contrib.auth import get_user_model
by = get_user_model().objects.get(username="%(user)s")
names = ["長谷川久美子", "中島京子", "佐々木明美", "小林太郎", "伊藤幸子", "阿部久美子", "森節子", "山口恵子",
         "渡辺明美", "木村明美", "吉田太郎", "山本勇", "松本節子", "高橋京子", "林京子", "橋本清"]
ms = [Member.objects.filter(number=no).first() or services.member_create(name=n, kana="かいん", number=no)
      for no, n in enumerate(names, 971)]
day = services.clubday_create(date=datetime.date(2026, 12, 27), venue="公民館", ruleset=RuleSet.objects.get(preset="ariari", options={}))
for t in range(4):  # each table's first player wins as dealer and stays dealer (親 / Dealer); at table 1, a six-letter name
    h = services.hanchan_create(clubday=day, table=t + 1, players=ms[4 * t:4 * t + 4])
    services.hanchan_record_hand(hanchan=h, by=by, event={"type": "ron", "winner": 0, "loser": 1, "han": 3, "fu": 40})
print(day.pk)
''' % {"user": USER}


@pytest.mark.skipif(not NOTO, reason="Noto Sans CJK JP is missing: run scripts/ensure-browser")
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_venue_display_fits_a_projector_with_four_tables(page: Page, ids, manage, lang):
    """A 1920×1080 screen nobody scrolls: four tables and the links at its foot on one screen, each QR
    code whole and at least its smallest size (beside the players, or under them when a long name
    and the English "Dealer" leave no room)."""
    day = manage("shell", "-c", FOUR_TABLES).split()[-1]
    in_language(page, lang)
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"/days/{day}/display/")
    expect(page.locator(".display-table")).to_have_count(4)
    assert page.evaluate("document.documentElement.scrollHeight") <= 1080
    for qr in page.locator(".display-table .qr svg").all():
        assert qr.bounding_box()["width"] >= 112 - 0.5  # --qr-min at this width
    assert page.evaluate(PROBLEMS, WIDE) == []


def test_the_checker_brings_the_verdict_into_view(page: Page):
    page.goto("/check/?hand=567p789s4s&melds=chi234m,pon777z&win_tile=4s")
    page.evaluate("window.scrollTo(0, 0)")
    page.get_by_role("button", name="判定する").click()
    results = page.locator("#check-results")
    expect(results.locator("h2").first).to_be_in_viewport()

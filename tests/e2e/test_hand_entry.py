"""The hand entry on a phone: a typical 翻・符 ロン fits in one 390×844 screen under the scoreboard,
in Japanese and in English; screenshots at 390 px and 1280 px of both."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import login

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("first_admin")]

PHONE_HEIGHT = 844


@pytest.fixture(scope="module")
def hanchan_url(manage) -> str:
    pk = manage("shell", "-c", (
        "import datetime; from django.db.models import Max; from scoring import services; "
        "from scoring.models import Member, RuleSet; "
        "base = (Member.objects.aggregate(m=Max('number'))['m'] or 0) + 1; "  # other browser tests add members too
        "ms = [services.member_create(name=n, kana=k, number=base + i) for i, (n, k) in "
        "enumerate((('長谷川花子', 'はせがわはなこ'), ('林', 'はやし'), ('小笠原', 'おがさわら'), ('森', 'もり')))]; "
        "day = services.clubday_create(date=datetime.date(2026, 11, 24), venue='公民館', "
        "ruleset=RuleSet.objects.filter(preset='tenhou').first()); "
        "h = services.hanchan_create(clubday=day, table=2, players=ms); "
        "services.hanchan_record_hand(hanchan=h, event={'type': 'ron', 'winner': 1, 'loser': 2, 'han': 3, 'fu': 30, "
        "'riichi': [1]}, by=None); print(h.pk)")).split()[-1]
    return f"/hanchan/{pk}/"


GROUPS = {  # group label -> chip, per language
    "ja": (("結果", "ロン"), ("和了者", "林"), ("放銃者", "森"), ("この局でリーチした人", "林"), ("翻", "3"), ("符", "30")),
    "en": (("Result", "Ron"), ("Winner", "林"), ("Dealt in", "森"), ("Riichi declared in this hand", "林"),
           ("han", "3"), ("fu", "30")),
}


def fill_typical_ron(page: Page, lang: str) -> None:
    form = page.locator("#hand-form")
    for group, name in GROUPS[lang]:
        form.get_by_role("group", name=group, exact=True).locator("label").filter(
            has_text=re.compile(f"^{re.escape(name)}$")).click()


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_han_fu_ron_fits_one_phone_screen_below_the_board(page: Page, shot, hanchan_url, lang):
    login(page)
    if lang == "en":
        page.get_by_role("button", name="English").click()
        expect(page.locator("html")).to_have_attribute("lang", "en")
    page.goto(hanchan_url)
    fill_typical_ron(page, lang)
    # scrolled as after a save (the board at the top of the screen)
    page.evaluate("window.scrollTo(0, document.querySelector('#board').getBoundingClientRect().top + scrollY)")
    board = page.locator("#board").bounding_box()
    button = page.locator("#hand-form button.primary").bounding_box()
    assert board["y"] == pytest.approx(0, abs=2)
    assert button["y"] + button["height"] <= PHONE_HEIGHT, f"the record button ends at {button['y'] + button['height']}"
    page.screenshot(path=f"test-output/e2e/hand_entry-{lang}-first-screen-390.png")
    shot(f"hand-entry-{lang}", wide=True)


def test_an_undone_hand_is_listed_as_deleted_and_the_admin_restores_it(page: Page, shot, hanchan_url):
    login(page)
    page.goto(hanchan_url)
    rows = page.locator("#history table.hands tbody tr")
    count = rows.count()
    assert count >= 1
    undo = page.locator("details.undo")
    undo.locator("summary").click()
    undo.get_by_role("button", name=re.compile(r"を取り消す$")).click()
    expect(page.locator("#live .notice")).to_contain_text("を取り消しました")
    expect(rows).to_have_count(count - 1)
    deleted = page.locator("details.deleted-box")
    expect(deleted.locator("summary")).to_contain_text("削除された局(1件)")
    deleted.locator("summary").click()
    shot("deleted-hand-listed", wide=True)
    deleted.get_by_role("button", name=f"#{count} に戻す").click()
    expect(page.locator("ul.messages")).to_contain_text(f"#{count} を復元しました")
    expect(rows).to_have_count(count)
    expect(page.locator("details.deleted-box")).to_have_count(0)


def test_a_rows_delete_button_asks_then_deletes_that_hand(page: Page, hanchan_url):
    """The rows' 削除 buttons share one form (the rows are cached markup): the browser asks, htmx
    posts the form's version with it, and the newest hand goes to the deleted list."""
    login(page)
    page.goto(hanchan_url)
    rows = page.locator("#history table.hands tbody tr")
    count = rows.count()
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    rows.first.get_by_role("button", name="削除").click()  # newest first
    expect(rows).to_have_count(count - 1)
    assert asked == [f"#{count} を削除しますか?"]
    expect(page.locator("details.deleted-box summary")).to_contain_text("削除された局")
    deleted = page.locator("details.deleted-box")
    deleted.locator("summary").click()
    deleted.get_by_role("button", name=f"#{count} に戻す").click()  # and back, for the tests after this one
    expect(rows).to_have_count(count)


def test_two_hands_in_a_row_the_phone_clears_its_own_form(page: Page, hanchan_url):
    """After a hand recorded from the empty form, the answer carries no new form: the phone clears
    the one on screen (nothing left selected, a new key, the new version) and the next hand records."""
    login(page)
    page.goto(hanchan_url)
    rows = page.locator("#history table.hands tbody tr")
    count = rows.count()
    form = page.locator("#hand-form")
    for n in (1, 2):
        key = form.locator('input[name="submission"]').input_value()
        version = int(form.locator("#hand-version").input_value())
        fill_typical_ron(page, "ja")
        with page.expect_response(re.compile(r"/hands/new/$")) as answer:
            form.get_by_role("button", name="記録する").click()
        assert 'id="hand-form"' not in answer.value.text()
        expect(rows).to_have_count(count + n)
        expect(form.locator("#hand-version")).to_have_value(str(version + 1))
        expect(form.locator('input[name="winner"]:checked')).to_have_count(0)
        expect(form.locator('input[name="type"][value="ron"]')).to_be_checked()
        assert form.locator('input[name="submission"]').input_value() not in ("", key)
    page.screenshot(path="test-output/e2e/hand_entry-after-two-hands-390.png")

"""Never a lost tap (issue 19): the network is cut while a hand is on its way, on a phone (390×844).

(a) the request never reaches the server; (b) the server stores the hand and its answer is lost;
either way the page says 送信できませんでした, keeps what was typed, and 再送信 sends the same key, so
exactly one hand is stored and shown once. (c) hands entered without signal are kept on the phone
as 未送信 and sent in order when it comes back; a change made meanwhile on another phone refuses the
queued hand, which stays on the phone while the page shows that change.

Screenshots of the states at phone size: /tmp/taps-*.png (the screen as the scorekeeper sees it,
not the full page) and test-output/e2e/.
"""

from __future__ import annotations

import re
import shutil
from urllib.parse import parse_qs

import pytest
from playwright.sync_api import Page, expect

from .conftest import PASSWORD, SHOTS, login

pytestmark = pytest.mark.e2e

USER = "tap-kiroku"
NAMES = ("東野", "南田", "西山", "北川")
POSTS = "**/hands/new/"


@pytest.fixture(scope="module")
def day(manage) -> str:
    """A scorekeeper of its own (this file also runs alone), four members and a club day."""
    return manage("shell", "-c", (
        "import datetime; from django.contrib.auth.models import Group, User; from django.db.models import Max; "
        "from scoring import services; from scoring.access import SCOREKEEPER; from scoring.models import Member, RuleSet; "
        f"u = User.objects.create_user({USER!r}, password={PASSWORD!r}); "
        "u.groups.add(Group.objects.get(name=SCOREKEEPER)); "
        "base = (Member.objects.aggregate(m=Max('number'))['m'] or 0) + 1; "
        "ms = [services.member_create(name=n, kana='かな', number=base + i) for i, n in "
        f"enumerate({NAMES!r})]; "
        "day = services.clubday_create(date=datetime.date(2026, 11, 27), venue='公民館', "
        "ruleset=RuleSet.objects.order_by('pk').first()); print(day.pk)")).split()[-1]


@pytest.fixture
def hanchan(manage, day) -> int:
    """A new hanchan of the day with one hand recorded (東1局: 南田 rons 西山 for 1翻30符)."""
    return int(manage("shell", "-c", (
        "from scoring import services; from scoring.models import ClubDay, Member; "
        f"day = ClubDay.objects.get(pk={day}); "
        f"ms = [Member.objects.filter(name=n).latest('number') for n in {NAMES!r}]; "
        "h = services.hanchan_create(clubday=day, table=3, players=ms); "
        "services.hanchan_record_hand(hanchan=h, event={'type': 'ron', 'winner': 1, 'loser': 2, 'han': 1, 'fu': 30}, "
        "by=None); print(h.pk)")).split()[-1])


def stored(manage, pk: int) -> list[tuple[str, str]]:
    """The hanchan's hands in order: (type, submission key)."""
    out = manage("shell", "-c", (
        "from scoring.models import HandRecord; "
        f"[print('HAND', h.event['type'], h.submission) for h in HandRecord.objects.filter(hanchan_id={pk}).order_by('order')]"))
    return [tuple(line.split()[1:]) for line in out.splitlines() if line.startswith("HAND ")]


def other_phone_records_a_draw(manage, pk: int) -> None:
    manage("shell", "-c", (
        "from scoring import services; from scoring.models import Hanchan; "
        f"services.hanchan_record_hand(hanchan=Hanchan.objects.get(pk={pk}), "
        "event={'type': 'draw', 'tenpai': [0, 1, 2, 3]}, by=None)"))


def choose(page: Page, group: str, *names: str) -> None:
    box = page.locator("#hand-form").get_by_role("group", name=group, exact=True)
    for name in names:
        box.locator("label").filter(has_text=re.compile(f"^{re.escape(name)}$")).click()


def fill_ron(page: Page) -> None:
    """北川 rons 東野 for 3翻30符."""
    choose(page, "結果", "ロン")
    choose(page, "和了者", "北川")
    choose(page, "放銃者", "東野")
    choose(page, "翻", "3")
    choose(page, "符", "30")


def fill_tsumo(page: Page) -> None:
    choose(page, "結果", "ツモ")
    choose(page, "和了者", "西山")
    choose(page, "翻", "2")
    choose(page, "符", "30")


def record_button(page: Page):
    return page.locator("#hand-form .submit-line button.primary")


def rows(page: Page):
    return page.locator("#hand-rows tr:not(.unsent)")


def unsent(page: Page):
    return page.locator("#history tr.unsent")


def keys_posted(page: Page) -> list[str]:
    """The submission key of every hand the page posts from now on."""
    keys: list[str] = []

    def seen(request):
        if request.method == "POST" and request.url.endswith("/hands/new/"):
            keys.append(parse_qs(request.post_data or "").get("submission", [""])[0])
    page.on("request", seen)
    return keys


def screen(page: Page, name: str) -> None:
    """The screen as seen (not the whole page), in /tmp and with the other screenshots."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=f"/tmp/taps-{name}.png")
    shutil.copy(f"/tmp/taps-{name}.png", SHOTS / f"lost_taps-{name}-390.png")


def in_view(page: Page, locator) -> bool:
    box = locator.bounding_box()
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"]


def open_hanchan(page: Page, pk: int) -> None:
    login(page, USER)
    page.goto(f"/hanchan/{pk}/")
    expect(rows(page)).to_have_count(1)


def test_a_tap_that_never_reached_the_server_is_kept_and_sent_once(page: Page, manage, hanchan):
    """(a) The network is cut just BEFORE the server: the request never arrives."""
    open_hanchan(page, hanchan)
    keys = keys_posted(page)
    held = []
    page.route(POSTS, lambda route: held.append(route))
    fill_ron(page)
    record_button(page).click()
    # on its way: the button says so and cannot be pressed twice
    expect(record_button(page)).to_have_text("送信中…")
    expect(record_button(page)).to_be_disabled()
    screen(page, "sending")
    assert in_view(page, record_button(page))
    while not held:
        page.wait_for_timeout(50)
    held[0].abort("internetdisconnected")  # the signal is gone: nothing reached the server

    failed = page.locator("#send-status .send-failed")
    expect(failed).to_be_visible()
    expect(failed).to_contain_text("送信できませんでした")
    expect(record_button(page)).to_be_enabled()
    expect(record_button(page)).to_have_text("記録する")
    assert in_view(page, failed.get_by_role("button", name="再送信"))
    screen(page, "failed")
    # everything typed is still there
    form = page.locator("#hand-form")
    for name, value in (("type", "ron"), ("winner", "3"), ("loser", "0"), ("han", "3"), ("fu", "30")):
        expect(form.locator(f'input[name="{name}"][value="{value}"]')).to_be_checked()
    assert len(stored(manage, hanchan)) == 1

    page.unroute(POSTS)  # the signal is back
    failed.get_by_role("button", name="再送信").click()
    expect(rows(page)).to_have_count(2)
    expect(failed).to_be_hidden()
    hands = stored(manage, hanchan)
    assert [t for t, _k in hands] == ["ron", "ron"]
    assert len(keys) == 2 and keys[0] == keys[1] == hands[1][1], "the retry sends the same key"
    # the fresh form has a new key for the next hand
    assert page.locator('#hand-form input[name="submission"]').input_value() not in ("", keys[0])


def test_a_tap_whose_answer_was_lost_is_stored_once_and_shown_once(page: Page, manage, hanchan):
    """(b) The network is cut just AFTER the server stored the hand: its answer never comes back."""
    open_hanchan(page, hanchan)
    keys = keys_posted(page)

    def answer_lost(route):
        route.fetch()  # the server records the hand ...
        route.abort("internetdisconnected")  # ... and the phone never hears of it
    page.route(POSTS, answer_lost)
    fill_ron(page)
    record_button(page).click()
    failed = page.locator("#send-status .send-failed")
    expect(failed).to_be_visible()  # (a hidden part's text counts for to_contain_text: wait for it to show)
    expect(failed).to_contain_text("送信できませんでした")
    expect(page.locator('#hand-form input[name="winner"][value="3"]')).to_be_checked()
    assert len(stored(manage, hanchan)) == 2  # it was stored, though the page cannot know
    expect(rows(page)).to_have_count(1)

    page.unroute(POSTS)
    failed.get_by_role("button", name="再送信").click()
    expect(rows(page)).to_have_count(2)  # the original outcome: the hand shown once
    expect(page.locator("#hand-rows td.desc", has_text="北川")).to_have_count(1)
    expect(page.locator("#hand-errors")).not_to_contain_text("他の人")
    hands = stored(manage, hanchan)
    assert len(hands) == 2, "exactly one hand stored for the tap"
    assert keys[0] == keys[1] == hands[1][1]


def test_a_server_error_is_a_failed_send_too(page: Page, manage, hanchan):
    open_hanchan(page, hanchan)
    page.route(POSTS, lambda route: route.fulfill(status=502, body="Bad Gateway"))
    fill_tsumo(page)
    record_button(page).click()
    expect(page.locator("#send-status .send-failed")).to_be_visible()
    expect(page.locator("#send-status .send-failed")).to_contain_text("送信できませんでした")
    page.unroute(POSTS)
    page.locator("#send-status").get_by_role("button", name="再送信").click()
    expect(rows(page)).to_have_count(2)
    assert [t for t, _k in stored(manage, hanchan)] == ["ron", "tsumo"]


def test_hands_entered_without_signal_wait_as_unsent_and_go_in_order(page: Page, manage, hanchan):
    """(c) Two hands without signal: listed as 未送信, sent in order once each when it is back."""
    open_hanchan(page, hanchan)
    page.context.set_offline(True)
    fill_ron(page)
    record_button(page).click()
    expect(unsent(page)).to_have_count(1)
    # the form is clear for the next hand (the result back at its default, nothing else chosen)
    expect(page.locator('#hand-form input[name="winner"]:checked')).to_have_count(0)
    fill_tsumo(page)
    record_button(page).click()
    expect(unsent(page)).to_have_count(2)
    expect(unsent(page).first).to_contain_text("未送信")
    expect(unsent(page).first).to_contain_text("ツモ")  # newest first, as the list is
    expect(unsent(page).last).to_contain_text("北川")
    queue = page.locator("#send-status .send-queue")
    expect(queue).to_contain_text("未送信の局: 2件")
    assert in_view(page, queue)
    screen(page, "unsent")
    unsent(page).first.scroll_into_view_if_needed()
    screen(page, "unsent-rows")
    assert len(stored(manage, hanchan)) == 1

    page.context.set_offline(False)  # the `online` event sends them
    expect(unsent(page)).to_have_count(0)
    expect(rows(page)).to_have_count(3)
    expect(queue).to_be_hidden()
    assert [t for t, _k in stored(manage, hanchan)] == ["ron", "ron", "tsumo"]
    expect(rows(page).first).to_contain_text("西山")
    # a reload sends nothing again
    page.reload()
    expect(rows(page)).to_have_count(3)
    expect(unsent(page)).to_have_count(0)
    assert len(stored(manage, hanchan)) == 3


def test_a_change_on_another_phone_holds_the_queued_hands_and_is_shown(page: Page, manage, hanchan):
    """(c) The first queued hand is stored; then another phone records a hand; the second queued
    hand (built on the same old version) is refused, kept as 未送信, and the page shows the change.
    Sent on purpose after that, it follows the other phone's hand."""
    open_hanchan(page, hanchan)
    page.context.set_offline(True)
    fill_ron(page)
    record_button(page).click()
    expect(unsent(page)).to_have_count(1)
    fill_tsumo(page)
    record_button(page).click()
    expect(unsent(page)).to_have_count(2)

    meanwhile = []

    def first_then_other_phone(route):
        response = route.fetch()  # the first queued hand is stored ...
        body, status = response.body(), response.status
        headers = {k: v for k, v in response.headers.items() if k.lower() not in ("content-encoding", "content-length")}
        if not meanwhile:  # ... then another phone records a hand, before the phone hears back
            meanwhile.append(1)
            other_phone_records_a_draw(manage, hanchan)
        route.fulfill(status=status, headers=headers, body=body)
    page.route(POSTS, first_then_other_phone)
    page.context.set_offline(False)

    conflict = page.locator("#send-status .send-conflict")
    expect(conflict.locator(".send-stale")).to_be_visible()
    expect(conflict.locator(".send-stale")).to_have_text("別の端末で変更がありました。未送信の局を確認してください")
    expect(conflict.locator(".send-refused")).to_be_hidden()
    expect(unsent(page)).to_have_count(1)
    expect(unsent(page)).to_contain_text("ツモ")
    expect(rows(page)).to_have_count(3)  # the other phone's draw is shown
    expect(rows(page).first).to_contain_text("流局")
    assert [t for t, _k in stored(manage, hanchan)] == ["ron", "ron", "draw"]
    assert in_view(page, conflict)
    screen(page, "conflict")
    page.unroute(POSTS)
    # it stays held: coming back online again, or reloading, sends nothing by itself
    page.reload()
    expect(unsent(page)).to_have_count(1)
    expect(conflict).to_be_visible()
    assert len(stored(manage, hanchan)) == 3

    page.locator("#send-status").get_by_role("button", name="未送信の局を送信").click()
    expect(unsent(page)).to_have_count(0)
    expect(rows(page)).to_have_count(4)
    assert [t for t, _k in stored(manage, hanchan)] == ["ron", "ron", "draw", "tsumo"]


def test_held_hands_can_be_thrown_away(page: Page, manage, hanchan):
    open_hanchan(page, hanchan)
    page.context.set_offline(True)
    fill_ron(page)
    record_button(page).click()
    expect(unsent(page)).to_have_count(1)
    other_phone_records_a_draw(manage, hanchan)
    page.context.set_offline(False)
    expect(page.locator("#send-status .send-conflict")).to_be_visible()
    expect(rows(page)).to_have_count(2)
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#send-status").get_by_role("button", name="破棄").click()
    expect(unsent(page)).to_have_count(0)
    expect(page.locator("#send-status")).to_be_hidden()
    assert [t for t, _k in stored(manage, hanchan)] == ["ron", "draw"]


def test_a_queued_hand_the_server_refuses_for_itself_is_kept_with_the_reason(page: Page, manage, hanchan):
    """Not a change elsewhere: the hand itself cannot be recorded (3翻 without 符, typed offline)."""
    open_hanchan(page, hanchan)
    page.context.set_offline(True)
    choose(page, "結果", "ロン")
    choose(page, "和了者", "北川")
    choose(page, "放銃者", "東野")
    choose(page, "翻", "3")
    record_button(page).click()
    expect(unsent(page)).to_have_count(1)
    page.context.set_offline(False)
    conflict = page.locator("#send-status .send-conflict")
    expect(conflict.locator(".send-refused")).to_be_visible()
    expect(conflict.locator(".send-refused")).to_have_text("未送信の局が記録できませんでした。内容を確認してください")
    expect(conflict.locator(".send-detail")).to_contain_text("3翻は符も選んでください")
    expect(conflict.locator(".send-stale")).to_be_hidden()
    expect(unsent(page)).to_have_count(1)
    assert len(stored(manage, hanchan)) == 1


def test_a_request_that_never_answers_times_out_as_not_sent(page: Page, manage, hanchan):
    """A dead connection (the request hangs) ends as 送信できませんでした after the form's timeout."""
    open_hanchan(page, hanchan)
    page.route(POSTS, lambda route: None)  # never answered
    fill_ron(page)
    record_button(page).click()
    expect(record_button(page)).to_have_text("送信中…")
    failed = page.locator("#send-status .send-failed")
    expect(failed).to_be_visible(timeout=20_000)
    expect(failed).to_contain_text("送信できませんでした")
    expect(record_button(page)).to_be_enabled()
    page.unroute(POSTS)
    page.locator("#send-status").get_by_role("button", name="再送信").click()
    expect(rows(page)).to_have_count(2)
    assert len(stored(manage, hanchan)) == 2


def test_the_messages_come_in_english_too(page: Page, manage, hanchan):
    login(page, USER)
    page.get_by_role("button", name="English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.goto(f"/hanchan/{hanchan}/")
    page.route(POSTS, lambda route: route.abort("internetdisconnected"))
    form = page.locator("#hand-form")
    for group, name in (("Result", "Tsumo"), ("Winner", "西山"), ("han", "2"), ("fu", "30")):
        form.get_by_role("group", name=group, exact=True).locator("label").filter(
            has_text=re.compile(f"^{re.escape(name)}$")).click()
    record_button(page).click()
    failed = page.locator("#send-status .send-failed")
    expect(failed).to_be_visible()
    expect(failed).to_contain_text("Could not send")
    expect(failed.get_by_role("button", name="Send again")).to_be_visible()
    failed.get_by_role("button", name="Keep unsent, enter the next hand").click()
    expect(unsent(page)).to_have_count(1)
    expect(unsent(page)).to_contain_text("Unsent")
    expect(page.locator("#send-status .send-count")).to_have_text("Unsent hands: 1")
    screen(page, "en-unsent")
    page.unroute(POSTS)
    page.locator("#send-status").get_by_role("button", name="Send unsent hands").click()
    expect(unsent(page)).to_have_count(0)
    expect(rows(page)).to_have_count(2)
    assert [t for t, _k in stored(manage, hanchan)] == ["ron", "tsumo"]


def test_a_tap_while_the_live_preview_is_on_its_way_is_not_dropped(page: Page, manage, hanchan):
    """Every change of the form asks for the live verdict (a preview request from inside the form).
    The record tap must not be dropped because such a request is still on its way (the form's
    hx-sync="this:drop" is for double taps on 記録する, not for the preview)."""
    open_hanchan(page, hanchan)
    previews = []
    page.route("**/hands/preview/", lambda route: previews.append(route))  # held: a slow network
    fill_ron(page)
    while not previews:
        page.wait_for_timeout(50)
    record_button(page).click()
    expect(rows(page)).to_have_count(2)
    for route in previews:
        route.continue_()
    assert len(stored(manage, hanchan)) == 2


def test_a_multi_winner_ron_waits_for_the_network_instead_of_being_queued(page: Page, manage, hanchan):
    """A form drawn from 「＋和了者を追加」 holds the listed win: the phone cannot clear it for the next
    hand, so without signal it is not queued. It stays as typed, 送信できませんでした, and 再送信
    stores it once the network is back."""
    open_hanchan(page, hanchan)
    fill_ron(page)
    page.locator("#hand-form").get_by_role("button", name="＋和了者を追加").click()
    listed = page.locator("#hand-form .other-wins")
    expect(listed).to_contain_text("北川")
    page.context.set_offline(True)
    choose(page, "和了者", "南田")
    choose(page, "翻", "1")
    choose(page, "符", "30")
    record_button(page).click()
    failed = page.locator("#send-status .send-failed")
    expect(failed).to_be_visible()
    expect(page.locator('#send-status [data-act="keep"]')).to_be_hidden()
    expect(unsent(page)).to_have_count(0)
    expect(listed).to_contain_text("北川")
    assert len(stored(manage, hanchan)) == 1
    page.context.set_offline(False)
    page.locator('#send-status [data-act="retry"]').click()
    expect(rows(page)).to_have_count(2)
    assert [t for t, _k in stored(manage, hanchan)] == ["ron", "ron"]
    out = manage("shell", "-c", (
        "from scoring.models import HandRecord; "
        f"print('WINS', len(HandRecord.objects.filter(hanchan_id={hanchan}).latest('order').event['wins']))"))
    assert "WINS 2" in out

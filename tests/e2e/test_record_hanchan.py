"""A whole club evening in the browser, as a scorekeeper does it on a phone.

First run → the first administrator → four members → a club day → a hanchan → six hands (ron with
riichi, tsumo, a draw with two tenpai and a riichi stick, chombo, a win entered by tapping tiles on
the palette) → a hand recorded by mistake and undone → finish early → the results table → a second
hanchan under the tenhou rule set with a double ron. Expected scores are worked out by hand below.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

# Seats from 起家: A (東, first dealer), B, C, D.
A, B, C, D = "青木", "井上", "上田", "江藤"
KANA = {A: "あおき", B: "いのうえ", C: "うえだ", D: "えとう"}


def choose(page: Page, group: str, *names: str) -> None:
    """Tap chips (radio / checkbox labels) inside the hand form's labelled group."""
    box = page.locator("#hand-form").get_by_role("group", name=group, exact=True)
    for name in names:
        box.locator("label").filter(has_text=re.compile(f"^{re.escape(name)}$")).click()


def record(page: Page, expected_rows: int) -> None:
    """Submit the hand form and wait until the history shows the new hand."""
    page.locator("#hand-form").get_by_role("button", name="記録する").click()
    expect(page.locator("section.history tbody tr")).to_have_count(expected_rows)


def scores_row(page: Page) -> list[int]:
    """The running score under each player's column in the newest history row."""
    cells = page.locator("section.history tbody tr").first.locator("td.num small")
    return [int(t.replace(",", "")) for t in cells.all_inner_texts()]


def test_record_a_hanchan_from_first_run(page: Page, shot, setup_url, manage):
    # 1. First run: the setup page without the printed token is refused; the one-time URL that
    #    `make run` prints opens it; create the first admin.
    page.goto("/")
    shot("home-first-run")
    page.goto("/setup/")
    expect(page.get_by_role("alert")).to_contain_text("make run")
    page.goto(setup_url)
    expect(page.get_by_role("heading", name=re.compile("初期設定"))).to_be_visible()
    shot("setup", wide=True)
    page.get_by_label("ユーザー名").fill("kanri")
    page.get_by_label("パスワード", exact=True).fill("club-pass-2024")
    page.get_by_label("パスワード(確認)").fill("club-pass-2024")
    page.get_by_role("button", name="管理者を作成").click()
    expect(page.get_by_role("heading", name=re.compile("会員"))).to_be_visible()
    shot("members-empty")

    # 2. Four members. Saving a blank form first shows Japanese errors on the page (no browser bubble).
    page.get_by_role("link", name="会員を登録").click()
    expect(page.get_by_label("会員番号")).to_have_value("1")
    page.get_by_role("button", name="保存する").click()
    expect(page.get_by_text("名前を入力してください")).to_be_visible()
    expect(page.get_by_text("よみがなを入力してください")).to_be_visible()
    shot("member-form-blank")
    page.get_by_role("link", name="戻る").click()
    for number, name in enumerate((A, B, C, D), start=1):
        page.get_by_role("link", name="会員を登録").click()
        page.get_by_label("名前").fill(name)
        page.get_by_label("よみがな").fill(KANA[name])
        page.get_by_label("会員番号").fill(str(number))
        if name == A:
            shot("member-form")
        page.get_by_role("button", name="保存する").click()
        expect(page.get_by_role("cell", name=name, exact=True)).to_be_visible()
    shot("members", wide=True)

    # 3. A club day with the default rule set.
    page.get_by_role("navigation").get_by_role("link", name="例会").click()
    page.get_by_role("link", name="例会を作成").click()
    page.get_by_label("日付").fill("2026-11-22")
    page.get_by_label("会場").fill("公民館")
    ruleset = page.get_by_label("ルール")
    if not ruleset.input_value():
        ruleset.select_option(index=1)
    shot("clubday-form")
    page.get_by_role("button", name="作成する").click()
    expect(page.get_by_role("heading", name=re.compile("例会"))).to_be_visible()

    # 4. A hanchan: seats from 起家.
    for label, name in (("起家(東)", A), ("南家", B), ("西家", C), ("北家", D)):
        page.get_by_label(label, exact=True).select_option(label=name)
    shot("hanchan-form")
    page.get_by_role("button", name="半荘を始める").click()
    expect(page.locator("#hand-form")).to_be_visible()
    shot("hanchan-start", wide=True)

    # Hand 1 (東1局, dealer A): B declares riichi and rons C for 3翻30符, a non-dealer 3900.
    # A 25000 | B 25000 - 1000 (stick) + 3900 + 1000 (own stick back) = 28900 | C 25000 - 3900 = 21100 | D 25000
    choose(page, "結果", "ロン")
    choose(page, "和了者", B)
    choose(page, "放銃者", C)
    choose(page, "この局でリーチした人", B)
    choose(page, "翻", "3")
    choose(page, "符", "30")
    shot("hand1-ron")
    record(page, 1)
    assert scores_row(page) == [25000, 28900, 21100, 25000]

    # Hand 2 (東2局, dealer B): A tsumo 2翻30符, non-dealer: dealer pays 1000, the others 500 each.
    # A 25000 + 2000 = 27000 | B 28900 - 1000 = 27900 | C 21100 - 500 = 20600 | D 25000 - 500 = 24500
    choose(page, "結果", "ツモ")
    choose(page, "和了者", A)
    choose(page, "翻", "2")
    choose(page, "符", "30")
    shot("hand2-tsumo")
    record(page, 2)
    assert scores_row(page) == [27000, 27900, 20600, 24500]

    # Hand 3 (東3局, dealer C): exhaustive draw, A and C tenpai, C in riichi (1 stick stays on the table).
    # Noten penalty 3000: B and D pay 1500 each, A and C receive 1500 each.
    # A 27000 + 1500 = 28500 | B 27900 - 1500 = 26400 | C 20600 - 1000 + 1500 = 21100 | D 24500 - 1500 = 23000
    choose(page, "結果", "流局")
    choose(page, "テンパイした人", A, C)
    choose(page, "この局でリーチした人", C)
    shot("hand3-draw")
    record(page, 3)
    assert scores_row(page) == [28500, 26400, 21100, 23000]
    # The dealer was tenpai: 東3局 1本場, one riichi stick on the table.

    # Hand 4 (東3局 1本場): D chombo, pays 3000 to each of the other three; the hand is replayed.
    # A 31500 | B 29400 | C 24100 | D 23000 - 9000 = 14000
    choose(page, "結果", "チョンボ")
    choose(page, "対象者", D)
    shot("hand4-chombo")
    record(page, 4)
    assert scores_row(page) == [31500, 29400, 24100, 14000]

    # Hand 5 (東3局 1本場 again): D rons A; the hand is tapped on the palette:
    # 234m 567p 34s 88s + ポン 中中中, winning tile 5s. 役牌 中 1翻; fu: 20 + 4 (open 中 triplet) → 30.
    # 1翻30符 non-dealer ron = 1000, + 300 (1本場) + 1000 (the riichi stick from hand 3).
    # A 31500 - 1300 = 30200 | B 29400 | C 24100 | D 14000 + 2300 = 16300
    choose(page, "結果", "ロン")
    choose(page, "和了者", D)
    choose(page, "放銃者", A)
    choose(page, "点数の入力", "牌で入力")
    palette = page.get_by_role("group", name="牌を選ぶ")
    for tile in ("2萬", "3萬", "4萬", "5筒", "6筒", "7筒", "3索", "4索", "8索", "8索"):
        palette.get_by_role("button", name=tile, exact=True).click()
    page.get_by_role("button", name="ポン", exact=True).click()
    for _ in range(3):
        palette.get_by_role("button", name="中", exact=True).click()
    page.get_by_role("button", name="和了牌", exact=True).click()
    palette.get_by_role("button", name="5索", exact=True).click()
    form = page.locator("#hand-form")
    expect(form.locator('[name="hand"]')).to_have_value("234m567p3488s")
    expect(form.locator('[name="melds"]')).to_have_value('[{"type":"pon","tiles":"777z"}]')
    expect(form.locator('[name="win_tile"]')).to_have_value("5s")
    expect(page.locator("#preview")).to_contain_text("中")
    shot.element(page.locator(".tile-entry"), "palette")
    shot("hand5-tiles", wide=True)
    # the palette is a step: done, it folds to the tiles entered and the record button is in view
    page.get_by_role("button", name="✓ 牌の入力を終える").click()
    expect(palette).to_be_hidden()
    expect(page.locator("#hand-form").get_by_role("button", name="記録する")).to_be_in_viewport()
    shot("hand5-tiles-done")
    record(page, 5)
    assert scores_row(page) == [30200, 29400, 24100, 16300]
    shot("after-hand5", wide=True)

    # Finish early at 東4局: ranks by score, 順位点 +12000/+4000/-4000/-12000, no oka, no sticks left.
    # net = raw - 25000 + uma:
    #   A 30200 - 25000 + 12000 = +17200 → +17.2 (1位)
    #   B 29400 - 25000 +  4000 =  +8400 →  +8.4 (2位)
    #   C 24100 - 25000 -  4000 =  -4900 →  -4.9 (3位)
    #   D 16300 - 25000 - 12000 = -20700 → -20.7 (4位)    sum 0
    # A hand recorded by mistake (B tsumo 1翻30符) is undone: one tap, then the confirmation.
    choose(page, "結果", "ツモ")
    choose(page, "和了者", B)
    choose(page, "翻", "1")
    choose(page, "符", "30")
    record(page, 6)
    page.get_by_text("直前の局(#6)を取り消す").click()
    shot("undo-confirm")
    page.get_by_role("button", name="#6 を取り消す").click()
    expect(page.get_by_role("status")).to_contain_text("#6 を取り消しました")
    expect(page.locator("section.history tbody tr")).to_have_count(5)
    assert scores_row(page) == [30200, 29400, 24100, 16300]

    page.on("dialog", lambda d: d.accept())
    page.get_by_text("途中終了する").click()
    page.get_by_role("button", name="途中終了して結果を確定").click()
    results = page.locator("section", has=page.get_by_role("heading", name=re.compile("^結果")))
    expect(results.locator("tbody tr")).to_have_count(4)
    rows = [[c.strip() for c in r.locator("td").all_inner_texts()] for r in results.locator("tbody tr").all()]
    assert [(r[0], r[1], r[2].replace(",", ""), r[4]) for r in rows] == [
        ("1", A, "30200", "+17.2"),
        ("2", B, "29400", "+8.4"),
        ("3", C, "24100", "-4.9"),
        ("4", D, "16300", "-20.7"),
    ]
    shot("results", wide=True)

    # A second hanchan under the tenhou rule set (double ron allowed), put in place with manage.py.
    pk = manage("shell", "-c", (
        "import datetime; from scoring import services; from scoring.models import Member, RuleSet; "
        "day = services.clubday_create(date=datetime.date(2026, 11, 23), venue='天鳳卓', "
        "ruleset=RuleSet.objects.filter(preset='tenhou').first()); "
        f"ms = [Member.objects.get(name=n) for n in {[A, B, C, D]!r}]; "
        "print(services.hanchan_create(clubday=day, table=1, players=ms).pk)")).split()[-1]
    page.goto(f"/hanchan/{pk}/")
    # Hand 1 (東1局, dealer A): A deals into B (2翻30符, 2000) and C (1翻30符, 1000) at once.
    # A 25000 - 3000 = 22000 | B 27000 | C 26000 | D 25000
    choose(page, "結果", "ロン")
    choose(page, "和了者", B)
    choose(page, "放銃者", A)
    choose(page, "翻", "2")
    choose(page, "符", "30")
    page.get_by_role("button", name="＋和了者を追加").click()
    expect(page.locator(".other-wins")).to_contain_text(B)
    choose(page, "和了者", C)
    choose(page, "翻", "1")
    choose(page, "符", "30")
    shot("double-ron", wide=True)
    record(page, 1)
    assert scores_row(page) == [22000, 27000, 26000, 25000]
    expect(page.locator("ul.win-status li")).to_have_count(2)
    shot("after-double-ron", wide=True)

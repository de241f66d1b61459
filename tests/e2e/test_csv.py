"""CSV in the browser: results and standings download as UTF-8 with BOM through the real server,
and the import page (upload → preview → import) as the administrator, at phone and desktop width."""

from __future__ import annotations

import codecs
import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import login

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("first_admin")]

HISTORY = r'''
import datetime
from scoring import services
from scoring.models import ClubDay, Member, RuleSet
rs = RuleSet.objects.get(preset="ariari", options={})
ms = [Member.objects.filter(number=no).first() or services.member_create(name=n, kana=k, number=no)
      for no, (n, k) in enumerate([("青木", "あおき"), ("赤井", "あかい"), ("黄田", "きだ"), ("白石", "しらいし")], 931)]
if not ClubDay.objects.filter(date=datetime.date(2026, 12, 19)).exists():
    day = services.clubday_create(date=datetime.date(2026, 12, 19), venue="", ruleset=rs)
    h = services.hanchan_create(clubday=day, table=1, players=ms)
    services.hanchan_record_final_scores(hanchan=h, scores=[32600, 25000, 25000, 17400], sticks=0, by=None)
print(rs.name)
'''
IMPORT = ("date,table,game,seat,member_no,member_name,score,rank,uma,net,ruleset\r\n"
          "2027-01-03,1,1,0,931,青木,40000,,,,{rs}\r\n"
          "2027-01-03,1,1,1,932,赤井,30000,,,,{rs}\r\n"
          "2027-01-03,1,1,2,933,黄田,20000,,,,{rs}\r\n"
          "2027-01-03,1,1,3,935,緑川,10000,,,,{rs}\r\n")


def test_results_and_standings_download_as_csv_with_bom(page: Page, manage):
    manage("shell", "-c", HISTORY)
    r = page.request.get("/results.csv?from=2026-12-19&to=2026-12-19")
    assert r.ok and r.headers["content-type"] == "text/csv; charset=utf-8"
    assert r.body().startswith(codecs.BOM_UTF8)
    lines = r.body().decode("utf-8-sig").splitlines()
    assert lines[0] == "date,table,game,seat,member_no,member_name,score,rank,uma,net,ruleset,member_kana"
    assert lines[1].startswith("2026-12-19,1,1,0,931,青木,32600,1,12000,19600,") and len(lines) == 5
    s = page.request.get("/standings.csv?from=2026-12-19&to=2026-12-19")
    assert s.ok and s.body().decode("utf-8-sig").splitlines()[1].startswith("1,931,青木,1,19600,1.000,")


def test_the_import_page_fits_a_phone(page: Page, shot):
    login(page)
    page.goto("/results/import/")
    expect(page.get_by_role("heading", name="成績の取り込み(CSV・Excel)")).to_be_visible()
    page.wait_for_load_state("load")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot("import-form", wide=True)


def test_an_upload_is_previewed_then_imported(page: Page, shot, manage, tmp_path):
    rs = manage("shell", "-c", HISTORY).split()[-1]
    path = tmp_path / "kekka.csv"
    path.write_bytes(IMPORT.format(rs=rs).encode("cp932"))  # as Excel saves it
    login(page)
    page.goto("/results/import/")
    page.set_input_files("input[name=file]", str(path))
    # once sent, the button says the file is being checked and cannot be pressed again (the answer
    # is held off here by a listener that keeps the form from leaving)
    page.evaluate("document.addEventListener('submit', event => event.preventDefault())")
    page.get_by_role("button", name="確認する").click()
    expect(page.get_by_role("button", name="確認しています…")).to_be_disabled()
    # and, from two seconds on, how long it has been working
    expect(page.get_by_role("button", name=re.compile(r"^確認しています… 0:0[2-9]$"))).to_be_disabled()
    page.goto("/results/import/")
    page.set_input_files("input[name=file]", str(path))
    page.get_by_role("button", name="確認する").click()
    expect(page.locator(".csv-errors")).to_contain_text("5行目: 会員番号 935 は登録されていません")
    shot("import-refused")
    page.set_input_files("input[name=file]", str(path))
    page.get_by_label("登録されていない会員(番号か名前)は会員として作成する").check()
    page.get_by_role("button", name="確認する").click()
    expect(page.locator(".csv-summary")).to_contain_text("取り込める半荘 1")
    page.wait_for_load_state("load")  # the stylesheet too, before measuring
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    shot("import-preview", wide=True)
    page.get_by_role("button", name="1 半荘を取り込む").click()
    expect(page.locator(".messages")).to_contain_text("1 半荘(4 行)を取り込みました")
    r = page.request.get("/results.csv?from=2027-01-03")
    assert "2027-01-03,1,1,3,935,緑川,10000,4,-12000,-27000," in r.body().decode("utf-8-sig")


def test_an_excel_workbook_is_previewed_then_imported(page: Page, shot, manage, tmp_path):
    """A club's own workbook of a sheet a month (one of them a hanchan a row) and a totals sheet: a
    title, Japanese headings, the date a date cell merged over the hanchan's four rows, tables
    lettered, the members by name only (names no other test uses: the browser tests share one
    database) and new."""
    import datetime

    import openpyxl

    rs = manage("shell", "-c", HISTORY).split()[-1]
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["2027年1月 例会"])
    sheet.append(["開催日", "卓", "回戦", "氏名", "持ち点"])
    for i, (name, score) in enumerate((("桃井", 36000), ("紫藤", 28000), ("橙山", 21000), ("藍沢", 15000))):
        sheet.append([datetime.datetime(2027, 1, 10) if i == 0 else None, "A卓", 1, name, score])
    sheet.merge_cells("A3:A6")
    sheet["A3"].number_format = "ggge年m月d日"  # shown in the era, stored as a date
    february = book.create_sheet("2027年2月")
    february.append(["開催日", "卓", "回戦", "氏名", "持ち点"])
    for name, score in (("藍沢", 40000), ("橙山", 30000), ("紫藤", 20000), ("桃井", 10000)):
        february.append([datetime.datetime(2027, 2, 14), "B卓", 2, name, score])
    march = book.create_sheet("2027年3月")  # a hanchan a row, its players side by side from the first dealer
    march.append(["開催日", "東家", "持ち点", "南家", "持ち点", "西家", "持ち点", "北家", "持ち点"])
    march.append([datetime.datetime(2027, 3, 14), "紫藤", 45000, "桃井", 25000, "藍沢", 18000, "橙山", 12000])
    book.create_sheet("集計").append(["氏名", "合計"])
    book.save(tmp_path / "例会成績.xlsx")
    login(page)
    page.goto("/days/")
    page.get_by_role("link", name="CSV・Excel から取り込む").click()
    page.set_input_files("input[name=file]", str(tmp_path / "例会成績.xlsx"))
    page.get_by_label("ルール名が空の行のルール").select_option(label=rs)
    page.get_by_label("登録されていない会員(番号か名前)は会員として作成する").check()
    page.get_by_role("button", name="確認する").click()
    expect(page.locator(".csv-summary")).to_contain_text("取り込める半荘 3")
    expect(page.locator(".csv-preview")).to_contain_text("日付の見出しがないシートは読みませんでした: 集計")
    expect(page.locator(".csv-preview")).to_contain_text("3 行の空の日付・卓・回戦は、上の行と同じとして読みました")
    page.wait_for_load_state("load")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot("import-xlsx-preview", wide=True)
    page.get_by_role("button", name="3 半荘を取り込む").click()
    expect(page.locator(".messages")).to_contain_text("3 半荘(12 行)を取り込みました")
    r = page.request.get("/results.csv?from=2027-01-10&to=2027-03-14").body().decode("utf-8-sig")
    assert re.search(r"^2027-03-14,1,1,1,\d+,桃井,25000,2,", r, re.M)  # 南家, table 1, 回戦 1
    january = re.search(r"^2027-01-10,1,1,0,(\d+),桃井,36000,1,12000,23000,", r, re.M)
    assert january and re.search(rf"^2027-02-14,2,2,3,{january[1]},桃井,10000,4,", r, re.M)  # one member, both sheets
    # the import is listed where it landed, and undone there: its hanchan and club days go, then come back
    card = page.locator(".import-card", has_text="例会成績.xlsx").first
    expect(card).to_contain_text("3 半荘")
    shot("import-history", wide=True)
    card.get_by_role("link", name="取り消す…").click()
    expect(page.locator("main")).to_contain_text("取り込んだ 3 半荘(2027-01-10〜2027-03-14)を消します")
    page.get_by_role("button", name="取り消す", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("取り込んだ 3 半荘を取り消しました")
    r = page.request.get("/results.csv?from=2027-01-10&to=2027-03-14").body().decode("utf-8-sig")
    assert "桃井" not in r
    page.locator(".import-card", has_text="例会成績.xlsx").first.get_by_role("button", name="もう一度取り込む").click()
    expect(page.locator(".messages")).to_contain_text("3 半荘(12 行)を取り込みました")
    r = page.request.get("/results.csv?from=2027-01-10&to=2027-03-14").body().decode("utf-8-sig")
    assert len(re.findall(r",桃井,", r)) == 3

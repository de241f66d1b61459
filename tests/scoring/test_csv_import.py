"""The results import: the dry run (preview with per-row errors), the commit (all or nothing), the
page's permissions and encodings. The service is tested against the database, the page through the
test client."""

import codecs
import datetime
import io
import zipfile
from decimal import Decimal
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from scoring import services
from scoring.models import ClubDay, FinalScoreSheet, Hanchan, HanchanResult, Member, ResultsImport
from scoring.services import csvcells

pytestmark = pytest.mark.django_db
URL = "/results/import/"
HEADER = "date,table,game,seat,member_no,member_name,score,rank,uma,net,ruleset\n"
GAME = ("2026-11-01,1,1,0,1,山田,32600,1,12000,19600,ありあり\n"
        "2026-11-01,1,1,1,2,佐藤,25000,2,4000,4000,ありあり\n"
        "2026-11-01,1,1,2,3,鈴木,25000,3,-4000,-4000,ありあり\n"
        "2026-11-01,1,1,3,4,田中,17400,4,-12000,-19600,ありあり\n")
BLANKS = ("2026-11-08,2,3,0,4,田中,40000,,,,ありあり\n"
          "2026-11-08,2,3,1,3,鈴木,30000,,,,ありあり\n"
          "2026-11-08,2,3,2,2,佐藤,20000,,,,ありあり\n"
          "2026-11-08,2,3,3,1,山田,10000,,,,ありあり\n")


@pytest.fixture
def rs(ariari):
    ariari.name = "ありあり"
    ariari.save()
    return ariari


def check(text, **kw):
    return services.results_import_check(text=text, **kw)


def errors(plan):
    return [str(e) for e in plan.errors]


def upload(text, encoding="utf-8", name="results.csv"):
    return SimpleUploadedFile(name, text.encode(encoding) if isinstance(text, str) else text, "text/csv")


# --------------------------------------------------------------------------- the service


def test_a_valid_file_plans_one_hanchan_per_four_rows(rs, members):
    plan = check(HEADER + GAME + BLANKS)
    assert plan.ok and plan.rows == 8 and errors(plan) == []
    assert [(h.date, h.table, h.game) for h in plan.hanchans] == [
        (datetime.date(2026, 11, 1), 1, 1), (datetime.date(2026, 11, 8), 2, 3)]
    assert set(plan.new_days) == {datetime.date(2026, 11, 1), datetime.date(2026, 11, 8)}


def test_the_dry_run_saves_nothing(rs, members):
    check(HEADER + GAME, create_members=True)
    assert not Hanchan.objects.exists() and not ClubDay.objects.exists()


def test_an_import_stores_sheets_results_and_the_files_game_number(rs, members, scorekeeper):
    services.results_import(text=HEADER + GAME + BLANKS, by=scorekeeper)
    h = Hanchan.objects.get(table=2)
    assert (h.number, h.mode, h.state, h.ruleset) == (3, "final", "finished", None)
    assert h.clubday.date == datetime.date(2026, 11, 8) and h.clubday.ruleset == rs
    assert [m.number for m in h.members] == [4, 3, 2, 1]
    assert FinalScoreSheet.objects.get(hanchan=h).scores == [40000, 30000, 20000, 10000]
    # blank rank, uma and net were computed from the rule set (ありあり 25000 返し, 12000/4000)
    assert list(h.results.order_by("seat").values_list("rank", "uma", "net")) == [
        (1, 12000, 27000), (2, 4000, 9000), (3, -4000, -9000), (4, -12000, -27000)]
    assert HanchanResult.objects.count() == 8
    # each row's history names who imported it, as for one typed in; a later write moves the version
    assert list(h.history.values_list("history_type", "history_user", "state")) == [("+", scorekeeper.pk, "finished")]
    assert FinalScoreSheet.history.filter(history_user=scorekeeper).count() == 2
    assert HanchanResult.history.filter(history_user=scorekeeper, hanchan_id=h.pk).count() == 4
    assert h.version == ResultsImport.objects.get().version == 1


def test_an_existing_club_day_is_used_and_a_different_rule_set_goes_on_the_hanchan(rs, members, scorekeeper):
    other = services.ruleset_create(name="天鳳", preset="tenhou")
    day = services.clubday_create(date=datetime.date(2026, 11, 1), venue="公民館", ruleset=other)
    services.results_import(text=HEADER + GAME, by=scorekeeper)
    h = Hanchan.objects.get()
    assert h.clubday == day and h.ruleset == rs and h.ruleset_in_force == rs


def test_a_hanchan_already_in_the_slot_is_refused_not_overwritten(rs, members, scorekeeper):
    day = services.clubday_create(date=datetime.date(2026, 11, 1), venue="", ruleset=rs)
    services.hanchan_create(clubday=day, table=1, players=members[1:5])
    plan = check(HEADER + GAME)
    assert errors(plan) == ["2〜5行目: 2026-11-01 1卓 1回戦 はすでに記録されています(上書きはしません。先にその半荘を確かめてください)"]


def test_a_file_imported_again_with_more_rows_skips_the_hanchan_already_recorded_as_it_has_them(rs, members,
                                                                                                 scorekeeper):
    """A club's history file grows and is imported again: what is stored as the file has it is
    skipped and told; what differs (a score, a player, the rule set) is refused, not overwritten."""
    services.results_import(text=HEADER + GAME, by=scorekeeper)
    plan = check(HEADER + GAME + BLANKS)
    assert plan.ok, errors(plan)
    assert [(h.date.day, h.table) for h in plan.hanchans] == [(8, 2)]
    assert plan.notes == ["1 半荘はすでに同じ内容で記録されているので、取り込まずに飛ばします"]
    assert errors(check(HEADER + GAME)) == ["このファイルの半荘はすべて記録済みです。取り込むものはありません"]
    services.ruleset_create(name="天鳳", preset="tenhou")
    for changed in (GAME.replace("32600,1,12000,19600", "32700,1,12000,19700").replace("17400,4,-12000,-19600",
                                                                                       "17300,4,-12000,-19700"),
                    GAME.replace(",1,山田,", ",5,伊藤,"), GAME.replace("ありあり", "天鳳").replace(",4000,4000,", ",,,")
                    .replace(",-4000,-4000,", ",,,").replace("12000,19600", ",").replace("-12000,-19600", ",")):
        assert errors(check(HEADER + changed)) == [
            "2〜5行目: 2026-11-01 1卓 1回戦 はすでに記録されています(上書きはしません。先にその半荘を確かめてください)"]


@pytest.mark.parametrize("edit, message", [
    (("2026-11-01,1,1,0,1,山田,32600", "2026-13-01,1,1,0,1,山田,32600"), "2行目: 日付 2026-13-01 はありません。月と日を確かめてください"),
    ((",32600,1,", ",3万,1,"), "2行目: score(素点) が数ではありません(3万)"),
    ((",32600,1,", ",,1,"), "2行目: score(素点) が空です"),
    (("1,1,0,1,山田", "1,1,7,1,山田"), "2行目: 席(seat)は起家から 0〜3 です(7)"),
    (("1,1,0,1,山田", "1,1,0,99999999999999999999999,山田"), "2行目: 会員番号は1以上の整数で書いてください(99999999999999999999999)"),
    (("1,1,0,1,山田", "1,1,0,0,山田"), "2行目: 会員番号は1以上の整数で書いてください(0)"),
    (("2026-11-01,1,1,0", "0001-01-01,1,1,0"), "2行目: 例会の日付は 1900-01-01 から "),
    (("2026-11-01,1,1,0", "2206-11-01,1,1,0"), "2行目: 例会の日付は 1900-01-01 から "),
    ((",32600,1,", ",1e309,1,"), "2行目: score(素点) が数ではありません(1e309)"),
    ((",32600,1,12000", ",32600,5,12000"), "2行目: 順位(rank)は 1〜4 です(5)"),
    (("1,1,1,2,佐藤", "1,1,0,2,佐藤"), "2〜5行目: 2026-11-01 1卓 1回戦: 席 0〜3 の4行が1回ずつ必要です(あるのは 0, 0, 2, 3)"),
    (("1,1,1,2,佐藤", "1,1,1,1,佐藤"), "2〜5行目: 2026-11-01 1卓 1回戦: 同じ会員(会員番号 1)が2回入っています"),
    ((",17400,4,", ",16400,4,"), "2〜5行目: 2026-11-01 1卓 1回戦: 素点の合計が 100000 点になりません(99000 点)。供託は最終得点に含めてください"),
    ((",32600,1,12000,19600", ",32600,1,12000,20600"),
     "2〜5行目: 2026-11-01 1卓 1回戦: ルール「ありあり」での計算と合いません: 2行目の成績 20600(計算では 19600)"),
    ((",25000,2,4000", ",25000,3,4000"),
     "2〜5行目: 2026-11-01 1卓 1回戦: ルール「ありあり」での計算と合いません: 3行目の順位 3(計算では 2)"),
    (("3,鈴木,25000,3,-4000,-4000,ありあり", "3,鈴木,25000,3,-4000,-4000,天鳳"),
     "2〜5行目: 2026-11-01 1卓 1回戦: 4行のルール名が揃っていません(ありあり、天鳳)"),
    (("ありあり", "ないルール"), "2〜5行目: 2026-11-01 1卓 1回戦: ルール「ないルール」は登録されていません(登録済み: "),
    (("1,1,3,4,田中", "1,1,3,99,田中"),
     "5行目: 会員番号 99 は登録されていません(先に会員を登録するか、「会員として作成する」にチェックを入れてください)"),
])
def test_each_kind_of_bad_row_gets_a_clear_message_and_nothing_is_saved(rs, members, scorekeeper, edit, message):
    old, new = edit
    assert old in GAME
    text = HEADER + GAME.replace(old, new)
    plan = check(text + BLANKS)
    assert any(e.startswith(message) for e in errors(plan)), errors(plan)
    assert len(plan.hanchans) == 1  # the other hanchan is fine, but:
    with pytest.raises(ValidationError) as exc:
        services.results_import(text=text + BLANKS, by=scorekeeper)
    assert any(m.startswith(message) for m in exc.value.messages)
    assert not Hanchan.objects.exists() and not ClubDay.objects.exists() and Member.objects.count() == 5


def test_missing_columns_are_named(rs, members):
    plan = check(HEADER.replace(",score", "") + GAME)
    assert errors(plan)[0].startswith("1行目: 見出し行に列がありません: score(素点)")
    plan = check(HEADER.replace(",member_no,member_name", "") + GAME)
    assert errors(plan)[0].startswith("1行目: 見出し行に列がありません: member_no(会員番号)")


def drop_columns(text, *names):
    """``text`` without the columns ``names`` (header and rows)."""
    lines = [line.split(",") for line in text.splitlines()]
    keep = [i for i, name in enumerate(lines[0]) if name not in names]
    return "".join(",".join(cells[i] for i in keep) + "\n" for cells in lines)


def test_rank_uma_net_and_member_columns_may_be_left_out(rs, members):
    plan = check(drop_columns(HEADER + GAME, "rank", "uma", "net", "member_name"))
    assert plan.ok, errors(plan)
    assert plan.hanchans[0].players[0]["net"] == 19600
    plan = check(drop_columns(HEADER + GAME, "member_no"))
    assert plan.ok, errors(plan)
    assert plan.hanchans[0].numbers == [1, 2, 3, 4]


def test_without_seats_the_rows_order_is_the_seating_from_the_first_dealer(rs, members):
    plan = check(drop_columns(HEADER + BLANKS, "seat"))
    assert plan.ok, errors(plan)
    assert plan.hanchans[0].numbers == [4, 3, 2, 1]
    one_blank = HEADER + BLANKS.replace("2026-11-08,2,3,0,", "2026-11-08,2,3,,")
    assert errors(check(one_blank)) == ["2〜5行目: 2026-11-08 2卓 3回戦: 席は4行とも書くか、4行とも空にしてください(空なら行の順に起家から)"]
    three = drop_columns(HEADER + BLANKS.rsplit("2026-11-08", 1)[0], "seat")
    assert errors(check(three)) == ["2〜4行目: 2026-11-08 2卓 3回戦: 1半荘に4行が必要です(3 行)"]


def test_without_a_table_column_every_row_is_table_1_as_in_a_sheet_of_a_hanchan_a_row(rs, members):
    """A one-table club's sheet: 日付,回戦,名前,素点. Two tables written without their column are
    eight players in one hanchan: refused, the note saying every row was read as table 1."""
    one_table = drop_columns(HEADER + GAME + BLANKS.replace("2026-11-08,2,3", "2026-11-01,1,2"),
                             "table", "seat", "member_no", "rank", "uma", "net", "ruleset")
    assert one_table.startswith("date,game,member_name,score\n")
    plan = check(one_table, ruleset=rs)
    assert plan.ok, errors(plan)
    assert [(h.table, h.game, h.numbers) for h in plan.hanchans] == [(1, 1, [1, 2, 3, 4]), (1, 2, [4, 3, 2, 1])]
    assert plan.notes == ["卓の列がないので、どの行も1卓として読みました(卓が2つ以上なら、卓の列を足してください)"]
    two_tables = check(one_table.replace("2026-11-01,2,", "2026-11-01,1,"), ruleset=rs)
    assert errors(two_tables) == ["2〜9行目: 2026-11-01 1卓 1回戦: 1半荘に4行が必要です(8 行)"]
    assert two_tables.notes == plan.notes


def test_a_chosen_rule_set_stands_for_a_blank_or_absent_ruleset_column(rs, members, ariari):
    other = services.ruleset_create(name="供託没収", preset="ariari", options={"leftover_sticks_to_top": False})
    no_column = drop_columns(HEADER + GAME, "ruleset")
    assert errors(check(no_column)) == ["ファイルにルールの列がありません。取り込むルールを選んでください"
                                        "(画面では「ルール名が空の行のルール」、importresults では --ruleset)"]
    plan = check(no_column, ruleset=other)
    assert plan.ok, errors(plan)
    assert plan.hanchans[0].ruleset == other
    blank_one = HEADER + GAME.replace(",ありあり\n", ",\n", 1)
    assert errors(check(blank_one)) == ["2行目: ruleset(ルール名)が空です"]  # its game's other rows: no more noise
    plan = check(blank_one, ruleset=rs)
    assert plan.ok, errors(plan)
    services.results_import(text=no_column, ruleset=other, by=None)
    assert Hanchan.objects.get().clubday.ruleset == other


def test_a_short_row_is_refused_with_its_line(rs, members):
    plan = check(HEADER + GAME + "2026-11-02,1,1\n")
    assert "6行目: 列が足りません(11 列あるはずが 3 列)" in errors(plan)


def test_an_empty_file_says_so(rs):
    assert errors(check("")) == ["取り込む行がありません"]
    assert errors(check(HEADER)) == ["取り込む行がありません"]


def test_too_many_rows_are_refused(rs, members, monkeypatch):
    from scoring.services import csvplan
    monkeypatch.setattr(csvplan, "MAX_ROWS", 6)
    plan = check(HEADER + GAME + BLANKS)
    assert not plan.ok and errors(plan) == ["行が多すぎます(6 行まで)。期間を分けて取り込んでください"]


def test_unknown_members_are_created_when_asked_with_their_reading(rs, members, scorekeeper):
    text = (HEADER + GAME.replace("3,4,田中", "3,31,タナカ ハナコ").replace("2,3,鈴木", "2,32,鈴木一郎")
            .replace("1,2,佐藤", "1,33,John Smith"))
    plan = check(text, create_members=True)
    assert plan.ok and plan.new_members == {31: ("タナカ ハナコ", "たなか はなこ"), 32: ("鈴木一郎", "すずきいちろう"),
                                            33: ("John Smith", "ん")}
    assert ("新しい会員 2 人のよみがなは名前の漢字から推測しました(推測できない名前は仮に「ん」、五十音順で最後)。"
            "違っていたら会員の編集で直してください: 鈴木一郎(すずきいちろう)、John Smith(ん)") in plan.notes
    services.results_import(text=text, create_members=True, by=scorekeeper)
    assert Member.objects.get(number=31).kana == "たなか はなこ"
    assert Member.objects.get(number=32).kana == "すずきいちろう"


def test_a_new_member_number_with_two_names_is_refused(rs, members):
    text = HEADER + GAME.replace("3,4,田中", "3,31,甲").replace("2,3,鈴木", "2,3,鈴木") + BLANKS.replace(
        "0,4,田中", "0,31,乙")
    plan = check(text, create_members=True)
    assert any("新しい会員番号 31 の名前が行によって違うか空です(乙、甲)" in e for e in errors(plan))


def test_a_known_number_with_another_name_is_imported_with_a_note(rs, members):
    plan = check(HEADER + GAME.replace("1,山田", "1,山田太郎"))
    assert plan.ok and any("会員番号 1 は「山田」として登録されています(CSV では「山田太郎」)" in n for n in plan.notes)


def test_excel_dates_and_numbers_are_accepted(rs, members):
    text = HEADER + GAME.replace("2026-11-01", "2026/11/1").replace("32600", "32600.0").replace(",19600,", ",\"19,600\",")
    plan = check(text)
    assert plan.ok, errors(plan)


def test_a_japanese_sheets_minus_signs_full_width_digits_and_dates_are_accepted(rs, members):
    """A sheet kept in Excel the Japanese way: ▲/△ for a minus, full-width digits, 年月日 dates."""
    text = HEADER + (GAME.replace("2026-11-01", "2026年11月1日").replace(",-4000,-4000,", ",△4000,▲4000,")
                     .replace(",-12000,-19600,", ",－１２０００,\"−19,600\",").replace(",32600,", ",３２６００,"))
    plan = check(text)
    assert plan.ok, errors(plan)
    assert [p["net"] for p in plan.hanchans[0].players] == [19600, 4000, -4000, -19600]
    assert plan.hanchans[0].date == datetime.date(2026, 11, 1)


def test_a_sign_with_a_space_a_net_of_plus_minus_zero_and_a_zero_shown_as_a_dash_are_read(rs, members):
    """As Excel's number formats show them: #,##0;"▲ "#,##0 writes ▲ 2,300, the accounting format
    writes a zero as -; a net of nothing is written ±0. A dash is read as a zero only as a figure:
    a raw score it stands for wrongly leaves the four short of 100000 points, and is refused."""
    sheet = ("日付,卓,回戦,席,名前,素点,成績\n"
             "2026-11-01,1,1,,山田,\"61,000\",+48.0\n2026-11-01,1,1,,佐藤,\"21,000\",±0\n"
             "2026-11-01,1,1,,鈴木,\"18,000\",▲ 11.0\n2026-11-01,1,1,,田中,-,△　37.0\n"
             "2026-11-01,1,2,,山田,\"45,000\",\n2026-11-01,1,2,,佐藤,\"31,200\",\n"
             "2026-11-01,1,2,,鈴木,\"26,100\",\n2026-11-01,1,2,,田中,\"▲ 2,300\",\n")
    plan = check(sheet, ruleset=rs)
    assert plan.ok, errors(plan)
    assert [h.scores for h in plan.hanchans] == [[61000, 21000, 18000, 0], [45000, 31200, 26100, -2300]]
    assert errors(check(sheet.replace(",1,2,,佐藤,", ",1,2,-,佐藤,"), ruleset=rs)) == ["7行目: seat(席) が整数ではありません(-)"]
    assert errors(check(sheet.replace("\"▲ 2,300\"", "－"), ruleset=rs)) == [
        "6〜9行目: 2026-11-01 1卓 2回戦: 素点の合計が 100000 点になりません(102300 点)。供託は最終得点に含めてください"]


def test_dates_of_the_japanese_era_as_excel_shows_them_are_read(rs, members):
    for era in ("令和8年11月1日", "R8.11.1", "㋿8年11月1日(日)"):
        plan = check(HEADER + GAME.replace("2026-11-01", era))
        assert plan.ok and plan.hanchans[0].date == datetime.date(2026, 11, 1), (era, errors(plan))
    assert errors(check(HEADER + GAME.replace("2026-11-01", "令和8年13月1日")))[0].startswith(
        "2〜5行目: 日付 令和8年13月1日 はありません。月と日を確かめてください")


def test_a_date_saved_without_its_year_is_told_how_excel_shows_the_year(rs, members):
    assert errors(check(HEADER + GAME.replace("2026-11-01", "11月1日(日)")))[0] \
        == "2〜5行目: 日付に年がありません(11月1日(日))。Excel で日付の表示形式を 2026/11/1 にしてから保存してください"


def test_tables_games_seats_and_ranks_may_be_written_with_their_units(rs, members):
    sheet = "".join(f"2026年11月1日(日),1卓,第1回戦,{wind},{no},,{score},{rank}位,,,ありあり\n" for wind, no, score, rank in
                    (("東", 1, 32600, 1), ("南家", 2, 25000, 2), ("西", 3, 25000, 3), ("北", 4, 17400, 4)))
    plan = check(HEADER + sheet)
    assert plan.ok, errors(plan)
    assert (plan.hanchans[0].date, plan.hanchans[0].table, plan.hanchans[0].game) == (datetime.date(2026, 11, 1), 1, 1)
    assert plan.hanchans[0].numbers == [1, 2, 3, 4]
    assert errors(check(HEADER + sheet.replace("北,", "北北,")))[0] == "5行目: seat(席) が整数ではありません(北北)"


def test_lettered_tables_the_first_dealer_as_kiya_units_on_figures_and_a_date_with_its_time_are_read(rs, members):
    """As other scorekeeping apps and clubs that letter their tables write a hanchan."""
    sheet = "日時,卓,回戦,席,名前,素点,成績\n" + "".join(
        f"2026-11-01T19:30:00,Ａ卓,1,{seat},{name},{score}点,{net}pt\n" for seat, name, score, net in
        (("起家", "山田", 32600, "+19.6"), ("南家", "佐藤", 25000, "+4.0"), ("西家", "鈴木", 25000, "▲4.0"),
         ("北家", "田中", 17400, "▲19.6")))
    plan = check(sheet, ruleset=rs)
    assert plan.ok, errors(plan)
    h = plan.hanchans[0]
    assert (h.date, h.table, h.game, h.numbers, h.scores) == (datetime.date(2026, 11, 1), 1, 1, [1, 2, 3, 4],
                                                              [32600, 25000, 25000, 17400])


def test_a_header_in_japanese_names_the_same_columns(rs, members):
    plan = check("日付,卓,回戦,席,会員番号,名前,素点,順位,順位点,成績,ルール\n" + GAME)
    assert plan.ok, errors(plan)
    assert [p["name"] for p in plan.hanchans[0].players] == ["山田", "佐藤", "鈴木", "田中"]


def test_a_sheets_own_headings_for_the_same_columns_are_read(rs, members):
    """Headings club sheets use besides the export's and 日付,卓,…: 開催日, 卓番, 氏名, 持ち点, 着順, ポイント."""
    sheet = "開催日,卓番,半荘,座席,会員Ｎｏ,氏名,持ち点（点）,着順,ウマ[千点],ポイント【pt】,ルール名,備考\n" + GAME.replace("\n", ",\n")
    plan, expected = check(sheet), check(HEADER + GAME)
    assert plan.ok, errors(plan)
    assert [(h.date, h.table, h.game, h.numbers, h.scores) for h in plan.hanchans] \
        == [(h.date, h.table, h.game, h.numbers, h.scores) for h in expected.hanchans]


def test_a_title_and_notes_above_the_header_are_skipped_and_lines_keep_their_numbers(rs, members):
    sheet = "2026年 例会成績,,,\n\n記入: 山田,,,\n" + HEADER + GAME.replace("2026-11-01,1,1,3,4,田中,17400", "2026-11-01,1,1,3,4,田中,x")
    assert errors(check(sheet)) == ["8行目: score(素点) が数ではありません(x)"]
    plan = check("2026年 例会成績\n" + HEADER + GAME)
    assert plan.ok and plan.rows == 4, errors(plan)


def test_a_row_is_numbered_as_the_spreadsheet_numbers_it_after_a_cell_with_a_line_break(rs, members):
    """A note written on two lines (Alt+Enter) is one row of the sheet, quoted over two lines of the
    CSV text; the rows below it keep the numbers the sheet shows, in a CSV file and in a workbook."""
    rows = [line.split(",") + [""] for line in (HEADER + GAME).splitlines()]
    rows[1][-1], rows[3][-1], rows[4][6] = "途中から\n代走", "焼き鳥\n(2人)", "二万"
    text = "".join(",".join(f'"{c}"' if "\n" in c else c for c in row) + "\n" for row in rows)
    assert text.count("\n") == 7  # five rows, two of them on two lines
    assert errors(check(text)) == ["5行目: score(素点) が数ではありません(二万)"]
    assert errors(read(workbook(rows))) == ["シート「成績」5行目: score(素点) が数ではありません(二万)"]


def test_the_header_is_the_row_naming_the_raw_scores_and_a_date_written_above_it_dates_every_row(rs, members):
    """A sheet that writes its date once above the header (開催日,2026/11/1,会場,…), its header
    without a date column: the line above is not taken for the header."""
    rows = "".join(f"1,1,{name},{score}\n" for name, score in (("山田", 32600), ("佐藤", 25000), ("鈴木", 25000),
                                                               ("田中", 17400)))
    sheet = "開催日,2026/11/1,会場,公民館2F\n\n卓,回戦,名前,素点\n" + rows
    plan = check(sheet, ruleset=rs)
    assert plan.ok, errors(plan)
    assert [(h.date, h.numbers) for h in plan.hanchans] == [(datetime.date(2026, 11, 1), [1, 2, 3, 4])]
    assert plan.notes == ["日付の列がないので、見出しの上に書かれた日付 2026/11/1 で読みました"]
    assert errors(check(sheet.replace("17400", "x"), ruleset=rs)) == ["7行目: score(素点) が数ではありません(x)"]
    assert errors(check(sheet.replace("開催日,2026/11/1", "会場,"), ruleset=rs)) == [
        "3行目: 見出し行に列がありません: date(日付)(見出し行は "
        "date,table,game,seat,member_no,member_name,score,rank,uma,net,ruleset,member_kana)"]


def test_a_file_with_no_header_in_its_first_rows_says_which_columns_are_missing(rs, members):
    plan = check("卓,回戦,席,名前,素点\n" + "\n".join(["1,1,0,山田,32600"] * 12) + "\n", ruleset=rs)
    assert errors(plan) == ["1行目: 見出し行に列がありません: date(日付)(見出し行は "
                            "date,table,game,seat,member_no,member_name,score,rank,uma,net,ruleset,member_kana)"]


def merged_cells(text):
    """The rows as Excel saves a sheet whose date, table and game are merged cells: written on the
    first row they cover, blank below."""
    out, above = [], [None] * 3
    for line in text.splitlines():
        cells = line.split(",")
        out.append(",".join(["" if cells[i] == above[i] else cells[i] for i in range(3)] + cells[3:]))
        above = cells[:3]
    return "\n".join(out) + "\n"


def test_blank_dates_tables_and_games_of_merged_cells_are_the_row_aboves(rs, members):
    sheet = GAME + GAME.replace(",1,1,", ",2,1,").replace(",1,山田", ",5,伊藤") + BLANKS
    merged = merged_cells(sheet)
    assert merged.splitlines()[4] == ",2,,0,5,伊藤,32600,1,12000,19600,ありあり"  # the 回戦 merged across tables
    plan, expected = check(HEADER + merged), check(HEADER + sheet)
    assert plan.ok, errors(plan)
    assert [(h.date, h.table, h.game, h.numbers) for h in plan.hanchans] \
        == [(h.date, h.table, h.game, h.numbers) for h in expected.hanchans] and len(plan.hanchans) == 3
    assert "11 行の空の日付・卓・回戦は、上の行と同じとして読みました(Excel の結合セル)" in plan.notes
    assert not any("結合セル" in n for n in expected.notes)


def test_a_totals_row_below_a_merged_hanchan_is_refused_by_its_line_not_made_a_fifth_player(rs, members):
    plan = check(HEADER + merged_cells(GAME) + ",,,,,合計,100000,,,,ありあり\n")
    assert errors(plan) == ["6行目: 合計の行のようです(「合計」)。合計の行を消してから取り込んでください"]
    assert errors(check(HEADER + ",1,1,0,1,山田,32600,1,12000,19600,ありあり\n"))[0] \
        == "2行目: 日付は 2026-11-01 の形で書いてください()"  # the first row has none above it


def test_rows_of_totals_are_refused_saying_what_they_look_like_and_what_to_do(rs, members):
    """A check row below each hanchan (計,100000) and a totals row at the bottom: refused once, by
    their lines (not skipped: a row of data is never left out without a word)."""
    rows = merged_cells(GAME + BLANKS.replace("2026-11-08,2,3", "2026-11-01,1,2")).splitlines()
    plan = check(HEADER + "\n".join(rows[:4] + [",,,,,計,100000,,,,"] + rows[4:] + [",,,,,計,100000,,,,", "",
                                                                                     "合 計,,,,,,200000,,,0,"]) + "\n")
    assert errors(plan) == ["6, 11, 13行目: 合計の行のようです(「計」)。合計の行を消してから取り込んでください"]
    assert plan.rows == 11


def test_a_new_members_reading_is_read_from_its_column_not_guessed(rs, members, scorekeeper):
    text = (HEADER.replace("ruleset", "ruleset,member_kana") + GAME.replace("\n", ",\n")
            .replace("3,4,田中,17400,4,-12000,-19600,ありあり,", "3,31,林太郎,17400,4,-12000,-19600,ありあり,ハヤシ　タロウ")
            .replace("2,3,鈴木,25000,3,-4000,-4000,ありあり,", "2,32,中村正,25000,3,-4000,-4000,ありあり,"))
    plan = check(text, create_members=True)
    assert plan.ok and plan.new_members == {31: ("林太郎", "はやし たろう"), 32: ("中村正", "なかむらせい")}
    assert any(n.startswith("新しい会員 1 人のよみがなは") and n.endswith(": 中村正(なかむらせい)") for n in plan.notes)
    bad = check(text.replace("ハヤシ　タロウ", "Hayashi"), create_members=True)
    assert errors(bad) == ["5行目: 新しい会員番号 31 のよみがなは、ひらがなかカタカナ100文字までで、どの行も同じにしてください(Hayashi)"]
    services.results_import(text=text, create_members=True, by=scorekeeper)
    assert Member.objects.get(number=31).kana == "はやし たろう"


def test_a_sheets_furigana_column_gives_new_members_their_readings(rs, members):
    sheet = "日付,卓,回戦,名前,フリガナ,素点\n" + "".join(
        f"2026-11-01,1,1,{name},{kana},{score}\n" for name, kana, score in
        (("林太郎", "はやし たろう", 32600), ("森久美子", "モリ クミコ", 25000), ("山田", "", 25000), ("佐藤", "", 17400)))
    plan = check(sheet, ruleset=rs, create_members=True)
    assert plan.ok, errors(plan)
    assert sorted(plan.new_members.values()) == [("林太郎", "はやし たろう"), ("森久美子", "もり くみこ")]


def test_two_headings_of_the_same_column_are_refused_not_guessed(rs, members):
    plan = check("日付,卓,回戦,席,会員番号,名前,氏名,素点\n" + "".join(
        f"2026-11-01,1,1,{seat},{no},{name},{name},{score}\n"
        for seat, (no, name, score) in enumerate(((1, "山田", 32600), (2, "佐藤", 25000), (3, "鈴木", 25000),
                                                  (4, "田中", 17400)))), ruleset=rs)
    assert errors(plan) == ["1行目: 見出し行に同じ列が2つあります: member_name(名前)。どちらかの見出しを変えてください"]


def test_a_sheet_of_a_hanchan_a_row_is_read_its_players_in_seat_order(rs, members):
    """Four players side by side: the columns in seat order from the first dealer; the date merged
    over the rows below it, no table column (one table), the 回戦 numbered by the rows' order
    where the sheet leaves it blank."""
    plan = check("日付,回戦,東家,素点,南家,素点,西家,素点,北家,素点\n"
                 + "2026-11-01,,山田,32600,佐藤,25000,鈴木,25000,田中,17400\n"
                 + ",,田中,40000,鈴木,30000,佐藤,20000,山田,10000\n"
                 + ",5,佐藤,25000,山田,25000,田中,25000,鈴木,25000\n", ruleset=rs)
    assert plan.ok, errors(plan)
    expected = check(HEADER + GAME + BLANKS.replace("2026-11-08,2,3", "2026-11-01,1,2"))
    assert [(h.date, h.table, h.game, h.numbers, h.scores) for h in plan.hanchans[:2]] \
        == [(h.date, h.table, h.game, h.numbers, h.scores) for h in expected.hanchans]
    assert (plan.hanchans[2].game, plan.hanchans[2].result["ranks"]) == (5, [1, 2, 3, 4])  # ties: 上家優先
    assert plan.rows == 3 and plan.notes == ["卓の列がないので、どの行も1卓として読みました(卓が2つ以上なら、卓の列を足してください)",
                                             "回戦が書かれていない 2 行は、日付と卓ごとに上の行の次の回戦として読みました",
                                             "2 行の空の日付・卓・回戦は、上の行と同じとして読みました(Excel の結合セル)"]


@pytest.mark.parametrize("seats", ["東,素点,南,素点,西,素点,北,素点", "起家,素点,南家,素点,西家,素点,北家,素点"])
def test_a_sheet_of_a_hanchan_a_row_may_head_its_seats_by_their_winds_alone(rs, members, seats):
    plan = check(f"日付,卓,回戦,{seats}\n2026-11-01,1,1,山田,32600,佐藤,25000,鈴木,25000,田中,17400\n", ruleset=rs)
    assert plan.ok, errors(plan)
    assert (plan.hanchans[0].numbers, plan.hanchans[0].scores) == ([1, 2, 3, 4], [32600, 25000, 25000, 17400])


def test_a_sheet_of_a_hanchan_a_row_is_refused_by_its_line_once_per_cell(rs, members):
    plan = check("日付,卓,回戦,名前,素点,名前,素点,名前,素点,名前,素点\n"
                 "2026-13-01,1,1,山田,32600,佐藤,x,鈴木,25000,,\n", ruleset=rs)
    assert errors(plan) == ["2行目: 日付 2026-13-01 はありません。月と日を確かめてください",
                            "2行目: score(素点) が数ではありません(x)", "2行目: score(素点) が空です",
                            "2行目: 会員番号も名前も空です"]


def test_a_sheet_of_a_hanchan_a_row_in_the_order_of_places_ranks_ties_by_that_order(rs, members):
    """Headed 1位…4位: the column order is the seat order the import stores (the sheet gives no
    other), so a tie is ranked as the sheet ranks it."""
    plan = check("日付,卓,回戦,1位,素点,2位,素点,3位,素点,4位,素点\n"
                 "2026-11-01,1,1,佐藤,30000,山田,30000,田中,25000,鈴木,15000\n", ruleset=rs)
    assert plan.ok, errors(plan)
    assert [p["name"] for p in plan.hanchans[0].players] == ["佐藤", "山田", "田中", "鈴木"]
    assert plan.hanchans[0].result["ranks"] == [1, 2, 3, 4]


def test_a_sheet_of_a_hanchan_a_row_in_the_order_of_places_whose_scores_contradict_it_is_refused(rs, members):
    """Headed 1位…4位, a higher place with a lower raw score is a mistake in the sheet: refused, not
    ranked again by the scores (which would store the players in other places than the sheet's)."""
    plan = check("日付,卓,回戦,1位,素点,2位,素点,3位,素点,4位,素点\n"
                 "2026-11-01,1,1,山田,25000,佐藤,32600,鈴木,17400,田中,25000\n"
                 "2026-11-01,1,2,山田,32600,佐藤,25000,鈴木,25000,田中,17400\n", ruleset=rs)
    assert errors(plan) == ["2行目: 1位〜4位の見出しと素点の順が合いません(1位 25000 < 2位 32600、3位 17400 < 4位 25000)。"
                            "素点の高い順に並べてください(同点はどちらが上でも構いません)"]
    assert [h.game for h in plan.hanchans] == [2]


def test_a_sheet_of_a_member_a_column_says_why_it_cannot_be_read(rs, members):
    assert errors(check("日付,卓,回戦,備考,,,,,\n2026-11-01,1,1,\n", ruleset=rs))[0].startswith("1行目: 見出し行に列がありません")
    plan = check("日付,回戦,山田,佐藤,鈴木,田中,伊藤\n2026-11-01,1,32600,25000,,25000,17400\n", ruleset=rs)
    assert errors(plan) == ["1行目: 会員ごとの列に点数を書いた表は、誰がどの席だったかが分からないため読めません。"
                            "名前と素点を4人分、起家から横に並べた形(見出しは 名前,素点,名前,素点,…)に書き直してください"]


@pytest.mark.parametrize("header, message", [
    ("日付,卓,回戦,名前,素点,名前,素点,名前,素点", "1行目: 1半荘を1行に書いた表は、4人の素点の列が4つ必要です(素点の列は 3 個)"),
    ("日付,卓,卓,名前,素点,名前,素点,名前,素点,名前,素点,順位",
     "1行目: 1半荘1行の表は、名前・素点など各人の列を4人分ずつ、日付・卓・回戦を1つずつにしてください"
     "(数が合わない列: table(卓), rank(順位))"),
])
def test_a_sheet_of_a_hanchan_a_row_whose_columns_do_not_come_in_fours_says_which(rs, members, header, message):
    assert errors(check(header + "\n2026-11-01\n", ruleset=rs)) == [message]


def test_a_sheet_of_a_member_a_row_and_a_game_a_column_says_why_it_cannot_be_read(rs, members):
    plan = check("日付,名前,1回戦,2回戦,3回戦,合計\n2026-11-01,山田,+19.6,-4.0,+12.0,+27.6\n", ruleset=rs)
    assert errors(plan) == ["1行目: 1人1行に回戦ごとの成績を横に並べた表は、誰と同卓したかが分からないため読めません。"
                            "1半荘4行(卓・回戦・名前・素点)の形に書き直してください"]


def without_numbers(text):
    """The rows with their member_no cell left blank (a club that keeps names only)."""
    return "\n".join(",".join("" if i == 4 else cell for i, cell in enumerate(line.split(",")))
                     for line in text.splitlines()) + "\n"


def test_a_row_without_a_member_number_names_its_member(rs, members):
    plan = check(HEADER + without_numbers(GAME))
    assert plan.ok, errors(plan)
    assert plan.hanchans[0].numbers == [1, 2, 3, 4] and not plan.new_members


def test_a_name_finds_its_member_whatever_its_spaces(rs, members):
    services.member_create(name="長谷川 花子", kana="はせがわはなこ", number=8)
    plan = check(HEADER + without_numbers(GAME.replace("山田", "長谷川花子").replace("佐藤", "佐藤　")))
    assert plan.ok, errors(plan)
    assert plan.hanchans[0].numbers == [8, 2, 3, 4]
    new = check(HEADER + without_numbers((GAME + BLANKS).replace("山田", "新井 一", 1).replace("山田", "新井一")),
                create_members=True)
    assert new.ok, errors(new)
    assert new.new_members == {9: ("新井 一", "あらい いち")} and [h.numbers[h.names.index("新井 一")] for h in new.hanchans] == [9, 9]


def test_a_name_several_members_have_needs_a_number(rs, members):
    services.member_create(name="山田", kana="やまだ", number=9)
    plan = check(HEADER + without_numbers(GAME))
    assert errors(plan) == ["2行目: 「山田」という会員が複数います(会員番号 1、9)。会員番号を書いてください"]


def test_an_unknown_name_is_refused_or_made_a_member_under_the_next_free_number(rs, members):
    text = HEADER + without_numbers(GAME + BLANKS).replace("田中", "高橋")
    assert errors(check(text)) == ["5〜6行目: 「高橋」という会員は登録されていません(先に会員を登録するか、「会員として作成する」にチェックを入れてください)"]
    plan = check(text, create_members=True)
    assert plan.ok, errors(plan)
    assert plan.new_members == {6: ("高橋", "たかはし")}
    assert [h.numbers for h in plan.hanchans] == [[1, 2, 3, 6], [6, 3, 2, 1]]
    services.results_import(text=text, create_members=True, by=None)
    assert Member.objects.get(number=6).name == "高橋"
    assert HanchanResult.objects.filter(member__number=6).count() == 2


def test_uma_and_net_may_be_written_in_thousands_as_the_app_shows_them(rs, members):
    text = HEADER + GAME.replace(",12000,19600,", ",+12.0,+19.6,").replace(",-12000,-19600,", ",▲12,▲19.6,")
    plan = check(text)
    assert plan.ok, errors(plan)
    # a net that does not agree is told with the computed one in the sheet's unit
    plan = check(HEADER + GAME.replace(",12000,19600,", ",12000,+19.5,").replace(",-4000,-4000,", ",▲4,▲5.0,"))
    assert errors(plan) == ["2〜5行目: 2026-11-01 1卓 1回戦: ルール「ありあり」での計算と合いません: 2行目の成績 19.5(計算では 19.6)、"
                            "4行目の成績 -5.0(計算では -4.0)"]
    plan = check(HEADER + GAME.replace(",12000,19600,", ",12000,1９.6x,"))
    assert errors(plan)[0] == "2行目: net(成績) が数ではありません(1９.6x)"


@pytest.mark.parametrize("scores", [("326", "250", "250", "174"), ("32.6", "25.0", "25", "17.4")])
def test_raw_scores_may_be_written_in_hundreds_or_thousands(rs, members, scores):
    text = HEADER
    for line, score in zip(GAME.splitlines(), scores):
        cells = line.split(",")
        text += ",".join([*cells[:6], score, *cells[7:]]) + "\n"
    plan = check(text)
    assert plan.ok, errors(plan)
    assert [p["score"] for p in plan.hanchans[0].players] == [32600, 25000, 25000, 17400]


def test_a_raw_score_finer_than_a_point_is_refused(rs, members):
    plan = check(HEADER + GAME.replace(",32600,", ",32600.5,").replace(",17400,", ",17399.5,"))
    assert errors(plan) == ["2〜5行目: 2026-11-01 1卓 1回戦: 素点は点(32600)、百点単位(326)か千点単位(32.6)で書いてください"
                            "(32600.5、25000、25000、17399.5)"]
    plan = check(HEADER + GAME.replace(",32600,", ",326.5,").replace(",25000,", ",250,").replace(",17400,", ",173.5,"))
    assert errors(plan) == ["2〜5行目: 2026-11-01 1卓 1回戦: 1人目の点数が100点単位ではありません: 32650"]  # the engine's


def test_sticks_that_vanish_under_the_rule_set_are_accepted(members, scorekeeper):
    services.ruleset_create(name="供託没収", preset="ariari", options={"leftover_sticks_to_top": False})
    text = HEADER + GAME.replace("ありあり", "供託没収").replace("32600,1,12000,19600", "31600,1,12000,")
    plan = check(text)
    assert plan.ok, errors(plan)
    assert plan.hanchans[0].sticks == 1


@pytest.mark.parametrize("data, message", [
    (b"date,\x81", "文字コードを読み取れません"),
    (b"a\x00b", "文字コードを読み取れません"),
])
def test_undecodable_files_are_refused_clearly(data, message):
    with pytest.raises(ValidationError) as exc:
        services.csv_decode(data)
    assert message in exc.value.messages[0]


def test_utf8_with_or_without_bom_and_cp932_decode_to_the_same_text():
    text = HEADER + GAME
    assert services.csv_decode(text.encode()) == services.csv_decode(codecs.BOM_UTF8 + text.encode()) \
        == services.csv_decode(text.encode("cp932")) == text


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_excels_unicode_text_utf16_and_tab_separated_plans_as_the_csv_does(rs, members, encoding):
    """Excel's 「Unicode テキスト」: UTF-16 with its BOM, cells separated by tabs (Windows line ends)."""
    text = HEADER + GAME
    tabbed = "\r\n".join(line.replace(",", "\t") for line in text.splitlines()) + "\r\n"
    data = (codecs.BOM_UTF16_LE if encoding == "utf-16-le" else codecs.BOM_UTF16_BE if encoding == "utf-16-be"
            else b"") + tabbed.encode(encoding)
    plan, expected = check(services.csv_decode(data)), check(text)
    assert plan.ok, errors(plan)
    assert [(h.date, h.table, h.game, h.scores, h.numbers) for h in plan.hanchans] \
        == [(h.date, h.table, h.game, h.scores, h.numbers) for h in expected.hanchans]


def workbook(rows, *, merge=(), sheets=("成績",), active=0, others=(), hidden=()):
    """An Excel workbook as a club keeps one: ``rows`` on the sheet ``sheets[active]``, cells
    ``merge`` (e.g. "A3:A10") merged, the other sheets holding ``others`` (a list of rows for
    each, or one list of rows for all), the sheets named in ``hidden`` hidden."""
    import openpyxl

    book = openpyxl.Workbook()
    book.active.title = sheets[0]
    for name in sheets[1:]:
        book.create_sheet(name)
    book.active = active
    rest = [sheet for sheet in book.worksheets if sheet.title != sheets[active]]
    for n, other in enumerate(rest):
        for row in (others[n] if others and isinstance(others[0][0], list) else others):
            other.append(row)
    sheet = book.worksheets[active]
    for row in rows:
        sheet.append(row)
    for cells in merge:
        sheet.merge_cells(cells)
    for name in hidden:
        book[name].sheet_state = "hidden"
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def read(data, **kw):
    return services.results_import_check(sheets=services.upload_sheets(data), **kw)


def sheet_rows(text):
    """CSV rows as a workbook holds them: numbers as numbers."""
    return [[int(c) if c.lstrip("-").isdigit() else c for c in line.split(",")] for line in text.splitlines()]


def test_an_excel_workbook_plans_as_its_sheet_saved_as_csv_does(rs, members):
    """Date cells, numbers, merged 日付・卓・回戦 cells, a formula for the net (no value computed
    yet: as a program writes it, read blank) and a title above the header; empty sheets around it."""
    day = datetime.datetime(2026, 11, 1)
    players = [(1, "山田", 32600), (2, "佐藤", 25000), (3, "鈴木", 25000), (4, "田中", 17400)]
    rows = [["2026年 例会成績"], ["日付", "卓", "回戦", "会員番号", "名前", "素点", "成績"]]
    rows += [[day if i == 0 else None, 1 if i == 0 else None, 1 if i == 0 else None, no, name, float(score),
              f"=F{i + 3}/1000-25"] for i, (no, name, score) in enumerate(players)]
    data = workbook(rows, merge=("A3:A6", "B3:B6", "C3:C6"), sheets=("集計", "成績", "メモ"), active=1)
    assert [name for name, _text in services.upload_sheets(data)] == ["成績"]  # the empty sheets are not read
    plan, expected = read(data, ruleset=rs), check(HEADER + GAME)
    assert plan.ok, errors(plan)
    assert plan.notes == ["3 行の空の日付・卓・回戦は、上の行と同じとして読みました(Excel の結合セル)"]
    assert [(h.date, h.table, h.game, h.numbers, h.scores) for h in plan.hanchans] \
        == [(h.date, h.table, h.game, h.numbers, h.scores) for h in expected.hanchans]
    bad = workbook([rows[1], [day, 1, 1, 1, "山田", "x"]])
    assert errors(read(bad, ruleset=rs)) == ["シート「成績」2行目: score(素点) が数ではありません(x)"]


def test_every_sheet_of_a_workbook_is_read_and_errors_name_their_sheet(rs, members):
    """A sheet a year: all of them are read, whichever was open when it was saved; a totals sheet
    without a date heading is left out and named; an error names the sheet and its own line."""
    year = sheet_rows(HEADER + GAME)
    older = sheet_rows(HEADER + GAME.replace("2026-11-01", "2025-11-02"))
    totals = [["名前", "半荘数", "合計"], ["山田", 2, 39.2]]
    data = workbook(year, sheets=("2025年", "2026年", "集計"), active=1, others=[older, totals])
    plan = read(data, ruleset=rs)
    assert plan.ok, errors(plan)
    assert [h.date.year for h in plan.hanchans] == [2025, 2026] and plan.rows == 8
    assert plan.notes == ["日付の見出しがないシートは読みませんでした: 集計"]
    older[2][6] = "x"
    plan = read(workbook(year, sheets=("2025年", "2026年"), active=1, others=[older]), ruleset=rs)
    assert errors(plan) == ["シート「2025年」3行目: score(素点) が数ではありません(x)"]


def test_a_hanchan_on_two_sheets_and_a_new_members_rows_on_both_are_told_by_sheet(rs, members):
    copy = workbook(sheet_rows(HEADER + GAME), sheets=("11月", "全期間"), others=[sheet_rows(HEADER + GAME)])
    assert errors(read(copy)) == ["シート「11月」2〜5行目、シート「全期間」2〜5行目: 2026-11-01 1卓 1回戦 が2つ以上のシートに"
                                  "あります。同じ半荘を2度書いていないか確かめてください"]
    other = sheet_rows(HEADER + GAME.replace("2026-11-01", "2026-11-08").replace(",4,田中", ",9,新井"))
    named = sheet_rows(HEADER + GAME.replace(",4,田中", ",9,荒井"))
    plan = read(workbook(named, sheets=("11月1日", "11月8日"), others=[other]), create_members=True)
    assert errors(plan) == ["シート「11月1日」5行目、シート「11月8日」5行目: 新しい会員番号 9 の名前が行によって違うか空です(新井、荒井)"]


def test_a_hidden_sheet_is_not_read_and_a_workbook_without_results_says_why_by_sheet(rs, members):
    data = workbook(sheet_rows(HEADER + GAME), sheets=("成績", "下書き"), others=[sheet_rows(HEADER + BLANKS)],
                    hidden=("下書き",))
    assert [name for name, _text in services.upload_sheets(data)] == ["成績"]
    assert len(read(data).hanchans) == 1
    notes = workbook([["メモ"]], sheets=("メモ", "集計"), others=[[["名前", "1回戦", "2回戦"]]])
    assert [e.split(":")[0] for e in errors(read(notes))] == ["シート「メモ」1行目", "シート「集計」1行目"]


FILES = Path(__file__).parent / "files"  # its README says how each was made


def test_an_old_excel_workbook_xls_plans_as_the_same_rows_in_csv_do(rs, members):
    """Excel 97–2003: a title, the date a date cell merged over the hanchan, 1卓, nets in thousands;
    a sheet of a hanchan a row; a hidden sheet, not read."""
    data = (FILES / "club-2006.xls").read_bytes()
    assert [name for name, _text in services.upload_sheets(data)] == ["2006年", "2007年"]
    plan = read(data, ruleset=rs)
    assert plan.ok, errors(plan)
    expected = check(HEADER + GAME.replace("2026-11-01", "2006-11-05")
                     + BLANKS.replace("2026-11-08,2,3", "2007-01-07,1,1"))
    assert [(h.date, h.table, h.game, h.numbers, h.scores) for h in plan.hanchans] \
        == [(h.date, h.table, h.game, h.numbers, h.scores) for h in expected.hanchans]


@pytest.mark.parametrize("data, message", [
    ((FILES / "password.xlsx").read_bytes(), "パスワード付きのブックは読めません"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504), "Excel のブック(.xls)として読めません"),
    (b"PK\x03\x04 not a zip at all", "Excel のブック(.xlsx)として読めません"),
    (b"PK\x03\x04\x14\x00\x00\x00\x00\x00" + bytes(18) + b"mimetypeapplication/vnd.oasis.opendocument.spreadsheet",
     "LibreOffice などの .ods ファイルは読めません"),
])
def test_an_old_or_damaged_excel_file_is_refused_clearly(data, message):
    with pytest.raises(ValidationError) as exc:
        services.upload_sheets(data)
    assert exc.value.messages[0].startswith(message)


def test_an_xml_bomb_in_a_workbook_is_refused_not_expanded():
    """Billion laughs in the sheet: openpyxl parses with defusedxml, which refuses the entities."""
    entities = '<!ENTITY lol0 "lol">' + "".join(f'<!ENTITY lol{i} "{f"&lol{i - 1};" * 10}">' for i in range(1, 10))
    bomb = (f'<?xml version="1.0"?><!DOCTYPE lolz [{entities}]><worksheet xmlns='
            '"http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" '
            't="inlineStr"><is><t>&lol9;</t></is></c></row></sheetData></worksheet>')
    good, out = zipfile.ZipFile(io.BytesIO(workbook([["日付"]]))), io.BytesIO()
    with zipfile.ZipFile(out, "w") as bad:
        for info in good.infolist():
            bad.writestr(info, bomb if info.filename == "xl/worksheets/sheet1.xml" else good.read(info.filename))
    with pytest.raises(ValidationError, match="Excel のブック"):
        services.upload_sheets(out.getvalue())


def test_a_damaged_sheet_refuses_the_workbook(rs, members):
    good = zipfile.ZipFile(io.BytesIO(workbook([["日付"]], sheets=("成績", "前年"), others=[["日付"]] * 50)))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as damaged:
        for info in good.infolist():
            data = good.read(info.filename)
            cut = info.filename.endswith("sheet2.xml")  # the other sheet, cut off in the middle of its rows
            damaged.writestr(info, data[:data.index(b"<sheetData>") + 40] if cut else data)
    with pytest.raises(ValidationError, match="Excel のブック"):
        services.upload_sheets(out.getvalue())


def test_a_workbook_that_unzips_too_large_is_refused_before_it_is_read(monkeypatch):
    data = workbook([["日付"]] * 50)
    monkeypatch.setattr(csvcells, "XLSX_MAX_UNZIPPED", 1000)
    with pytest.raises(ValidationError, match="ブックを展開すると大きすぎます"):
        services.upload_sheets(data)
    monkeypatch.setattr(csvcells, "XLSX_MAX_UNZIPPED", 10**8)
    monkeypatch.setattr(csvcells, "BOOK_MAX_ROWS", 10)
    with pytest.raises(ValidationError, match="行が多すぎます"):
        services.upload_sheets(data)


def test_a_workbook_declaring_a_huge_sheet_is_read_by_its_cells_in_little_memory():
    """One value at XFD1048576 makes a 5 KB workbook declare 16,384 × 1,048,576 cells: each row was
    padded to that width (gigabytes of empty CSV). The rows are now as long as their cells, and a
    sheet of far too many cells is refused by their count."""
    import openpyxl

    def saved(fill) -> bytes:
        book = openpyxl.Workbook()
        fill(book.active)
        out = io.BytesIO()
        book.save(out)
        return out.getvalue()

    corner = saved(lambda ws: (ws.append(["日付", "卓"]), ws.append(["2026-11-01", 1]), ws.cell(1_048_576, 16384, "x")))
    with pytest.raises(ValidationError, match="行が多すぎます"):
        services.upload_sheets(corner)
    stray = saved(lambda ws: (ws.append(["日付", "卓"]), ws.append(["2026-11-01", 1]), ws.cell(5, 40, "x")))
    lines = ["日付,卓" + "," * 38, "2026-11-01,1" + "," * 38, "," * 39, "," * 39, "," * 39 + "x"]
    assert services.upload_sheets(stray) == [("Sheet", "\n".join(lines) + "\n")]  # as wide as its far value
    for fill in (lambda ws: [ws.cell(row, 16384, 1) for row in range(1, 300)],  # read: 16,384 cells a row
                 lambda ws: (ws.cell(1, 1, "日付"), ws.cell(300, 16384, "x"))):  # written: one far cell widens all
        with pytest.raises(ValidationError, match="セルが多すぎます"):
            services.upload_sheets(saved(fill))


def test_dates_saved_as_excels_serial_numbers_or_eight_digits_are_read(rs, members):
    """A date column formatted 標準 (General) in Excel is saved to CSV as the day's serial number."""
    for date in ("46327", "20261101"):
        plan = check(HEADER + GAME.replace("2026-11-01", date))
        assert plan.ok and plan.hanchans[0].date == datetime.date(2026, 11, 1), errors(plan)


def test_a_thousands_separator_in_a_tab_separated_file_is_not_a_column(rs, members):
    text = (HEADER + GAME).replace(",", "\t").replace("\t32600\t", "\t32,600\t", 1)
    assert "32,600" in text
    plan = check(text)
    assert plan.ok, errors(plan)


# --------------------------------------------------------------------------- the page


def test_it_sends_anonymous_users_to_login(client):
    assert client.get(URL).status_code == 302


def test_it_forbids_readers(client_as, reader):
    assert client_as(reader).get(URL).status_code == 403
    assert client_as(reader).post(URL, {"file": upload(HEADER + GAME)}).status_code == 403


def test_scorekeepers_and_admins_get_the_upload_form(client_as, scorekeeper, admin_user):
    for user in (scorekeeper, admin_user):
        body = client_as(user).get(URL).content.decode()
        assert 'enctype="multipart/form-data"' in body and 'name="file"' in body
        assert 'href="/results.csv"' in body  # the format, by example
        assert "名前=氏名・会員名・プレイヤー" in body  # the headings a club's own sheet may use
        assert "見出しの上に表題や注記の行があっても読みます(10行目まで)" in body


def test_an_upload_shows_the_preview_and_saves_nothing(client_as, scorekeeper, rs, members):
    r = client_as(scorekeeper).post(URL, {"file": upload(HEADER + GAME + BLANKS)})
    body = r.content.decode()
    assert r.status_code == 200 and "2 半荘を取り込む" in body and 'name="token"' in body
    assert "山田" in body and "+19.6" in body
    assert not Hanchan.objects.exists()


def test_an_excel_workbook_uploaded_is_previewed_and_imported_like_a_csv_file(client_as, scorekeeper, rs, members):
    """Its two sheets of a year each, and a totals sheet, named as left out."""
    older = sheet_rows(HEADER + GAME.replace("2026-11-01", "2025-11-02"))
    data = workbook(sheet_rows(HEADER + GAME), sheets=("2026年", "2025年", "集計"), others=[older, [["名前", "合計"]]])
    c = client_as(scorekeeper)
    r = c.post(URL, {"file": upload(data, name="成績.xlsx")})
    body = r.content.decode()
    assert r.status_code == 200 and "2 半荘を取り込む" in body and "日付の見出しがないシートは読みませんでした: 集計" in body
    c.post(URL, {"token": r.context["confirm"]["token"].value(), "create_members": "", "ruleset": ""})
    assert Hanchan.objects.count() == 2
    nets = Hanchan.objects.get(clubday__date=datetime.date(2025, 11, 2)).results.order_by("seat")
    assert list(nets.values_list("net", flat=True)) == [19600, 4000, -4000, -19600]


def test_confirming_the_preview_imports_it(client_as, scorekeeper, rs, members):
    client = client_as(scorekeeper)
    body = client.post(URL, {"file": upload(HEADER + GAME, "cp932")}).content.decode()
    token = body.split('name="token" value="')[1].split('"')[0]
    r = client.post(URL, {"token": token, "create_members": "False"})
    assert r.status_code == 302 and r["Location"] == reverse("results-imports")  # listed, to be undone
    assert HanchanResult.objects.count() == 4
    assert ResultsImport.objects.get().file_name == "results.csv"  # the uploaded file's name


def test_the_rule_set_chosen_on_the_page_is_the_one_imported(client_as, scorekeeper, rs, members):
    other = services.ruleset_create(name="供託没収", preset="ariari", options={"leftover_sticks_to_top": False})
    client = client_as(scorekeeper)
    text = drop_columns(HEADER + GAME, "ruleset")
    r = client.post(URL, {"file": upload(text)})  # no ruleset column, none chosen: told where to choose it
    assert r.status_code == 422 and "取り込むルールを選んでください(画面では「ルール名が空の行のルール」" in r.content.decode()
    body = client.post(URL, {"file": upload(text), "ruleset": other.pk}).content.decode()
    assert f'<option value="{other.pk}" selected>' in body  # the upload form keeps the choice
    token = body.split('name="token" value="')[1].split('"')[0]
    hidden = body.split('name="ruleset" value="')[1].split('"')[0]
    r = client.post(URL, {"token": token, "create_members": "False", "ruleset": hidden})
    assert r.status_code == 302
    assert Hanchan.objects.get().clubday.ruleset == other


def test_an_import_of_several_days_keeps_the_rollup_equal_to_a_rebuild_and_reports_progress(rs, members):
    from tests.scoring.test_rollup import assert_rollup_is_current

    text = HEADER + GAME + BLANKS + BLANKS.replace(",2,3,", ",1,4,") + GAME.replace("2026-11-01", "2026-12-06")
    seen = []
    services.results_import(text=text, by=None, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 4), (3, 4), (4, 4)]  # after each day (11-08 has two hanchan)
    assert HanchanResult.objects.count() == 16
    assert_rollup_is_current()


def test_a_tampered_token_is_refused(client_as, scorekeeper, rs, members):
    r = client_as(scorekeeper).post(URL, {"token": "abc:def", "create_members": "False"})
    assert r.status_code == 422 and "もう一度ファイルを選んでください" in r.content.decode()
    assert not Hanchan.objects.exists()


def test_a_slot_taken_between_preview_and_commit_refuses_the_whole_import(client_as, scorekeeper, rs, members):
    client = client_as(scorekeeper)
    body = client.post(URL, {"file": upload(HEADER + GAME + BLANKS)}).content.decode()
    token = body.split('name="token" value="')[1].split('"')[0]
    day = services.clubday_create(date=datetime.date(2026, 11, 8), venue="", ruleset=rs)
    for _ in range(3):
        services.hanchan_create(clubday=day, table=2, players=members[:4])
    r = client.post(URL, {"token": token, "create_members": "False"})
    assert r.status_code == 422 and "2026-11-08 2卓 3回戦 はすでに記録されています" in r.content.decode()
    assert not HanchanResult.objects.exists() and ClubDay.objects.count() == 1


def test_a_slot_taken_after_the_check_in_the_same_transaction_refuses_the_whole_import(rs, members, monkeypatch):
    """On PostgreSQL another writer may take a slot between the import's check and its insert: the
    unique slot refuses the insert, and the import says which slot, storing nothing."""
    from scoring.services import csvio

    day = services.clubday_create(date=datetime.date(2026, 11, 8), venue="", ruleset=rs)
    for _ in range(3):
        services.hanchan_create(clubday=day, table=2, players=members[:4])
    monkeypatch.setattr(csvio, "_recorded", lambda days: {})  # the check misses it
    with pytest.raises(ValidationError) as refused:
        services.results_import(text=HEADER + GAME + BLANKS, by=None)
    assert refused.value.messages == ["2026-11-08 2卓 3回戦 はすでに記録されています(上書きはしません)"]
    assert not HanchanResult.objects.exists() and not ResultsImport.objects.exists()


def test_bad_rows_are_listed_with_line_numbers_and_no_confirm_button(client_as, scorekeeper, rs, members):
    r = client_as(scorekeeper).post(URL, {"file": upload(HEADER + GAME.replace("32600", "x"))})
    body = r.content.decode()
    assert r.status_code == 422 and "2行目: score(素点) が数ではありません(x)" in body
    assert 'name="token"' not in body


def test_a_bad_encoding_is_a_message_not_an_error_page(client_as, scorekeeper):
    r = client_as(scorekeeper).post(URL, {"file": upload(b"\x81\x00\xff")})
    assert r.status_code == 422 and "文字コードを読み取れません" in r.content.decode()


def test_an_over_large_file_is_refused(client_as, scorekeeper, monkeypatch):
    from scoring.services import csvcells
    monkeypatch.setattr(csvcells, "MAX_BYTES", 100)
    r = client_as(scorekeeper).post(URL, {"file": upload(HEADER + GAME)})
    assert r.status_code == 422 and "ファイルが大きすぎます" in r.content.decode()


def test_no_file_asks_for_one(client_as, scorekeeper):
    r = client_as(scorekeeper).post(URL, {})
    assert r.status_code == 422 and 'class="error"' in r.content.decode()


def test_an_error_names_its_lines_as_a_person_reads_them(rs, members):
    text = HEADER + GAME.replace("1,1,3,4,田中", "1,1,3,99,田中") + BLANKS.replace("3,1,山田", "3,99,山田")
    assert "5, 9行目: 会員番号 99 は登録されていません" in " ".join(errors(check(text)))


def test_a_file_too_big_for_one_web_request_is_sent_to_the_command(client_as, scorekeeper, rs, members, monkeypatch):
    from scoring.views import csvio
    monkeypatch.setattr(csvio, "WEB_MAX_HANCHAN", 1)
    r = client_as(scorekeeper).post(URL, {"file": upload(HEADER + GAME + BLANKS)})
    body = r.content.decode()
    assert "画面から取り込むには大きすぎます(1 半荘まで)" in body and "importresults" in body
    assert 'name="token"' not in body


# --------------------------------------------------------------------------- club sheets, second round

CLUB = "日付,卓,回戦,名前,素点\n"


def club_rows(*rows, date="2026/11/1", table=1, game=1):
    return "".join(f"{date},{table},{game},{name},{score}\n" for name, score in rows)


def test_a_sheet_of_attendance_beside_the_results_is_left_out_and_named(rs, members):
    """A workbook a month with an 出欠 sheet: it has dates but neither raw scores nor 回戦."""
    attendance = [["日付", "名前", "出欠"], [datetime.datetime(2026, 11, 1), "山田", "○"]]
    data = workbook(sheet_rows(HEADER + GAME), sheets=("11月", "出欠"), others=[attendance])
    plan = read(data, ruleset=rs)
    assert plan.ok, errors(plan)
    assert plan.notes == ["素点と回戦の見出しがないシートは読みませんでした: 出欠"]
    # a sheet with 回戦 but a misnamed raw score is a sheet of results: refused by its header
    misnamed = [["日付", "卓", "回戦", "名前", "得点"], [datetime.datetime(2026, 11, 1), 1, 1, "山田", 32600]]
    plan = read(workbook(sheet_rows(HEADER + GAME), sheets=("11月", "12月"), others=[misnamed]), ruleset=rs)
    assert errors(plan)[0].startswith("シート「12月」1行目: 見出し行に列がありません: score(素点)")


def test_a_row_may_end_before_the_columns_that_are_not_read(rs, members):
    """A CSV file written by hand: the note column (備考) after the last read one left off."""
    text = ("日付,卓,回戦,名前,素点,備考\n" + club_rows(("山田", 32600), ("佐藤", 25000), ("鈴木", 25000))
            + "2026/11/1,1,1,田中,17400,遅刻\n")
    plan = check(text, ruleset=rs)
    assert plan.ok, errors(plan)
    assert plan.hanchans[0].scores == [32600, 25000, 25000, 17400]
    assert errors(check("日付,卓,回戦,名前,素点,備考\n2026/11/1,1,1,山田\n", ruleset=rs)) \
        == ["2行目: 列が足りません(5 列あるはずが 4 列)"]


@pytest.mark.parametrize("first", ["sep=;\r\n", "", "sep=,\r\n"])
def test_a_csv_file_separated_by_semicolons_or_with_excels_sep_line_is_read(rs, members, first):
    delimiter = "," if first == "sep=,\r\n" else ";"
    text = first + (CLUB + club_rows(("山田", 32600), ("佐藤", 25000), ("鈴木", 25000), ("田中", "x"))).replace(",", delimiter)
    plan = services.results_import_check(sheets=services.upload_sheets(text.encode()), ruleset=rs)
    # the sep= line Excel hides is not counted: the rows are numbered as Excel shows them
    assert errors(plan) == ["5行目: score(素点) が数ではありません(x)"]
    plan = services.results_import_check(sheets=services.upload_sheets(text.replace("x", "17400").encode()), ruleset=rs)
    assert plan.ok and plan.hanchans[0].scores == [32600, 25000, 25000, 17400]


@pytest.mark.parametrize("sat_out", ["", "0", "抜け", "休"])
def test_a_member_who_sat_out_a_table_of_five_is_not_read_as_a_fifth_player(rs, members, sat_out, scorekeeper):
    """抜け番: the fifth member of a table of five written with a blank, 0 or 抜け as a score."""
    text = CLUB + club_rows(("山田", 32600), ("佐藤", 25000), ("伊藤", sat_out), ("鈴木", 25000), ("田中", 17400))
    plan = check(text, ruleset=rs)
    assert plan.ok, errors(plan)
    assert plan.hanchans[0].names == ["山田", "佐藤", "鈴木", "田中"]
    assert plan.notes == ["1 行は抜け番(5人の卓で素点が空・0・抜けの1人)として読みませんでした: 4行目"]
    services.results_import(text=text, ruleset=rs, by=scorekeeper)
    assert [r.member.name for r in HanchanResult.objects.order_by("seat")] == ["山田", "佐藤", "鈴木", "田中"]
    assert list(HanchanResult.objects.order_by("seat").values_list("net", flat=True)) == [19600, 4000, -4000, -19600]


def test_a_sat_out_row_in_merged_cells_does_not_end_its_hanchan(rs, members):
    """Merged 日付・卓・回戦 cells over five rows, the member who sat out in the middle."""
    rows = [["日付", "卓", "回戦", "名前", "素点"]]
    rows += [[datetime.datetime(2026, 11, 1), 1, 1, "山田", 32600], [None, None, None, "伊藤", None],
             [None, None, None, "佐藤", 25000], [None, None, None, "鈴木", 25000], [None, None, None, "田中", 17400]]
    plan = read(workbook(rows, merge=("A2:A6", "B2:B6", "C2:C6")), ruleset=rs)
    assert plan.ok, errors(plan)
    assert plan.hanchans[0].names == ["山田", "佐藤", "鈴木", "田中"]


def test_a_blank_score_that_is_no_sit_out_is_refused_by_its_line(rs, members):
    # four rows, one without a score: a score forgotten, not a member who sat out
    plan = check(CLUB + club_rows(("山田", 32600), ("佐藤", 25000), ("鈴木", ""), ("田中", 17400)), ruleset=rs)
    assert errors(plan) == ["4行目: score(素点) が空です"]
    # five rows, two of them 0: which one sat out is not known
    plan = check(CLUB + club_rows(("山田", 50000), ("佐藤", 0), ("鈴木", 0), ("田中", 50000), ("伊藤", 0)), ruleset=rs)
    assert errors(plan) == ["2〜6行目: 2026-11-01 1卓 1回戦: 1半荘に4行が必要です(5 行)"]
    # a blank score with a net written is refused at once
    plan = check("日付,卓,回戦,名前,素点,成績\n2026/11/1,1,1,山田,,+19.6\n", ruleset=rs)
    assert errors(plan) == ["2行目: score(素点) が空です"]


def test_a_name_with_an_honorific_or_in_kana_finds_its_member_and_says_so(rs, members, scorekeeper):
    text = CLUB + club_rows(("山田さん", 32600), ("さとう", 25000), ("スズキ", 25000), ("田中", 17400))
    plan = check(text, ruleset=rs, create_members=True)
    assert plan.ok, errors(plan)
    assert plan.hanchans[0].numbers == [1, 2, 3, 4] and not plan.new_members
    assert plan.notes == ["登録された名前と違う名前は、敬称を除いた名前かよみがなが同じ会員として読みました。違う人なら会員番号を書いてください: "
                          "「山田さん」→「山田」(会員番号 1)、「さとう」→「佐藤」(会員番号 2)、「スズキ」→「鈴木」(会員番号 3)"]
    services.results_import(text=text, ruleset=rs, by=scorekeeper)
    assert Member.objects.count() == 5
    # a reading two members share is not guessed between
    services.member_create(name="佐東", kana="さとう", number=6)
    assert errors(check(text, ruleset=rs)) == ["3行目: 「さとう」という会員が複数います(会員番号 2、6)。会員番号を書いてください"]


def test_a_members_spelling_told_once_not_for_each_of_their_rows(rs, members):
    text = "日付,卓,回戦,会員番号,名前,素点\n" + "".join(
        f"2026/11/1,1,{g},{no},{name},{score}\n" for g in (1, 2)
        for no, name, score in ((1, "山田 太郎", 32600), (2, "佐藤", 25000), (3, "鈴木", 25000), (4, "田中", 17400)))
    plan = check(text, ruleset=rs)
    assert plan.ok and plan.notes == ["会員番号 1 は「山田」として登録されています(CSV では「山田 太郎」)。登録済みの会員として取り込みます"]


def test_nets_of_another_uma_are_told_in_the_sheets_unit_with_the_rule_sets_own(rs, members):
    """A sheet of uma 10-20 under a rule set of 4-12: each wrong cell in thousands, as written, and
    what the rule set's start, return and uma are."""
    text = "日付,卓,回戦,名前,素点,順位点,成績\n" + "".join(
        f"2026/11/1,1,1,{name},{score},{uma},{net}\n" for name, score, uma, net in
        (("山田", 32600, 20, "+27.6"), ("佐藤", 25000, 10, "+10"), ("鈴木", 25000, -10, "-10"), ("田中", 17400, -20, "-27.6")))
    assert errors(check(text, ruleset=rs)) == [
        "2〜5行目: 2026-11-01 1卓 1回戦: ルール「ありあり」での計算と合いません: 2行目の順位点 20(計算では 12)、"
        "2行目の成績 27.6(計算では 19.6)、3行目の順位点 10(計算では 4)、3行目の成績 10(計算では 4)、"
        "4行目の順位点 -10(計算では -4)、4行目の成績 -10(計算では -4)、5行目の順位点 -20(計算では -12)、"
        "5行目の成績 -27.6(計算では -19.6)。このルールは持ち点 25000、返し 25000、順位点 +12/+4/-4/-12 です。"
        "シートのルールと違うなら、取り込むルールを選び直してください(順位点・成績の列を消せば、素点とルールから計算します)"]


def test_raw_scores_of_other_start_points_name_them(rs, members):
    """持ち点 30000 sheets under a rule set of 25000: not a typo, the rule set is told; a typo is."""
    plan = check(CLUB + club_rows(("山田", 42600), ("佐藤", 30000), ("鈴木", 30000), ("田中", 17400)), ruleset=rs)
    assert errors(plan) == ["2〜5行目: 2026-11-01 1卓 1回戦: 素点の合計が 100000 点になりません(120000 点)。4人の持ち点が "
                            "30000 点の表のようですが、ルール「ありあり」の持ち点は 25000 点です。持ち点の合うルールを選んでください"]
    plan = check(CLUB + club_rows(("山田", 32600), ("佐藤", 25000), ("鈴木", 25000), ("田中", 17500)), ruleset=rs)
    assert errors(plan) == ["2〜5行目: 2026-11-01 1卓 1回戦: 素点の合計が 100000 点になりません(100100 点)。"
                            "供託は最終得点に含めてください"]


def test_headings_spaced_to_line_up_and_a_day_no_calendar_has_are_told_apart(rs, members):
    """氏　名 and 素 点 as sheets space them; 2026/2/30 is written right but is no day."""
    text = "日　付,卓,回 戦,氏　名,素　点\n" + club_rows(("山田", 32600), ("佐藤", 25000), ("鈴木", 25000), ("田中", 17400))
    assert check(text, ruleset=rs).ok
    plan = check(text.replace("2026/11/1,1,1,山田", "2026/2/30,1,1,山田").replace("2026/11/1,1,1,佐藤", "1/11/2026,1,1,佐藤"),
                 ruleset=rs)
    assert errors(plan)[:2] == ["2行目: 日付 2026/2/30 はありません。月と日を確かめてください",
                                "3行目: 日付は 2026-11-01 の形で書いてください(1/11/2026)"]


def test_one_fault_on_many_rows_is_told_once_with_all_its_lines(rs, members):
    """A sheet whose dates all lack their year: one message naming every row, not one per row
    (a year of such rows filled the page and the 1,000 messages shown)."""
    text = CLUB + "".join(club_rows(("山田", 32600), ("佐藤", 25000), ("鈴木", 25000), ("田中", 17400), date="11/1", game=g)
                          for g in range(1, 301))
    plan = check(text, ruleset=rs)
    assert errors(plan) == ["2〜1201行目: 日付に年がありません(11/1)。Excel で日付の表示形式を 2026/11/1 にしてから保存してください"]
    assert plan.more_errors == 0


# --------------------------------------------------------------------------- the cells, one by one


def test_csv_decode_reads_excels_encodings_and_drops_its_sep_line():
    assert csvcells.csv_decode("日付".encode("cp932")) == csvcells.csv_decode(codecs.BOM_UTF8 + "日付".encode()) == "日付"
    assert csvcells.csv_decode("日付".encode("utf-16")) == "日付"
    assert csvcells.csv_decode(b"sep=;\r\n\xe6\x97\xa5;1\r\n") == "日;1\r\n"


def test_a_workbook_cell_is_written_as_excel_shows_it():
    values = (None, 32600, 32600.0, 19.599999999999998, -4.0, "山田", datetime.datetime(2026, 11, 1),
              datetime.datetime(2026, 11, 1, 19, 30))
    assert [csvcells._cell_text(v) for v in values] == ["", "32600", "32600", "19.6", "-4", "山田", "2026-11-01",
                                                        "2026-11-01 19:30"]


def test_the_delimiter_is_read_from_the_first_line():
    assert [csvcells.csv_delimiter(t) for t in ("日付\t卓\n", "date,table\n", "日付;卓;備考(a,b)\n", "日付;卓\n")] == [
        "\t", ",", ",", ";"]


def test_sheet_int_reads_whole_numbers_as_sheets_write_them():
    assert [csvcells.sheet_int(v) for v in ("32600.0", "+19600", "1,000", "▲19,600", "△4000", "－１２０００", "−8000")] == [
        32600, 19600, 1000, -19600, -4000, -12000, -8000]
    cells = (("２卓", "table"), ("第3回戦", "game"), ("1着", "rank"), ("西家", "seat"), ("A卓", "table"), ("ｃ", "table"),
             ("起家", "seat"))
    assert [csvcells.sheet_int(v, column=c) for v, c in cells] == [2, 3, 1, 2, 1, 3, 0]


def test_sheet_figure_reads_scores_and_nets_as_sheets_write_them():
    D = Decimal
    figures = ("19600", "+19.6", "▲19.6", "1,000", " ", "32600点", "+19.6pt", "▲4.0P")
    assert [csvcells.sheet_figure(v) for v in figures] == [
        D("19600"), D("19.6"), D("-19.6"), D("1000"), None, D("32600"), D("19.6"), D("-4.0")]
    assert [csvcells.sheet_figure(v) for v in ("▲ 2,300", "△　4.0", "+ 19.6", "-", "－", "±0", "±0.0")] == [
        D("-2300"), D("-4.0"), D("19.6"), D(0), D(0), D(0), D(0)]


def test_sheet_date_reads_dates_as_sheets_write_them():
    assert {csvcells.sheet_date(v) for v in (
        "2026-11-01", "2026/11/1", "2026.11.1", "2026年11月1日", "２０２６／１１／０１", "2026年11月1日（日）",
        "2026/11/1(日曜)", "2026/11/01 0:00", "令和8年11月1日", "R8.11.1", "2026-11-01T19:30:00", "46327", "46327.8125",
        "20261101")} == {datetime.date(2026, 11, 1)}
    assert csvcells.sheet_date("平成31年4月30日") == datetime.date(2019, 4, 30)
    assert csvcells.sheet_date("令和元年5月1日") == datetime.date(2019, 5, 1)
    assert [csvcells.yearless(v) for v in ("11/1", "１１月１日(日)", "2026/11/1", "")] == [True, True, False, False]
    assert [csvcells.no_such_day(v) for v in ("2026/2/30", "令和8年13月1日", "1/11/2026", "x")] == [
        True, True, False, False]


def test_a_heading_names_its_column_with_a_note_or_spaces():
    headings = ("Date", "日付 ", "開催日", "氏名", "着順", "ＰＴ", "備考", "素点（点）", "成績【千点】", "氏　名", "日 付", "素　点 (点)",
                "備 考")
    assert [csvcells.sheet_column(h) for h in headings] == [
        "date", "date", "date", "member_name", "rank", "net", "備考", "score", "net", "member_name", "date", "score", "備 考"]


def test_names_are_matched_without_spaces_or_honorifics():
    assert csvcells.name_key("佐藤 太郎") == csvcells.name_key("佐藤　太郎") == csvcells.name_key("佐藤太郎")
    assert csvcells.name_key("ＡＢ　ｃ") == "ABc"
    assert [csvcells.without_honorific(n) for n in ("佐藤花子さん", "山田 様", "さん")] == ["佐藤花子", "山田", "さん"]


def test_sit_outs_totals_rows_and_places_are_recognised():
    assert [csvcells.sits_out(v) for v in ("", "抜け", "０", "-", "25000", "▲100")] == [
        True, True, True, True, False, False]
    assert [csvcells.totals_row(r) for r in (["", "", "", "計", "100000"], ["合 計", "600,000"], ["2026/11/1", "計"])] == [
        "計", "合 計", ""]
    assert csvcells.by_places(["日付", "１位", "素点", "2位", "素点", "3位", "素点", "4位", "素点"])
    assert not csvcells.by_places(["東家", "南家"])


def test_lines_are_told_as_a_person_reads_them():
    from scoring.services.csvplan import lines_text, where_text
    assert [lines_text(lines) for lines in ([4], [2, 3, 4, 5], [2, 9, 14, 20, 31, 40, 52])] == [
        "4行目", "2〜5行目", "2, 9, 14, 20, 31, 40…行目"]
    assert where_text([(0, 4)], [""]) == "4行目"
    assert where_text([(1, 3), (0, 2), (1, 4)], ["2024年", "2025年"]) == "シート「2024年」2行目、シート「2025年」3〜4行目"

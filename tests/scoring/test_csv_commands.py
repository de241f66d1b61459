"""``importresults``, ``exportresults``, ``exportstandings``: same service and columns as the web,
CSV on stdout, errors on stderr and exit status 1."""

import codecs
import csv
import io
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from scoring.models import Hanchan, HanchanResult, Member
from scoring.selectors.csvio import RESULT_COLUMNS, STANDINGS_COLUMNS

pytestmark = pytest.mark.django_db
HEADER = "date,table,game,seat,member_no,member_name,score,rank,uma,net,ruleset\n"
GAME = ("2026-11-01,1,1,0,1,山田,32600,,,,ariari\n"
        "2026-11-01,1,1,1,2,佐藤,25000,,,,ariari\n"
        "2026-11-01,1,1,2,3,鈴木,25000,,,,ariari\n"
        "2026-11-01,1,1,3,4,田中,17400,,,,ariari\n")


@pytest.fixture
def rs(ariari):
    ariari.name = "ariari"
    ariari.save()
    return ariari


def run(*args):
    out, err = io.StringIO(), io.StringIO()
    call_command(*args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def write(tmp_path, text, encoding="utf-8"):
    path = tmp_path / "in.csv"
    path.write_bytes(text.encode(encoding))
    return str(path)


def test_importresults_imports_a_file(tmp_path, rs, members):
    out, err = run("importresults", write(tmp_path, HEADER + GAME, "cp932"))
    assert "imported: 4 rows, 1 hanchan, 1 new club days, 0 new members" in out
    assert err == "stored 1 of 1 hanchan (100%)\n"  # progress, a line at every tenth
    assert sorted(HanchanResult.objects.values_list("seat", "net")) == [(0, 19600), (1, 4000), (2, -4000), (3, -19600)]


def test_importresults_reads_an_excel_workbook(tmp_path, rs, members):
    import openpyxl

    book = openpyxl.Workbook()
    for sheet, text in ((book.active, HEADER + GAME), (book.create_sheet("前年"), HEADER + GAME.replace("2026", "2025"))):
        for line in text.splitlines():
            sheet.append([int(c) if c.isdigit() else c for c in line.split(",")])
    book.save(tmp_path / "成績.xlsx")
    out, _err = run("importresults", str(tmp_path / "成績.xlsx"))
    assert "imported: 8 rows, 2 hanchan" in out and Hanchan.objects.count() == 2  # every sheet
    err = io.StringIO()
    with pytest.raises(CommandError):  # once more: nothing new, and said so
        call_command("importresults", str(tmp_path / "成績.xlsx"), stdout=io.StringIO(), stderr=err)
    assert "このファイルの半荘はすべて記録済みです" in err.getvalue()


def test_importresults_reads_an_old_excel_workbook(rs, members):
    out, _err = run("importresults", str(Path(__file__).parent / "files" / "club-2006.xls"), "--ruleset", rs.name)
    assert "imported: 5 rows, 2 hanchan" in out and Hanchan.objects.count() == 2  # its two visible sheets


def test_a_dry_run_saves_nothing(tmp_path, rs, members):
    out, _err = run("importresults", write(tmp_path, HEADER + GAME), "--dry-run")
    assert "dry run: 4 rows, 1 hanchan" in out and not Hanchan.objects.exists()


def test_errors_go_to_stderr_with_line_numbers_and_exit_status_1(tmp_path, rs, members):
    err = io.StringIO()
    with pytest.raises(CommandError) as exc:
        call_command("importresults", write(tmp_path, HEADER + GAME.replace(",4,田中", ",44,田中")), stderr=err,
                     stdout=io.StringIO())
    assert exc.value.returncode == 1 and "nothing imported" in str(exc.value)
    assert "5行目: 会員番号 44 は登録されていません" in err.getvalue()
    assert not Hanchan.objects.exists()


def test_create_members_creates_the_unknown_numbers(tmp_path, rs, members):
    run("importresults", write(tmp_path, HEADER + GAME.replace(",4,田中", ",44,たなか")), "--create-members")
    assert Member.objects.get(number=44).kana == "たなか"


def test_ruleset_names_the_rule_set_of_rows_without_one(tmp_path, rs, members):
    text = HEADER + GAME.replace(",ariari\n", ",\n")
    out, _err = run("importresults", write(tmp_path, text), "--ruleset", "ariari")
    assert "imported: 4 rows, 1 hanchan" in out and Hanchan.objects.get().clubday.ruleset == rs
    with pytest.raises(CommandError, match="no rule set is called 'nashi'"):
        run("importresults", write(tmp_path, text), "--ruleset", "nashi")


def test_an_unreadable_file_is_a_command_error(tmp_path):
    with pytest.raises(CommandError, match="cannot read"):
        run("importresults", str(tmp_path / "missing.csv"))
    path = tmp_path / "bad.csv"
    path.write_bytes(b"\x81\x00")
    with pytest.raises(CommandError, match="文字コードを読み取れません"):
        run("importresults", str(path))


def test_exportresults_writes_the_csv_with_bom_and_filters(tmp_path, rs, members):
    run("importresults", write(tmp_path, HEADER + GAME + GAME.replace("2026-11-01", "2027-01-10")))
    out, _err = run("exportresults", "--from", "2027-01-01", "--ruleset", "ariari")
    assert out.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(out.lstrip("\ufeff"))))
    assert rows[0] == RESULT_COLUMNS and len(rows) == 5 and {r[0] for r in rows[1:]} == {"2027-01-10"}


def test_the_export_imports_again_unchanged(tmp_path, rs, members):
    run("importresults", write(tmp_path, HEADER + GAME))
    first, _err = run("exportresults")
    Hanchan.objects.all().delete()
    path = tmp_path / "again.csv"
    path.write_bytes(first.encode())
    assert path.read_bytes().startswith(codecs.BOM_UTF8)
    run("importresults", str(path))
    assert run("exportresults")[0] == first


def test_an_unknown_rule_set_is_a_command_error(rs):
    with pytest.raises(CommandError, match="no rule set named 'nope'"):
        run("exportresults", "--ruleset", "nope")


def test_exportstandings_writes_the_standings(tmp_path, rs, members):
    run("importresults", write(tmp_path, HEADER + GAME))
    out, _err = run("exportstandings", "--min-games", "1", "--from", "2026-01-01", "--to", "2026-12-31")
    rows = list(csv.reader(io.StringIO(out.lstrip("\ufeff"))))
    assert rows[0] == STANDINGS_COLUMNS
    assert [(r[0], r[1], r[4]) for r in rows[1:]] == [("1", "1", "19600"), ("2", "2", "4000"), ("3", "3", "-4000"),
                                                      ("4", "4", "-19600")]
    assert run("exportstandings", "--min-games", "2")[0].count("\n") == 1  # the header only


def test_the_export_writes_utf8_to_a_stdout_of_another_encoding(rs, members, monkeypatch, tmp_path):
    run("importresults", write(tmp_path, HEADER + GAME))
    stdout = io.TextIOWrapper(io.BytesIO(), encoding="latin-1")  # a terminal that cannot write 山田
    monkeypatch.setattr("sys.stdout", stdout)
    call_command("exportresults")
    assert "山田" in stdout.buffer.getvalue().decode("utf-8-sig")

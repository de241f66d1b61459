"""No CSV the app writes opens as a formula in a spreadsheet (OWASP "CSV injection"): a name, venue
or rule-set name starting with = + - @ (a tab, a CR) is written with a leading ' (``csv_cell``),
numbers stay numbers (a negative net is not quoted), and the import takes that ' off again
(``csv_text``), so export → import gives back the same names. Through all four exports: the web's
``/results.csv`` and ``/standings.csv``, ``manage.py exportresults`` and ``exportstandings``."""

from __future__ import annotations

import csv
import datetime
import io

import pytest
from django.core.management import call_command

from scoring import services
from scoring.models import ClubDay, Member
from scoring.selectors.csvio import RESULT_COLUMNS, STANDINGS_COLUMNS, csv_cell, csv_text, result_rows

pytestmark = pytest.mark.django_db

NAMES = ['=HYPERLINK("http://x","y")', "+1+1", "-2+3", "@SUM(1)"]
VENUE = '=cmd|" /C calc"!A0'
RULESET = "=1+1ルール"
FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "＝", "＋", "－", "＠")  # fullwidth: Japanese Excel


@pytest.fixture
def club(ariari, scorekeeper):
    """The four names at one table (one of them ends below zero), under a rule set whose name is a
    formula too, on a club day at a venue that is one; and a second game with two names that
    already start with a '."""
    members = [services.member_create(name=name, kana="あ", number=n + 1) for n, name in enumerate(NAMES)]
    members += [services.member_create(name=name, kana="い", number=n + 5) for n, name in
                enumerate(["'=quoted", "'plain", "山田", "＝佐藤"])]
    rs = services.ruleset_create(name=RULESET, preset="ariari")
    day = services.clubday_create(date=datetime.date(2026, 11, 1), venue=VENUE, ruleset=rs)
    first = services.hanchan_create(clubday=day, table=1, players=members[:4])
    services.hanchan_record_final_scores(hanchan=first, scores=[60000, 30000, 20000, -10000], sticks=0,
                                         by=scorekeeper)
    second = services.hanchan_create(clubday=day, table=2, players=members[4:])
    services.hanchan_record_final_scores(hanchan=second, scores=[40000, 30000, 20000, 10000], sticks=0,
                                         by=scorekeeper)
    return members


def read(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))


def web(client, url: str) -> str:
    return b"".join(client.get(url).streaming_content).decode("utf-8")


def command(name: str) -> str:
    out = io.StringIO()
    call_command(name, stdout=out)
    return out.getvalue()


EXPORTS = {
    "results.csv": lambda client: web(client, "/results.csv"),
    "standings.csv": lambda client: web(client, "/standings.csv"),
    "exportresults": lambda client: command("exportresults"),
    "exportstandings": lambda client: command("exportstandings"),
}


def is_number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


@pytest.mark.parametrize("export", EXPORTS)
def test_no_exported_text_cell_starts_a_formula(client, club, export):
    rows = read(EXPORTS[export](client))
    assert rows[0] in (RESULT_COLUMNS, STANDINGS_COLUMNS) and len(rows) == 9
    cells = [cell for row in rows for cell in row]
    assert [c for c in cells if c.startswith(FORMULA_START) and not is_number(c)] == []
    names = {row[rows[0].index("member_name")] for row in rows[1:]}
    assert {"'" + name for name in NAMES} <= names
    assert {"''=quoted", "'plain", "山田"} <= names  # a ' before anything else is the name's own
    if "ruleset" in rows[0]:
        assert {row[rows[0].index("ruleset")] for row in rows[1:]} == {"'" + RULESET}
    assert not any(VENUE in cell for cell in cells)  # the venue is not exported; were it, it would be quoted


@pytest.mark.parametrize("export", EXPORTS)
def test_numbers_stay_numbers_even_below_zero(client, club, export):
    rows = read(EXPORTS[export](client))
    header = rows[0]
    minus = next(row for row in rows[1:] if row[header.index("member_name")] == "'@SUM(1)")
    if header == RESULT_COLUMNS:
        assert (minus[header.index("score")], minus[header.index("net")]) == ("-10000", "-47000")
    else:
        assert (minus[header.index("net")], minus[header.index("avg_score")]) == ("-47000", "-10000.0")
    assert all(is_number(cell) for row in rows[1:] for cell in row if cell.startswith("-"))


def test_results_export_then_import_into_an_empty_database_gives_the_same_names(client, club, scorekeeper):
    first = web(client, "/results.csv")
    before = list(result_rows())
    ClubDay.objects.all().delete()
    Member.objects.all().delete()
    plan = services.results_import(text=first, create_members=True, by=scorekeeper)
    assert len(plan.hanchans) == 2
    assert sorted(Member.objects.values_list("name", flat=True)) == sorted(
        [*NAMES, "'=quoted", "'plain", "山田", "＝佐藤"])
    assert list(result_rows()) == before
    assert web(client, "/results.csv") == first


def test_the_commands_round_trip_too(club, scorekeeper, tmp_path):
    first = command("exportresults")
    path = tmp_path / "results.csv"
    path.write_bytes(first.encode("utf-8"))
    ClubDay.objects.all().delete()
    call_command("importresults", str(path), stdout=io.StringIO())  # the members are still there
    assert command("exportresults") == first
    assert not any("として登録されています" in note for note in services.results_import_check(text=first).notes)


@pytest.mark.parametrize("text", [*NAMES, VENUE, RULESET, "\tx", "\rx", "＝x", "＋1", "－1", "＠x", "'＝x",
                                  "'=x", "''+x", "'x", "x=1", "", "ｰ1",
                                  "山田", "'"])
def test_reading_back_a_written_cell_gives_the_text(text):
    written = csv_cell(text)
    assert not written.startswith(FORMULA_START)
    assert csv_text(written) == text


def test_a_formula_gets_one_quote_and_reading_back_takes_exactly_that_one_off():
    assert [csv_cell(v) for v in ("=SUM(1)", "-2+3", "＝1＋1", "山田", -4000)] == [
        "'=SUM(1)", "'-2+3", "'＝1＋1", "山田", -4000]
    assert [csv_text(v) for v in ("'=SUM(1)", "''+1", "'quoted'", "-4000")] == ["=SUM(1)", "'+1", "'quoted'", "-4000"]

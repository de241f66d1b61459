"""An import file's sheets read into typed rows and an ``ImportPlan`` naming every refused header,
row and cell by its sheet and line; ``csvio`` checks the rows against the database."""

from __future__ import annotations

import csv
import datetime
import io
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import groupby
from operator import itemgetter
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _, ngettext

from ..models import RuleSet, validate_club_day_date
from ..selectors.csvio import RESULT_COLUMNS, csv_text
from ..shared import listed
from .csvcells import (FIELD_LABELS, GAME_HEADING, Header, by_places, csv_delimiter, fill_merged, fill_row,
                       no_such_day, sheet_date, sheet_figure, sheet_header, sheet_int, sits_out, totals_row,
                       yearless)

MAX_ROWS = 100_000
MAX_ERRORS = 1000


# where a row is: its sheet's place in the file (0 for a CSV file) and its line, the header being line 1
Line = tuple[int, int]


@dataclass
class RowError:
    """A refused row or rows: why, and their ``lines`` (none: the whole file) in the file's ``sheets``."""

    message: str
    lines: list[Line] = field(default_factory=list)
    sheets: list[str] = field(default_factory=list, repr=False)

    def __str__(self) -> str:
        return f"{where_text(self.lines, self.sheets)}: {self.message}" if self.lines else self.message


def lines_text(lines: list[int]) -> str:
    """Line numbers as a person reads them: 4行目, 2〜5行目, or the first six."""
    if len(lines) == 1:
        return _("%(n)s行目") % {"n": lines[0]}
    if lines == list(range(lines[0], lines[0] + len(lines))):
        return _("%(a)s〜%(b)s行目") % {"a": lines[0], "b": lines[-1]}
    shown = ", ".join(map(str, lines[:6])) + ("…" if len(lines) > 6 else "")
    return _("%(n)s行目") % {"n": shown}


def where_text(lines: list[Line], sheets: list[str]) -> str:
    """Rows' places as a person reads them: the lines, after the name of their sheet in a workbook."""
    places = []
    for index, group in groupby(sorted(lines), key=itemgetter(0)):
        numbers = lines_text([line for _index, line in group])
        places.append(_("シート「%(sheet)s」%(lines)s") % {"sheet": sheets[index], "lines": numbers}
                      if sheets[index] else numbers)
    return listed(places)


@dataclass
class PlannedHanchan:
    date: datetime.date
    table: int
    game: int
    ruleset: RuleSet
    numbers: list[int]  # member numbers by seat
    names: list[str]
    scores: list[int]
    sticks: int
    result: dict[str, Any]

    @property
    def players(self) -> list[dict[str, Any]]:
        """The preview's rows by seat."""
        r = self.result
        return [{"name": name, "score": r["scores"][s], "net": r["net"][s], "net_text": r["net_text"][s]}
                for s, name in enumerate(self.names)]


@dataclass
class ImportPlan:
    """What an import would create, and what it refuses."""

    rows: int = 0
    hanchans: list[PlannedHanchan] = field(default_factory=list)
    errors: list[RowError] = field(default_factory=list)
    sheets: list[str] = field(default_factory=lambda: [""])  # the names of the file's sheets ("": a CSV file)
    notes: list[str] = field(default_factory=list)
    new_members: dict[int, tuple[str, str]] = field(default_factory=dict)  # number -> (name, kana)
    new_days: dict[datetime.date, RuleSet] = field(default_factory=dict)
    more_errors: int = 0
    skipped: int = 0  # hanchan the database already has as the file has them
    # (date, table, game) of a refused row: the game's other rows are not checked as a game again
    refused_games: set[tuple[datetime.date, int, int]] = field(default_factory=set)
    # a message is told once, with all its lines (a year missing from every date)
    told: dict[str, tuple[RowError, set[Line]]] = field(default_factory=dict, repr=False)

    @property
    def ok(self) -> bool:
        return not self.errors and self.more_errors == 0 and bool(self.hanchans)

    def error(self, lines: list[Line], message: str) -> None:
        if message in self.told:  # told already: for these lines too
            error, known = self.told[message]
            error.lines += [line for line in lines if line not in known]
            known.update(lines)
            return
        error = RowError(message, list(lines), self.sheets)
        self.told[message] = (error, set(lines))
        if len(self.errors) < MAX_ERRORS:
            self.errors.append(error)
        else:
            self.more_errors += 1


class Rows:
    """``csv.reader``'s rows, numbered as the spreadsheet numbers them (``line_num``): a cell with a
    line break in it is one row, not the several lines ``csv.reader`` counts."""

    def __init__(self, reader: Any) -> None:
        self.reader, self.line_num = reader, 0

    def __iter__(self) -> Rows:
        return self

    def __next__(self) -> list[str]:
        self.line_num += 1  # before the row is read: a row that is not CSV is told by its number
        return next(self.reader)


# columns a file may leave out, read as blank in every row (but one of member_no and member_name)
OPTIONAL_COLUMNS = ("seat", "member_no", "member_name", "rank", "uma", "net", "ruleset", "member_kana")


def read_sheets(sheets: Sequence[tuple[str, str]], *,
                ruleset: RuleSet | None) -> tuple[ImportPlan, list[dict[str, Any]]]:
    """The plan of ``sheets`` ((name, CSV text)) with their refused headers and cells, and their rows
    as typed values (``ruleset``: of the rows that name none). A workbook's sheets without a date
    heading, or without a raw score or 回戦 heading, are left out with a note, unless none is left."""
    plan = ImportPlan(sheets=[name for name, _text in sheets])
    readers = []
    for index, (_name, sheet_text) in enumerate(sheets):
        reader = Rows(csv.reader(io.StringIO(sheet_text.lstrip("\ufeff"), newline=""),
                                 delimiter=csv_delimiter(sheet_text)))
        try:
            readers.append((index, reader, sheet_header(reader)))
        except csv.Error as exc:
            plan.error([(index, reader.line_num)], _("CSV として読めません: %(e)s") % {"e": exc})
    dated = [r for r in readers if r[2].columns and ("date" in r[2].columns or r[2].date)]
    # a sheet of attendance or of each day's totals has dates too, but neither raw scores nor 回戦
    tables = [r for r in dated if {"score", "game"} & set(r[2].columns)] or dated or readers
    for note, left in ((_("日付の見出しがないシートは読みませんでした: %(sheets)s"), [r for r in readers if r not in dated]),
                       (_("素点と回戦の見出しがないシートは読みませんでした: %(sheets)s"),
                        [r for r in dated if r not in tables])):
        if left and len(tables) < len(readers):
            plan.notes.append(note % {"sheets": listed(sheets[r[0]][0] for r in left)})
    parsed: list[dict[str, Any]] = []
    filled = 0
    for index, reader, head in tables:
        try:
            filled += _read_sheet(plan, parsed, index, reader, head, ruleset=ruleset)
        except csv.Error as exc:
            plan.error([(index, reader.line_num)], _("CSV として読めません: %(e)s") % {"e": exc})
        if plan.rows > MAX_ROWS:
            plan.errors = [RowError(_("行が多すぎます(%(n)s 行まで)。期間を分けて取り込んでください")
                                    % {"n": f"{MAX_ROWS:,}"})]
            return plan, []
    if not plan.rows and not plan.errors:
        plan.error([], _("取り込む行がありません"))
    if filled:
        plan.notes.append(ngettext("%(n)s 行の空の日付・卓・回戦は、上の行と同じとして読みました(Excel の結合セル)",
                                   "%(n)s 行の空の日付・卓・回戦は、上の行と同じとして読みました(Excel の結合セル)", filled)
                          % {"n": filled})
    return plan, parsed


# a player's own columns; written four times side by side in a sheet of a hanchan a row
PLAYER_COLUMNS = ("seat", "member_no", "member_name", "member_kana", "score", "rank", "uma", "net")


def _read_sheet(plan: ImportPlan, parsed: list[dict[str, Any]], index: int, reader: Any, head: Header, *,
                ruleset: RuleSet | None) -> int:
    """Add a sheet's rows to ``parsed``, a row for each player (four for a sheet of a hanchan a row),
    its refusals to ``plan``. Returns the number of rows whose blank cells were read from the row above."""
    header, date, places = head.columns, head.date, by_places(head.headings)
    if header is None:
        return 0  # an empty sheet: the caller says so when nothing at all was read
    layout = _layout(plan, [(index, head.line)], header, dated=bool(date), ruleset=ruleset)
    if layout is None:
        return 0
    shared, players = layout
    wide = len(players) == 4
    # a row may end before columns that are not read (a note, チップ), as a text editor leaves it
    width = 1 + max(i for columns in (shared, *players) for i in columns.values())
    if "table" not in shared:
        note = _("卓の列がないので、どの行も1卓として読みました(卓が2つ以上なら、卓の列を足してください)")
        if note not in plan.notes:
            plan.notes.append(note)
    if "date" not in shared and date:
        plan.notes.append(_("日付の列がないので、見出しの上に書かれた日付 %(date)s で読みました") % {"date": date})
    above: dict[str, str] = {}
    sizes: Counter = Counter()  # one player a row: the rows of each hanchan so far (``fill_merged``)
    games: Counter = Counter()  # a hanchan a row: the last 回戦 of each date and table (``fill_row``)
    filled = numbered = 0
    totals: dict[Line, str] = {}  # rows of totals (their first cell): refused, saying what to do
    for raw in reader:
        line = (index, reader.line_num)
        if not any(cell.strip() for cell in raw):
            continue
        plan.rows += 1
        if plan.rows > MAX_ROWS:
            break
        if word := totals_row(raw):
            totals[line] = word
            continue
        if len(raw) < width:
            plan.error([line], _("列が足りません(%(n)s 列あるはずが %(m)s 列)") % {"n": width, "m": len(raw)})
            continue
        # the ' the export puts before a name that would open as a formula is not part of it
        cells = dict.fromkeys(RESULT_COLUMNS, "") | {c: csv_text(raw[i]) for c, i in shared.items()}
        if "table" not in shared:
            cells["table"] = "1"
        if "date" not in shared:
            cells["date"] = date
        if wide:
            numbered += not cells["game"].strip()
            filled += fill_row(cells, above, games)
        typed_rows = []
        for player in players:
            row = cells | {c: csv_text(raw[i]) for c, i in player.items()}
            if not wide:
                filled += fill_merged(row, above, sizes)
            typed = _parse_row(plan, line, row, ruleset=ruleset.name if ruleset else "", one_player=not wide)
            if typed:
                typed_rows.append(typed)
        if wide and places and len(typed_rows) == 4 and (wrong := _out_of_place(typed_rows)):
            plan.error([line], _("1位〜4位の見出しと素点の順が合いません(%(list)s)。素点の高い順に並べてください"
                                 "(同点はどちらが上でも構いません)") % {"list": listed(wrong)})
            plan.refused_games.add(tuple(typed_rows[0][k] for k in ("date", "table", "game")))
            continue
        parsed += typed_rows
    if totals:
        plan.error(list(totals), _("合計の行のようです(「%(word)s」)。合計の行を消してから取り込んでください")
                   % {"word": next(iter(totals.values()))})
    if numbered:
        plan.notes.append(ngettext("回戦が書かれていない %(n)s 行は、日付と卓ごとに上の行の次の回戦として読みました",
                                   "回戦が書かれていない %(n)s 行は、日付と卓ごとに上の行の次の回戦として読みました", numbered)
                          % {"n": numbered})
    return filled


def _out_of_place(rows: list[dict[str, Any]]) -> list[str]:
    """Of a hanchan written in the order of places, each place whose raw score is lower than the
    next one's ("1位 25400 < 2位 32600"); a tie may come in either order."""
    return [_("%(a)s位 %(x)s < %(b)s位 %(y)s") % {"a": k + 1, "x": rows[k]["score"], "b": k + 2, "y": rows[k + 1]["score"]}
            for k in range(3) if rows[k]["score"] < rows[k + 1]["score"]]


def _layout(plan: ImportPlan, where: list[Line], header: list[str], *, dated: bool,
            ruleset: RuleSet | None) -> tuple[dict[str, int], list[dict[str, int]]] | None:
    """Where a sheet's header puts the columns every row has once, and each player's (four players
    side by side when it has four raw-score columns); ``None`` when the header is refused. ``dated``:
    the sheet's date is above its header, so it may have no date column."""
    positions = {c: [i for i, heading in enumerate(header) if heading == c] for c in RESULT_COLUMNS}
    counts = {c: len(found) for c, found in positions.items() if found}
    wide = counts.get("score") == 4
    if sum(1 for heading in header if GAME_HEADING.fullmatch(heading)) > 1:  # a member a row, a 回戦 a column
        plan.error(where, _("1人1行に回戦ごとの成績を横に並べた表は、誰と同卓したかが分からないため読めません。"
                            "1半荘4行(卓・回戦・名前・素点)の形に書き直してください"))
        return None
    if wide:
        odd = [c for c in RESULT_COLUMNS if counts.get(c, 0) not in ((0, 4) if c in PLAYER_COLUMNS else (0, 1))]
        if odd:
            plan.error(where, _("1半荘1行の表は、名前・素点など各人の列を4人分ずつ、日付・卓・回戦を1つずつにしてください"
                                "(数が合わない列: %(cols)s)") % {"cols": ", ".join(FIELD_LABELS[c] for c in odd)})
            return None
    elif max(counts.values(), default=0) > 2:  # players side by side, but not four raw scores
        plan.error(where, _("1半荘を1行に書いた表は、4人の素点の列が4つ必要です(素点の列は %(n)s 個)")
                   % {"n": counts.get("score", 0)})
        return None
    elif twice := [c for c, n in counts.items() if n > 1]:
        plan.error(where, _("見出し行に同じ列が2つあります: %(cols)s。どちらかの見出しを変えてください")
                   % {"cols": ", ".join(FIELD_LABELS[c] for c in twice)})
        return None
    others = [heading for heading in header if heading and heading not in RESULT_COLUMNS]
    if not {"member_no", "member_name", "score"} & counts.keys() and len(others) >= 4:
        # a hanchan a row, a member a column: the headings are the members' names
        plan.error(where, _("会員ごとの列に点数を書いた表は、誰がどの席だったかが分からないため読めません。"
                            "名前と素点を4人分、起家から横に並べた形(見出しは 名前,素点,名前,素点,…)に書き直してください"))
        return None
    # a sheet may leave out the table (one table); a sheet of a hanchan a row the 回戦 too (the rows' order)
    optional = OPTIONAL_COLUMNS + (("table", "game") if wide else ("table",)) + (("date",) if dated else ())
    missing = [c for c in RESULT_COLUMNS if c not in optional and c not in counts]
    if "member_no" not in counts and "member_name" not in counts:
        missing.append("member_no")
    if missing:
        plan.error(where, _("見出し行に列がありません: %(cols)s(見出し行は %(all)s)")
                   % {"cols": ", ".join(FIELD_LABELS[c] for c in missing), "all": ",".join(RESULT_COLUMNS)})
        return None
    if "ruleset" not in counts and ruleset is None:  # as a club's own sheet: told once for the file
        plan.error([], _("ファイルにルールの列がありません。取り込むルールを選んでください"
                         "(画面では「ルール名が空の行のルール」、importresults では --ruleset)"))
        return None
    shared = {c: found[0] for c, found in positions.items() if found and c not in PLAYER_COLUMNS}
    players = [{c: found[k] for c, found in positions.items() if found and c in PLAYER_COLUMNS}
               for k in range(4 if wide else 1)]
    return shared, players


def _parse_row(plan: ImportPlan, line: Line, row: dict[str, str], *, ruleset: str,
               one_player: bool) -> dict[str, Any] | None:
    """One row as typed values, or ``None`` (its errors added to ``plan``); ``ruleset``: the name
    when the row has none; ``one_player``: the row may be of a player who sat out (a blank score)."""
    out: dict[str, Any] = {"line": line}
    problems = []
    try:
        out["date"] = sheet_date(row["date"])
        validate_club_day_date(out["date"])
    except ValueError:
        if yearless(row["date"]):
            problems.append(_("日付に年がありません(%(v)s)。Excel で日付の表示形式を 2026/11/1 にしてから保存してください")
                            % {"v": row["date"]})
        elif no_such_day(row["date"]):
            problems.append(_("日付 %(v)s はありません。月と日を確かめてください") % {"v": row["date"]})
        else:
            problems.append(_("日付は 2026-11-01 の形で書いてください(%(v)s)") % {"v": row["date"]})
    except ValidationError as exc:
        problems += exc.messages
    # maybe a member who sat out (抜け番), dropped from a hanchan of five (``csvio``): blank, 0 or 抜け
    out["sits_out"] = one_player and sits_out(row["score"]) and not any(row[k].strip() for k in ("rank", "uma", "net"))
    for key in ("table", "game", "seat", "member_no", "score", "rank", "uma", "net"):
        figure = key in ("score", "uma", "net")
        try:
            out[key] = (sheet_figure(row[key]) if figure
                        else sheet_int(row[key], blank_ok=key in ("seat", "member_no", "rank"), column=key))
        except ValueError:
            if key == "score" and out["sits_out"]:  # 抜け
                out[key] = None
            elif figure:
                problems.append(_("%(col)s が数ではありません(%(v)s)") % {"col": FIELD_LABELS[key], "v": row[key]})
            elif row[key].strip():
                problems.append(_("%(col)s が整数ではありません(%(v)s)") % {"col": FIELD_LABELS[key], "v": row[key]})
            else:
                problems.append(_("%(col)s が空です") % {"col": FIELD_LABELS[key]})
    if "score" in out and out["score"] is None and not out["sits_out"]:
        problems.append(_("%(col)s が空です") % {"col": FIELD_LABELS["score"]})
    if not problems:
        if out["table"] < 1 or out["table"] > 999:
            problems.append(_("卓番号は1〜999にしてください(%(v)s)") % {"v": out["table"]})
        if out["game"] < 1 or out["game"] > 999:
            problems.append(_("回戦は1〜999にしてください(%(v)s)") % {"v": out["game"]})
        if out["seat"] not in (None, 0, 1, 2, 3):
            problems.append(_("席(seat)は起家から 0〜3 です(%(v)s)") % {"v": out["seat"]})
        if out["member_no"] is not None and not 1 <= out["member_no"] <= 2_147_483_647:
            problems.append(_("会員番号は1以上の整数で書いてください(%(v)s)") % {"v": out["member_no"]})
        if out["rank"] is not None and out["rank"] not in (1, 2, 3, 4):
            problems.append(_("順位(rank)は 1〜4 です(%(v)s)") % {"v": out["rank"]})
    out["member_name"], out["member_kana"] = row["member_name"].strip(), row["member_kana"].strip()
    if out.get("member_no", 0) is None and not out["member_name"]:  # (a number that is not one: said above)
        problems.append(_("会員番号も名前も空です"))
    out["ruleset"] = row["ruleset"].strip() or ruleset
    if not out["ruleset"]:
        problems.append(_("ruleset(ルール名)が空です"))
    for problem in problems:
        plan.error([line], problem)
    if problems and all(out.get(k) is not None for k in ("date", "table", "game")):
        plan.refused_games.add((out["date"], out["table"], out["game"]))
    return None if problems else out

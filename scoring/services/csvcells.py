"""The cells of an import file as a club's spreadsheet writes them: CSV encodings, Excel workbooks,
numbers, dates and headings in the forms Excel and Japanese sheets use, and merged cells."""

from __future__ import annotations

import codecs
import csv
import datetime
import io
import re
import string
import unicodedata
import zipfile
from collections import Counter
from collections.abc import Iterable, Sequence
from contextlib import suppress
from decimal import Decimal
from itertools import islice
from typing import Any, NamedTuple

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

MAX_BYTES = 5 * 1024 * 1024
# an Excel workbook is a zip file; the old binary .xls (and a workbook with a password) an OLE file
XLSX_MAGIC, OLE_MAGIC = b"PK\x03\x04", b"\xd0\xcf\x11\xe0"
XLSX_MAX_UNZIPPED = 60 * 1024 * 1024  # a zip bomb is refused before it is read
ODS_MIMETYPE = b"application/vnd.oasis.opendocument.spreadsheet"  # LibreOffice's, a zip file too
BOOK_MAX_ROWS = 200_000
BOOK_MAX_CELLS = 4_000_000  # 10 years of a club's results take well under a million


def upload_sheets(data: bytes) -> list[tuple[str, str]]:
    """The sheets of an uploaded file as (name, CSV text); a CSV file is one sheet named ""."""
    if len(data) > MAX_BYTES:
        raise ValidationError(_("ファイルが大きすぎます(%(mb)s MB まで)。期間を分けて取り込んでください")
                              % {"mb": MAX_BYTES // (1024 * 1024)}, code="too_large")
    if data.startswith(XLSX_MAGIC):
        return xlsx_sheets(data)
    if data.startswith(OLE_MAGIC):
        return xls_sheets(data)
    return [("", csv_decode(data))]


# the first line Excel reads as the file's separator and does not show (sep=, or sep=;)
SEP_LINE = re.compile(r"\A\ufeff?sep=[,;\t]\r?\n", re.IGNORECASE)


def csv_decode(data: bytes) -> str:
    """The text of a CSV file in UTF-8, cp932 (Excel's CSV) or UTF-16 with its BOM (Excel's Unicode
    text), without the ``sep=;`` line Excel hides, so rows are numbered as Excel shows them."""
    utf16 = data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE))
    for encoding in ("utf-16",) if utf16 else ("utf-8-sig", "cp932"):
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        if "\x00" in text:
            break
        return SEP_LINE.sub("", text, count=1)
    raise ValidationError(_("文字コードを読み取れません。UTF-8 か Shift_JIS(Excel の CSV)で保存したファイルを選んでください"),
                          code="encoding")


def xlsx_sheets(data: bytes) -> list[tuple[str, str]]:
    """Every visible, non-empty sheet of an .xlsx workbook as (name, CSV text); a formula as its last value."""
    import openpyxl  # only once a workbook is read; it parses the XML with defusedxml when that is installed

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            if sum(info.file_size for info in archive.infolist()) > XLSX_MAX_UNZIPPED:
                raise ValidationError(_("ブックを展開すると大きすぎます(%(mb)s MB まで)。期間を分けて取り込んでください")
                                      % {"mb": XLSX_MAX_UNZIPPED // (1024 * 1024)}, code="too_large")
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        sheets = _sheets_csv((sheet.title, _rows_as_stored(sheet)) for sheet in book.worksheets
                             if sheet.sheet_state == "visible")
        book.close()
    except ValidationError:
        raise
    except Exception:  # a damaged or foreign file: openpyxl and zipfile raise many kinds
        if ODS_MIMETYPE in data[:100]:  # the zip's first file names its kind
            raise ValidationError(_("LibreOffice などの .ods ファイルは読めません。「Excel 2007-365(.xlsx)」か CSV で"
                                    "保存し直してください"), code="ods") from None
        raise ValidationError(_("Excel のブック(.xlsx)として読めません。Excel で開けるか確かめるか、CSV で保存してください"),
                              code="xlsx") from None
    return sheets


def _rows_as_stored(sheet: Any) -> Iterable[Sequence[Any]]:
    """A sheet's rows as long as their cells go: the size a workbook declares is not trusted (one
    cell at XFD1048576 would pad every row to 16,384 cells)."""
    sheet.reset_dimensions()
    return sheet.iter_rows(values_only=True)


def xls_sheets(data: bytes) -> list[tuple[str, str]]:
    """Every visible, non-empty sheet of an .xls workbook, as ``xlsx_sheets``. An OLE file may also be
    an .xlsx with a password, which cannot be read."""
    import xlrd

    try:
        # xlrd prints what it finds wrong in a file: kept from the server's output
        book = xlrd.open_workbook(file_contents=data, on_demand=True, logfile=io.StringIO())
        sheets = _sheets_csv((sheet.name, ([_xls_value(xlrd, cell, book.datemode) for cell in row]
                                           for row in sheet.get_rows()))
                             for sheet in map(book.sheet_by_index, range(book.nsheets)) if sheet.visibility == 0)
        book.release_resources()
    except ValidationError:
        raise
    except Exception as exc:  # a damaged, encrypted or foreign file: xlrd raises many kinds
        if "encrypt" in str(exc).lower() or "workbook in ole2" in str(exc).lower():
            raise ValidationError(_("パスワード付きのブックは読めません。Excel でパスワードを外して保存し直してください"),
                                  code="encrypted") from None
        raise ValidationError(_("Excel のブック(.xls)として読めません。Excel で開けるか確かめるか、CSV で保存してください"),
                              code="xls") from None
    return sheets


def _xls_value(xlrd: Any, cell: Any, datemode: int) -> Any:
    """An .xls cell as the value openpyxl gives for an .xlsx one."""
    if cell.ctype == xlrd.XL_CELL_DATE:
        return xlrd.xldate_as_datetime(cell.value, datemode)
    if cell.ctype == xlrd.XL_CELL_ERROR:
        return xlrd.error_text_from_code.get(cell.value, "")
    return None if cell.ctype in (xlrd.XL_CELL_EMPTY, xlrd.XL_CELL_BLANK) else cell.value


def _sheets_csv(sheets: Iterable[tuple[str, Iterable[Sequence[Any]]]]) -> list[tuple[str, str]]:
    """(name, CSV text) of each non-empty sheet, its rows padded to the widest; refused past
    ``BOOK_MAX_ROWS`` rows or ``BOOK_MAX_CELLS`` cells in all, read or written."""
    too_many_cells = ValidationError(_("セルが多すぎます(%(n)s 個まで)。遠くの列や行に入っている値を消すか、期間を分けて"
                                       "取り込んでください") % {"n": f"{BOOK_MAX_CELLS:,}"}, code="too_large")
    out, rows, cells_read = [], 0, 0
    for name, sheet_rows in sheets:
        table = []
        for row in sheet_rows:
            rows, cells_read = rows + 1, cells_read + len(row)
            if rows > BOOK_MAX_ROWS:
                raise ValidationError(_("行が多すぎます(%(n)s 行まで)。期間を分けて取り込んでください")
                                      % {"n": f"{BOOK_MAX_ROWS:,}"}, code="too_large")
            if cells_read > BOOK_MAX_CELLS:
                raise too_many_cells
            cells = [_cell_text(value) for value in row]
            while cells and not cells[-1]:
                cells.pop()
            table.append(cells)
        width = max(map(len, table), default=0)
        if width * len(table) > BOOK_MAX_CELLS:
            raise too_many_cells
        if width:
            text = io.StringIO()
            csv.writer(text, lineterminator="\n").writerows(cells + [""] * (width - len(cells)) for cells in table)
            out.append((name, text.getvalue()))
    return out


def _cell_text(value: Any) -> str:
    """A workbook cell's value as CSV text: a date as 2026-11-01, a number to the ten digits Excel shows."""
    if value is None:
        return ""
    if isinstance(value, datetime.datetime):
        return value.date().isoformat() if value.time() == datetime.time() else value.isoformat(" ", "minutes")
    if isinstance(value, float):
        return f"{value:.10g}"
    return str(value)


def csv_delimiter(text: str) -> str:
    """A tab when the first line has one, a semicolon when it has one and no comma (Excel where a comma
    is the decimal sign), else a comma."""
    first = text.partition("\n")[0]
    if "\t" in first:
        return "\t"
    return ";" if ";" in first and "," not in first else ","


# Japanese sheets: full-width digits and signs (NFKC), and ▲/△ or the minus sign U+2212 for a minus
MINUS = str.maketrans({"▲": "-", "△": "-", "−": "-"})


def _sheet_text(value: str) -> str:
    return unicodedata.normalize("NFKC", value).translate(MINUS).strip()


# what Japanese sheets write around a number of these columns: 1卓, 第2回戦, 3位; a seat as its wind
UNITS = {"table": ("卓",), "game": ("回戦", "半荘目", "半荘", "戦"), "rank": ("位", "着")}
SEATS = {"東": "0", "起": "0", "南": "1", "西": "2", "北": "3"}  # 東 is the first dealer (起家)
# a table a club names by a letter, A卓 or Ｂ: its place in the alphabet
TABLE_LETTERS = {letter: str(n) for n, letter in enumerate(string.ascii_uppercase, 1)}


def sheet_int(value: str, *, blank_ok: bool = False, column: str = "") -> int | None:
    """A whole number as typed or as Excel or Japanese sheets write it (``32600.0``, ``1,000``, ``▲19,600``);
    in ``column`` "table", "game", "rank" or "seat" also with its unit or as a wind (``UNITS``, ``SEATS``)."""
    text = _sheet_text(value).replace(",", "")
    if ZERO.fullmatch(text):  # a dash is no number of these columns (sheet_figure reads it as a zero)
        raise ValueError
    if column == "seat":
        text = SEATS.get(text.removesuffix("家"), text)
    for unit in UNITS.get(column, ()):
        if text.endswith(unit):
            text = text.removeprefix("第").removesuffix(unit)
            break
    if column == "table":
        text = TABLE_LETTERS.get(text.upper(), text)
    number = sheet_figure(text)
    if number is None and blank_ok:
        return None
    if number is None or number % 1:
        raise ValueError
    return int(number)


DECIMAL = re.compile(r"[+-]?\d+(\.\d+)?")
# what a sheet may write after a score or a net: 32600点, +19.6pt, +19.6P
FIGURE_UNIT = re.compile(r"\s*(点|pt|p)$", re.IGNORECASE)
# a sign with a space after it, as Excel's number formats write it (#,##0;"▲ "#,##0: ▲ 2,300)
SIGN_SPACE = re.compile(r"^([+-])\s+")
# a zero as Excel's accounting format shows it (a dash), and a net of nothing as sheets write it (±0)
ZERO = re.compile(r"[-‐—―]|±0+(\.0+)?")


def sheet_figure(value: str) -> Decimal | None:
    """A raw score, uma or net in points (``19600``) or shortened (``+19.6``, ``▲19.6``: ``csvio._settle``
    tells the unit); ``None`` when blank."""
    text = FIGURE_UNIT.sub("", _sheet_text(value).replace(",", ""))
    if not text:
        return None
    if ZERO.fullmatch(text):
        return Decimal(0)
    text = SIGN_SPACE.sub(r"\1", text)
    if not DECIMAL.fullmatch(text):  # no exponent, NaN or Infinity
        raise ValueError
    return Decimal(text)


# what may follow a date in a sheet: its day of the week, (日) or (日曜), or a time, 0:00 as Excel
# adds it or T19:30:00 as other apps export it
DATE_TAIL = re.compile(r"\s*\([日月火水木金土](曜日?)?\)$|(\s+|T)\d{1,2}:\d{2}(:\d{2})?$")


# a year of the Japanese era Excel shows (ggge年m月d日, ge.m.d): 令和 and 平成 (R, H), 元年 its first
ERAS = {"令和": 2018, "R": 2018, "平成": 1988, "H": 1988}
ERA_YEAR = re.compile(r"^(令和|平成|R|H)(\d{1,2}|元)(?=[年./-])", re.IGNORECASE)
YEARLESS = re.compile(r"\d{1,2}(/\d{1,2}|月\d{1,2}日)")
# Excel's serial number of a day (a time after the point), 1982 to 2119; day 0 is 1899-12-30 (not
# the 31st: Excel counts a 29 February 1900 that never was, in serials no club history has)
EXCEL_SERIAL, EXCEL_EPOCH = re.compile(r"[3-7]\d{4}(\.\d+)?"), datetime.date(1899, 12, 30)


def yearless(value: str) -> bool:
    """Whether a date cell has no year, as Excel saves a cell it shows as 11/1 or 11月1日."""
    return bool(YEARLESS.fullmatch(DATE_TAIL.sub("", _sheet_text(value))))


# a date with its year, month and day, each where it belongs (2026/2/30 is one, but no day)
DATE_SHAPE = re.compile(r"(\d{4}|(令和|平成|R|H)(\d{1,2}|元))[-/.年]\d{1,2}[-/.月]\d{1,2}日?", re.IGNORECASE)


def no_such_day(value: str) -> bool:
    """Whether a date cell is written as a date but names a day no calendar has."""
    return bool(DATE_SHAPE.fullmatch(DATE_TAIL.sub("", _sheet_text(value))))


def sheet_date(value: str) -> datetime.date:
    """``2026-11-01``, ``2026/11/1``, ``2026.11.1``, ``2026年11月1日`` or ``20261101``, with its day of the
    week or a time after it, the year maybe of the era (``令和8年``, ``R8``); or Excel's serial number of
    the day, as a cell formatted 標準 (General) is saved."""
    text = ERA_YEAR.sub(lambda m: str(ERAS[m[1].upper()] + (1 if m[2] == "元" else int(m[2]))),
                        DATE_TAIL.sub("", _sheet_text(value)))
    if EXCEL_SERIAL.fullmatch(text):
        return EXCEL_EPOCH + datetime.timedelta(days=int(float(text)))
    for fmt in ("%Y-%m-%d", "%Y/%m/%d", "%Y.%m.%d", "%Y年%m月%d日", "%Y%m%d"):
        try:
            return datetime.datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    raise ValueError


# each column's Japanese heading: a club's own sheet may be headed in Japanese instead
JAPANESE_HEADINGS = {"date": "日付", "table": "卓", "game": "回戦", "seat": "席", "member_no": "会員番号",
                     "member_name": "名前", "score": "素点", "rank": "順位", "uma": "順位点", "net": "成績",
                     "ruleset": "ルール", "member_kana": "よみがな"}
# other headings club sheets use for the same column; none that also names another thing (No. or
# 番号 is often a row's serial number, 得点 or 合計 a net as often as a raw score)
OTHER_HEADINGS = {"date": ("開催日", "例会日", "年月日", "対局日", "日時", "開催日時"), "table": ("卓番", "卓番号", "卓No"),
                  "game": ("半荘", "半荘目"), "seat": ("座席", "席順", "家"), "member_no": ("会員No", "会員No."),
                  # a seat's wind, or a place, heads its player's name in a sheet of a hanchan a row
                  "member_name": ("氏名", "会員名", "プレイヤー", "選手", "選手名", "Name", "Player", "東家", "南家",
                                  "西家", "北家", "起家", "東", "南", "西", "北", "1位", "2位", "3位", "4位"),
                  "score": ("持ち点", "持点", "点数", "最終持ち点"), "rank": ("着順", "着"), "uma": ("ウマ",),
                  "net": ("ポイント", "pt", "収支"), "ruleset": ("ルール名",),
                  "member_kana": ("ふりがな", "フリガナ", "ヨミガナ", "よみ", "読み", "読み仮名", "kana")}
FIELD_LABELS = {column: f"{column}({ja})" for column, ja in JAPANESE_HEADINGS.items()}
COLUMN_OF = {_sheet_text(heading).lower(): column for column, ja in JAPANESE_HEADINGS.items()
             for heading in (ja, *OTHER_HEADINGS[column])}


# a note after a heading, of its unit or its form: 素点(点), 成績【千点】, 日付[yyyy/mm/dd]
HEADING_NOTE = re.compile(r"\s*(\(.*\)|\[.*]|【.*】)$")


def sheet_column(heading: str) -> str:
    """A header cell as the column it names, with or without a note after it or the spaces a sheet
    puts between letters to line headings up (氏　名)."""
    text = _sheet_text(heading).lower()
    key = "".join(text.split())
    return COLUMN_OF.get(key) or COLUMN_OF.get(HEADING_NOTE.sub("", key), text)


def name_key(name: str) -> str:
    """A member's name as rows are matched by it: without spaces, NFKC-normalised."""
    return "".join(unicodedata.normalize("NFKC", name).split())


# what a sheet may write after a member's name: 山田さん, 佐藤様
HONORIFIC = re.compile(r"(さん|様|さま|氏|君|くん|ちゃん)$")


def without_honorific(name: str) -> str:
    return HONORIFIC.sub("", name.strip()).strip() or name.strip()


# the columns a sheet may write once for the rows below it, as Excel's merged cells leave them in a CSV file
MERGED = ("date", "table", "game")
# the heading of a member's 回戦 in a sheet of a member a row: 1回戦, 第2回戦, 3半荘目, 4戦
GAME_HEADING = re.compile(rf"第?\d+({'|'.join(UNITS['game'])})")


# what a sheet writes for the raw score of a member who sat a hanchan out (抜け番) at a table of five
SIT_OUT = ("抜", "抜け", "抜け番", "休", "休み", "見学")


def sits_out(score: str) -> bool:
    """Whether a raw score cell may be of a member who sat the hanchan out: blank, 0 or a word of ``SIT_OUT``."""
    text = _sheet_text(score)
    if text in SIT_OUT:
        return True
    with suppress(ValueError):
        return not sheet_figure(text)
    return False


def fill_merged(cells: dict[str, str], above: dict[str, str], sizes: Counter) -> bool:
    """Fill a row's blank ``MERGED`` cells from ``above``; the table and game only while their hanchan
    has fewer than four rows (``sizes``, sit-outs not counted), so a totals row below a hanchan is not
    its fifth player. True when a cell was filled."""
    blank = [c for c in MERGED if c in above and not cells[c].strip()]
    if sizes[tuple(above[c] if c in blank else cells[c] for c in MERGED)] >= 4:
        blank = [c for c in blank if c == "date"]
    cells.update({c: above[c] for c in blank})
    sizes[tuple(cells[c] for c in MERGED)] += not sits_out(cells["score"])
    above.update({c: cells[c] for c in MERGED if cells[c].strip()})
    return bool(blank)


def fill_row(cells: dict[str, str], above: dict[str, str], games: Counter) -> bool:
    """Fill a row of a sheet of a hanchan a row: a blank date or table from ``above``, a blank 回戦 as
    the next of its date and table (``games``). True when a date or table was filled from above."""
    blank = [c for c in ("date", "table") if not cells[c].strip() and c in above]
    cells.update({c: above[c] for c in blank})
    above.update({c: cells[c] for c in ("date", "table") if cells[c].strip()})
    if not cells["table"].strip() and "table" not in above:
        cells["table"] = "1"
    key = (cells["date"], cells["table"])
    if cells["game"].strip():
        with suppress(ValueError):  # a 回戦 that is not a number is refused by its line
            games[key] = sheet_int(cells["game"], column="game")
    else:
        games[key] += 1
        cells["game"] = str(games[key])
    return bool(blank)


# what the first cell of a row of totals or of a check reads ("計,100000" below a hanchan)
TOTALS = ("計", "合計", "小計", "総計", "累計", "総合計", "合計点", "検算", "チェック", "total", "sum")


def totals_row(row: Sequence[str]) -> str:
    """The first written cell of ``row`` when it names a row of totals (``TOTALS``), else ""."""
    first = next((cell.strip() for cell in row if cell.strip()), "")
    return first if "".join(_sheet_text(first).lower().split()) in TOTALS else ""


# how far down a sheet the header is looked for: a title, the club's name or notes may stand above it
HEADER_SEARCH = 10


class Header(NamedTuple):
    """A sheet's header row: the columns it names (``None``: an empty sheet), its line, its headings
    as written, and the date a row above it gives the whole sheet ("開催日,2024/12/9,…"; "" when none)."""

    columns: list[str] | None
    line: int
    headings: list[str]
    date: str


def sheet_header(reader: Any) -> Header:
    """The first of the first rows that names the raw score column, else the date column, else the
    first row (whose missing columns are then reported)."""
    first = dated = None
    date = ""
    for row in islice(reader, HEADER_SEARCH):
        columns = [sheet_column(cell) for cell in row]
        if "score" in columns:
            return Header(columns, reader.line_num, row, "" if "date" in columns else date)
        first = first or Header(columns, reader.line_num, row, "")
        if "date" in columns:
            dated = dated or Header(columns, reader.line_num, row, "")
        for heading, value in zip(columns, row[1:]):  # a date heading with its date in the next cell
            if heading == "date" and not date:
                with suppress(ValueError):
                    sheet_date(value)
                    date = value.strip()
    return dated or first or Header(None, 0, [], "")


PLACES = ["1位", "2位", "3位", "4位"]


def by_places(headings: list[str]) -> bool:
    return [h for h in map(_sheet_text, headings) if h in PLACES] == PLACES

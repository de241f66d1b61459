"""CSV export: results of finished hanchan and the standings, as rows of the stable column keys;
figures stay numbers, so ``csv_cell`` leaves a negative one as is."""

from __future__ import annotations

import csv
import datetime
import re
from collections.abc import Iterable, Iterator
from decimal import Decimal
from typing import Any

from django.db.models import F, QuerySet
from django.db.models.functions import Coalesce

from ..models import ClubDay, ResultsImport, RuleSet
from .ranking import COLUMNS, finished_results, standings

# the member's reading last, so a file of the columns before it is read as it was before
RESULT_COLUMNS = ["date", "table", "game", "seat", "member_no", "member_name", "score", "rank", "uma", "net",
                  "ruleset", "member_kana"]
# the standings' columns (``selectors.ranking.COLUMNS``) but those of games recorded hand by hand
STANDINGS_COLUMNS = ["rank", "member_no", "member_name", *(c.key for c in COLUMNS if not c.hands)]
# the figures written to a fixed number of decimals: the rates (fractions 0–1), 平均順位, 平均素点
DECIMALS = {**{c.key: 4 for c in COLUMNS if c.shown == "pct"}, "avg_rank": 3, "avg_score": 1}

# Text starting with = + - @, a tab or CR (or ＝＋－＠, to a Japanese Excel) is a formula to a spreadsheet
# (OWASP "CSV injection"): ``csv_cell`` puts a ' in front and ``csv_text`` takes exactly that one off;
# text already starting with ' before such a character gets one more, so reading back is exact.
_STARTS = "=+\\-@\t\r＝＋－＠"
_FORMULA = re.compile(f"'*[{_STARTS}]")
_ESCAPED = re.compile(f"'+[{_STARTS}]")


def csv_cell(value: Any) -> Any:
    """A value as a CSV cell: text a spreadsheet would take for a formula with a leading ', anything
    else (a net of -12.3 above all) as it is."""
    if isinstance(value, str) and _FORMULA.match(value):
        return "'" + value
    return value


def csv_text(cell: str) -> str:
    """The text of a CSV cell without the ' that ``csv_cell`` added (a ' before anything else is the text's own)."""
    return cell[1:] if _ESCAPED.match(cell) else cell


class _Echo:
    """A file-like object whose write returns the line, for csv.writer (the lines are streamed)."""

    def write(self, value: str) -> str:
        return value


def csv_lines(header: list[str], rows: Iterable[list[Any]]) -> Iterator[str]:
    """BOM, header, then one CSV line per row; every CSV the app writes goes through here, each cell
    through ``csv_cell``, so no text opens as a formula."""
    writer = csv.writer(_Echo())
    yield "\ufeff" + writer.writerow([csv_cell(cell) for cell in header])
    for row in rows:
        yield writer.writerow([csv_cell(cell) for cell in row])


def result_rows(*, start: datetime.date | None = None, end: datetime.date | None = None,
                clubday: ClubDay | None = None, ruleset: RuleSet | None = None) -> Iterator[list[Any]]:
    """One row per player per finished hanchan, by date, table, game and seat; read in chunks."""
    qs = (finished_results(start=start, end=end, clubday=clubday, ruleset=ruleset)
          .annotate(rs_name=Coalesce(F("hanchan__ruleset__name"), F("hanchan__clubday__ruleset__name")))
          .order_by("hanchan__clubday__date", "hanchan__clubday_id", "hanchan__table", "hanchan__number", "seat")
          .values_list("hanchan__clubday__date", "hanchan__table", "hanchan__number", "seat", "member__number",
                       "member__name", "score", "rank", "uma", "net", "rs_name", "member__kana"))
    for row in qs.iterator(chunk_size=2000):
        yield [row[0].isoformat(), *row[1:]]


def standings_csv_row(row: dict[str, Any]) -> list[Any]:
    """A row of ``selectors.standings`` in ``STANDINGS_COLUMNS`` order, ``DECIMALS`` to their decimals and
    the rating a whole number."""
    out: list[Any] = []
    for key in STANDINGS_COLUMNS:
        value = row.get(key)
        if value is None or value == "":
            value = ""
        elif key in DECIMALS:
            value = Decimal(f"{float(value):.{DECIMALS[key]}f}")
        elif key == "rating":
            value = round(value)
        out.append(value)
    return out


def standings_rows(**filters: Any) -> Iterator[list[Any]]:
    return map(standings_csv_row, standings(**filters))


def results_imports() -> QuerySet[ResultsImport]:
    """The newest 100 results imports, newest first (not their sheets), with who made and who undid each."""
    return ResultsImport.objects.select_related("created_by", "undone_by").defer("sheets")[:100]


def results_import_effect(made: ResultsImport) -> dict[str, int]:
    """What an undo of ``made`` would take away: its hanchan (``changed``: those changed since, which
    refuse the undo) and the club days it may take away with them."""
    return {"hanchan": made.hanchans.count(), "changed": made.changed_hanchans().count(),
            "days": made.undo_days().count()}

"""Benchmark: reading an import file, an Excel workbook against the same rows as CSV.

    .venv/bin/python bench/import_read.py [--years 1 10] [--repeat 3] [--store]

For each size it makes a club history of that many years (a club day a week, 6 tables of 4,
4 回戦: 96 rows a day, scores that add up to 100,000), writes it as the export's CSV (UTF-8 with
BOM, as Excel's 「CSV UTF-8」) and as a workbook with date cells (openpyxl), and times
``upload_sheets`` on each (the best of ``--repeat``). The baseline is what the user waits for with
either file: the dry run of the same rows (``results_import_check``, new members created, on a
throwaway SQLite database with the presets); the workbook's read is given as a ratio to it, what
it adds to the wait for the preview. ``--store`` also times the commit of the import
(``results_import``: the check again, then every hanchan stored), which holds SQLite's one write lock
while it runs, in a transaction rolled back after (the ratings recomputed at the commit are not in
it). Always exits 0.
"""

from __future__ import annotations

import argparse
import csv
import datetime
import io
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def history(years: int, rng: random.Random) -> list[list]:
    rows = []
    day = datetime.datetime(2026, 11, 1) - datetime.timedelta(weeks=52 * years)
    for _week in range(52 * years):
        day += datetime.timedelta(weeks=1)
        for game in range(1, 5):
            players = rng.sample(range(1, 41), 24)
            for table in range(1, 7):
                cuts = sorted(rng.randrange(0, 1001) * 100 for _ in range(3))
                scores = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 100_000 - cuts[2]]
                for seat in range(4):
                    no = players[(table - 1) * 4 + seat]
                    rows.append([day, table, game, seat, no, f"会員{no}", scores[seat], "", "", "", ""])
    return rows


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--years", type=int, nargs="+", default=[1, 10])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--store", action="store_true", help="also time storing the import (minutes at 10 years)")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    os.environ["DJANGO_SETTINGS_MODULE"] = "clubsite.settings"
    tmp = tempfile.TemporaryDirectory()  # removed at exit
    os.environ["DJANGO_DB_PATH"] = str(Path(tmp.name) / "bench.sqlite3")
    os.environ.pop("DATABASE_URL", None)
    import django

    django.setup()
    import openpyxl
    from django.core.management import call_command
    from django.db import transaction

    from scoring.models import RuleSet
    from scoring.selectors.csvio import RESULT_COLUMNS
    from scoring.services.csvcells import upload_sheets
    from scoring.services.csvio import results_import, results_import_check

    call_command("migrate", verbosity=0)
    ruleset = RuleSet.objects.get(preset="ariari", options={})
    print(f"{'years':>5} {'rows':>8} {'CSV MB':>7} {'xlsx MB':>8} {'read CSV':>9} {'read xlsx':>10} "
          f"{'dry run':>9} {'xlsx/dry run':>13}" + (f" {'store':>8} {'store/dry run':>14}" if args.store else ""))
    for years in args.years:
        rows = history(years, random.Random(years))
        text = io.StringIO()
        writer = csv.writer(text, lineterminator="\r\n")
        writer.writerow(RESULT_COLUMNS[:11])
        writer.writerows([[r[0].date().isoformat(), *r[1:]] for r in rows])
        as_csv = "\ufeff".encode() + text.getvalue().encode()
        book = openpyxl.Workbook(write_only=True)
        sheet = book.create_sheet()
        sheet.append(RESULT_COLUMNS[:11])
        for r in rows:
            sheet.append(r)
        out = io.BytesIO()
        book.save(out)
        as_xlsx = out.getvalue()
        (_name, from_xlsx), = upload_sheets(as_xlsx)
        assert from_xlsx.splitlines() == upload_sheets(as_csv)[0][1].splitlines()  # the same rows either way
        t_csv = best(lambda: upload_sheets(as_csv), args.repeat)
        t_xlsx = best(lambda: upload_sheets(as_xlsx), args.repeat)
        text = upload_sheets(as_csv)[0][1]
        plan = results_import_check(text=text, create_members=True, ruleset=ruleset)
        assert plan.ok, plan.errors[:3]
        t_check = best(lambda: results_import_check(text=text, create_members=True, ruleset=ruleset), args.repeat)
        line = (f"{years:>5} {len(rows):>8,} {len(as_csv) / 1e6:>7.1f} {len(as_xlsx) / 1e6:>8.1f} "
                f"{t_csv * 1000:>7.0f}ms {t_xlsx * 1000:>8.0f}ms {t_check * 1000:>7.0f}ms {t_xlsx / t_check:>12.2f}x")
        if args.store:
            with transaction.atomic():  # rolled back: the next size is stored into the same empty club
                start = time.perf_counter()
                results_import(text=text, create_members=True, ruleset=ruleset, by=None)
                t_store = time.perf_counter() - start
                transaction.set_rollback(True)
            line += f" {t_store:>7.1f}s {t_store / t_check:>13.1f}x"
        print(line)


if __name__ == "__main__":
    main()

"""``python manage.py exportresults``: results of finished hanchan as CSV on stdout, as the web export
writes them and ``importresults`` reads them back."""

from __future__ import annotations

import codecs
import datetime
import os
import sys
from typing import Any, Iterable

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.models import ClubDay, RuleSet
from scoring.selectors import csvio


def add_filter_arguments(parser: CommandParser) -> None:
    parser.add_argument("--from", dest="start", type=datetime.date.fromisoformat, metavar="YYYY-MM-DD",
                        help="first date (inclusive)")
    parser.add_argument("--to", dest="end", type=datetime.date.fromisoformat, metavar="YYYY-MM-DD",
                        help="last date (inclusive)")
    parser.add_argument("--ruleset", metavar="NAME", help="only hanchan played under this rule set (its name)")
    parser.add_argument("--day", type=int, metavar="ID", help="only this club day (its id)")


def filters_from(options: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"start": options.get("start"), "end": options.get("end")}
    if options.get("ruleset"):
        try:
            out["ruleset"] = RuleSet.objects.get(name=options["ruleset"])
        except RuleSet.DoesNotExist:
            known = ", ".join(RuleSet.objects.values_list("name", flat=True))
            raise CommandError(f"no rule set named {options['ruleset']!r} (known: {known})") from None
    if options.get("day"):
        try:
            out["clubday"] = ClubDay.objects.get(pk=options["day"])
        except ClubDay.DoesNotExist:
            raise CommandError(f"no club day with id {options['day']}") from None
    return out


def write_csv(command: BaseCommand, header: list[str], rows: Iterable[list[Any]], *, to_stdout: bool) -> None:
    """The CSV lines as UTF-8 bytes on stdout, whatever the terminal's encoding; a reader that stops
    early (``| head``) ends the output quietly. ``to_stdout``: the command writes to the process's
    stdout, not to a stream given to ``call_command``."""
    buffer = getattr(sys.stdout, "buffer", None) if to_stdout else None
    out = codecs.getwriter("utf-8")(buffer) if buffer is not None else command.stdout
    try:
        for line in csvio.csv_lines(header, rows):
            out.write(line)  # each ends with its newline: OutputWrapper adds none
        out.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit


class Command(BaseCommand):
    help = "Write the results of finished hanchan as CSV (UTF-8 with BOM) to stdout."

    def add_arguments(self, parser: CommandParser) -> None:
        add_filter_arguments(parser)

    def handle(self, *args, **options) -> None:
        write_csv(self, csvio.RESULT_COLUMNS, csvio.result_rows(**filters_from(options)),
                  to_stdout=options.get("stdout") is None)

"""``python manage.py exportstandings``: the standings as CSV on stdout (the columns of ``/standings.csv``)."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandParser

from scoring.selectors import csvio

from .exportresults import add_filter_arguments, filters_from, write_csv


class Command(BaseCommand):
    help = "Write the standings for a period as CSV (UTF-8 with BOM) to stdout."

    def add_arguments(self, parser: CommandParser) -> None:
        add_filter_arguments(parser)
        parser.add_argument("--min-games", type=int, default=0, metavar="N", help="only members with N games or more")
        parser.add_argument("--include-inactive", action="store_true", help="also members no longer active")

    def handle(self, *args, **options) -> None:
        filters = filters_from(options)
        filters.update(min_games=max(options["min_games"], 0), include_inactive=options["include_inactive"])
        write_csv(self, csvio.STANDINGS_COLUMNS, list(csvio.standings_rows(**filters)),
                  to_stdout=options.get("stdout") is None)

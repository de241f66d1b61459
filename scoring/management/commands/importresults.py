"""``python manage.py importresults FILE``: import results, all or nothing, through the service the
web page uses."""

from __future__ import annotations

from pathlib import Path

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring import services
from scoring.models import RuleSet
from scoring.services.csvcells import MAX_BYTES


class Command(BaseCommand):
    help = ("Import results from a CSV file or an Excel workbook's sheets "
            "(date,table,game,seat,member_no,member_name,score,rank,uma,net,ruleset[,member_kana]).")
    shown = 0  # the tenths of the file told stored

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path, help="the CSV file or Excel workbook, .xlsx or .xls (- for stdin is not supported)")
        parser.add_argument("--dry-run", action="store_true", help="check only; save nothing")
        parser.add_argument("--create-members", action="store_true", help="create members for unknown numbers (or, where the number is blank, names)")
        parser.add_argument("--ruleset", metavar="NAME", help="the rule set of rows whose ruleset is blank (all rows, without a ruleset column)")

    def handle(self, *args, file: Path, dry_run: bool, create_members: bool, ruleset: str | None, **options) -> None:
        default = None
        if ruleset is not None:
            default = RuleSet.objects.filter(name=ruleset).first()
            if default is None:
                raise CommandError(f"no rule set is called {ruleset!r} (known: {', '.join(RuleSet.objects.values_list('name', flat=True))})")
        try:
            data = file.read_bytes() if file.stat().st_size <= MAX_BYTES else b"\0" * (MAX_BYTES + 1)
        except OSError as exc:
            raise CommandError(f"cannot read {file}: {exc.strerror}") from None
        try:
            sheets = services.upload_sheets(data)
        except ValidationError as exc:
            raise CommandError(" ".join(exc.messages)) from None
        plan = services.results_import_check(sheets=sheets, create_members=create_members, ruleset=default)
        for note in plan.notes:
            self.stdout.write(note)
        if not plan.ok:
            for error in plan.errors:
                self.stderr.write(str(error))
            if plan.more_errors:
                self.stderr.write(f"... {plan.more_errors} more")
            raise CommandError(f"{file}: {len(plan.errors) + plan.more_errors} error(s); nothing imported")
        skipped = f" ({plan.skipped} more recorded before: skipped)" if plan.skipped else ""
        summary = (f"{plan.rows} rows, {len(plan.hanchans)} hanchan{skipped}, {len(plan.new_days)} new club days, "
                   f"{len(plan.new_members)} new members")
        if dry_run:
            self.stdout.write(f"dry run: {summary} (nothing saved)")
            return
        try:
            services.results_import(sheets=sheets, file_name=file.name, create_members=create_members,
                                    ruleset=default, by=None, progress=self.progress)
        except ValidationError as exc:
            for message in exc.messages:
                self.stderr.write(message)
            raise CommandError(f"{file}: nothing imported") from None
        self.stdout.write(f"imported: {summary} (listed under 取り込みの履歴, /results/imports/, to be undone)")

    def progress(self, done: int, total: int) -> None:
        """A line on stderr at every tenth of the file stored."""
        if done * 10 // total > self.shown:  # a day's hanchan are stored at once: a tenth may be skipped over
            self.shown = done * 10 // total
            self.stderr.write(f"stored {done:,} of {total:,} hanchan ({done * 100 // total}%)")

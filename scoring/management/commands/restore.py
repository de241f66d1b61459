"""``python manage.py restore PATH``: put a backup of ``manage.py backup`` back, in one transaction."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from scoring.backups import database_has_club_data, read_backup, restore


class Command(BaseCommand):
    help = "Restore a backup written by `manage.py backup` (refuses a non-empty database without --force)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("path")
        parser.add_argument("--force", action="store_true",
                            help="replace the data already in the database")

    def handle(self, *args, path: str, force: bool = False, **options) -> None:
        source = Path(path)
        if not source.is_file():
            raise CommandError(f"バックアップが見つかりません / no such file: {source}")
        if database_has_club_data() and not force:
            raise CommandError("データベースにはすでにデータがあります。置き換えるなら --force を付けてください "
                               "(the database is not empty: add --force to replace its data)")
        try:
            restore(read_backup(source))
        except Exception as exc:  # OSError, ValueError, and loaddata's DeserializationError etc.
            raise CommandError(f"復元できませんでした(何も変更していません) / restore failed, nothing changed: {exc}")
        self.stdout.write(f"復元しました / restored from {source}")

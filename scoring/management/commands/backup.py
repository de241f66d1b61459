"""``python manage.py backup [PATH]``: the whole club to a gzip-compressed JSON file (by default in
``CLUB_BACKUP_DIR``, else ``backups/``)."""

from __future__ import annotations

import os
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand
from django.utils import timezone

from scoring.backups import write_backup


class Command(BaseCommand):
    help = "Write a backup of the whole club (JSON, gzip) that `manage.py restore` reads back."

    def add_arguments(self, parser) -> None:
        parser.add_argument("path", nargs="?", help="file to write (.json or .json.gz)")
        parser.add_argument("--keep", type=int, default=0, help="keep only the newest N automatic backups")

    def handle(self, *args, path: str | None = None, keep: int = 0, **options) -> None:
        folder = Path(os.environ.get("CLUB_BACKUP_DIR", settings.BASE_DIR / "backups"))
        target = Path(path) if path else folder / f"club-{timezone.localtime():%Y%m%d-%H%M%S}.json.gz"
        size = write_backup(target)
        self.stdout.write(f"バックアップしました / backup written: {target} ({size:,} bytes)")
        if keep and not path:
            old = sorted(folder.glob("club-*.json.gz"))[:-keep]
            for p in old:
                p.unlink()
            if old:
                self.stdout.write(f"古いバックアップを {len(old)} 件削除しました / removed {len(old)} old backups")

"""Backups as gzip-compressed Django JSON fixtures (``dumpdata`` / ``loaddata``): unlike a copy of the
SQLite file, one restores into SQLite or PostgreSQL and includes models added later."""

from __future__ import annotations

import gzip
import io
import os
import tempfile
from pathlib import Path

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.color import no_style
from django.db import connection, transaction

import rules

from . import generations
from .models import ClubDay, Member, RuleSet
from .services.rollup import rollup_rebuild

NOT_SAVED_MODELS = {"contenttypes.contenttype", "auth.permission", "admin.logentry",
                    "sessions.session", "scoring.setuptoken",
                    "scoring.boardrollup"}  # a cache of the results, rebuilt by restore
NOT_SAVED_APPS = {"axes"}
KEPT_TABLE_MODELS = {"contenttypes.contenttype", "auth.permission"}


def saved_models() -> list[str]:
    return [m._meta.label_lower for m in apps.get_models()
            if m._meta.label_lower not in NOT_SAVED_MODELS and m._meta.app_label not in NOT_SAVED_APPS
            and m._meta.managed and not m._meta.proxy]


def dump() -> bytes:
    """The whole club as JSON, read in one transaction (a consistent snapshot)."""
    out = io.StringIO()
    outermost = not connection.in_atomic_block
    with transaction.atomic():
        if connection.vendor == "postgresql" and outermost:
            with connection.cursor() as c:
                c.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        call_command("dumpdata", *saved_models(), format="clubjson", natural_foreign=True, indent=1,
                     stdout=out)
    return out.getvalue().encode("utf-8")


def write_backup(path: Path) -> int:
    """Write the backup to ``path`` (gzip when it ends in ``.gz``), atomically, readable only by
    its owner (it holds password hashes); the number of bytes written."""
    data = dump()
    if path.suffix == ".gz":
        data = gzip.compress(data, mtime=0)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".backup-", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return len(data)


def read_backup(path: Path) -> bytes:
    raw = path.read_bytes()
    return gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw


def database_has_club_data() -> bool:
    """Whether anything a person entered is in the database (the presets and the scorekeeper group
    that the migrations create do not count)."""
    presets = [rules.PRESET_LABELS.get(k, k) for k in rules.PRESETS]
    return (get_user_model().objects.exists() or Member.objects.exists() or ClubDay.objects.exists()
            or RuleSet.objects.exclude(name__in=presets).exists())


def _clear_tables() -> None:
    kept = {apps.get_model(label)._meta.db_table for label in KEPT_TABLE_MODELS}
    tables = [t for t in connection.introspection.django_table_names(only_existing=True, include_views=False)
              if t not in kept]
    with connection.cursor() as c:
        if connection.vendor == "postgresql":  # TRUNCATE refuses tables with pending deferred FK checks
            c.execute("SET CONSTRAINTS ALL IMMEDIATE")
        for sql in connection.ops.sql_flush(no_style(), tables, reset_sequences=True, allow_cascade=False):
            c.execute(sql)


def restore(data: bytes) -> None:
    """Replace everything saved by ``dump`` with ``data``, in one transaction."""
    with tempfile.TemporaryDirectory() as tmp:
        fixture = Path(tmp) / "backup.clubjson"
        fixture.write_bytes(data)
        with transaction.atomic():
            _clear_tables()
            call_command("loaddata", str(fixture), verbosity=0)
            rollup_rebuild()  # a cache of the results: a backup from before it, or hand-edited, still matches
            generations.clear()  # pages kept in the shared cache were drawn from the data replaced

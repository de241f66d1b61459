"""``manage.py backup`` / ``restore``: a club's whole history comes back exactly."""

from __future__ import annotations

import datetime
import gzip
import json
import stat
from io import StringIO

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from scoring import services
from scoring.backups import saved_models
from scoring.models import ClubDay, Hanchan, HanchanResult, HandRecord, Member
from scoring.selectors.ranking import standings
from tests.scoring.conftest import make_ron

pytestmark = pytest.mark.django_db


def club_history(ariari, members, admin_user, scorekeeper) -> None:
    """Three club days; per day a hanchan recorded hand by hand (finished early), one from a paper
    sheet, one left in play; plus an own rule set."""
    house = services.ruleset_create(name="クラブ規定", preset="ariari", options={})
    for day in range(3):
        clubday = services.clubday_create(date=datetime.date(2026, 10, 1 + 7 * day), venue=f"会場{day}",
                                          ruleset=house if day else ariari)
        players = members[day % 2:day % 2 + 4]
        hc = services.hanchan_create(clubday=clubday, table=1, players=players)
        for n, (w, l, han, fu) in enumerate([(0, 1, 3, 30), (2, 3, 1, 40), (1, 0, 4, 30), (3, 2, 2, 30)][:day + 2]):
            services.hanchan_record_hand(hanchan=hc, event=make_ron(w, l, han, fu), by=scorekeeper)
        services.hanchan_finish(hanchan=hc, by=scorekeeper)
        paper = services.hanchan_create(clubday=clubday, table=2, players=players[::-1])
        services.hanchan_record_final_scores(hanchan=paper, scores=[41000, 30000, 19000, 10000],
                                             sticks=0, by=admin_user)
        open_one = services.hanchan_create(clubday=clubday, table=3, players=players)
        services.hanchan_record_hand(hanchan=open_one, event=make_ron(1, 2, 5), by=admin_user)


def snapshot() -> dict[str, list[dict]]:
    """Every saved model's rows, as values, in pk order."""
    out = {}
    for label in saved_models():
        model = apps.get_model(label)
        out[label] = [dict(row) for row in model._base_manager.order_by("pk").values()]
    user_groups = get_user_model().groups.through.objects.order_by("pk").values_list("user_id", "group__name")
    out["user_groups"] = list(user_groups)
    return out


@pytest.fixture
def history(ariari, members, admin_user, scorekeeper):
    club_history(ariari, members, admin_user, scorekeeper)
    assert HanchanResult.objects.count() == 24 and HandRecord.objects.count() == 12
    return snapshot()


def wipe() -> None:
    from scoring.backups import _clear_tables

    _clear_tables()


def test_a_backup_round_trips_the_whole_club_history(history, tmp_path):
    standings_before = [(r["member_name"], r["games"], r["net"]) for r in standings()]
    assert standings_before and standings_before[0][1] > 0
    path = tmp_path / "club.json.gz"
    call_command("backup", str(path), stdout=StringIO())
    assert stat.S_IMODE(path.stat().st_mode) == 0o600  # it holds password hashes
    assert json.loads(gzip.decompress(path.read_bytes()))
    wipe()
    assert not Member.objects.exists() and not HanchanResult.objects.exists()
    call_command("restore", str(path), stdout=StringIO())
    after = snapshot()
    assert after == history
    # and every stored result by name, the way the boards read them
    results = {(r.hanchan.clubday.date, r.hanchan.table, r.member.name): (r.score, r.rank, r.uma, r.net)
               for r in HanchanResult.objects.select_related("hanchan__clubday", "member")}
    assert len(results) == 24
    # the boards' rollup is not in the file but rebuilt from the results: the standings are the same
    assert standings_before == [(r["member_name"], r["games"], r["net"]) for r in standings()]
    # the restored users can still log in with their passwords
    assert get_user_model().objects.get(username="kiroku").check_password("pass-1234")


def test_restore_refuses_a_database_with_data_unless_forced(history, tmp_path):
    path = tmp_path / "club.json"
    call_command("backup", str(path), stdout=StringIO())
    services.member_create(name="新人", kana="しんじん", number=99)
    with pytest.raises(CommandError, match="--force"):
        call_command("restore", str(path), stdout=StringIO())
    assert Member.objects.filter(number=99).exists()
    call_command("restore", str(path), "--force", stdout=StringIO())
    assert not Member.objects.filter(number=99).exists()
    assert snapshot() == history


def test_a_broken_backup_changes_nothing(history, tmp_path):
    good = tmp_path / "good.json"
    call_command("backup", str(good), stdout=StringIO())
    rows = json.loads(good.read_text())
    # a hand pointing at a hanchan that is not in the file: loading fails at the end
    rows.append({"model": "scoring.handrecord", "pk": 9999,
                 "fields": {**next(r for r in rows if r["model"] == "scoring.handrecord")["fields"],
                            "hanchan": 987654, "order": 77}})
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(rows))
    with pytest.raises(CommandError, match="nothing changed"):
        call_command("restore", str(bad), "--force", stdout=StringIO())
    assert snapshot() == history


def test_a_missing_file_is_explained(db, tmp_path):
    with pytest.raises(CommandError, match="no such file"):
        call_command("restore", str(tmp_path / "nope.json.gz"))


def test_without_a_path_it_writes_into_the_backup_folder_and_keeps_the_newest(db, tmp_path, monkeypatch):
    monkeypatch.setenv("CLUB_BACKUP_DIR", str(tmp_path))
    for name in ("club-20260101-000000.json.gz", "club-20260102-000000.json.gz"):
        (tmp_path / name).write_bytes(b"old")
    call_command("backup", "--keep", "2", stdout=StringIO())
    kept = sorted(p.name for p in tmp_path.glob("club-*.json.gz"))
    assert len(kept) == 2 and kept[0] == "club-20260102-000000.json.gz"


def test_the_setup_token_and_login_attempts_are_not_saved():
    labels = saved_models()
    assert "scoring.setuptoken" not in labels and not any(label.startswith("axes.") for label in labels)
    assert {"scoring.hanchanresult", "scoring.handrecord", "auth.user"} <= set(labels)
    assert ClubDay._meta.label_lower in labels and Hanchan._meta.label_lower in labels


def test_pages_kept_in_the_cache_are_not_shown_after_a_restore(history, tmp_path):
    """The shared page cache is not in the backup and outlives a restore: the restore empties it."""
    from django.core.cache import cache

    from scoring import generations

    path = tmp_path / "club.json"
    call_command("backup", str(path), stdout=StringIO())
    kept = generations.generation(generations.BOARDS)
    cache.set(f"template.cache.standings.{kept}", "drawn from the data replaced", timeout=None)
    call_command("restore", str(path), "--force", stdout=StringIO())
    assert generations.generation(generations.BOARDS) != kept
    assert cache.get(f"template.cache.standings.{kept}") is None


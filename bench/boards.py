"""Benchmark (not a test): the boards at club-history scale.

    .venv/bin/python bench/boards.py [--years 1 10] [--members 60] [--seed 12] [--rounds 32] [--cpu]

For each number of years, a SQLite database built by ``manage.py seedhistory`` (kept in
``--cache`` between runs, default ``/tmp/boards-bench``: building 10 years takes ~10 minutes) is
copied (the run writes to it) and measured in a fresh process with ``DEBUG`` off through Django's
test client: the standings (all time, and the last full
year), the page of the member with the most games, the page of the member with the most games
among those who were not at the written table, the home page, and a trivial view of the same
server — the 404 page — as the yardstick. After a warm-up, the pages are requested in turn for
``--rounds`` rounds (so load on the machine hits all alike), each round at another Python call
depth (``bench/depth.py``: on CPython 3.11 the time of a request depends on it), each three times:

- "warm": as it comes (the pages keep their tables and figures in the cache under the boards'
  generation, ``scoring.generations``, while nothing changed);
- "after a write": right after a result was written through the app's services (the latest
  hanchan of the member with the most games voided and put back: the rollup and ratings are
  recomputed and the boards' generation renewed, as in the app, so every board is drawn anew);
  the write's own time is reported too;
- "after a restart": right after every cache is cleared, template fragments included (nothing
  computed before is there: the whole computation).

The report gives each page's median times, their ratios to the 404 page's warm median and the
number of SQL queries of a warm request and one after a restart.

Budgets (issue 18): each page as it is kept ≤ 3× the trivial view (median), the first view after a
write ≤ 10×, and flat from 1 to 10 years of history (the last table compares the two). Always exits 0.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from depth import DEPTHS, at_depth, for_round  # bench/, beside this script

ROOT = Path(__file__).resolve().parents[1]
TARGET, WRITE_TARGET = 3.0, 10.0  # warm; the first view after a write


def build(db: Path, years: float, members: int, seed: int) -> None:
    """The seeded database, built once into a temporary name and then renamed (a run cut short
    leaves no half-built cache)."""
    tmp = db.with_name("building-" + db.name)
    for suffix in ("", "-wal", "-shm"):
        Path(str(tmp) + suffix).unlink(missing_ok=True)
    env = {**os.environ, "DJANGO_DB_PATH": str(tmp), "DJANGO_DEBUG": "0"}
    print(f"building {db} ({years:g} years, {members} members, seed {seed}) ...", flush=True)
    started = time.monotonic()
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    subprocess.run([sys.executable, "manage.py", "seedhistory", "--years", str(years), "--members", str(members),
                    "--seed", str(seed), "--every", "104"], cwd=ROOT, env=env, check=True)
    tmp.rename(db)
    print(f"built in {time.monotonic() - started:.0f}s", flush=True)


def measure(db: str, rounds: int, clock=time.perf_counter) -> dict:
    """In this process: Django on ``db``, DEBUG off; time each page ``rounds`` times by ``clock``."""
    os.environ.update(DJANGO_DB_PATH=db, DJANGO_DEBUG="0", DJANGO_SETTINGS_MODULE="clubsite.settings",
                      DJANGO_ALLOWED_HOSTS="testserver")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.cache import caches

    def clear_caches() -> None:  # every cache (the default and the template fragments' one)
        for alias in caches:
            caches[alias].clear()
    from django.db import connection
    from django.db.models import Count, Max
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from scoring import services
    from scoring.models import ClubDay, Hanchan, HanchanResult, Member

    last = ClubDay.objects.aggregate(d=Max("date"))["d"]
    year = last.year - 1 if last.month < 12 else last.year
    by_games = list(HanchanResult.objects.values_list("member").annotate(n=Count("pk")).order_by("-n", "member"))
    top = by_games[0][0] if by_games else None
    written = (Hanchan.objects.filter(state=Hanchan.State.FINISHED, results__member=top)
               .order_by("-clubday__date", "-clubday_id", "-number", "-table").first())
    at_table = {r.member_id for r in written.results.all()} if written else set()
    other = next((m for m, _n in by_games if m not in at_table), top)
    user = get_user_model().objects.filter(is_superuser=True).first() or get_user_model().objects.create_user(
        "bench-writer", password="bench-writer-password")
    writes: list[float] = []

    def write() -> None:
        """A result write through the services (as the 無効 button and its undo do)."""
        for service in (services.hanchan_void, services.hanchan_unvoid):
            started = clock()
            service(hanchan=Hanchan.objects.get(pk=written.pk), by=user)
            writes.append((clock() - started) * 1000)

    pages = {
        "404 (trivial)": "/no-such-page/",
        "standings, all time": "/standings/",
        f"standings, {year}": f"/standings/?period=year&year={year}",
        "member page": f"/members/{top}/",
        "member page, not written": f"/members/{other}/",
        "home": "/",
    }
    client = Client()
    info = {"hanchan": HanchanResult.objects.count() // 4, "members": Member.objects.count(), "pages": {}}
    for name, url in pages.items():
        for _ in range(3):  # warm-up: templates, translations, SQLite page cache
            response = client.get(url)
        expected = 404 if name.startswith("404") else 200
        if response.status_code != expected:
            info["pages"][name] = {"url": url, "error": f"status {response.status_code}"}
            continue
        with CaptureQueriesContext(connection) as warm:
            client.get(url)
        clear_caches()
        with CaptureQueriesContext(connection) as cold:
            client.get(url)
        info["pages"][name] = {"url": url, "queries": len(warm), "cold_queries": len(cold), "warm": [],
                               "written": [], "cold": []}
    for rnd in range(rounds):
        for name, url in pages.items():
            page = info["pages"][name]
            if "error" in page:
                continue
            for kind, before in (("warm", lambda url=url: client.get(url)), ("written", write), ("cold", clear_caches)):
                before()
                started = clock()
                at_depth(for_round(rnd), lambda url=url: client.get(url))
                page[kind].append((clock() - started) * 1000)
    for page in info["pages"].values():
        if "warm" in page:
            page["median"] = statistics.median(page.pop("warm"))
            page["written_median"] = statistics.median(page.pop("written"))
            page["cold_median"] = statistics.median(page.pop("cold"))
    info["write_median"] = statistics.median(writes) if writes else None
    return info


KINDS = ("median", "written_median", "cold_median")  # warm, after a write, after a restart


def report(years: float, info: dict) -> None:
    """Each page's medians and ratios to the 404 page's median in the same condition (a write or
    a restart slows the next request of any kind: the 404 page's own figures show by how much),
    and to its warm median in brackets (the stricter yardstick)."""
    pages = info["pages"]
    trivial = pages["404 (trivial)"]
    print(f"\n{years:g} years: {info['hanchan']:,} hanchan, {info['members']} members; "
          f"a write (void or its undo) {info['write_median']:.0f} ms (median)")
    print(f"  {'page':26} {'warm ms':>8} {'× 404':>6} {'write ms':>9} {'× 404 (warm)':>13} {'restart ms':>11}"
          f" {'× 404 (warm)':>13} {'queries warm/restart':>21}")
    for name, page in pages.items():
        if "error" in page:
            print(f"  {name:26} {page['error']} ({page['url']})")
            continue
        warm, written, cold = (page[k] / trivial[k] for k in KINDS)
        strict = [page[k] / trivial["median"] for k in KINDS]
        flag = "" if name.startswith("404") or (warm <= TARGET and written <= WRITE_TARGET) else "  > budget"
        print(f"  {name:26} {page['median']:8.1f} {warm:6.2f} {page['written_median']:9.1f} {written:5.2f} ({strict[1]:5.2f})"
              f" {page['cold_median']:11.1f} {cold:5.2f} ({strict[2]:5.2f}) {page['queries']:>11d} / {page['cold_queries']:<7d}{flag}")
    print("  (write: the first view after a result was written; restart: every cache cleared, for the record)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--years", type=float, nargs="+", default=[1, 10])
    parser.add_argument("--members", type=int, default=60)
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--rounds", type=int, default=2 * len(DEPTHS))
    parser.add_argument("--cache", type=Path, default=Path("/tmp/boards-bench"))
    parser.add_argument("--cpu", action="store_true",
                        help="time the process's CPU (SQLite runs in it) instead of the wall clock: steadier on a busy machine")
    parser.add_argument("--measure", help=argparse.SUPPRESS)  # internal: measure this database file
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.measure, args.rounds, time.process_time if args.cpu else time.perf_counter)))
        return
    args.cache.mkdir(parents=True, exist_ok=True)
    results = {}
    for years in args.years:
        db = args.cache / f"y{years:g}-m{args.members}-s{args.seed}.sqlite3"
        if not db.exists():
            build(db, years, args.members, args.seed)
        # a cached database built before a newer migration: bring it up to date first
        subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, check=True,
                       env={**os.environ, "DJANGO_DB_PATH": str(db), "DJANGO_DEBUG": "0"})
        with tempfile.TemporaryDirectory(prefix="boards-bench-") as tmp:
            copy = Path(tmp) / db.name  # the run writes: keep the built database as it is
            shutil.copyfile(db, copy)
            run = subprocess.run([sys.executable, __file__, "--measure", str(copy), "--rounds", str(args.rounds),
                                  *(["--cpu"] if args.cpu else [])],
                                 cwd=ROOT, capture_output=True, text=True)
        if run.returncode:
            print(f"\n{years:g} years: the measurement failed:\n{run.stderr[-3000:]}")
            continue
        results[years] = json.loads(run.stdout.strip().splitlines()[-1])
        report(years, results[years])
    if len(results) > 1:
        first, last = min(results), max(results)
        print(f"\nflat? ratio to the 404 page (warm | after a write | after a restart), {first:g} → {last:g} years")
        for name in results[first]["pages"]:
            a, b = results[first]["pages"][name], results[last]["pages"].get(name, {})
            if "median" in a and "median" in b and not name.startswith("404"):
                base_a, base_b = (results[y]["pages"]["404 (trivial)"] for y in (first, last))
                print(f"  {name:26} " + "   | ".join(f"{a[k] / base_a[k]:6.2f} → {b[k] / base_b[k]:6.2f}" for k in KINDS))


if __name__ == "__main__":
    main()

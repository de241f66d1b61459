"""Benchmark of the pages a club night uses, against the trivial view (the 404 page).

    .venv/bin/python bench/pages.py [--repeat 32] [--years 10] [--seed 11] [--cache /tmp/pages-bench]

Builds a synthetic club history in SQLite databases kept under ``--cache`` (built once, ~15 min for
10 years; delete the folder to build them again) through the app's services: 24 members, 48 club days a year, two tables of three hanchan each (≈ 290 hanchan and
≈ 3,000 hands a year). To be fast, each history hanchan is generated and replayed once with
``rules.play``; its hands are inserted with ``bulk_create`` carrying exactly that replay's cache
(deltas, scores, label, description), then ``services.hanchan_finish`` stores the results as the
app does. A sample is re-settled at the end to prove the caches equal the replay.

The newest club day has an in-play hanchan of 14 hands entered through ``services.hanchan_record_hand``.
Each database is measured in a process of its own with Django's test client, ``DEBUG`` off, the
page cache of the settings (the database's own cache table), requests of all kinds interleaved
round by round, each round at another Python call depth (``bench/depth.py``: on CPython 3.11 the
time of a request depends on it):

All requests are made by one logged-in scorekeeper (session, user and role checks included); the
POSTs carry form-urlencoded bodies, as htmx sends them:

- ``trivial``   GET of an unknown URL (the 404 page): the floor every request pays
- ``hanchan``   GET of the 14-hand hanchan page (scorekeeper), right after an edit of it: drawn anew
- ``warm``      the same GET again, nothing changed: what the cache keeps
- ``restart``   the same GET after ``generations.clear()`` (what ``make run`` does at every start):
                every block drawn anew, the empty hand form included
- ``preview``   POST of the live preview of a tiled ron (htmx)
- ``record``    POST of one more hand (htmx) from the page's empty form (``fresh``: the phone clears
                it itself, the answer carries what changed), then undone with ``services.hanchan_delete_hand``
                and its history rows removed (not timed) so that every round sees the same 14
                hands and no growing list of deleted hands
- ``edit``      POST of an edit of hand 2 of 14 (its fu alternates 30/40, the game stays valid)
- ``days``      GET of the club-day list (the newest year)

with 1 year of history and with ``--years`` (the older years added). Prints medians, p90, the ratio
of each median to the trivial view's of the same run, the number of database queries of one
request and the bytes of its answer. Budgets (issue 18, ceilings): pages as they are kept ≤ 3×,
the first view after a write ≤ 10×, recording a hand ≤ 5×; and no page growing with the history.
Exits 0 (it measures; it does not judge).
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from depth import DEPTHS, at_depth, for_round  # noqa: E402  (bench/, beside this script)

TABLES, ROUNDS, DAYS_A_YEAR = 2, 3, 48
NAMES = ["山田", "佐藤", "鈴木", "田中", "伊藤", "渡辺", "高橋", "小林", "中村", "加藤", "吉田", "山本",
         "松本", "井上", "木村", "林", "斎藤", "清水", "山口", "森", "池田", "橋本", "阿部", "石川"]
KANA = ["やまだ", "さとう", "すずき", "たなか", "いとう", "わたなべ", "たかはし", "こばやし", "なかむら", "かとう",
        "よしだ", "やまもと", "まつもと", "いのうえ", "きむら", "はやし", "さいとう", "しみず", "やまぐち", "もり",
        "いけだ", "はしもと", "あべ", "いしかわ"]


def setup_django(db_path: Path) -> None:
    os.environ.update({"DJANGO_SETTINGS_MODULE": "clubsite.settings", "DJANGO_DEBUG": "0",
                       "DJANGO_DB_PATH": str(db_path), "DJANGO_ALLOWED_HOSTS": "testserver"})
    os.environ.pop("DATABASE_URL", None)
    import logging

    import django

    django.setup()
    logging.getLogger("django.request").setLevel(logging.ERROR)  # each timed 404 would print a line
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


# --------------------------------------------------------------------------- synthetic history


def random_event(rng: random.Random) -> dict:
    """A plausible hand of a club game: wins with a quick han/fu value, draws, now and then riichi."""
    r = rng.random()
    seats = [0, 1, 2, 3]
    if r < 0.45:
        winner, loser = rng.sample(seats, 2)
        ev = {"type": "ron", "winner": winner, "loser": loser, **_value(rng)}
    elif r < 0.75:
        ev = {"type": "tsumo", "winner": rng.choice(seats), **_value(rng, tsumo=True)}
    else:
        return {"type": "draw", "tenpai": sorted(rng.sample(seats, rng.randint(0, 4)))}
    if rng.random() < 0.3:
        ev["riichi"] = [ev["winner"]]
    return ev


def _value(rng: random.Random, tsumo: bool = False) -> dict:
    han = rng.choice([1, 1, 2, 2, 2, 3, 3, 4, 5, 6, 8])
    if han >= 5:
        return {"han": han}
    return {"han": han, "fu": rng.choice([30, 30, 40, 50] if not tsumo or han > 1 else [30, 40])}


def playable(hanchan, events: list[dict]) -> dict:
    """Cut ``events`` back until the whole list replays (a hand after the game ended, or one the
    table state refuses, ends the list there); returns the replay and leaves ``events`` cut."""
    import rules

    while True:
        try:
            return rules.play(hanchan.game_doc(events))
        except rules.GameError as exc:
            if exc.index is None:
                raise
            del events[exc.index:]


def add_year(year: int, members: list, ruleset, rng: random.Random, *, today: datetime.date | None = None) -> int:
    """48 club days of ``year`` (Sundays from the first), each with finished hanchan. Returns hands."""
    from django.db import transaction

    from scoring import services
    from scoring.models import HandRecord

    with transaction.atomic():  # one commit per year: SQLite's commit, not the app, would dominate
        return _add_year(year, members, ruleset, rng, today, services, HandRecord)


def _add_year(year, members, ruleset, rng, today, services, HandRecord) -> int:
    hands = 0
    day0 = datetime.date(year, 1, 1)
    day0 += datetime.timedelta(days=(6 - day0.weekday()) % 7)
    for d in range(DAYS_A_YEAR):
        date = day0 + datetime.timedelta(days=7 * d)
        if today is not None and date >= today:
            break
        day = services.clubday_create(date=date, venue="公民館", ruleset=ruleset)
        for number in range(1, ROUNDS + 1):
            for table in range(1, TABLES + 1):
                h = services.hanchan_create(clubday=day, table=table, players=rng.sample(members, 4))
                events = [random_event(rng) for _ in range(rng.randint(10, 18))]
                out = playable(h, events)
                if not events:
                    continue
                HandRecord.objects.bulk_create([
                    HandRecord(hanchan=h, order=i, event=ev, deltas=res["deltas"], scores_after=res["scores"],
                               label=res["label"]["ja"], description=res["description"]["ja"][:300])
                    for i, (ev, res) in enumerate(zip(events, out["events"]))])
                services.hanchan_finish(hanchan=h, by=None)
                hands += len(events)
    return hands


def current_game(members: list, ruleset, rng: random.Random, user):
    """Today's club day with a hanchan of 14 hands still in play, hand 2 a quick ron."""
    import rules
    from scoring import services

    day = services.clubday_create(date=datetime.date.today(), venue="公民館", ruleset=ruleset)
    h = services.hanchan_create(clubday=day, table=1, players=members[:4])
    while True:
        events = [random_event(rng) for _ in range(14)]
        events[1] = {"type": "ron", "winner": 2, "loser": 3, "han": 2, "fu": 30}
        try:
            out = rules.play(h.game_doc(events))
        except rules.RulesError:
            continue
        # the record step adds a dealer ron of 1500 (+ honba) on the lowest-but-one score: no bust
        if not out["ended"] and min(out["state"]["scores"]) > 12000 and out["state"]["honba"] < 6:
            break
    for ev in events:
        services.hanchan_record_hand(hanchan=h, event=ev, by=user)
    return h


def check_caches(sample) -> list[str]:
    from scoring import services

    return [f"{h.pk}: {fix}" for h in sample for fix in services.hanchan_resettle(hanchan=h)]


# --------------------------------------------------------------------------- timing


def hand_to_record(h) -> tuple[dict, int]:
    """The POST of one more hand, as the page's empty form sends it (a dealer ron of 1,000 on the
    leading non-dealer: nobody busts), and the number of hands before it."""
    import rules
    from scoring.models import Hanchan, HandRecord

    events = [r.event for r in HandRecord.objects.filter(hanchan=h).order_by("order")]
    st = rules.play(h.game_doc(events))["state"]
    loser = next(s for s in sorted(range(4), key=lambda s: -st["scores"][s]) if s != st["dealer"])
    version = Hanchan.objects.values_list("version", flat=True).get(pk=h.pk)
    return {"type": "ron", "winner": str(st["dealer"]), "loser": str(loser), "value": "quick", "han": "1",
            "fu": "30", "version": str(version), "fresh": "1"}, len(events)


def undo_recorded(h, count: int, status) -> None:
    """Delete the hand just recorded and its history rows (so every round sees the same hands and
    no growing list of deleted hands); stop the run if it was not stored."""
    from scoring import services
    from scoring.models import HandRecord

    hands = list(HandRecord.objects.filter(hanchan=h).order_by("order"))
    if len(hands) != count + 1:
        sys.exit(f"recording a hand did not store it (status {status})")
    services.hanchan_delete_hand(hand=hands[-1], by=None)
    HandRecord.history.filter(id=hands[-1].pk).delete()


class Bench:
    def __init__(self, hanchan, user):
        from django.test import Client

        self.client = Client()
        self.client.force_login(user)
        self.h = hanchan
        self.flip = False

    def version(self) -> str:
        from scoring.models import Hanchan

        return str(Hanchan.objects.values_list("version", flat=True).get(pk=self.h.pk))

    def requests(self) -> dict:
        """name -> (prepare, request, tidy); only ``request`` is timed."""
        from django.urls import reverse

        from scoring import generations
        from scoring.models import HandRecord

        h, c, hx = self.h, self.client, {"HTTP_HX_REQUEST": "true"}
        form = "application/x-www-form-urlencoded"  # what htmx sends (the test client's default is multipart)
        page = reverse("hanchan-detail", args=[h.pk])
        hand2 = HandRecord.objects.get(hanchan=h, order=1)
        state = {}

        def record_data():
            state["data"], state["count"] = hand_to_record(h)

        def record_undo():
            undo_recorded(h, state["count"], state.get("status"))

        def edit_data():
            self.flip = not self.flip
            state["edit"] = {"type": "ron", "winner": "2", "loser": "3", "value": "quick", "han": "2",
                             "fu": "40" if self.flip else "30", "version": self.version()}

        def edit_check():
            hand2.refresh_from_db()
            if hand2.event.get("fu") != int(state["edit"]["fu"]):
                sys.exit(f"editing hand 2 did not store it (status {state.get('status')})")

        def post(url, key):
            def run():
                r = c.post(url, urlencode(state[key]), content_type=form, **hx)
                state["status"] = r.status_code
                return r
            return run

        tiles = {"type": "ron", "winner": "1", "loser": "0", "value": "tiles", "hand": "234m567p3456678s",
                 "win_tile": "6s"}
        return {
            "trivial": (None, lambda: c.get("/no-such-page/"), None),
            "hanchan": (None, lambda: c.get(page), None),
            "warm": (None, lambda: c.get(page), None),
            "restart": (generations.clear, lambda: c.get(page), None),
            "preview": (None, lambda: c.post(reverse("hand-preview", args=[h.pk]), urlencode(tiles), content_type=form,
                                             **hx), None),
            "record": (record_data, post(reverse("hand-create", args=[h.pk]), "data"), record_undo),
            "edit": (edit_data, post(reverse("hand-update", args=[hand2.pk]), "edit"), edit_check),
            "days": (None, lambda: c.get(reverse("clubday-list")), None),
        }

    def run(self, repeat: int) -> dict[str, dict]:
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        reqs = self.requests()
        times: dict[str, list[float]] = {name: [] for name in reqs}
        queries: dict[str, int] = {}
        statuses: dict[str, int] = {}
        sizes: dict[str, int] = {}
        for rnd in range(repeat + 2):  # two warm-up rounds
            depth = for_round(rnd - 2)
            for name, (prepare, request, tidy) in reqs.items():
                if prepare:
                    prepare()
                if rnd == 0:
                    with CaptureQueriesContext(connection) as ctx:
                        response = request()
                    queries[name] = len(ctx.captured_queries)
                else:
                    t0 = time.perf_counter()
                    response = at_depth(depth, request)
                    elapsed = time.perf_counter() - t0
                    if rnd >= 2:
                        times[name].append(elapsed * 1000)
                statuses[name] = response.status_code
                sizes[name] = len(response.content)
                if tidy:
                    tidy()
        base = statistics.median(times["trivial"])
        return {name: {"median": statistics.median(t), "p90": sorted(t)[int(0.9 * (len(t) - 1))],
                       "ratio": statistics.median(t) / base, "queries": queries[name], "status": statuses[name],
                       "bytes": sizes[name]}
                for name, t in times.items()}


BUDGETS = {"warm": 3.0, "hanchan": 10.0, "restart": 10.0, "preview": 3.0, "record": 5.0, "edit": 10.0, "days": 3.0}


def report(title: str, rows: dict[str, dict]) -> None:
    print(f"\n{title}")
    print(f"  {'request':<9} {'median ms':>9} {'p90 ms':>8} {'× 404':>7} {'budget':>7} {'queries':>8} {'bytes':>7}"
          f" {'status':>6}")
    for name, r in rows.items():
        budget = f"≤{BUDGETS[name]:.0f}×" if name in BUDGETS else ""
        print(f"  {name:<9} {r['median']:9.1f} {r['p90']:8.1f} {r['ratio']:6.1f}× {budget:>7} {r['queries']:8d}"
              f" {r['bytes']:7d} {r['status']:6d}")


def build(path: Path, years: int, seed: int) -> None:
    """The 1-year history in ``path``, then a copy with ``years`` years beside it."""
    setup_django(path)
    from django.contrib.auth.models import Group, User

    from scoring import services
    from scoring.access import SCOREKEEPER
    from scoring.models import Hanchan, HandRecord, RuleSet

    rng = random.Random(seed)
    user = User.objects.create_user(username="kiroku", password="x-bench-only")
    user.groups.add(Group.objects.get_or_create(name=SCOREKEEPER)[0])
    members = [services.member_create(name=n, kana=k, number=i + 1) for i, (n, k) in enumerate(zip(NAMES, KANA))]
    ruleset = RuleSet.objects.get(preset="ariari", options={})
    today = datetime.date.today()
    t0 = time.perf_counter()
    add_year(today.year, members, ruleset, rng, today=today)
    current_game(members, ruleset, rng, user)
    print(f"1 year: {Hanchan.objects.count()} hanchan, {HandRecord.objects.count()} hands "
          f"(built in {time.perf_counter() - t0:.0f} s)", flush=True)
    from django.db import connection

    connection.close()
    shutil.copy(path, path.with_name("years1.sqlite3"))
    t0 = time.perf_counter()
    for year in range(today.year - 1, today.year - years, -1):
        add_year(year, members, ruleset, rng)
    print(f"{years} years: {Hanchan.objects.count()} hanchan, {HandRecord.objects.count()} hands "
          f"(built in {time.perf_counter() - t0:.0f} s)", flush=True)
    sample = random.Random(1).sample(list(Hanchan.objects.filter(clubday__date__lt=today)), 25)
    fixes = check_caches(sample)
    print("caches equal the replay (25 hanchan re-settled): " + ("yes" if not fixes else f"NO: {fixes[:5]}"))


def measure(path: Path, repeat: int) -> None:
    """Measure the database ``path`` (its newest hanchan is the game in play) and print the rows as JSON."""
    import json

    setup_django(path)
    from django.contrib.auth.models import User

    from scoring.models import Hanchan

    game = Hanchan.objects.filter(state=Hanchan.State.IN_PLAY).order_by("-clubday__date", "-pk").first()
    print(json.dumps(Bench(game, User.objects.get(username="kiroku")).run(repeat)))


def history_arguments(ap: argparse.ArgumentParser) -> argparse.Namespace:
    """The options of a bench that measures this bench's histories, parsed (``--measure``: internal,
    measure this database file, in a fresh process)."""
    ap.add_argument("--years", type=int, default=10)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--cache", type=Path, default=Path("/tmp/pages-bench"))
    ap.add_argument("--measure", type=Path, help=argparse.SUPPRESS)
    return ap.parse_args()


def histories(args: argparse.Namespace) -> tuple[Path, Path]:
    """The database files of the 1-year and the ``--years`` history."""
    many = args.cache / f"years{args.years}-seed{args.seed}.sqlite3"
    return many.with_name("years1.sqlite3"), many


def main() -> None:
    import json

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=2 * len(DEPTHS))
    args = history_arguments(ap)
    if args.measure:
        return measure(args.measure, args.repeat)
    args.cache.mkdir(parents=True, exist_ok=True)
    one, many = histories(args)
    if not (many.exists() and one.exists()):
        build(many, args.years, args.seed)
        return print(f"built {one} and {many}: run again to measure (each in a fresh process)")
    rows = {}
    for label, path in (("1 year", one), (f"{args.years} years", many)):
        out = subprocess.run([sys.executable, __file__, "--measure", str(path), "--repeat", str(args.repeat)],
                             check=True, capture_output=True, text=True).stdout
        rows[label] = json.loads(out.strip().splitlines()[-1])
        report(f"{label} of history ({args.repeat} rounds, median of each)", rows[label])
    first, last = rows.values()
    print(f"\n  growth 1 → {args.years} years: " + ", ".join(f"{n} {last[n]['median'] / first[n]['median']:.2f}×"
                                                         for n in first))


if __name__ == "__main__":
    main()

"""Load test of a club night against the real application server, on loopback only.

    .venv/bin/python bench/load.py                      # SQLite (a fresh file in a temp dir)
    DATABASE_URL=postgres://… .venv/bin/python bench/load.py   # PostgreSQL (its public schema is emptied first!)

It builds a fresh database with a synthetic club history, starts the app server the way ``make run``
does (gunicorn, DEBUG off) on 127.0.0.1, and runs for ``--seconds`` (bounded also by
``--max-requests``): ``--scorekeepers`` logged-in scorekeepers on ``--tables`` tables, each reading its
hanchan page and then appending a hand or editing an earlier one with the version the page showed
(several scorekeepers per table, so stale forms happen), plus ``--readers`` anonymous readers.
Afterwards it checks, in the database: no hand lost or duplicated (hands stored = appends answered
as saved), and every stored cache equal to the replay (``manage.py resettle`` corrects nothing).
Prints throughput, p50/p95 per kind of request, and every status code seen. Exit 1 on any 5xx, lost
or duplicated hand, or corrected cache.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
PASSWORD = "load-test-Pa55word!"


# --------------------------------------------------------------------------- database side (subprocess)

def seed(tables: int, scorekeepers: int, history_days: int) -> dict:
    """Members, users, a history of finished hanchan, and today's in-play hanchan, through the services."""
    import datetime

    from django.contrib.auth.models import Group, User

    from scoring import services
    from scoring.access import SCOREKEEPER
    from scoring.models import RuleSet

    rng = random.Random(7)
    ruleset = RuleSet.objects.get(preset="ariari", options={})
    kana = "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほ"
    members = [services.member_create(name=f"会員{n:02d}", kana=f"かいいん{kana[n // 30]}{kana[n % 30]}", number=n)
               for n in range(1, 4 * tables + 1)]
    group = Group.objects.get_or_create(name=SCOREKEEPER)[0]
    users = []
    for k in range(scorekeepers):
        user = User.objects.create_user(username=f"kiroku{k:02d}", password=PASSWORD)
        user.groups.add(group)
        users.append(user.username)
    today = datetime.date.today()
    for d in range(history_days, 0, -1):
        day = services.clubday_create(date=today - datetime.timedelta(days=7 * d), venue="公民館", ruleset=ruleset)
        for t in range(1, tables + 1):
            h = services.hanchan_create(clubday=day, table=t, players=rng.sample(members, 4))
            for _ in range(rng.randint(6, 14)):
                services.hanchan_record_hand(hanchan=h, event=_event(rng), by=None)
            services.hanchan_finish(hanchan=h, by=None)
    day = services.clubday_create(date=today, venue="公民館", ruleset=ruleset)
    hanchan = [services.hanchan_create(clubday=day, table=t, players=members[4 * (t - 1):4 * t]).pk
               for t in range(1, tables + 1)]
    return {"users": users, "hanchan": hanchan}


def verify(appends: dict[str, int]) -> dict:
    """Hands stored per hanchan, and what ``resettle`` had to correct."""
    import io

    from django.core.management import call_command

    from scoring.models import HandRecord

    stored = {str(pk): HandRecord.objects.filter(hanchan_id=int(pk)).count() for pk in appends}
    out = io.StringIO()
    call_command("resettle", stdout=out)
    summary = [line for line in out.getvalue().splitlines() if line.startswith("resettle:")]
    return {"stored": stored, "resettle": summary[-1] if summary else out.getvalue().strip()}


def _event(rng: random.Random) -> dict:
    """A hand that never ends the game: dealer tenpai draws and small dealer wins keep seat 0 dealing."""
    if rng.random() < 0.75:
        return {"type": "draw", "tenpai": [0, 1, 2, 3]}
    return {"type": "ron", "winner": 0, "loser": rng.randint(1, 3), "han": 1, "fu": 30}


def _form(event: dict) -> dict:
    if event["type"] == "draw":
        return {"type": "draw", "tenpai": ["0", "1", "2", "3"]}
    return {"type": "ron", "winner": "0", "loser": str(event["loser"]), "value": "quick", "han": "1", "fu": "30"}


# --------------------------------------------------------------------------- HTTP side

class Client:
    """One browser: a keep-alive connection, its cookies, and the CSRF token."""

    def __init__(self, port: int):
        self.port, self.cookies, self.conn = port, {}, None

    def request(self, method: str, path: str, data: dict | None = None) -> tuple[int, str]:
        body = urllib.parse.urlencode(data or {}, doseq=True) if method == "POST" else None
        headers = {"Host": "127.0.0.1", "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        if method == "POST":
            headers |= {"Content-Type": "application/x-www-form-urlencoded",
                        "X-CSRFToken": self.cookies.get("csrftoken", ""), "Referer": f"http://127.0.0.1:{self.port}/"}
        for attempt in range(2):  # a keep-alive connection the server closed is reopened once
            try:
                if self.conn is None:
                    self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
                self.conn.request(method, path, body=body, headers=headers)
                resp = self.conn.getresponse()
                text = resp.read().decode("utf-8", "replace")
                break
            except (http.client.HTTPException, ConnectionError):
                self.conn = None
                if attempt:
                    raise
        for header in resp.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            self.cookies[name.strip()] = rest.split(";")[0]
        return resp.status, text

    def login(self, username: str) -> None:
        self.request("GET", "/accounts/login/")
        status, _ = self.request("POST", "/accounts/login/", {"username": username, "password": PASSWORD})
        if status != 302:
            raise SystemExit(f"login of {username} failed with {status}")


class Recorder:
    def __init__(self):
        self.lock = threading.Lock()
        self.times: dict[str, list[float]] = defaultdict(list)
        self.statuses: Counter = Counter()
        self.appends: Counter = Counter()

    def timed(self, kind: str, call):
        start = time.perf_counter()
        status, text = call()
        with self.lock:
            self.times[kind].append(time.perf_counter() - start)
            self.statuses[(kind, status)] += 1
        return status, text


def scorekeeper(port: int, username: str, hanchan: int, rec: Recorder, stop: threading.Event, seed_: int) -> None:
    rng = random.Random(seed_)
    c = Client(port)
    c.login(username)
    while not stop.is_set():
        status, page = rec.timed("page", lambda: c.request("GET", f"/hanchan/{hanchan}/"))
        version = re.search(r'name="version" value="(\d+)"', page)
        edits = re.findall(r'href="/hands/(\d+)/edit/"', page)
        data = _form(_event(rng)) | ({"version": version.group(1)} if version else {})
        if edits and rng.random() < 0.3:
            target = rng.choice(edits)
            status, _ = rec.timed("edit", lambda: c.request("POST", f"/hands/{target}/edit/", data))
        else:
            status, _ = rec.timed("append", lambda: c.request("POST", f"/hanchan/{hanchan}/hands/new/", data))
            if status == 302:
                with rec.lock:
                    rec.appends[str(hanchan)] += 1


def reader(port: int, paths: list[str], rec: Recorder, stop: threading.Event, seed_: int) -> None:
    rng = random.Random(seed_)
    c = Client(port)
    while not stop.is_set():
        path = rng.choice(paths)
        rec.timed("read", lambda: c.request("GET", path))
        time.sleep(rng.uniform(0.2, 1.0))  # a person reads the page before the next tap


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] * 1000


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--max-requests", type=int, default=20000)
    ap.add_argument("--scorekeepers", type=int, default=20)
    ap.add_argument("--readers", type=int, default=50)
    ap.add_argument("--tables", type=int, default=5)
    ap.add_argument("--history-days", type=int, default=20, help="past club days of synthetic history")
    ap.add_argument("--port", type=int, default=8151)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--threads", type=int, default=4)
    ap.add_argument("--django", choices=["seed", "verify", "reset"], help=argparse.SUPPRESS)
    args = ap.parse_args()

    if args.django:  # the database side, run in a subprocess with the same environment
        sys.path.insert(0, str(ROOT))
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubsite.settings")
        import django
        django.setup()
        if args.django == "reset":  # an empty PostgreSQL schema (flush would drop the presets too)
            from django.db import connection
            with connection.cursor() as c:
                c.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
            return 0
        if args.django == "seed":
            print(json.dumps(seed(args.tables, args.scorekeepers, args.history_days)))
        else:
            print(json.dumps(verify(json.loads(sys.stdin.read()))))
        return 0

    tmp = tempfile.mkdtemp(prefix="club-load-")
    env = dict(os.environ, DJANGO_DEBUG="0", DJANGO_SECRET_KEY="load-test-" + os.urandom(16).hex(),
               DJANGO_ALLOWED_HOSTS="127.0.0.1")
    database = "postgresql" if env.get("DATABASE_URL", "").startswith("postgres") else "sqlite"
    if database == "sqlite":
        env["DJANGO_DB_PATH"] = str(Path(tmp) / "load.sqlite3")
    manage = [PY, str(ROOT / "manage.py")]
    if database == "postgresql":
        subprocess.run([PY, __file__, "--django", "reset"], env=env, check=True, cwd=ROOT)
    subprocess.run(manage + ["migrate", "--noinput", "-v0"], env=env, check=True, cwd=ROOT)
    subprocess.run(manage + ["collectstatic", "--noinput", "-v0"], env=env, check=False, cwd=ROOT)
    t0 = time.perf_counter()
    seeded = json.loads(subprocess.run([PY, __file__, "--django", "seed", "--tables", str(args.tables),
                                        "--scorekeepers", str(args.scorekeepers),
                                        "--history-days", str(args.history_days)],
                                       env=env, check=True, cwd=ROOT, capture_output=True, text=True).stdout)
    print(f"{database}: seeded {args.history_days} club days × {args.tables} tables in {time.perf_counter() - t0:.1f}s")

    server = subprocess.Popen([str(Path(PY).parent / "gunicorn"), "clubsite.wsgi", "--bind", f"127.0.0.1:{args.port}",
                               "--workers", str(args.workers), "--threads", str(args.threads), "--log-level", "warning"],
                              env=env, cwd=ROOT)
    try:
        for _ in range(100):
            try:
                http.client.HTTPConnection("127.0.0.1", args.port, timeout=1).request("GET", "/")
                break
            except OSError:
                time.sleep(0.1)
        rec, stop = Recorder(), threading.Event()
        threads = []
        for k, user in enumerate(seeded["users"]):
            h = seeded["hanchan"][k % len(seeded["hanchan"])]
            threads.append(threading.Thread(target=scorekeeper, args=(args.port, user, h, rec, stop, k)))
        paths = ["/", "/days/"] + [f"/hanchan/{h}/" for h in seeded["hanchan"]]
        threads += [threading.Thread(target=reader, args=(args.port, paths, rec, stop, 1000 + k))
                    for k in range(args.readers)]
        start = time.perf_counter()
        for t in threads:
            t.start()
        while time.perf_counter() - start < args.seconds and sum(rec.statuses.values()) < args.max_requests:
            time.sleep(0.2)
        stop.set()
        for t in threads:
            t.join(timeout=120)
        elapsed = time.perf_counter() - start
    finally:
        server.terminate()
        server.wait(timeout=30)

    checked = json.loads(subprocess.run([PY, __file__, "--django", "verify"], input=json.dumps(dict(rec.appends)),
                                        env=env, check=True, cwd=ROOT, capture_output=True, text=True).stdout)
    total = sum(rec.statuses.values())
    print(f"{database}: {total} requests in {elapsed:.1f}s = {total / elapsed:.1f}/s "
          f"({args.scorekeepers} scorekeepers on {args.tables} tables, {args.readers} readers, "
          f"gunicorn {args.workers} workers × {args.threads} threads)")
    print(f"{'kind':8} {'n':>6} {'p50 ms':>8} {'p95 ms':>8}  statuses")
    for kind, times in sorted(rec.times.items()):
        statuses = ", ".join(f"{s}×{n}" for (k, s), n in sorted(rec.statuses.items()) if k == kind)
        print(f"{kind:8} {len(times):6} {statistics.median(times) * 1000:8.1f} {percentile(times, 0.95):8.1f}  {statuses}")
    errors = sum(n for (k, s), n in rec.statuses.items() if s >= 500)
    lost = {pk: (rec.appends[pk], n) for pk, n in checked["stored"].items() if rec.appends[pk] != n}
    print(f"5xx: {errors}; hands saved per hanchan (answered/stored): "
          + ", ".join(f"#{pk} {rec.appends[pk]}/{n}" for pk, n in checked["stored"].items()))
    print(f"lost or duplicated: {lost or 'none'}; {checked['resettle']}")
    ok = errors == 0 and not lost and checked["resettle"].endswith(" 0 corrected")
    print("OK" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

"""Benchmark (not a test): the busiest pages as the real application server answers them, on loopback.

    .venv/bin/python bench/served.py [--rounds 40] [--years 10] [--seed 11] [--cache /tmp/pages-bench]

``bench/pages.py`` times the views inside one process through Django's test client. This one takes
a copy of each of that bench's databases, of 1 year and of ``--years`` years (run ``bench/pages.py``
once first to build them), one after the other. For each it starts the server as ``make run`` does, with gunicorn, ``clubstart``'s own arguments and
``DEBUG`` off, on 127.0.0.1, and logs in the bench's scorekeeper. Then it times HTTP requests over
one keep-alive connection, as a browser keeps it, round by round (a page "as kept" is requested once
untimed right before):

- ``trivial``   the 404 page: the floor of a request through this server
- ``warm``      the hanchan page in play (14 hands) as the cache keeps it
- ``edited``    the same page after its generation was renewed, as a service does on an edit
- ``restart``   the same page after the cache was emptied, as ``clubstart`` does at a start
- ``record``    POST of one more hand to it, as the phone's htmx form sends it (undone, untimed, after)
- ``days``      the club-day list, as kept
- ``standings`` and ``member``: the standings (all time) and the page of the member with the most
  games, as kept, after a result was written (``…, write``: that member's latest hanchan voided and
  put back through the services, as the 無効 button and its undo do) and after a start (``…, start``)

It prints each median, its ratio to the 404 page's of the same server and the bytes of the answer
(gzip, as browsers ask), for each size of history, then how each median grew from 1 to ``--years``
years. The server's time includes CPython 3.11's frame-chunk mapping where a page's loops sit on a
chunk's edge (``bench/depth.py``). To count it, run ``strace -f -p <worker pid> -e trace=mmap,munmap``
alongside and look for ``mmap(NULL, 16384``. Always exits 0.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

# pages is beside this script in bench/; importing it puts the checkout on sys.path (for tests.e2e)
from pages import BUDGETS, hand_to_record, histories, history_arguments, setup_django, undo_recorded

from tests.e2e.loopback import free_port


def serve(db: Path, port: int) -> subprocess.Popen:
    """gunicorn as ``make run`` starts it, on ``db``; returns once it answers."""
    from scoring.management.commands.clubstart import gunicorn_argv

    env = {**os.environ, "DJANGO_DB_PATH": str(db), "DJANGO_DEBUG": "0", "DJANGO_ALLOWED_HOSTS": "127.0.0.1"}
    server = subprocess.Popen(gunicorn_argv("127.0.0.1", str(port)), cwd=Path(__file__).resolve().parents[1], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return server
        except OSError:
            time.sleep(0.2)
    server.kill()
    sys.exit("the server did not start within 30 s")


def measure(built: Path, rounds: int) -> dict:
    """In this process: serve a copy of ``built`` and time each request ``rounds`` times."""
    with tempfile.TemporaryDirectory(prefix="served-bench-") as tmp:
        db = Path(tmp) / "club.sqlite3"
        shutil.copyfile(built, db)  # the run writes sessions and cache rows: keep the built one as it is
        setup_django(db)
        from django.conf import settings
        from django.contrib.auth.models import User
        from django.db import connection
        from django.db.models import Count
        from django.test import Client
        from django.urls import reverse

        from scoring import generations, services
        from scoring.models import Hanchan, HanchanResult

        game = Hanchan.objects.filter(state=Hanchan.State.IN_PLAY).order_by("-clubday__date", "-pk").first()
        top = HanchanResult.objects.values_list("member").annotate(n=Count("pk")).order_by("-n", "member")[0][0]
        written = (Hanchan.objects.filter(state=Hanchan.State.FINISHED, results__member=top)
                   .order_by("-clubday__date", "-pk").first())
        user = User.objects.get(username="kiroku")

        def write() -> None:
            for service in (services.hanchan_void, services.hanchan_unvoid):
                service(hanchan=Hanchan.objects.get(pk=written.pk), by=user)
        client = Client()
        client.force_login(user)
        csrf = "bench" * 6 + "ok"  # a CSRF secret of our own: the cookie and the header carry it, as a page's htmx does
        headers = {"Cookie": f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value};"
                             f" {settings.CSRF_COOKIE_NAME}={csrf}", "Accept-Encoding": "gzip"}
        posted = {**headers, "X-CSRFToken": csrf, "HX-Request": "true",
                  "Content-Type": "application/x-www-form-urlencoded"}
        connection.close()
        port = free_port()
        server = serve(db, port)
        try:
            http_conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

            def get(url: str, data: dict | None = None) -> tuple[float, int, int]:
                """GET ``url``, or POST ``data`` to it as htmx does."""
                started = time.perf_counter()
                if data is None:
                    http_conn.request("GET", url, headers=headers)
                else:
                    http_conn.request("POST", url, body=urlencode(data), headers=posted)
                response = http_conn.getresponse()
                body = response.read()
                return (time.perf_counter() - started) * 1000, response.status, len(body)

            page, member = game.get_absolute_url(), f"/members/{top}/"

            def kept(url: str):  # a page as the cache keeps it: seen once before it is timed
                return lambda: get(url)

            def record() -> tuple[float, int, int]:  # one more hand; undone once timed
                data, count = hand_to_record(game)
                answer = get(reverse("hand-create", args=[game.pk]), data)
                undo_recorded(game, count, answer[1])
                return answer

            requests = {
                "trivial": (None, "/no-such-page/"),
                "warm": (kept(page), page),
                "edited": (lambda: generations.new_generation(generations.hanchan(game.pk)), page),
                "restart": (generations.clear, page),
                "record": (None, record),
                "days": (kept("/days/"), "/days/"),
                "standings": (kept("/standings/"), "/standings/"),
                "standings, write": (write, "/standings/"),
                "standings, start": (generations.clear, "/standings/"),
                "member": (kept(member), member),
                "member, write": (write, member),
                "member, start": (generations.clear, member),
            }
            times: dict[str, list[float]] = {name: [] for name in requests}
            answers: dict[str, tuple[int, int]] = {}
            for rnd in range(rounds + 3):  # three warm-up rounds: both workers, every template
                for name, (before, url) in requests.items():
                    if before:
                        before()
                    elapsed, status, size = url() if callable(url) else get(url)
                    if rnd >= 3:
                        times[name].append(elapsed)
                    answers[name] = status, size
        finally:
            server.terminate()
            server.wait(timeout=15)
    return {"times": times, "answers": answers}


BUDGETS_SERVED = {**BUDGETS, "edited": BUDGETS["hanchan"], "standings": 3, "member": 3, "standings, write": 10,
                  "standings, start": 10, "member, write": 10, "member, start": 10}


def report(title: str, times: dict[str, list[float]], answers: dict[str, list[int]]) -> None:
    base = statistics.median(times["trivial"])
    print(f"\n{title}")
    print(f"  {'request':<17} {'median ms':>9} {'p90 ms':>8} {'× 404':>7} {'budget':>7} {'bytes':>7} {'status':>6}")
    for name, t in times.items():
        budget = f"≤{BUDGETS_SERVED[name]:.0f}×" if name in BUDGETS_SERVED else ""
        status, size = answers[name]
        print(f"  {name:<17} {statistics.median(t):9.1f} {sorted(t)[int(0.9 * (len(t) - 1))]:8.1f}"
              f" {statistics.median(t) / base:6.1f}× {budget:>7} {size:7d} {status:6d}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=40)
    args = history_arguments(ap)
    if args.measure:
        return print(json.dumps(measure(args.measure, args.rounds)))
    one, many = histories(args)
    if not (many.exists() and one.exists()):
        sys.exit(f"no {one} or {many}: run bench/pages.py first (it builds the histories)")
    medians = {}
    for years, path in ((1, one), (args.years, many)):  # each in a fresh process, as a server starts
        out = subprocess.run([sys.executable, __file__, "--measure", str(path), "--rounds", str(args.rounds)],
                             check=True, capture_output=True, text=True).stdout
        run = json.loads(out.strip().splitlines()[-1])
        report(f"gunicorn as `make run` starts it, {years} year{'s' if years > 1 else ''} of history, {args.rounds}"
               " rounds over one keep-alive connection (median of each)", run["times"], run["answers"])
        medians[years] = {name: statistics.median(t) for name, t in run["times"].items()}
    first, last = medians.values()
    print(f"\n  growth 1 → {args.years} years: " + ", ".join(f"{n} {last[n] / first[n]:.2f}×" for n in first))


if __name__ == "__main__":
    main()

"""Two app servers (separate processes) on one database, writes through both: every page each of them
shows equals what a server answers from scratch (an empty cache). The page cache is shared
(``settings.CACHES``) and keyed by generations the services renew (``scoring.generations``), so a
write through one server is never hidden by a page the other drew before it.

Runs on SQLite (a temporary file) and, under ``scripts/with-postgres``, on a database of its own in
that cluster. Loopback only.
"""

from __future__ import annotations

import http.client
import os
import re
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

import pytest

from .loopback import free_port

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "two-servers-2024"

SEED = f"""
import datetime
from django.contrib.auth.models import Group, User
from scoring import services
from scoring.access import SCOREKEEPER
from scoring.models import RuleSet
user = User.objects.create_user(username="kiroku", password={PASSWORD!r}, is_staff=True)  # an admin: renames too
user.groups.add(Group.objects.get(name=SCOREKEEPER))
m = [services.member_create(name=n, kana=k, number=i + 1) for i, (n, k) in enumerate(
    [("山田", "やまだ"), ("佐藤", "さとう"), ("鈴木", "すずき"), ("田中", "たなか"), ("伊藤", "いとう")])]
rs = RuleSet.objects.get(preset="ariari", options={{}})
day = services.clubday_create(date=datetime.date(2026, 11, 1), venue="公民館", ruleset=rs)
h1 = services.hanchan_create(clubday=day, table=1, players=m[:4])
h2 = services.hanchan_create(clubday=day, table=2, players=m[1:])
print(day.pk, h1.pk, h2.pk, *(x.pk for x in m))
"""


class Client:
    """One browser on one server: its cookies and CSRF token."""

    def __init__(self, port: int):
        self.port, self.cookies = port, {}

    def request(self, method: str, path: str, data: dict | None = None, htmx: bool = False) -> tuple[int, str]:
        body = urllib.parse.urlencode(data or {}, doseq=True) if method == "POST" else None
        headers = {"Host": "127.0.0.1", "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        if method == "POST":
            headers |= {"Content-Type": "application/x-www-form-urlencoded",
                        "X-CSRFToken": self.cookies.get("csrftoken", ""), "Referer": f"http://127.0.0.1:{self.port}/"}
        if htmx:
            headers["HX-Request"] = "true"
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        conn.request(method, path, body=body, headers=headers)
        resp = conn.getresponse()
        text = resp.read().decode("utf-8", "replace")
        conn.close()
        for header in resp.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            self.cookies[name.strip()] = rest.split(";")[0]
        return resp.status, text

    def login(self) -> None:
        self.request("GET", "/accounts/login/")
        status, _ = self.request("POST", "/accounts/login/", {"username": "kiroku", "password": PASSWORD})
        assert status == 302, "login failed"

    def version(self, hanchan: int) -> str:
        return re.search(r'name="version" value="(\d+)"', self.request("GET", f"/hanchan/{hanchan}/")[1]).group(1)


def _same(body: str) -> str:
    """A page without what differs by request: CSRF tokens (masked anew each time) and the one-time
    message after a write."""
    body = re.sub(r'<ul class="messages">.*?</ul>', "", body, flags=re.DOTALL)
    body = "\n".join(line for line in body.splitlines() if line.strip())
    return re.sub(r'(csrfmiddlewaretoken" value="|"X-CSRFToken": ")[^"]+', r"\1", body)


@pytest.fixture(scope="module")
def database(tmp_path_factory) -> dict[str, str]:
    """The environment of servers on one fresh, migrated, seeded database."""
    env = {**os.environ, "DJANGO_DEBUG": "true", "DJANGO_SETTINGS_MODULE": "clubsite.settings",
           "PYTHONUNBUFFERED": "1"}
    url = os.environ.get("DATABASE_URL")
    if url:  # a database of its own in the test cluster
        import psycopg

        name = "club_two_servers"
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name}")
            conn.execute(f"CREATE DATABASE {name}")
        parts = urllib.parse.urlsplit(url)
        env["DATABASE_URL"] = urllib.parse.urlunsplit(parts._replace(path=f"/{name}"))
    else:
        env["DJANGO_DB_PATH"] = str(tmp_path_factory.mktemp("two") / "club.sqlite3")
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput"], cwd=ROOT, env=env, check=True,
                   stdout=subprocess.DEVNULL)
    out = subprocess.run([sys.executable, "manage.py", "shell", "-v", "0", "-c", SEED], cwd=ROOT, env=env,
                         check=True, capture_output=True, text=True).stdout
    env["SEEDED"] = out.strip().splitlines()[-1]
    return env


def _serve(env: dict[str, str], log: Path) -> tuple[subprocess.Popen, int]:
    port = free_port()
    proc = subprocess.Popen([str(Path(sys.executable).parent / "gunicorn"), "clubsite.wsgi", "--bind",
                             f"127.0.0.1:{port}", "--workers", "1", "--threads", "2"],
                            cwd=ROOT, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT)
    for _ in range(150):
        try:
            http.client.HTTPConnection("127.0.0.1", port, timeout=1).request("GET", "/")
            return proc, port
        except OSError:
            if proc.poll() is not None:
                pytest.fail(f"gunicorn exited: {log.read_text()}")
            time.sleep(0.2)
    pytest.fail("gunicorn did not answer within 30 s")


def test_every_page_of_two_servers_equals_a_fresh_servers_after_writes_through_both(database, tmp_path):
    day, h1, h2, *members = database["SEEDED"].split()
    servers = [_serve(database, tmp_path / f"{name}.log") for name in "ab"]
    try:
        a, b = (Client(port) for _proc, port in servers)
        a.login(), b.login()
        pages = ["/", "/days/", f"/days/{day}/", f"/hanchan/{h1}/", f"/hanchan/{h2}/", "/standings/",
                 "/standings/?period=year&year=2026", f"/standings/?clubday={day}", "/standings/?wi=oka",
                 *(f"/members/{m}/" for m in members), "/members/", "/disputes/", f"/history/hanchan/{h1}/",
                 "/results.csv", "/standings.csv"]

        def look() -> None:  # both servers draw every page (and keep what they draw in the cache)
            for page in pages:
                for client in (a, b):
                    assert client.request("GET", page)[0] == 200, page

        ron = {"type": "ron", "winner": "1", "loser": "0", "value": "quick", "han": "3", "fu": "30"}
        bust = {"type": "ron", "winner": "2", "loser": "3", "value": "yakuman", "yakuman": "1"}
        steps = [  # (server, method, path, data, htmx) — each writes something a page shows
            (a, f"/hanchan/{h1}/hands/new/", ron, True),
            (b, f"/hanchan/{h1}/hands/new/", {**ron, "winner": "2"}, True),
            (a, f"/hanchan/{h2}/hands/new/", bust, True),  # table 2 ends by トビ: on the boards at once
            (b, f"/members/{members[1]}/edit/", {"name": "佐々木", "kana": "ささき", "number": "2", "active": "on"},
             False),
            (a, f"/hanchan/{h1}/finish/", {}, True),  # 途中終了 at table 1
            (b, f"/hanchan/{h2}/void/", {}, False),
        ]
        look()
        for client, path, data, htmx in steps:
            hanchan = re.search(r"/hanchan/(\d+)/", path)
            if hanchan:
                data = {**data, "version": client.version(int(hanchan.group(1)))}
            status, _ = client.request("POST", path, data, htmx=htmx)
            assert status in (200, 302), (path, status)
            shown = {}
            for page in pages:
                for name, client_ in (("a", a), ("b", b)):
                    shown[(name, page)] = _same(client_.request("GET", page)[1])
            # what a server draws from scratch: the cache emptied, then every page drawn again
            subprocess.run([sys.executable, "manage.py", "shell", "-v", "0", "-c",
                            "from django.core.cache import cache; cache.clear()"],
                           cwd=ROOT, env=database, check=True)
            for page in pages:
                fresh = _same(a.request("GET", page)[1])
                for name in "ab":
                    if shown[(name, page)] != fresh:
                        import difflib
                        diff = "\n".join(difflib.unified_diff(fresh.splitlines(), shown[(name, page)].splitlines(),
                                                              "fresh", name, lineterm="", n=1))
                        pytest.fail(f"server {name} showed a stale {page} after {path}:\n{diff}")
    finally:
        for proc, _port in servers:
            proc.terminate()
            proc.wait(timeout=10)

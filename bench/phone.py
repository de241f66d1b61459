"""What a scorekeeper's phone feels on a weak mobile network (not a test: it measures, it does not judge).

    .venv/bin/python bench/phone.py [--root DIR] [--hands 8] [--later 61] [--visits 5] [--port 8521] [--json]

Starts the app the way ``make run`` does (``manage.py collectstatic``, then ``manage.py clubstart``:
gunicorn, ``DEBUG`` off, static files by whitenoise) on 127.0.0.1 with a temporary SQLite database
seeded through the app's services (eight members, today's club day, a hanchan in play with five
hands, three recorded with tiles). Chromium (Debian's ``/usr/bin/chromium``, through Playwright) is a
phone: 390×844, and through the DevTools protocol a weak mobile network (150 ms round trip,
1.6 Mbit/s down, 750 kbit/s up). The scorekeeper is logged in through the login form.

- (a) ``tap``: 記録する tapped on the hanchan page until the board shows the new hand (htmx has
  swapped and settled, next frame), for ``--hands`` hands after one warm-up; the median in ms and in
  round trips (ms / 150), the requests a tap makes and the bytes of each answer on the wire
  (compressed size plus headers), with its growth per hand.
- (b) ``again``: the hanchan page opened again ``--later`` seconds after a first visit, in the same
  browser (another page in between); the requests that reached the server, revalidations (304)
  included. Target: ≤ 2.
- (c) ``first``: a first visit, fresh browser context with the cache disabled, to a server that has
  served the page before (eight requests outside the browser first): the time to the load event
  (median of ``--visits``), requests and bytes. Target: ≤ 700 ms. The server's own time for the
  page (those requests, no emulation) is printed too: on a busy machine it is part of every figure.

Requests and bytes come from the DevTools Network events (``requestWillBeSent``,
``responseReceived``, ``loadingFinished``'s ``encodedDataLength``; a response from the disk cache or
the memory cache did not reach the network). ``--root`` serves another checkout of the app (for
before/after figures: ``git worktree add /tmp/base main``, then ``--root /tmp/base``); this file
seeds it through that checkout's services.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

HERE = Path(__file__).resolve().parents[1]
PY = sys.executable
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"width": 390, "height": 844}
RTT_MS = 150
NETWORK = {"offline": False, "latency": RTT_MS, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 750e3 / 8}
PASSWORD = "phone-bench-Pa55word!"
NAMES = [("山田", "やまだ"), ("佐藤", "さとう"), ("鈴木", "すずき"), ("田中", "たなか"),
         ("伊藤", "いとう"), ("渡辺", "わたなべ"), ("高橋", "たかはし"), ("小林", "こばやし")]

# Five hands already on the sheet (seat 0 deals first): wins by value and by tiles, a draw, riichi.
SEEDED = [
    {"type": "ron", "winner": 1, "loser": 2, "hand": {"hand": "234m567p3456678s", "win_tile": "6s"}},
    {"type": "draw", "tenpai": [1, 3], "riichi": [3]},
    {"type": "tsumo", "winner": 3, "han": 2, "fu": 30},
    {"type": "ron", "winner": 2, "loser": 0, "hand": {"hand": "123m456p789s2277z", "win_tile": "7z"}},
    {"type": "tsumo", "winner": 0, "hand": {"hand": "2m345678p345678s", "win_tile": "2m"}, "riichi": [0]},
]


def tap_events(dealer: int, count: int) -> list[dict]:
    """The hands the bench taps in: the dealer's 1翻30符 ron off each other player in turn (the
    dealer keeps the deal, so the game never ends)."""
    return [{"type": "ron", "winner": dealer, "loser": (dealer + 1 + i % 3) % 4, "han": 1, "fu": 30}
            for i in range(count)]


# --------------------------------------------------------------------------- database side (subprocess)

def seed(taps: int) -> dict:
    """Members, a scorekeeper, today's club day and a hanchan with ``SEEDED``, through the services;
    checks with the engine that the taps to come keep the game in play."""
    import datetime

    from django.contrib.auth.models import Group, User

    import rules
    from scoring import services
    from scoring.access import SCOREKEEPER
    from scoring.models import RuleSet

    ruleset = RuleSet.objects.get(preset="ariari", options={})
    members = [services.member_create(name=n, kana=k, number=i + 1) for i, (n, k) in enumerate(NAMES)]
    user = User.objects.create_user(username="kiroku", password=PASSWORD)
    user.groups.add(Group.objects.get_or_create(name=SCOREKEEPER)[0])
    day = services.clubday_create(date=datetime.date.today(), venue="公民館", ruleset=ruleset)
    hanchan = services.hanchan_create(clubday=day, table=1, players=members[:4])
    for event in SEEDED:
        services.hanchan_record_hand(hanchan=hanchan, event=event, by=user)
    dealer = rules.play(hanchan.game_doc(SEEDED))["state"]["dealer"]
    planned = rules.play(hanchan.game_doc(SEEDED + tap_events(dealer, taps)))
    if planned["ended"]:
        raise SystemExit("the planned taps would end the game: change SEEDED")
    return {"hanchan": hanchan.pk, "dealer": dealer, "username": user.username}


# --------------------------------------------------------------------------- the server

class Server:
    """``collectstatic`` and ``clubstart`` (gunicorn) of ``root`` on a fresh SQLite database."""

    def __init__(self, root: Path, port: int, taps: int):
        self.root, self.port, self.taps = root, port, taps
        self.tmp = Path(tempfile.mkdtemp(prefix="bench-phone-"))
        self.env = dict(os.environ, DJANGO_DEBUG="0", DJANGO_SECRET_KEY="phone-bench-" + os.urandom(16).hex(),
                        DJANGO_DB_PATH=str(self.tmp / "club.sqlite3"), DJANGO_STATIC_ROOT=str(self.tmp / "static"),
                        CLUB_HOST="127.0.0.1", PYTHONUNBUFFERED="1")
        self.env.pop("DATABASE_URL", None)
        self.url = f"http://127.0.0.1:{port}"
        self.proc: subprocess.Popen | None = None

    def manage(self, *args: str, **kw) -> subprocess.CompletedProcess:
        return subprocess.run([PY, "manage.py", *args], cwd=self.root, env=self.env, check=True, **kw)

    def start(self) -> dict:
        self.manage("migrate", "--noinput", "-v0")
        self.manage("collectstatic", "--noinput", "-v0")
        seeded = json.loads(subprocess.run(
            [PY, str(Path(__file__).resolve()), "--django-seed", str(self.taps), "--root", str(self.root)],
            cwd=self.root, env=self.env, check=True, stdout=subprocess.PIPE, text=True).stdout)
        self.log = open(self.tmp / "server.log", "w")
        self.proc = subprocess.Popen([PY, "manage.py", "clubstart", "--host", "127.0.0.1", "--port", str(self.port)],
                                     cwd=self.root, env=self.env, stdout=self.log, stderr=subprocess.STDOUT)
        for _ in range(150):
            try:
                urllib.request.urlopen(self.url + "/accounts/login/", timeout=1)
                return seeded
            except OSError:
                if self.proc.poll() is not None:
                    break
                time.sleep(0.2)
        raise SystemExit(f"the server did not start: {(self.tmp / 'server.log').read_text()[-2000:]}")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=30)
        if getattr(self, "log", None):
            self.log.close()


# --------------------------------------------------------------------------- the phone

class Network:
    """The DevTools Network events of one page, per request: what reached the network and its bytes."""

    def __init__(self, page, *, cache_disabled: bool = False):
        self.cdp = page.context.new_cdp_session(page)
        self.requests: dict[str, dict] = {}
        self.raw_status: dict[str, int] = {}
        self.order: list[str] = []
        self.cdp.on("Network.requestWillBeSent", self._sent)
        self.cdp.on("Network.requestServedFromCache", self._from_memory)
        self.cdp.on("Network.responseReceived", self._response)
        self.cdp.on("Network.responseReceivedExtraInfo", self._raw_response)
        self.cdp.on("Network.loadingFinished", self._finished)
        self.cdp.on("Network.loadingFailed", self._failed)
        self.cdp.send("Network.enable")
        self.cdp.send("Network.emulateNetworkConditions", NETWORK)
        if cache_disabled:
            self.cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})

    def _sent(self, e: dict) -> None:
        rid = e["requestId"]
        if e.get("redirectResponse") and rid in self.requests:  # a redirect reuses the id: keep both
            old = self.requests.pop(rid)
            old.update(status=e["redirectResponse"]["status"], done=True)
            self.requests[f"{rid}/{len(self.order)}"] = old
            self.order[self.order.index(rid)] = f"{rid}/{len(self.order)}"
        self.requests[rid] = {"url": e["request"]["url"], "method": e["request"]["method"], "status": None,
                              "memory": False, "disk": False, "bytes": 0, "encoding": "", "done": False,
                              "wire_status": self.raw_status.pop(rid, None), "t0": e["timestamp"]}
        self.order.append(rid)

    def _raw_response(self, e: dict) -> None:
        """The status on the wire: a revalidated file is a 304 there, and 200 (from the cache) in
        ``responseReceived``. (This event may come before ``requestWillBeSent``.)"""
        if e["requestId"] in self.requests:
            self.requests[e["requestId"]]["wire_status"] = e["statusCode"]
        else:
            self.raw_status[e["requestId"]] = e["statusCode"]

    def _from_memory(self, e: dict) -> None:
        if e["requestId"] in self.requests:
            self.requests[e["requestId"]]["memory"] = True

    def _response(self, e: dict) -> None:
        r = self.requests.get(e["requestId"])
        if r is not None:
            resp = e["response"]
            headers = {k.lower(): v for k, v in resp.get("headers", {}).items()}
            r.update(status=resp["status"], disk=bool(resp.get("fromDiskCache")),
                     memory=r["memory"] or bool(resp.get("fromMemoryCache")),
                     encoding=headers.get("content-encoding", ""), cache_control=headers.get("cache-control", ""))

    def _finished(self, e: dict) -> None:
        r = self.requests.get(e["requestId"])
        if r is not None:
            r.update(bytes=int(e.get("encodedDataLength", 0)), done=True, t1=e["timestamp"])

    def _failed(self, e: dict) -> None:
        r = self.requests.get(e["requestId"])
        if r is not None:
            r.update(done=True, failed=e.get("errorText", "failed"))

    def mark(self) -> int:
        return len(self.order)

    def since(self, mark: int) -> list[dict]:
        return [self.requests[rid] for rid in self.order[mark:]]

    def idle(self, page, quiet_ms: int = 400, timeout_ms: int = 20_000) -> None:
        """Wait until no request is in flight for ``quiet_ms``."""
        waited = quiet = 0
        while quiet < quiet_ms and waited < timeout_ms:
            page.wait_for_timeout(50)
            waited += 50
            busy = any(not self.requests[rid]["done"] for rid in self.order if not rid.count("/"))
            quiet = 0 if busy else quiet + 50


def on_network(requests: list[dict]) -> list[dict]:
    """The requests that reached the server (revalidations included), not those a cache answered."""
    return [r for r in requests if not r["memory"] and not r["disk"] and not r.get("failed")]


def summary(requests: list[dict]) -> dict:
    hit = on_network(requests)
    return {"requests": len(hit), "revalidated": sum(1 for r in hit if 304 in (r["status"], r["wire_status"])),
            "from_cache": len(requests) - len(hit) - sum(1 for r in requests if r.get("failed")),
            "bytes": sum(r["bytes"] for r in hit),
            "list": [{k: r.get(k) for k in ("method", "url", "status", "wire_status", "bytes", "encoding", "memory",
                                            "disk", "cache_control", "t0", "t1")} for r in requests]}


def load_ms(page) -> float:
    """Navigation start → end of the load event of the page's last navigation."""
    return page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")


def login(context, base: str, username: str) -> None:
    """Log in through the login form (outside the page, so nothing lands in the page's cache)."""
    form = context.request.get(base + "/accounts/login/").text()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form).group(1)
    r = context.request.post(base + "/accounts/login/", form={"csrfmiddlewaretoken": token, "username": username,
                                                               "password": PASSWORD},
                             headers={"Referer": base + "/accounts/login/"}, max_redirects=0)
    if r.status != 302:
        raise SystemExit(f"login failed ({r.status})")


FILL_AND_TAP = """([winner, loser]) => new Promise((resolve) => {
  const form = document.getElementById("hand-form");
  const pick = (name, value) => { form.querySelector(`input[name="${name}"][value="${value}"]`).checked = true; };
  pick("type", "ron"); pick("winner", winner); pick("loser", loser);
  pick("value", "quick"); pick("han", "1"); pick("fu", "30");
  const rows = document.querySelectorAll("#history tbody tr").length;
  const button = form.querySelector('button[type="submit"].primary');
  document.addEventListener("htmx:afterSettle", function settled() {
    document.removeEventListener("htmx:afterSettle", settled);
    requestAnimationFrame(() => {
      const ms = performance.now() - t0;
      resolve({ms, rows: document.querySelectorAll("#history tbody tr").length - rows});
    });
  });
  const t0 = performance.now();
  button.click();
})"""


def measure(server: Server, seeded: dict, hands: int, later: float, visits_count: int) -> dict:
    from playwright.sync_api import sync_playwright

    page_url = f"{server.url}/hanchan/{seeded['hanchan']}/"
    out: dict = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)

        def phone():
            context = browser.new_context(viewport=PHONE, locale="ja-JP", is_mobile=True, has_touch=True)
            login(context, server.url, seeded["username"])
            return context

        # (c) first visits: each a fresh context, the cache disabled. The server has served the page
        # before (as at a club night): its first render in each worker is not the phone's wait.
        context = phone()
        server_ms = []
        for _ in range(8):
            t0 = time.perf_counter()
            context.request.get(page_url)
            server_ms.append((time.perf_counter() - t0) * 1000)
        context.close()
        visits = []
        for _ in range(visits_count):
            context = phone()
            page = context.new_page()
            net = Network(page, cache_disabled=True)
            page.goto(page_url, wait_until="load")
            net.idle(page)
            visits.append({"ms": load_ms(page), **summary(net.since(0))})
            context.close()
        visits.sort(key=lambda v: v["ms"])
        out["first"] = {**visits[len(visits) // 2], "all_ms": [v["ms"] for v in visits],
                        "server_ms": statistics.median(server_ms[2:])}

        # (b) the page again, ``later`` seconds after a first visit in the same browser
        context = phone()
        page = context.new_page()
        net = Network(page)
        page.goto(page_url, wait_until="load")
        net.idle(page)
        page.goto("about:blank")
        page.wait_for_timeout(later * 1000)
        mark = net.mark()
        page.goto(page_url, wait_until="load")
        net.idle(page)
        out["again"] = {"ms": load_ms(page), "later_s": later, **summary(net.since(mark))}

        # (a) taps of 記録する on that page: one warm-up, then ``hands``
        taps = []
        for i, event in enumerate(tap_events(seeded["dealer"], hands + 1)):
            net.idle(page, quiet_ms=300)
            mark = net.mark()
            got = page.evaluate(FILL_AND_TAP, [str(event["winner"]), str(event["loser"])])
            net.idle(page, quiet_ms=200)
            if got["rows"] != 1:
                raise SystemExit(f"tap {i}: the hand was not recorded (rows +{got['rows']}): "
                                 f"{json.dumps(net.since(mark), ensure_ascii=False)}")
            reqs = net.since(mark)
            if i:
                taps.append({"ms": got["ms"], **summary(reqs)})
        ms = [t["ms"] for t in taps]
        per_answer = [t["bytes"] for t in taps]
        out["tap"] = {"ms": statistics.median(ms), "rtt": statistics.median(ms) / RTT_MS, "all_ms": ms,
                      "requests": statistics.median(t["requests"] for t in taps),
                      "bytes": statistics.median(per_answer), "bytes_each": per_answer,
                      "growth": (per_answer[-1] - per_answer[0]) / max(1, len(per_answer) - 1),
                      "encoding": sorted({r["encoding"] for t in taps for r in on_network(t["list"])} - {""}),
                      "list": taps[-1]["list"]}
        context.close()
        browser.close()
    return out


def describe(root: Path) -> str:
    try:
        return subprocess.run(["git", "-C", str(root), "log", "-1", "--format=%h %s"], capture_output=True,
                              text=True, check=True).stdout.strip()[:70]
    except (OSError, subprocess.CalledProcessError):
        return str(root)


def report(out: dict, root: Path) -> None:
    t, a, f = out["tap"], out["again"], out["first"]
    kb = 1000
    print(f"phone bench: {describe(root)}")
    print(f"  Chromium 390×844, {RTT_MS} ms round trip, 1.6 Mbit/s down, 750 kbit/s up; gunicorn, DEBUG off\n")
    print(f"  {'':44} {'ms':>6} {'RTTs':>6} {'requests':>9} {'KB':>7}  target")
    print(f"  {'(a) tap 記録する → board (median of %d)' % len(t['all_ms']):42} {t['ms']:6.0f} {t['rtt']:6.2f} "
          f"{t['requests']:9.0f} {t['bytes'] / kb:7.1f}  per answer, {t['growth'] / kb:+.2f} KB/hand "
          f"({min(t['bytes_each']) / kb:.1f}–{max(t['bytes_each']) / kb:.1f}) {','.join(t['encoding']) or 'uncompressed'}")
    print(f"  {'(b) hanchan page again, %gs later' % a['later_s']:44} {a['ms']:6.0f} {a['ms'] / RTT_MS:6.2f} "
          f"{a['requests']:9d} {a['bytes'] / kb:7.1f}  ≤ 2 requests ({a['revalidated']} revalidated (304), "
          f"{a['from_cache']} from cache)")
    print(f"  {'(c) first visit, empty cache (median of %d)' % len(f['all_ms']):44} {f['ms']:6.0f} "
          f"{f['ms'] / RTT_MS:6.2f} {f['requests']:9d} {f['bytes'] / kb:7.1f}  ≤ 700 ms "
          f"({min(f['all_ms']):.0f}–{max(f['all_ms']):.0f})")
    print(f"\n  the server alone (the page without emulation, median): {f['server_ms']:.0f} ms")
    for title, rows in (("first visit", f["list"]), ("again", a["list"])):
        print(f"\n  {title}: status (on the wire), bytes on the wire, encoding, path, cache-control")
        for r in rows:
            status = "mem" if r["memory"] else "disk" if r["disk"] else (r["wire_status"] or r["status"] or "-")
            print(f"    {status:>4} {r['bytes']:7d} B {r['encoding'] or '-':5} {urlsplit(r['url']).path[:60]:60}"
                  f"  {r.get('cache_control') or ''}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", type=Path, default=HERE, help="the checkout of the app to serve (default: this one)")
    ap.add_argument("--port", type=int, default=8521)
    ap.add_argument("--hands", type=int, default=8, help="taps of 記録する timed (after one warm-up)")
    ap.add_argument("--later", type=float, default=61, help="seconds between the first visit and the next")
    ap.add_argument("--visits", type=int, default=5, help="first visits (c), the median is shown")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--django-seed", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args()
    root = args.root.resolve()

    if args.django_seed is not None:  # the database side, in the served checkout's code
        sys.path.insert(0, str(root))
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubsite.settings")
        import django

        django.setup()
        print(json.dumps(seed(args.django_seed + 1)))
        return 0

    if not Path(CHROMIUM).exists():
        raise SystemExit(f"{CHROMIUM} is missing (scripts/ensure-browser installs it)")
    server = Server(root, args.port, args.hands)
    try:
        seeded = server.start()
        out = measure(server, seeded, args.hands, args.later, args.visits)
    finally:
        server.stop()
    out["root"] = describe(root)
    if args.json:
        print(json.dumps(out, ensure_ascii=False, indent=1))
    else:
        report(out, root)
    return 0


if __name__ == "__main__":
    sys.exit(main())

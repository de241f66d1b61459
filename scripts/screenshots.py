#!/usr/bin/env python3
"""Screenshots of every page at phone (390×844) and desktop (1280×800) width, in Japanese and English.

    .venv/bin/python scripts/screenshots.py [OUT_DIR]     # default /tmp/shots

A fresh SQLite database in a temporary folder: migrations (with the rule-set presets), a few weeks
of club history (``manage.py seedhistory``), then an evening in progress written through the
services (members sharing a family name at one table, finished games and one in play, a dispute, a
rule set of the club's own). The app runs as in production (``runserver`` with DEBUG off and the
collected static files, whitenoise), Playwright drives Debian's chromium (``/usr/bin/chromium``).
The first-run setup page is taken before the administrator exists; then it logs in and walks the
pages. Files: ``OUT_DIR/<lang>-<width>-<page>.png`` (full page).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # for tests.e2e.loopback
from tests.e2e.loopback import free_port

CHROMIUM = "/usr/bin/chromium"
SIZES = {"390": {"width": 390, "height": 844}, "1280": {"width": 1280, "height": 800}}
LANGS = ("ja", "en")
ADMIN, PASSWORD = "kanri", "club-pass-2024"


def seed() -> None:
    """(In a child process with the server's environment.) The evening's data; prints the ids as JSON."""
    import django

    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubsite.settings")
    django.setup()
    import random

    from django.core.management import call_command
    from django.utils import timezone

    from scoring import services
    from scoring.management.commands.seedhistory import Command, Generator
    from scoring.models import HandRecord, Member, RuleSet

    call_command("seedhistory", years=0.1, members=16, seed=3, every=1000, stdout=open(os.devnull, "w"))
    admin = services.user_create(username=ADMIN, password=PASSWORD, role="admin")
    sato1 = services.member_create(name="佐藤太郎", kana="さとうたろう", number=101)
    sato2 = services.member_create(name="佐藤花子", kana="さとうはなこ", number=102)
    long_name = services.member_create(name="長谷川久美子", kana="はせがわくみこ", number=103)
    others = list(Member.objects.filter(active=True).exclude(pk__in=[sato1.pk, sato2.pk, long_name.pk])[:5])
    main = RuleSet.objects.filter(preset="ariari").order_by("pk").first()
    own = services.ruleset_create(name="クラブ公式ルール", preset="ariari")
    day = services.clubday_create(date=timezone.localdate(), venue="公民館 2階和室", ruleset=main)
    rng = random.Random(5)
    gen, cmd, totals = Generator(rng, main.spec()), Command(), {"hanchan": 0, "hands": 0, "paper": 0}
    table1 = [sato1, sato2, long_name, others[0]]
    for _ in range(2):
        cmd._hanchan(gen, day, 1, rng.sample(table1, 4), False, totals)
    finished = day.hanchans.filter(table=1).order_by("number").last()
    cmd._hanchan(gen, day, 2, others[1:5], False, totals)
    playing = services.hanchan_create(clubday=day, table=1, players=table1)
    for event in ({"type": "ron", "winner": 0, "loser": 1, "han": 3, "fu": 40, "riichi": [0]},
                  {"type": "tsumo", "winner": 2, "han": 2, "fu": 30},
                  {"type": "draw", "tenpai": [1, 3]}):
        services.hanchan_record_hand(hanchan=playing, event=event, by=admin)
    hand = HandRecord.objects.filter(hanchan=playing).order_by("order").first()
    dispute = services.dispute_open(hand=hand, by=admin, comment="リーチ棒の供託が二重に数えられていませんか?")
    services.dispute_comment_add(dispute=dispute, by=admin, text="確認します。")
    result = finished.results.order_by("seat").first()
    # a 大会 run as an evening: ten check in, 回戦 1 drawn and played on paper, 回戦 2 drawn スイス式
    # with a hand in play at table 1, two sitting out each time
    cup = services.clubday_create(date=timezone.localdate(), venue="市民センター", ruleset=own, kind="tournament",
                                  name="冬季オープン大会", rounds=3, swiss=True, final_table=True)
    for m in [sato1, sato2, long_name, *Member.objects.filter(active=True, number__lt=100)[:7]]:
        services.attendance_check_in(clubday=cup, member=m)
    services.draw_create(clubday=cup, number=1, state="new", seed=2026)
    for h, scores in zip(cup.hanchans.filter(number=1), ([41200, 28300, 19500, 11000], [37000, 21000, 24000, 18000])):
        services.hanchan_record_final_scores(hanchan=h, scores=scores, sticks=0, by=admin)
    from scoring.selectors import evening
    services.draw_create(clubday=cup, number=2, state=evening.draw_state(clubday=cup, number=2), seed=7)
    services.hanchan_record_hand(hanchan=cup.hanchans.get(number=2, table=1), by=admin,
                                 event={"type": "ron", "winner": 2, "loser": 0, "han": 2, "fu": 30})
    print(json.dumps({"day": day.pk, "finished": finished.pk, "playing": playing.pk, "member": sato1.pk,
                      "ruleset": own.pk, "dispute": dispute.pk, "hand": hand.pk, "result": result.pk,
                      "cup": cup.pk}))


# the visible text nodes with kana or kanji (names, places and tile names are expected among them)
JAPANESE_TEXT = """() => {
  const out = [], walk = document.createTreeWalker(document.querySelector("main") || document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const t = n.textContent.trim();
    if (t && /[\\u3040-\\u30ff\\u4e00-\\u9fff]/.test(t) && n.parentElement.offsetParent !== null) out.push(t.slice(0, 120));
  }
  return out;
}"""


def pages(ids: dict[str, int]) -> list[tuple[str, str]]:
    """(name, path) of every page to take, logged in as the administrator."""
    check = "/check/?hand=567p789s4s&melds=chi234m,pon777z&win_tile=4s"
    return [
        ("home", "/"), ("members", "/members/"), ("member-new", "/members/new/"),
        ("member-detail", f"/members/{ids['member']}/"), ("me", "/me/"), ("standings", "/standings/"),
        ("days", "/days/"), ("day-new", "/days/new/"), ("day", f"/days/{ids['day']}/"),
        ("hanchan-playing", f"/hanchan/{ids['playing']}/"), ("hanchan-finished", f"/hanchan/{ids['finished']}/"),
        ("final-scores", f"/hanchan/{ids['finished']}/final-scores/"),
        ("check", check), ("examples", "/check/examples/"),
        ("rules", "/rules/"), ("rule", f"/rules/{ids['ruleset']}/"), ("rule-edit", f"/rules/{ids['ruleset']}/edit/"),
        ("rule-new", "/rules/new/"),
        ("disputes", "/disputes/"), ("dispute", f"/disputes/{ids['dispute']}/"),
        ("dispute-new", f"/hands/{ids['hand']}/dispute/"),
        ("history-hanchan", f"/history/hanchan/{ids['finished']}/"),
        ("history-result", f"/history/result/{ids['result']}/"),
        ("history-member", f"/history/member/{ids['member']}/"),
        ("impact", "/impact/"), ("csv-import", "/results/import/"), ("user-new", "/users/new/"),
        ("attendance", f"/days/{ids['cup']}/attendance/"), ("draw", f"/days/{ids['cup']}/draw/"),
        ("display", f"/days/{ids['cup']}/display/"), ("cup", f"/days/{ids['cup']}/"),
        ("cup-edit", f"/days/{ids['cup']}/edit/"), ("tournament", f"/days/{ids['cup']}/tournament/"),
        ("tournament-print", f"/days/{ids['cup']}/tournament/print/"),
    ]


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/shots")
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="club-shots-"))
    env = {**os.environ, "DJANGO_DB_PATH": str(tmp / "club.sqlite3"), "DJANGO_DEBUG": "false",
           "DJANGO_STATIC_ROOT": str(tmp / "static"), "DJANGO_SETTINGS_MODULE": "clubsite.settings",
           "PYTHONUNBUFFERED": "1"}
    py = sys.executable

    def manage(*args: str) -> str:
        return subprocess.run([py, "manage.py", *args], cwd=ROOT, env=env, check=True,
                              capture_output=True, text=True).stdout

    manage("collectstatic", "--noinput", "-v", "0")
    manage("migrate", "--noinput", "-v", "0")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = open(tmp / "server.log", "w")
    server = subprocess.Popen([py, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"], cwd=ROOT,
                              env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(url + "/accounts/login/", timeout=1)
                break
            except OSError:
                time.sleep(0.2)
        printed = manage("clubstart", "--no-serve", "--port", str(port))
        setup = re.search(r"http://\S+/setup/\?token=\S+", printed).group(0).replace("localhost", "127.0.0.1")
        from playwright.sync_api import sync_playwright

        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"])

            def context(lang: str, size: str):
                ctx = browser.new_context(viewport=SIZES[size], locale="ja-JP", base_url=url)
                ctx.add_cookies([{"name": "django_language", "value": lang, "url": url}])
                return ctx

            def take(pg, name: str, lang: str, size: str) -> None:
                path = out / f"{lang}-{size}-{name}.png"
                pg.screenshot(path=str(path), full_page=True)
                print(path)

            for lang in LANGS:  # before the first user exists
                for size in SIZES:
                    ctx = context(lang, size)
                    pg = ctx.new_page()
                    pg.goto(setup)
                    take(pg, "setup", lang, size)
                    pg.goto("/accounts/login/")
                    take(pg, "login", lang, size)
                    ctx.close()
            ids = json.loads(subprocess.run([py, __file__, "--seed"], cwd=ROOT, env=env, check=True,
                                            capture_output=True, text=True).stdout.strip().splitlines()[-1])
            untranslated: dict[str, str] = {}
            for lang in LANGS:
                for size in SIZES:
                    ctx = context(lang, size)
                    pg = ctx.new_page()
                    pg.goto("/accounts/login/")
                    pg.locator("main input[name=username]").fill(ADMIN)
                    pg.locator("main input[name=password]").fill(PASSWORD)
                    pg.locator("main form button[type=submit]").click()
                    pg.wait_for_load_state()
                    for name, path in pages(ids):
                        try:
                            response = pg.goto(path)
                        except Exception as exc:  # e.g. a page only POST answers: say so, go on
                            print(f"{name}: {exc}".splitlines()[0], file=sys.stderr)
                            continue
                        if response is not None and response.status >= 400:
                            print(f"{name}: HTTP {response.status}", file=sys.stderr)
                        take(pg, name, lang, size)
                        if lang == "en" and size == "1280":  # Japanese left on an English page
                            for text in pg.evaluate(JAPANESE_TEXT):
                                untranslated.setdefault(text, name)
                    pg.goto(dict(pages(ids))["day"])  # the day's ranking scrolled sideways (viewport only)
                    pg.evaluate("document.querySelector('.day-ranking .scroll').scrollLeft = 1000")
                    pg.locator(".day-ranking").scroll_into_view_if_needed()
                    pg.screenshot(path=str(out / f"{lang}-{size}-day-ranking-scrolled-viewport.png"))
                    pg.goto(dict(pages(ids))["day"])  # the club-day sheet as printed (print stylesheet)
                    pg.emulate_media(media="print")
                    take(pg, "day-print", lang, size)
                    pg.emulate_media(media="screen")
                    if size == "1280":  # the room display on a 1920×1080 screen (projector, TV)
                        pg.set_viewport_size({"width": 1920, "height": 1080})
                        pg.goto(dict(pages(ids))["display"])
                        pg.screenshot(path=str(out / f"{lang}-1920-display.png"))
                        pg.set_viewport_size(SIZES[size])
                    pg.goto(dict(pages(ids))["check"])  # the verdict after 判定する, as the phone shows it
                    pg.locator("#check-form button[type=submit]").click()
                    pg.wait_for_timeout(1000)
                    pg.screenshot(path=str(out / f"{lang}-{size}-check-after-judge-viewport.png"))
                    ctx.close()
            browser.close()
            (out / "untranslated-en.txt").write_text("".join(f"{page}\t{text}\n" for text, page in untranslated.items()))
    finally:
        server.terminate()
        server.wait(timeout=10)
        log.close()


if __name__ == "__main__":
    if sys.argv[1:2] == ["--seed"]:
        seed()
    else:
        main()

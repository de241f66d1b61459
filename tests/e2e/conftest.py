"""End-to-end fixtures: the real app (``manage.py runserver`` on a temporary SQLite database) driven
by Playwright through Debian's chromium. Screenshots go to ``test-output/e2e/``.

The server is a subprocess, not pytest-django's ``live_server``: it runs the shipped migrations (with
their rule-set presets) exactly as ``make run`` does, and no test transaction hides anything. As in
production it runs with DEBUG off and the collected static files (hashed names, served by whitenoise
from the session's ``collected_static``).
"""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Iterator

import pytest

from .loopback import free_port

# Playwright's sync API runs an event loop in this thread; Django refuses ORM calls there otherwise.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
SHOTS = ROOT / "test-output" / "e2e"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


SETUP_URLS: dict[str, str | None] = {}  # server URL -> the first-run URL clubstart printed for it
SERVER_ENVS: dict[str, dict[str, str]] = {}  # server URL -> the environment it runs with


@pytest.fixture(scope="session")
def manage(server_url):
    """Run ``manage.py`` against the e2e server's database, e.g. ``manage("shell", "-c", code)``
    to put data in place that another test already entered through the browser."""
    def run(*args: str) -> str:
        return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=SERVER_ENVS[server_url],
                              check=True, capture_output=True, text=True).stdout
    return run


@pytest.fixture(scope="session")
def setup_url(server_url) -> str:
    if not SETUP_URLS.get(server_url):
        pytest.fail("clubstart printed no setup URL for the fresh database")
    return SETUP_URLS[server_url]


@pytest.fixture(autouse=True)
def static_files(collected_static):
    """Pages rendered in this process (the palette's own page) name the collected static files."""


@contextlib.contextmanager
def served(db: Path, collected_static: Path, *, seed: str = "", **env_extra: str) -> Iterator[tuple[str, dict]]:
    """A migrated database at ``db`` (``seed``: Python run by ``manage.py shell`` first) served by
    ``runserver`` with DEBUG off on a free port; yields its URL and environment, stops it after."""
    env = {**os.environ, "DJANGO_DB_PATH": str(db), "DJANGO_DEBUG": "false",
           "DJANGO_STATIC_ROOT": str(collected_static),
           "DJANGO_SETTINGS_MODULE": "clubsite.settings", "PYTHONUNBUFFERED": "1", **env_extra}
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput"], cwd=ROOT, env=env, check=True,
                   stdout=subprocess.DEVNULL)
    if seed:
        subprocess.run([sys.executable, "manage.py", "shell", "-c", seed], cwd=ROOT, env=env, check=True)
    port = free_port()
    log = open(db.with_suffix(".log"), "w")
    proc = subprocess.Popen([sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"],
                            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(url + "/accounts/login/", timeout=1)
                break
            except OSError:
                if proc.poll() is not None:
                    pytest.fail(f"runserver exited: {db.with_suffix('.log').read_text()}")
                time.sleep(0.2)
        else:
            pytest.fail("runserver did not answer within 20 s")
        yield url, env
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        log.close()


@pytest.fixture(scope="session")
def server_url(tmp_path_factory, collected_static) -> Iterator[str]:
    """A fresh app on a free port with an empty (migrated) database: the first-run state."""
    with served(tmp_path_factory.mktemp("e2e") / "club.sqlite3", collected_static) as (url, env):
        port = url.rsplit(":", 1)[1]
        # The first-run URL, exactly as `make run` prints it (clubstart issues the one-time token).
        printed = subprocess.run([sys.executable, "manage.py", "clubstart", "--no-serve", "--port", port],
                                 cwd=ROOT, env=env, check=True, capture_output=True, text=True).stdout
        setup = re.search(r"http://\S+/setup/\?token=\S+", printed)
        SETUP_URLS[url] = setup.group(0).replace("localhost", "127.0.0.1") if setup else None
        SERVER_ENVS[url] = env
        yield url


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is missing: run scripts/ensure-browser (make test does) to install chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


@contextlib.contextmanager
def phone_page(browser, base_url: str):
    """A page of a fresh phone-sized context on ``base_url``; fails the test on any JavaScript error."""
    context = browser.new_context(viewport=PHONE, locale="ja-JP", base_url=base_url)
    context.set_default_timeout(10_000)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


@pytest.fixture
def page(browser, server_url):
    with phone_page(browser, server_url) as pg:
        yield pg


class Shots:
    """Numbered screenshots of each step at phone width, key pages also at desktop width."""

    def __init__(self, page, prefix: str):
        self.page, self.prefix, self.n = page, prefix, 0
        SHOTS.mkdir(parents=True, exist_ok=True)

    def __call__(self, name: str, wide: bool = False) -> None:
        self.n += 1
        base = SHOTS / f"{self.prefix}-{self.n:02d}-{name}"
        self.page.screenshot(path=f"{base}-390.png", full_page=True)
        if wide:
            self.page.set_viewport_size(DESKTOP)
            self.page.screenshot(path=f"{base}-1280.png", full_page=True)
            self.page.set_viewport_size(PHONE)

    def element(self, locator, name: str) -> None:
        """A close-up of one element (e.g. the tile palette) at phone width."""
        self.n += 1
        locator.screenshot(path=str(SHOTS / f"{self.prefix}-{self.n:02d}-{name}-390.png"))


ADMIN, PASSWORD = "kanri", "club-pass-2024"  # the administrator the first-run test makes; every test login's password


@pytest.fixture(scope="session")
def first_admin(manage) -> str:
    """The administrator the first-run test makes through the setup URL, made here as a superuser
    when a module that needs it runs without that test (``pytest tests/e2e/test_csv.py``)."""
    manage("shell", "-c", "from django.contrib.auth.models import User\n"
           f"User.objects.filter(username='{ADMIN}').exists() or "
           f"User.objects.create_superuser('{ADMIN}', password='{PASSWORD}')")
    return ADMIN


def login(page, username: str = ADMIN) -> None:
    """Log in through the login page and wait for the 「ログアウト」 button."""
    from playwright.sync_api import expect

    page.goto("/accounts/login/")
    page.locator("main").get_by_label("ユーザー名").fill(username)
    page.locator("main").get_by_label("パスワード").fill(PASSWORD)
    page.locator("main").get_by_role("button", name="ログイン").click()
    expect(page.get_by_role("button", name="ログアウト")).to_be_visible()


@pytest.fixture
def shot(page, request):
    return Shots(page, request.node.name.removeprefix("test_"))


def pytest_collection_modifyitems(config, items):
    """The first-run evening runs first: it creates the first administrator through the setup URL,
    which only a database without users offers. Other browser tests may then add users themselves."""
    items.sort(key=lambda item: "e2e" in item.nodeid and "test_record_hanchan.py" not in item.nodeid)

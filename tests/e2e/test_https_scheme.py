"""Behind the HTTPS proxy (``CLUB_HTTPS=1``) the app believes ``X-Forwarded-Proto: https`` only from
``CLUB_TRUSTED_PROXIES``: gunicorn started as ``clubstart`` starts it, on loopback. A client that
reaches the port directly and claims HTTPS is still sent to HTTPS (and gets no session cookie over
plain HTTP)."""

from __future__ import annotations

import http.client
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from clubsite.deploy import trusted_proxies
from scoring.management.commands.clubstart import gunicorn_argv

from .loopback import free_port

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
HOST = "club.example.jp"


def _get(port: int, path: str, headers: dict[str, str]) -> http.client.HTTPResponse:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path, headers={"Host": HOST, **headers})
    resp = conn.getresponse()
    resp.read()
    conn.close()
    return resp


@pytest.fixture(scope="module")
def env(tmp_path_factory) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_DEBUG", "DATABASE_URL")}
    env |= {"CLUB_HTTPS": "1", "DJANGO_ALLOWED_HOSTS": HOST, "CLUB_WORKERS": "1", "CLUB_THREADS": "1",
            "DJANGO_DB_PATH": str(tmp_path_factory.mktemp("https") / "club.sqlite3")}
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput"], cwd=ROOT, env=env, check=True,
                   stdout=subprocess.DEVNULL)
    return env


@pytest.mark.parametrize("proxies, believed", [("", True), ("127.0.0.1", True), ("10.9.9.9", False)])
def test_the_scheme_header_counts_only_from_a_trusted_proxy(env, settings, tmp_path, proxies, believed):
    settings.CLUB_TRUSTED_PROXIES = trusted_proxies(proxies)  # "" : this machine
    port = free_port()
    log = tmp_path / "gunicorn.log"
    proc = subprocess.Popen(gunicorn_argv("127.0.0.1", str(port)), cwd=ROOT,
                            env=env | {"CLUB_TRUSTED_PROXIES": proxies}, stdout=log.open("w"), stderr=subprocess.STDOUT)
    try:
        for _ in range(150):
            try:
                plain = _get(port, "/accounts/login/", {})
                break
            except OSError:
                assert proc.poll() is None, log.read_text()
                time.sleep(0.2)
        else:
            pytest.fail("gunicorn did not answer within 30 s")
        assert plain.status == 301 and plain.getheader("Location") == f"https://{HOST}/accounts/login/"
        claimed = _get(port, "/accounts/login/", {"X-Forwarded-Proto": "https"})
        if believed:
            assert claimed.status == 200 and "max-age" in claimed.getheader("Strict-Transport-Security", "")
            assert "Secure" in claimed.getheader("Set-Cookie", "")
        else:
            assert claimed.status == 301 and claimed.getheader("Location").startswith("https://")
            assert claimed.getheader("Set-Cookie") is None
    finally:
        proc.terminate()
        proc.wait(timeout=15)

"""Deployment settings: DEBUG off unless asked, LAN hosts, HTTPS checks, CSP, error pages, SQLite."""

from __future__ import annotations

import importlib
import io
import logging
import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.core.management import call_command
from django.db.utils import ConnectionHandler
from django.test import override_settings

from clubsite import deploy
from clubsite.deploy import allowed_hosts, client_ip, secret_key, trusted_proxies

ROOT = Path(__file__).resolve().parents[2]
LAN_IP = "192.168.1.23"


def settings_in_subprocess(env: dict[str, str], expr: str) -> str:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "CLUB_", "DATABASE_URL"))}
    code = f"import clubsite.settings as s; print({expr})"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env={**clean, **env}, check=True,
                         capture_output=True, text=True)
    return out.stdout.strip()


def test_debug_is_off_unless_asked():
    assert settings_in_subprocess({}, "s.DEBUG") == "False"
    assert settings_in_subprocess({"DJANGO_DEBUG": "1"}, "s.DEBUG") == "True"


def test_the_secret_key_is_generated_once_into_a_private_file(tmp_path):
    path = tmp_path / "key"
    first = secret_key(path, environ={})
    assert len(first) >= 50 and first != "dev-only-insecure-key-change-me"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert secret_key(path, environ={}) == first
    assert secret_key(path, environ={"DJANGO_SECRET_KEY": "from-env"}) == "from-env"


def test_the_secret_key_file_is_not_tracked_by_git():
    ignored = subprocess.run(["git", "check-ignore", "-q", ".secret_key"], cwd=ROOT)
    assert ignored.returncode == 0


def test_bound_to_every_interface_the_lan_addresses_are_allowed():
    hosts = allowed_hosts("0.0.0.0", "", lan=[LAN_IP], hostname="clubpc")
    assert LAN_IP in hosts and "clubpc.local" in hosts and "localhost" in hosts
    assert LAN_IP not in allowed_hosts("127.0.0.1", "", lan=[LAN_IP], hostname="clubpc")


def test_a_network_cards_address_comes_before_a_bridges_or_a_vpns_and_the_chosen_one_first(monkeypatch, tmp_path):
    """The room display's QR codes name the first address: on a PC with Docker or a VPN, not theirs."""
    interfaces = {"lo": "127.0.0.1", "docker0": "172.17.0.1", "wg0": "10.8.0.2", "wlan0": "192.168.1.20"}
    for name, bus in (("docker0", "virtual"), ("wg0", "virtual"), ("wlan0", "pci0000:00/0000:00:14.3")):
        (tmp_path / "devices" / bus / "net" / name).mkdir(parents=True)
        (tmp_path / "class").mkdir(exist_ok=True)
        (tmp_path / "class" / name).symlink_to(tmp_path / "devices" / bus / "net" / name)
    monkeypatch.setattr(deploy, "SYS_NET", tmp_path / "class")
    monkeypatch.setattr(deploy.socket, "if_nameindex", lambda: list(enumerate(interfaces, 1)))
    monkeypatch.setattr(deploy.fcntl, "ioctl", lambda fd, request, arg: bytes(20) + deploy.socket.inet_aton(
        interfaces[arg[:16].rstrip(b"\0").decode()]))
    assert deploy.lan_addresses({}) == ["192.168.1.20", "172.17.0.1", "10.8.0.2"]
    assert deploy.lan_addresses({"CLUB_LAN_ADDRESS": "clubpc.local"})[:2] == ["clubpc.local", "192.168.1.20"]
    for typo in ("http://192.168.1.20", "192.168.1.20:8000", "*"):
        with pytest.raises(ValueError, match="CLUB_LAN_ADDRESS"):
            deploy.lan_addresses({"CLUB_LAN_ADDRESS": typo})


def test_extra_hosts_come_from_the_environment():
    assert "club.example.jp" in allowed_hosts("127.0.0.1", " club.example.jp ,", lan=[])


@pytest.mark.django_db
def test_a_phone_on_the_lan_gets_the_page_not_disallowed_host(client):
    with override_settings(ALLOWED_HOSTS=allowed_hosts("0.0.0.0", "", lan=[LAN_IP])):
        assert client.get("/", HTTP_HOST=f"{LAN_IP}:8000").status_code == 200
    with override_settings(ALLOWED_HOSTS=allowed_hosts("127.0.0.1", "", lan=[LAN_IP])):
        r = client.get("/", HTTP_HOST=f"{LAN_IP}:8000")
        assert r.status_code == 400 and "リクエストを処理できません" in r.content.decode()


def test_check_deploy_is_clean_behind_the_https_proxy(monkeypatch):
    monkeypatch.setenv("CLUB_HTTPS", "1")
    monkeypatch.setenv("CLUB_TRUSTED_PROXIES", "127.0.0.1,::1")
    monkeypatch.setenv("DJANGO_ALLOWED_HOSTS", "club.example.jp")
    monkeypatch.delenv("DJANGO_DEBUG", raising=False)
    # set by the end-to-end fixtures of the same pytest run (Playwright's loop); never in deployment
    monkeypatch.delenv("DJANGO_ALLOW_ASYNC_UNSAFE", raising=False)
    import clubsite.settings as module

    try:
        https = importlib.reload(module)
        keep = {"DATABASES", "INSTALLED_APPS", "TEMPLATES", "MIDDLEWARE", "PASSWORD_HASHERS"}
        values = {k: getattr(https, k) for k in dir(https) if k.isupper() and k not in keep}
        assert "SECURE_PROXY_SSL_HEADER" not in values  # gunicorn decides, from the trusted proxies only
        assert values["SESSION_COOKIE_SECURE"] and values["CSRF_COOKIE_SECURE"] and values["SECURE_HSTS_SECONDS"]
        with override_settings(**values):
            call_command("check", "--deploy", "--fail-level", "WARNING")
    finally:
        monkeypatch.undo()
        importlib.reload(module)


def test_https_without_the_proxys_address_is_warned_about(settings):
    from scoring.checks import proxy_without_trusted_address

    settings.CLUB_HTTPS, settings.CLUB_TRUSTED_PROXIES = True, ()
    assert [w.id for w in proxy_without_trusted_address(None)] == ["club.W001"]
    settings.CLUB_TRUSTED_PROXIES = trusted_proxies("127.0.0.1")
    assert proxy_without_trusted_address(None) == []
    settings.CLUB_HTTPS, settings.CLUB_TRUSTED_PROXIES = False, ()
    assert proxy_without_trusted_address(None) == []


def test_plain_http_lan_use_has_no_https_only_settings():
    assert not django_settings.SESSION_COOKIE_SECURE and not django_settings.SECURE_SSL_REDIRECT


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/accounts/login/", "/members/", "/no-such-page/"])
def test_pages_carry_the_content_security_policy(client, path):
    policy = client.get(path)["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "style-src 'self'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy


def test_templates_have_no_inline_script_style_or_handlers():
    bad = []
    for path in (ROOT / "templates").rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        for pattern in (r"<script(?![^>]*\bsrc=)[^>]*>", r"\sstyle=", r"\son[a-z]+=", r"\shx-on"):
            bad += [f"{path.name}: {m.group(0)}" for m in re.finditer(pattern, text)]
    assert bad == []


def test_htmx_runs_without_inline_styles_or_eval():
    base = (ROOT / "templates" / "base.html").read_text(encoding="utf-8")
    assert '"includeIndicatorStyles":false' in base and '"allowEval":false' in base


@pytest.mark.django_db
def test_a_missing_page_is_a_japanese_404(client):
    r = client.get("/no-such-page/")
    assert r.status_code == 404 and "ページが見つかりません" in r.content.decode()


def boom(request):
    raise RuntimeError("secret detail")


urlpatterns = [__import__("django.urls").urls.path("boom/", boom)]


@pytest.mark.django_db
@override_settings(ROOT_URLCONF=__name__)
def test_a_server_error_is_a_japanese_page_without_traceback(client):
    client.raise_request_exception = False
    r = client.get("/boom/")
    body = r.content.decode()
    assert r.status_code == 500 and "エラーが発生しました" in body
    assert "secret detail" not in body and "Traceback" not in body


@pytest.mark.django_db
def test_a_huge_body_is_refused_with_400_not_500(client_as, admin_user):
    r = client_as(admin_user).post("/members/new/", {"name": "x" * (2 * 1024 * 1024)})
    assert r.status_code == 400 and "リクエストを処理できません" in r.content.decode()


@pytest.mark.django_db
def test_too_many_fields_are_refused_with_400(client_as, admin_user):
    r = client_as(admin_user).post("/members/new/", {f"f{i}": "1" for i in range(500)})
    assert r.status_code == 400


@pytest.mark.django_db
def test_sqlite_uses_wal_a_busy_timeout_and_immediate_transactions(tmp_path):
    options = importlib.import_module("clubsite.settings").SQLITE_OPTIONS
    handler = ConnectionHandler({"default": {"ENGINE": "django.db.backends.sqlite3",
                                             "NAME": str(tmp_path / "x.sqlite3"), "OPTIONS": options}})
    conn = handler["default"]
    try:
        with conn.cursor() as c:
            c.execute("PRAGMA journal_mode")
            assert c.fetchone()[0] == "wal"
            c.execute("PRAGMA busy_timeout")
            assert c.fetchone()[0] >= 5000
            c.execute("PRAGMA synchronous")
            assert c.fetchone()[0] == 1  # NORMAL
        assert conn.transaction_mode == "IMMEDIATE"
    finally:
        conn.close()


HOLD_OPEN = """
import os, stat, django
django.setup()
from django.core.management import call_command
from django.db import connection
call_command("migrate", verbosity=0)
with connection.cursor() as c:  # a write in WAL mode: -wal and -shm exist while the connection is open
    c.execute("CREATE TABLE t (x)")
    path = str(connection.settings_dict["NAME"])
    print(*[oct(stat.S_IMODE(os.stat(path + end).st_mode)) for end in ("", "-wal", "-shm")])
"""


def test_a_new_sqlite_database_and_its_wal_files_are_private(tmp_path):
    db = tmp_path / "club.sqlite3"
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "CLUB_", "DATABASE_URL"))}
    env = {**clean, "DJANGO_DB_PATH": str(db), "DJANGO_SETTINGS_MODULE": "clubsite.settings"}
    out = subprocess.run([sys.executable, "-c", HOLD_OPEN], cwd=ROOT, env=env, check=True, capture_output=True,
                         text=True, umask=0o022)  # the usual umask, which leaves new files world-readable
    assert out.stdout.split() == ["0o600", "0o600", "0o600"]
    assert stat.S_IMODE(db.stat().st_mode) == 0o600


def test_a_database_an_older_version_left_readable_is_made_private(tmp_path):
    db = tmp_path / "club.sqlite3"
    for path in (db, tmp_path / "club.sqlite3-wal"):
        path.write_bytes(b"")
        path.chmod(0o644)
    settings_in_subprocess({"DJANGO_DB_PATH": str(db)}, "s.DATABASES['default']['NAME']")
    assert stat.S_IMODE(db.stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "club.sqlite3-wal").stat().st_mode) == 0o600


def test_database_url_selects_postgresql():
    engine = settings_in_subprocess({"DATABASE_URL": "postgres://u:p@db.invalid:5432/club"},
                                    "s.DATABASES['default']['ENGINE'], s.DATABASES['default']['NAME']")
    assert engine == "django.db.backends.postgresql club"


class FakeRequest:
    def __init__(self, **meta):
        self.META = meta


def test_the_client_address_ignores_forwarded_headers_unless_from_a_trusted_proxy(settings):
    forged = FakeRequest(REMOTE_ADDR="10.0.0.5", HTTP_X_REAL_IP="1.2.3.4", HTTP_X_FORWARDED_FOR="5.6.7.8")
    settings.CLUB_TRUSTED_PROXIES = ()
    assert client_ip(forged) == "10.0.0.5"
    assert client_ip(FakeRequest(REMOTE_ADDR="127.0.0.1", HTTP_X_REAL_IP="1.2.3.4")) == "127.0.0.1"
    settings.CLUB_HTTPS = True  # HTTPS alone trusts nobody's header
    assert client_ip(FakeRequest(REMOTE_ADDR="127.0.0.1", HTTP_X_REAL_IP="1.2.3.4")) == "127.0.0.1"
    settings.CLUB_HTTPS = False
    settings.CLUB_TRUSTED_PROXIES = trusted_proxies("127.0.0.1,::1,10.1.0.0/16")
    assert client_ip(forged) == "10.0.0.5"  # not one of the proxies
    assert client_ip(FakeRequest(REMOTE_ADDR="127.0.0.1", HTTP_X_REAL_IP="1.2.3.4")) == "1.2.3.4"
    assert client_ip(FakeRequest(REMOTE_ADDR="::1", HTTP_X_REAL_IP="2001:db8::7")) == "2001:db8::7"
    assert client_ip(FakeRequest(REMOTE_ADDR="::ffff:127.0.0.1", HTTP_X_REAL_IP="1.2.3.4")) == "1.2.3.4"
    assert client_ip(FakeRequest(REMOTE_ADDR="10.1.200.3", HTTP_X_REAL_IP="1.2.3.4")) == "1.2.3.4"
    assert client_ip(FakeRequest(REMOTE_ADDR="127.0.0.1", HTTP_X_REAL_IP="junk")) == "127.0.0.1"
    assert client_ip(FakeRequest(REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="1.2.3.4")) == "127.0.0.1"


def test_the_trusted_proxies_come_from_the_environment():
    assert settings_in_subprocess({}, "s.CLUB_TRUSTED_PROXIES") == "()"
    got = settings_in_subprocess({"CLUB_TRUSTED_PROXIES": "127.0.0.1, ::1"}, "[str(n) for n in s.CLUB_TRUSTED_PROXIES]")
    assert got == "['127.0.0.1/32', '::1/128']"
    with pytest.raises(ValueError, match="not an address"):
        trusted_proxies("127.0.0.1,localhost")


@pytest.mark.django_db
@pytest.mark.parametrize("method", ["TRACE", "OPTIONS", "PUT", "DELETE", "PATCH", "TRACK"])
def test_methods_the_app_does_not_use_are_not_allowed(client, method):
    """TRACE or OPTIONS drew the home page (Django counts them as safe); PUT got a CSRF refusal."""
    response = client.generic(method, "/")
    assert response.status_code == 405 and response["Allow"] == "GET, HEAD, POST"
    assert "Content-Security-Policy" in response


@pytest.mark.django_db
def test_get_head_and_post_are_answered(client):
    assert client.get("/").status_code == client.head("/").status_code == 200
    assert client.post("/accounts/login/", {"username": "nobody", "password": "x"}).status_code == 200


@pytest.mark.django_db
def test_a_body_over_the_cap_is_refused_before_anything_reads_it(client, settings):
    settings.CLUB_MAX_REQUEST_BYTES = 1000
    r = client.post("/accounts/login/", data=b"x" * 2000, content_type="application/octet-stream")
    assert r.status_code == 413 and "大きすぎます" in r.content.decode()
    assert client.get("/").status_code == 200


@pytest.mark.django_db
def test_any_page_answers_a_url_over_the_cap_with_a_page_that_says_so(client, settings):
    settings.CLUB_MAX_URL_BYTES = 200
    r = client.get("/standings/", {"q": "x" * 300})
    body = r.content.decode()
    assert r.status_code == 414 and "アドレス(URL)が長すぎます" in body and "200 バイト" in body
    assert "この手のリンク" not in body  # the checker's hint only on the checker
    assert client.get("/standings/", {"q": "x" * 100}).status_code == 200


def test_a_refused_host_is_logged_as_one_line_without_a_traceback(client):
    """A probe with a foreign Host header gets a plain 400, and the server's log a single line."""
    handler = logging.getLogger("django.security.DisallowedHost").handlers[0]
    stream = io.StringIO()
    previous = handler.setStream(stream)
    try:
        response = client.get("/", HTTP_HOST="probe.example")
    finally:
        handler.setStream(previous)
    assert response.status_code == 400
    logged = stream.getvalue()
    assert "Invalid HTTP_HOST header: 'probe.example'" in logged
    assert "Traceback" not in logged and len(logged.strip().splitlines()) == 1

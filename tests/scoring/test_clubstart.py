from io import StringIO

import pytest
from django.core.management import call_command

from scoring.access import setup_token_ok
from scoring.management.commands import clubstart

pytestmark = pytest.mark.django_db


def run(host: str = "127.0.0.1") -> str:
    out = StringIO()
    call_command("clubstart", "--host", host, "--port", "8123", "--no-serve", stdout=out)
    return out.getvalue()


def test_with_no_user_it_prints_a_working_one_time_setup_url():
    text = run()
    url = next(line.strip() for line in text.splitlines() if "/setup/?token=" in line)
    assert url.startswith("http://localhost:8123/setup/?token=")
    assert setup_token_ok(url.split("token=", 1)[1])


def test_each_start_prints_a_new_token_and_the_old_one_dies():
    first = run().split("token=", 1)[1].split()[0]
    second = run().split("token=", 1)[1].split()[0]
    assert first != second and setup_token_ok(second) and not setup_token_ok(first)


def test_with_a_user_it_prints_how_to_log_in(admin_user):
    text = run()
    assert "/setup/" not in text and "http://localhost:8123/accounts/login/" in text


def test_bound_to_every_interface_it_prints_the_lan_address(admin_user, monkeypatch):
    monkeypatch.setattr(clubstart, "lan_addresses", lambda: ["192.168.10.7"])
    assert "http://192.168.10.7:8123/" in run("0.0.0.0")


def test_it_serves_with_gunicorn_on_the_given_address(monkeypatch, admin_user):
    calls = []
    monkeypatch.setattr(clubstart.os, "execv", lambda path, argv: calls.append(argv))
    call_command("clubstart", "--host", "0.0.0.0", "--port", "9000", stdout=StringIO())
    argv = calls[0]
    assert argv[1:4] == ["-m", "gunicorn", "clubsite.wsgi:application"]
    assert argv[argv.index("--bind") + 1] == "0.0.0.0:9000"


def test_dev_runs_the_development_server_without_the_reloader(monkeypatch, admin_user):
    calls = []
    monkeypatch.setattr(clubstart, "call_command", lambda *a, **kw: calls.append((a, kw)))
    call_command("clubstart", "--dev", "--host", "127.0.0.1", "--port", "9000", stdout=StringIO())
    assert calls == [(("runserver", "127.0.0.1:9000"), {"use_reloader": False})]


def test_gunicorn_takes_forwarded_headers_only_from_the_trusted_proxies(settings):
    from clubsite.deploy import trusted_proxies

    argv = clubstart.gunicorn_argv("127.0.0.1", "8000")
    assert argv[argv.index("--forwarded-allow-ips") + 1] == "127.0.0.1,::1"
    settings.CLUB_TRUSTED_PROXIES = trusted_proxies("10.0.0.2, 10.1.0.0/16")
    argv = clubstart.gunicorn_argv("127.0.0.1", "8000")
    assert argv[argv.index("--forwarded-allow-ips") + 1] == "10.0.0.2/32,10.1.0.0/16"


def test_gunicorn_lets_long_request_lines_through_to_the_apps_own_page(settings):
    argv = clubstart.gunicorn_argv("127.0.0.1", "8000")
    assert int(argv[argv.index("--limit-request-line") + 1]) > 2 * settings.CLUB_MAX_URL_BYTES - 100


def test_gunicorn_opens_no_control_socket():
    """gunicorn 27 would listen on ~/.gunicorn/gunicorn.ctl (runtime management the app does not use)."""
    assert "--no-control-socket" in clubstart.gunicorn_argv("127.0.0.1", "8000")

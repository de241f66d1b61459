from io import StringIO

import pytest
from django.core.management import call_command

from scoring.access import setup_token_ok

pytestmark = pytest.mark.django_db


def run() -> str:
    out = StringIO()
    call_command("clubstart", "--host", "127.0.0.1", "--port", "8123", "--no-serve", stdout=out)
    return out.getvalue()


def test_with_no_user_it_prints_a_working_one_time_setup_url():
    text = run()
    url = next(line.strip() for line in text.splitlines() if "/setup/?token=" in line)
    assert url.startswith("http://localhost:8123/setup/?token=")
    assert setup_token_ok(url.split("token=", 1)[1])


def test_with_a_user_it_prints_how_to_log_in(admin_user):
    text = run()
    assert "/setup/" not in text and "http://localhost:8123/accounts/login/" in text


def test_it_runs_the_dev_server_on_the_given_address(monkeypatch):
    calls = []
    monkeypatch.setattr("scoring.management.commands.clubstart.call_command", lambda *a, **kw: calls.append((a, kw)))
    call_command("clubstart", "--host", "0.0.0.0", "--port", "9000", stdout=StringIO())
    # no autoreloader: it would run the command twice and print the banner twice
    assert calls == [(("runserver", "0.0.0.0:9000"), {"use_reloader": False})]

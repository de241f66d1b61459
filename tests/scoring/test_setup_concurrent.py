"""The printed setup URL submitted from many devices at once makes exactly one administrator."""

from __future__ import annotations

import threading

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection, connections, transaction
from django.test import Client

from scoring import services
from scoring.access import setup_token_issue
from scoring.models import SetupToken

SUBMISSIONS = 16


def submit_all_at_once(token: str, connect) -> list:
    """``SUBMISSIONS`` threads, each its own client and database connection, released together."""
    start = threading.Barrier(SUBMISSIONS)
    answers: list = [None] * SUBMISSIONS

    def submit(i: int) -> None:
        client = Client(raise_request_exception=False)
        form = {"username": f"kanri{i}", "password1": "tsumo-pinfu-77", "password2": "tsumo-pinfu-77",
                "token": token}
        connect()
        try:
            start.wait()
            answers[i] = client.post("/setup/", form, REMOTE_ADDR=f"192.168.1.{i + 10}")
        except Exception as exc:  # noqa: BLE001 - reported by the test, not swallowed
            answers[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=submit, args=(i,)) for i in range(SUBMISSIONS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    return answers


@pytest.fixture
def club_database(transactional_db, tmp_path):
    """The database as the club runs it; call the returned function first in every thread (and the
    test's own thread is on it already). On PostgreSQL that is the test database. On SQLite
    pytest-django's test database lives in memory with a shared cache, where a second writer is
    refused at once ("database table is locked") instead of waiting its turn as writers of the
    club's file database in WAL mode do: there the test uses such a file, migrated as ``make run``
    does, through connections of its own (the in-memory database is kept open for the next tests)."""
    in_memory = connections["default"]
    if in_memory.vendor != "sqlite":
        yield lambda: None
        return
    file_settings = {**in_memory.settings_dict, "NAME": str(tmp_path / "club.sqlite3")}

    def connect() -> None:
        connections["default"] = type(in_memory)(file_settings, "default")

    connect()
    try:
        call_command("migrate", verbosity=0)
        yield connect
    finally:
        connections["default"].close()
        connections["default"] = in_memory


def test_sixteen_simultaneous_submissions_make_exactly_one_administrator(club_database):
    token = setup_token_issue()
    answers = submit_all_at_once(token, club_database)
    statuses = sorted(getattr(a, "status_code", repr(a)) for a in answers)
    assert statuses[0] == 302 and set(statuses[1:]) <= {404, 409}, statuses
    User = get_user_model()
    assert User.objects.filter(is_superuser=True).count() == 1 == User.objects.count()
    assert not SetupToken.objects.exists()
    for answer in answers:
        if answer.status_code != 302:  # the others are told it is done and where to log in
            body = answer.content.decode()
            assert "初期設定はすでに済んでいます" in body and 'href="/accounts/login/"' in body


@pytest.mark.django_db(transaction=True)
def test_a_user_being_created_elsewhere_meanwhile_stops_the_setup(club_database):
    """"No user yet" is read only once no other transaction can still add one: a setup that comes
    while another transaction has added a user but not committed waits for it and is then refused."""
    token = setup_token_issue()
    User = get_user_model()
    inserted, release, outcome = threading.Event(), threading.Event(), {}

    def other_admin() -> None:  # e.g. createsuperuser, or the Django admin
        club_database()
        try:
            with transaction.atomic():
                User.objects.create_superuser("boss", "", "tsumo-pinfu-77")
                inserted.set()
                release.wait(30)
        finally:
            connection.close()

    def setup() -> None:
        club_database()
        try:
            services.first_admin_create(username="kanri", password="tsumo-pinfu-77", token=token)
            outcome["made"] = True
        except services.SetupDone:
            outcome["done"] = True
        finally:
            connection.close()

    first = threading.Thread(target=other_admin)
    first.start()
    assert inserted.wait(30)
    second = threading.Thread(target=setup)
    second.start()
    second.join(timeout=1)
    assert second.is_alive()  # waiting for the other transaction
    release.set()
    first.join(timeout=30)
    second.join(timeout=30)
    assert outcome == {"done": True}
    assert list(User.objects.values_list("username", flat=True)) == ["boss"]

"""Shared fixtures: users by role, members, a club day and hanchan, and small helpers."""

from __future__ import annotations

import datetime

import pytest
from boards_history import build_history
from django.contrib.auth.models import Group

from scoring import services
from scoring.access import SCOREKEEPER
from scoring.models import RuleSet


@pytest.fixture(autouse=True)
def static_files(collected_static):
    """Pages name the static files by their hashed names, as in production (tests/conftest.py)."""


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    """Hashing with the real hasher dominates the run time of these tests."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def japanese_first():
    """Each test starts in the club's default language: a request that chose English leaves it
    active in this thread, as every request activates its own language in a real server."""
    from django.utils import translation

    translation.activate("ja")
    yield
    translation.activate("ja")


@pytest.fixture
def ariari(db) -> RuleSet:
    """The shipped preset (created by the data migration)."""
    return RuleSet.objects.get(preset="ariari", options={})


@pytest.fixture
def history(members, ariari, scorekeeper, django_capture_on_commit_callbacks):
    """The club days of ``boards_history`` (every figure worked out there), with what runs after
    each commit (ratings, boards drawn) done. A test file may define its own ``history``."""
    with django_capture_on_commit_callbacks(execute=True):
        return build_history(members, ariari, scorekeeper)


@pytest.fixture
def admin_user(django_user_model):
    return django_user_model.objects.create_user(username="kanri", password="pass-1234", is_staff=True)


@pytest.fixture
def scorekeeper(django_user_model):
    user = django_user_model.objects.create_user(username="kiroku", password="pass-1234")
    user.groups.add(Group.objects.get(name=SCOREKEEPER))
    return user


@pytest.fixture
def reader(django_user_model):
    """A member login: may read, may not write."""
    return django_user_model.objects.create_user(username="kaiin", password="pass-1234")


@pytest.fixture
def members(db):
    names = [("山田", "やまだ", 1), ("佐藤", "さとう", 2), ("鈴木", "すずき", 3), ("田中", "たなか", 4),
             ("伊藤", "いとう", 5)]
    return [services.member_create(name=n, kana=k, number=no) for n, k, no in names]


@pytest.fixture
def clubday(ariari):
    return services.clubday_create(date=datetime.date(2026, 11, 1), venue="公民館", ruleset=ariari)


@pytest.fixture
def hanchan(clubday, members):
    """Table 1: 山田 (起家), 佐藤, 鈴木, 田中."""
    return services.hanchan_create(clubday=clubday, table=1, players=members[:4])


@pytest.fixture
def client_as(client):
    """``client_as(user)`` logs the test client in as ``user`` (None: stays anonymous)."""
    def login(user):
        if user is not None:
            client.force_login(user)
        return client
    return login


def make_ron(winner: int, loser: int, han: int, fu: int | None = None) -> dict:
    """A ``rules.play`` ron event with a quick han/fu value."""
    event = {"type": "ron", "winner": winner, "loser": loser, "han": han}
    if fu is not None:
        event["fu"] = fu
    return event


@pytest.fixture
def ron():
    return make_ron

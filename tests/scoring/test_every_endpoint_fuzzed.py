"""Random and malformed input to every URL of the app, as an administrator: never a 500, and a
refused request (4xx) saves nothing.

The URLs come from the URL configuration itself, so a page added later is fuzzed without touching
this file. ``<int:pk>`` is filled with the primary key of an object that exists (the fixtures make
one of each kind, so most ``pk=1`` lookups hit a real row); other parameters get a plausible value.
"""

from __future__ import annotations

import datetime
import json

import pytest
from django.apps import apps
from django.urls import URLPattern, URLResolver, get_resolver
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import services
from scoring.models import Dispute

pytestmark = pytest.mark.django_db

SKIP_PREFIXES = ("admin/", "i18n/", "accounts/logout/", "static/")

# Field names the app's forms use, so that random values land in real fields as well as unknown ones.
KEYS = ["type", "winner", "loser", "winners", "han", "fu", "yakuman", "value", "hand", "win_tile", "melds",
        "riichi", "tenpai", "offender", "player", "pao", "version", "hand_order", "name", "kana", "number",
        "active", "date", "venue", "ruleset", "preset", "options", "table", "seat0", "seat1", "seat2", "seat3",
        "scores", "score0", "score1", "score2", "score3", "sticks", "early", "username", "password",
        "password2", "role", "doc", "comment", "text", "reason", "decision", "csv", "file", "from", "to",
        "day", "year", "month", "sort", "min_games", "uma", "kind", "dora", "ura", "tsumo", "kinds", "q"]

NASTY = st.sampled_from([
    "", " ", "0", "-1", "99999999999999999999999", "1e309", "NaN", "null", "true", "[]", "{}",
    "[" * 2000 + "]" * 2000, '{"a":' * 500 + "1" + "}" * 500, "x" * 20000, "\x00", "\ud7ff\uffff",
    "<script>alert(1)</script>", "'; DROP TABLE scoring_member; --", "１２３ｍ", "123m456p789s東東東中中",
    "2026-02-30", "2026-11-24", "9999-12-31", "0000-00-00", "ron", "tsumo", "draw", "tiles", "quick",
])
VALUES = st.one_of(NASTY, st.text(max_size=40), st.integers(-10**6, 10**6).map(str))
# each known field present or not, plus a few unknown ones
DATA = st.builds(lambda known, extra: {**extra, **known},
                 st.fixed_dictionaries({}, optional={k: st.one_of(VALUES, st.lists(VALUES, max_size=3)) for k in KEYS}),
                 st.dictionaries(st.text(max_size=8), VALUES, max_size=3))


def _patterns(resolver=None, prefix=""):
    resolver = resolver or get_resolver()
    for p in resolver.url_patterns:
        route = prefix + str(p.pattern)
        if isinstance(p, URLResolver):
            yield from _patterns(p, route)
        elif isinstance(p, URLPattern) and not route.startswith(SKIP_PREFIXES):
            yield route, p


def _path(route: str, pk: int) -> str:
    """A concrete path for a route: converters replaced by an existing pk or a plausible value."""
    out = route.replace("^", "").replace("$", "")
    for conv, value in (("<int:pk>", str(pk)), ("<int:", str(pk)), ("<slug:", "hand"), ("<str:", "hand"),
                        ("<path:", "x")):
        while conv in out:
            start = out.index(conv)
            end = out.index(">", start)
            out = out[:start] + value + out[end + 1:]
    return "/" + out


ROUTES = sorted({route for route, _p in _patterns()})


def _counts() -> dict[str, int]:
    return {m._meta.label: m.objects.count() for m in apps.get_app_config("scoring").get_models()}


@pytest.fixture
def world(admin_user, members, hanchan, ron, ariari):
    """One object of each kind: members, a club day with a hanchan of three hands, a finished paper
    hanchan, a dispute."""
    for event in (ron(1, 0, 3, 30), {"type": "draw", "tenpai": [0]}, ron(2, 3, 2, 40)):
        services.hanchan_record_hand(hanchan=hanchan, event=event, by=admin_user)
    day2 = services.clubday_create(date=datetime.date(2026, 11, 8), venue="", ruleset=ariari)
    paper = services.hanchan_create(clubday=day2, table=1, players=members[:4])
    services.hanchan_record_final_scores(hanchan=paper, scores=[40000, 30000, 20000, 10000], sticks=0,
                                         by=admin_user)
    Dispute.objects.create(hanchan=hanchan, hand=hanchan.hands.first(), hand_number=1, opened_by=admin_user,
                           comment="?")
    return admin_user


@pytest.mark.parametrize("route", ROUTES)
def test_random_input_never_breaks_a_page_and_refusals_save_nothing(client, world, route):
    client.force_login(world)

    @settings(max_examples=25, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
    @given(data=DATA, pk=st.sampled_from([1, 2, 999999]), method=st.sampled_from(["get", "post", "htmx"]))
    def probe(data, pk, method):
        path = _path(route, pk)
        before = _counts()
        if method == "get":
            r = client.get(path, {k: v for k, v in data.items() if isinstance(v, str)})
        else:
            extra = {"HTTP_HX_REQUEST": "true"} if method == "htmx" else {}
            r = client.post(path, data, **extra)
        assert r.status_code < 500, (path, method, r.status_code)
        if 400 <= r.status_code < 500 and method != "get":
            assert _counts() == before, (path, method, "a refused request saved something")

    probe()


def test_json_endpoints_answer_json_errors_to_garbage(client, world):
    """Every URL ending in .json answers malformed input with a JSON error, not an HTML page."""
    for route in ROUTES:
        if not route.rstrip("/").endswith(".json"):
            continue
        for body in ("{", "[" * 5000, json.dumps({"ruleset": 1}), "\x00"):
            r = client.post(_path(route, 1), body, content_type="application/json")
            assert 400 <= r.status_code < 500
            assert "error" in r.json()

"""Random and malformed input to every URL of the app, as an administrator: never a 500, and a
refused request (4xx) saves nothing.

The URLs come from the URL configuration itself, so a page added later is fuzzed without touching
this file. An id (``<id:pk>``, ``<int:pk>``) is filled with the primary key of an object that exists (the
fixtures make one of each kind, and 1 and 2 stand for the first and second one), one that does not,
or a number past what a database column holds; other parameters get a plausible value.

Besides random text the values include JSON nested thousands deep, JSON whose strings are lone
surrogates (``"\\ud800"``: Python decodes it to a ``str`` that cannot be encoded), raw lone
surrogates in the request body and huge numbers. ``version`` is sometimes the hanchan's current
version, so that writes get past the version check. A few fixed probes (``SEEDS``) run on every
URL whatever Hypothesis draws: a hand form that would be saved but for one nasty field.
"""

from __future__ import annotations

import datetime
import json
from urllib.parse import urlencode

import pytest
from django.apps import apps
from django.conf import settings as django_settings
from django.urls import URLPattern, URLResolver, get_resolver
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from scoring import services
from scoring.models import Dispute, Hanchan, HandRecord

pytestmark = pytest.mark.django_db

SKIP_PREFIXES = ("admin/", "i18n/", "accounts/logout/", "static/")

# Field names the app's forms use, so that random values land in real fields as well as unknown ones.
KEYS = ["type", "winner", "loser", "winners", "han", "fu", "yakuman", "value", "hand", "win_tile", "melds",
        "riichi", "tenpai", "offender", "player", "pao", "version", "hand_order", "name", "kana", "number",
        "active", "date", "venue", "ruleset", "preset", "options", "table", "seat0", "seat1", "seat2", "seat3",
        "scores", "score0", "score1", "score2", "score3", "sticks", "early", "username", "password",
        "password2", "role", "doc", "comment", "text", "reason", "decision", "csv", "file", "from", "to",
        "day", "year", "month", "sort", "min_games", "uma", "kind", "dora", "ura", "tsumo", "kinds", "q",
        "wins", "nagashi", "situational", "double_riichi", "ippatsu", "step", "rs", "sit", "round", "copy",
        "page", "status", "token", "create_members", "seed", "state", "first", "second", "member", "wi"]

CURRENT = "<current version>"  # replaced by the version of the hanchan the URL acts on
DEEP = ["[" * 2000 + "]" * 2000, '{"a":' * 2000 + "1" + "}" * 2000, '[{"a":' * 1000 + "[]" + "}]" * 1000,
        '[{"winner": 2, "han": 1, "fu": 30, "x": ' + "[" * 3000 + "]" * 3000 + "}]"]
# JSON escapes that decode to a lone surrogate, where the forms read JSON (melds, wins, a document)
SURROGATE_MELDS = '[{"type": "pon", "tiles": "\\ud800"}]'
SURROGATE_WINS = '[{"winner": 2, "hand": {"hand": "\\udfff23m456p789s1z", "win_tile": "1z"}}]'
SURROGATES = [SURROGATE_MELDS, SURROGATE_WINS, '"\\ud800"', '{"hand": "\\ud800", "win_tile": "1z"}',
              '[{"winner": 2, "han": 1, "fu": 30, "note": "\\ud800"}]',
              "\ud800", "a\udfffb", "\udc80\ud800"]  # raw ones: sent as the bytes a client can send
HUGE = ["99999999999999999999", str(2**63), str(2**63 - 1), str(-2**63 - 1), "1" + "0" * 400]

NASTY = st.sampled_from([
    "", " ", "0", "-1", "99999999999999999999999", "1e309", "NaN", "null", "true", "[]", "{}",
    "[" * 2000 + "]" * 2000, '{"a":' * 500 + "1" + "}" * 500, "x" * 20000, "\x00", "\ud7ff\uffff",
    "<script>alert(1)</script>", "'; DROP TABLE scoring_member; --", "１２３ｍ", "123m456p789s東東東中中",
    "2026-02-30", "2026-11-24", "9999-12-31", "0000-00-00", "ron", "tsumo", "draw", "tiles", "quick",
    "²", "٣", "1-²", "out:²",  # str.isdigit() says yes to "²", int() says no; "٣" is a digit to both
    *DEEP, *SURROGATES, *HUGE,
])
VALUES = st.one_of(NASTY, st.text(max_size=40), st.integers(-10**6, 10**6).map(str))
FIELD = {k: st.one_of(VALUES, st.lists(VALUES, max_size=3)) for k in KEYS}
FIELD["version"] = st.one_of(st.just(CURRENT), VALUES)
# a hand form (and ruling, comment, checker query) that would be accepted as it is: the fields
# drawn replace some of it, so a nasty value reaches the code behind a valid form too
PLAUSIBLE = {"type": "ron", "winner": "0", "loser": "1", "value": "tiles", "hand": "123m456p789s1z",
             "win_tile": "1z", "melds": '[{"type": "pon", "tiles": "555z"}]', "han": "3", "fu": "30",
             "version": CURRENT, "decision": "amended", "reason": "理由", "comment": "?", "text": "?"}
# each known field present or not, plus a few unknown ones
DATA = st.builds(lambda base, known, extra: {**base, **extra, **known},
                 st.sampled_from([{}, PLAUSIBLE]),
                 st.fixed_dictionaries({}, optional=FIELD),
                 st.dictionaries(st.text(max_size=8), VALUES, max_size=3))
PKS = [1, 2, 999999, 2**63 - 1, 2**63, 10**20]
# run on every URL: the three ways in which a request once broke a page
SEEDS = [
    ({**PLAUSIBLE, "wins": DEEP[0]}, 1, "post"),
    ({**PLAUSIBLE, "melds": DEEP[1]}, 1, "htmx"),
    ({**PLAUSIBLE, "melds": SURROGATE_MELDS}, 1, "post"),
    ({**PLAUSIBLE, "melds": SURROGATE_MELDS}, 1, "get"),
    ({**PLAUSIBLE, "winner": "1", "loser": "0", "wins": SURROGATE_WINS}, 1, "htmx"),
    ({"q": "\ud800", "name": "a\udfffb", "melds": "\ud800"}, 1, "post"),
    ({}, 10**20, "get"),
    ({**PLAUSIBLE}, 2**63, "post"),
    ({**PLAUSIBLE, "value": "quick", "wins": '[{"winner": 2, "hand": "x"}]'}, 1, "post"),  # a listed win's
    ({**PLAUSIBLE, "value": "quick", "wins": '[{"winner": 2, "hand": [1, 2]}]'}, 1, "post"),  # hand not a dict
    ({"seed": "²", "number": "1", "first": "1-²", "second": "out:²", "member": "²"}, 1, "post"),
]


def _patterns(resolver=None, prefix=""):
    resolver = resolver or get_resolver()
    for p in resolver.url_patterns:
        route = prefix + str(p.pattern)
        if isinstance(p, URLResolver):
            yield from _patterns(p, route)
        elif isinstance(p, URLPattern) and not route.startswith(SKIP_PREFIXES):
            yield route, p


# the model of an id in the URL, by the URL's first part (``history/<kind>/`` is filled with "hand")
MODELS = {"users": django_settings.AUTH_USER_MODEL, "members": "scoring.Member", "rules": "scoring.RuleSet",
          "days": "scoring.ClubDay", "hanchan": "scoring.Hanchan", "hands": "scoring.HandRecord",
          "disputes": "scoring.Dispute", "history": "scoring.HandRecord"}


def _existing(route: str, pk: int) -> int:
    """``pk`` 1 and 2 stand for the first and second object the URL can show: on PostgreSQL the
    ids do not start again at 1 in every test."""
    label = MODELS.get(route.split("/", 1)[0])
    if label is None or pk not in (1, 2):
        return pk
    ids = list(apps.get_model(label).objects.order_by("pk").values_list("pk", flat=True)[:2])
    return ids[pk - 1] if len(ids) >= pk else pk


def _path(route: str, pk: int) -> str:
    """A concrete path for a route: converters replaced by an existing pk or a plausible value."""
    pk = _existing(route, pk)
    out = route.replace("^", "").replace("$", "")
    for conv, value in (("<int:", str(pk)), ("<id:", str(pk)), ("<slug:", "hand"), ("<str:", "hand"),
                        ("<path:", "x")):
        while conv in out:
            start = out.index(conv)
            end = out.index(">", start)
            out = out[:start] + value + out[end + 1:]
    return "/" + out


ROUTES = sorted({route for route, _p in _patterns()})


def _current_version(path: str) -> str:
    """The version of the hanchan a path acts on (the form's ``version`` as the page would send it)."""
    parts = path.strip("/").split("/")
    pk = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() and len(parts[1]) < 19 else None
    hanchan = None
    if parts[0] == "hanchan":
        hanchan = Hanchan.objects.filter(pk=pk).first()
    elif parts[0] == "hands":
        hand = HandRecord.objects.filter(pk=pk).select_related("hanchan").first()
        hanchan = hand.hanchan if hand else Hanchan.objects.order_by("pk").first()  # a deleted hand: the first game
    elif parts[0] == "disputes":
        dispute = Dispute.objects.filter(pk=pk).select_related("hanchan").first()
        hanchan = dispute.hanchan if dispute else None
    return str(hanchan.version) if hanchan else "0"


def _fill(data: dict, path: str) -> dict:
    current = None
    out = {}
    for key, value in data.items():
        if value == CURRENT:
            current = current or _current_version(path)
            value = current
        out[key] = value
    return out


def _encoded(data: dict) -> str:
    """``data`` urlencoded as UTF-8, lone surrogates as the bytes they would be (which a client can
    send, though they are not UTF-8): the test client's own encoding refuses them."""
    return urlencode(data, doseq=True, encoding="utf-8", errors="surrogatepass")


def _has_surrogate(data: dict) -> bool:
    values = [v for value in data.values() for v in (value if isinstance(value, list) else [value])]
    return any(any("\ud800" <= c <= "\udfff" for c in text) for text in [*data, *values])


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

    def seeded(test):
        for data, pk, method in SEEDS:
            test = example(data=data, pk=pk, method=method)(test)
        return test

    @settings(max_examples=25, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
    @given(data=DATA, pk=st.sampled_from(PKS), method=st.sampled_from(["get", "post", "htmx"]))
    @seeded
    def probe(data, pk, method):
        path = _path(route, pk)
        data = _fill(data, path)
        before = _counts()
        if method == "get":
            query = _encoded({k: v for k, v in data.items() if isinstance(v, str)})
            r = client.get(f"{path}?{query}" if query else path)
        else:
            extra = {"HTTP_HX_REQUEST": "true"} if method == "htmx" else {}
            if _has_surrogate(data):
                r = client.post(path, _encoded(data), content_type="application/x-www-form-urlencoded", **extra)
            else:
                r = client.post(path, data, **extra)
        assert r.status_code < 500, (path, method, r.status_code, {k: str(v)[:60] for k, v in data.items()})
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

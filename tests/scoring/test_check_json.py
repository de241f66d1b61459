"""/check.json: ``python -m rules compare`` over HTTP — the same answer, errors included."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

import pytest
from django.urls import reverse

import rules
from rules.__main__ import MAX_BYTES, answer
from scoring.examples import CASES, document

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def get(client, doc_text: str):
    return client.get(reverse("check-json") + "?doc=" + quote(doc_text))


def post(client, body: bytes):
    return client.post(reverse("check-json"), data=body, content_type="application/json")


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_it_answers_what_rules_compare_answers_on_every_sample_hand(client, case):
    doc = document(case)
    r = get(client, json.dumps(doc, ensure_ascii=False))
    assert r.status_code == 200 and r["Content-Type"].startswith("application/json")
    assert json.loads(r.content) == rules.compare(doc)


def test_a_posted_document_with_rulesets_is_answered_like_the_cli(client):
    doc = {**document(CASES[0]), "rulesets": ["shimamachi", {"preset": "kanzen_sakizuke", "options": {"shibari": 2}}]}
    r = post(client, json.dumps(doc).encode())
    assert r.status_code == 200
    expected, code = answer("compare", json.dumps(doc).encode())
    assert code == 0 and json.loads(r.content) == expected
    assert [v["ruleset"] for v in expected["verdicts"]] == ["shimamachi", "kanzen_sakizuke"]


def test_it_writes_no_csrf_check_for_scripts(client):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    r = post(strict, json.dumps(document(CASES[1])).encode())
    assert r.status_code == 200 and "verdicts" in json.loads(r.content)


@pytest.mark.parametrize("case", [CASES[0], CASES[-1]], ids=["nakazuke-ex1", "pinfu-dealer"])
def test_its_bytes_are_the_cli_output(client, case):
    raw = json.dumps(document(case), ensure_ascii=False).encode()
    cli = subprocess.run([sys.executable, "-m", "rules", "compare"], input=raw, capture_output=True, cwd=ROOT,
                         check=True)
    assert post(client, raw).content == cli.stdout


def test_every_sample_hand_is_answered_as_the_cli_answers_it(client):
    """One CLI run (``--jsonl``) over every case; each answer equals the endpoint's."""
    docs = [json.dumps(document(c), ensure_ascii=False) for c in CASES]
    cli = subprocess.run([sys.executable, "-m", "rules", "compare", "--jsonl"], input="\n".join(docs).encode(),
                         capture_output=True, cwd=ROOT, check=True)
    lines = cli.stdout.decode().splitlines()
    assert len(lines) == len(CASES)
    for doc, line in zip(docs, lines):
        assert json.loads(get(client, doc).content) == json.loads(line)


BAD = [
    ("malformed", b'{"hand": "123m"', "bad_json"),
    ("deep", b"[" * 40 + b"]" * 40, "out_of_bounds"),
    ("not-an-object", b"[1, 2]", "bad_document"),
    ("unknown-key", b'{"hand": "567p789s4s", "melds": [], "win_tile": "4s", "colour": "red"}', "bad_document"),
    ("bad-tile", b'{"hand": "567p789s4x", "win_tile": "4s"}', None),
    ("long-number", b'{"hand": "123m", "honba": ' + b"9" * 40 + b"}", "out_of_bounds"),
    ("unknown-ruleset", b'{"hand": "1123344s123m123p", "win_tile": "2s", "rulesets": ["nope"]}', None),
]


@pytest.mark.parametrize("body,code", [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_bad_input_is_400_with_the_clis_error_json(client, body, code):
    expected, rc = answer("compare", body)
    assert rc == 2
    for r in (post(client, body), get(client, body.decode())):
        assert r.status_code == 400
        got = json.loads(r.content)
        assert got == expected
        assert set(got["error"]) == {"code", "message", "ja"} and got["error"]["ja"]
        if code:
            assert got["error"]["code"] == code


def test_a_huge_body_is_refused_without_reading_it_all(client):
    body = b'{"hand": "' + b"1" * (MAX_BYTES + 10) + b'"}'
    r = post(client, body)
    assert r.status_code == 400
    assert json.loads(r.content)["error"]["code"] == "out_of_bounds"
    assert json.loads(r.content) == answer("compare", None)[0]


def test_a_huge_doc_parameter_is_refused(client):
    r = client.get(reverse("check-json"), {"doc": '{"hand": "' + "1" * (MAX_BYTES + 10) + '"}'})
    assert r.status_code == 400 and json.loads(r.content)["error"]["code"] == "out_of_bounds"


def test_without_a_document_it_says_how_to_give_one(client):
    r = client.get(reverse("check-json"))
    assert r.status_code == 400
    err = json.loads(r.content)["error"]
    assert err["code"] == "bad_document" and "doc" in err["message"] and "POST" in err["ja"]


def test_other_methods_are_refused(client):
    assert client.put(reverse("check-json"), data=b"{}").status_code == 405

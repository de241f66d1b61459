"""``python -m rules``: every document gets an answer (a result or a JSON error with code, message
and ja), never a traceback, whatever the bytes — one document, or many with ``--jsonl``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GOOD = b'{"hand": "234m567p3456678s", "win_tile": "6s"}'


def _run(command: str, stdin: bytes, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rules", command, *extra], input=stdin, cwd=ROOT,
                          capture_output=True, check=False, timeout=60)


def _error(out: dict) -> str:
    error = out["error"]
    assert set(error) == {"code", "message", "ja"} and error["message"] and error["ja"], error
    return error["code"]


BAD = [
    ("nested-1000-deep", b"[" * 1000 + b"]" * 1000, "out_of_bounds"),
    ("nested-object-in-field", b'{"hand": ' + b'{"a": ' * 200 + b"1" + b"}" * 200 + b"}", "out_of_bounds"),
    ("unclosed-100000-deep", b"[" * 100_000, "out_of_bounds"),
    ("5000-digit-number", GOOD[:-1] + b', "honba": ' + b"9" * 5000 + b"}", "out_of_bounds"),
    ("honba-beyond-bounds", GOOD[:-1] + b', "honba": 1000}', "out_of_bounds"),
    ("invalid-utf8", b'{"hand": "\xff\xfe234m"}', "bad_encoding"),
    ("not-json", b"{hand: 1}", "bad_json"),
    ("json-array", b"[1, 2]", "bad_document"),
    ("json-string", b'"234m567p3456678s"', "bad_document"),
    ("json-null", b"null", "bad_document"),
    ("lone-surrogate", b'{"hand": "\\ud800", "win_tile": "6s"}', "bad_notation"),
    ("over-1-MB", b'{"hand": "' + b"1" * 1_100_000 + b'"}', "out_of_bounds"),
]


@pytest.mark.parametrize("stdin, code", [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_a_bad_document_is_a_json_error_with_exit_2(stdin, code):
    run = _run("evaluate", stdin)
    assert run.returncode == 2, run.stderr
    assert b"Traceback" not in run.stderr
    assert _error(json.loads(run.stdout)) == code


def test_jsonl_answers_every_line_in_order_good_and_bad_mixed():
    lines = [GOOD] + [b[1] for b in BAD] + [GOOD]
    run = _run("evaluate", b"\n".join(lines) + b"\n", "--jsonl")
    assert b"Traceback" not in run.stderr
    answers = [json.loads(line) for line in run.stdout.decode("utf-8").splitlines()]
    assert len(answers) == len(lines)
    assert answers[0]["legal"] and answers[-1] == answers[0]
    assert [_error(a) for a in answers[1:-1]] == [b[2] for b in BAD]
    assert run.returncode == 2


def test_jsonl_all_good_exits_0_and_skips_blank_lines():
    run = _run("evaluate", GOOD + b"\n\n  \n" + GOOD, "--jsonl")
    assert run.returncode == 0, run.stderr
    assert len(run.stdout.splitlines()) == 2


@pytest.mark.parametrize("command", ["compare", "tenpai", "game"])
def test_every_command_refuses_deep_nesting_with_an_answer(command):
    run = _run(command, b"[" * 5000 + b"]" * 5000)
    assert run.returncode == 2 and _error(json.loads(run.stdout)) == "out_of_bounds"


def test_the_loader_in_process():
    from rules.__main__ import MAX_DEPTH, answer

    out, rc = answer("evaluate", b"[" * MAX_DEPTH + b"]" * MAX_DEPTH)
    assert (rc, out["error"]["code"]) == (2, "bad_document")  # deep enough to be read, then not an object
    out, rc = answer("evaluate", b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1))
    assert (rc, out["error"]["code"]) == (2, "out_of_bounds")
    out, rc = answer("evaluate", GOOD)
    assert rc == 0 and out["total"] > 0

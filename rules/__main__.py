"""``python -m rules {evaluate,compare,tenpai,game}``: one JSON document on stdin, one on stdout.

``--jsonl``: one document per line in, one result per line out, in order (an error on a line is that
line's result; blank lines are skipped). Exit 0 when every document was answered, 2 when any input
was invalid, with ``{"error": {"code", "message", "ja"}}`` as its answer (docs/api.md). Whatever the
bytes, each document gets an answer and never a traceback: invalid UTF-8 (``bad_encoding``), not
JSON (``bad_json``), more than ``MAX_BYTES`` per document, nesting deeper than ``MAX_DEPTH`` or a
number longer than ``MAX_DIGITS`` digits (``out_of_bounds``), not an object (``bad_document``); an
engine fault answers ``internal_error`` (exit 1) and the next line is still read.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, BinaryIO, Iterator

import rules
from rules.errors import BoundsError, DocumentError, RulesError

MAX_BYTES = 1_000_000  # one document (one line with --jsonl)
MAX_DEPTH = 32  # arrays/objects inside each other; a real document needs 4
MAX_DIGITS = 30  # digits of one JSON number


class InputError(RulesError):
    """Bytes that are not one JSON document (``code`` set per instance)."""

    def __init__(self, code: str, message: str, ja: str):
        super().__init__(message, ja=ja)
        self.code = code


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise BoundsError(f"a number of {len(text.lstrip('-'))} digits; at most {MAX_DIGITS}",
                          ja=f"{len(text.lstrip('-'))}桁の数があります(最大{MAX_DIGITS}桁)")
    return int(text)


def _float(text: str) -> float:
    if len(text) > MAX_DIGITS + 10:
        raise BoundsError(f"a number of {len(text)} characters; at most {MAX_DIGITS + 10}",
                          ja=f"{len(text)}文字の数があります(最大{MAX_DIGITS + 10}文字)")
    return float(text)


def _too_deep() -> BoundsError:
    return BoundsError(f"the document is nested more than {MAX_DEPTH} deep",
                       ja=f"入れ子が深すぎます(最大{MAX_DEPTH}段)")


def _check_depth(value: Any) -> None:
    """Refuse nesting deeper than ``MAX_DEPTH`` (iteratively: no recursion on the input)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else ()
        for child in children:
            if isinstance(child, (dict, list)):
                if depth + 1 > MAX_DEPTH:
                    raise _too_deep()
                stack.append((child, depth + 1))


def load(raw: bytes) -> Any:
    """One document from its bytes (at most ``MAX_BYTES``), or a ``RulesError`` that says what is
    wrong with them.

    >>> load(b'{"hand": "123m"}')
    {'hand': '123m'}
    >>> load(b'[' * 40 + b']' * 40)
    Traceback (most recent call last):
    ...
    rules.errors.BoundsError: the document is nested more than 32 deep
    """
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError("bad_encoding", f"not UTF-8: byte {exc.start} ({raw[exc.start:exc.start + 1]!r})",
                         f"UTF-8 ではありません({exc.start}バイト目)") from None
    try:
        value = json.loads(text, parse_int=_int, parse_float=_float)
    except RecursionError:
        raise _too_deep() from None
    except json.JSONDecodeError as exc:
        raise InputError("bad_json", f"not JSON: {exc}", f"JSON として読めません({exc.lineno}行 {exc.colno}文字目)") from None
    _check_depth(value)
    return value


def _run(command: str, doc: Any) -> dict:
    if not isinstance(doc, dict):
        raise DocumentError("the input must be a JSON object", ja="入力はJSONオブジェクトにしてください")
    if command == "evaluate":
        return rules.evaluate(doc)
    if command == "compare":
        doc = dict(doc)
        return rules.compare(doc, doc.pop("rulesets", None))
    if command == "tenpai":
        return rules.tenpai(doc)
    return rules.play(doc)


def answer(command: str, raw: bytes | None) -> tuple[dict, int]:
    """The answer to one document's bytes (``None``: a line over ``MAX_BYTES``) and its exit code."""
    try:
        if raw is None:
            raise BoundsError(f"the document has more than {MAX_BYTES:,} bytes",
                              ja=f"入力が大きすぎます({MAX_BYTES:,}バイトまで)")
        return _run(command, load(raw)), 0
    except RulesError as exc:
        return {"error": {"code": exc.code, "message": exc.message, "ja": exc.ja}}, 2
    except Exception as exc:  # noqa: BLE001 - an engine fault is this document's answer, not the run's end
        return {"error": {"code": "internal_error", "message": f"internal error: {type(exc).__name__}",
                          "ja": "内部エラーです(入力ではなくエンジンの問題です)"}}, 1


def _lines(stream: BinaryIO) -> Iterator[bytes | None]:
    """The lines of ``stream``; ``None`` for a line over ``MAX_BYTES`` (never held whole in memory)."""
    while True:
        line = stream.readline(MAX_BYTES + 2)
        if not line:
            return
        if len(line.rstrip(b"\r\n")) <= MAX_BYTES:
            yield line
            continue
        while line and not line.endswith(b"\n"):  # skip the rest of the long line
            line = stream.readline(1 << 20)
        yield None


def _write(out: dict, indent: int | None = None) -> None:
    # backslashreplace: a lone surrogate from a JSON escape goes out as the same escape
    text = json.dumps(out, ensure_ascii=False, indent=indent) + "\n"
    sys.stdout.buffer.write(text.encode("utf-8", "backslashreplace"))
    sys.stdout.buffer.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules", description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["evaluate", "compare", "tenpai", "game"])
    parser.add_argument("--jsonl", action="store_true", help="one JSON document per line")
    args = parser.parse_args(argv)
    code = 0
    if args.jsonl:
        for line in _lines(sys.stdin.buffer):
            if line is not None and not line.strip():
                continue
            out, rc = answer(args.command, line)
            code = max(code, rc)
            _write(out)
    else:
        raw = sys.stdin.buffer.read(MAX_BYTES + 1)
        out, code = answer(args.command, raw if len(raw) <= MAX_BYTES else None)
        _write(out, indent=2)
    return code


if __name__ == "__main__":
    sys.exit(main())

"""``python -m rules {evaluate,compare,tenpai,game}``: one JSON document on stdin, one on stdout.

``--jsonl``: one document per line in, one result per line out (an error on a line is that line's
result). Exit 0 on success, 2 on invalid input with ``{"error": {"code", "message"}}``.
"""

from __future__ import annotations

import argparse
import json
import sys

import rules
from rules.errors import DocumentError, RulesError


def _run(command: str, doc) -> dict:
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


def _one(command: str, text: str) -> tuple[dict, bool]:
    try:
        return _run(command, json.loads(text)), True
    except json.JSONDecodeError as exc:
        return {"error": {"code": "bad_json", "message": f"not JSON: {exc}"}}, False
    except RulesError as exc:
        return {"error": {"code": exc.code, "message": exc.message, "ja": exc.ja}}, False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules", description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["evaluate", "compare", "tenpai", "game"])
    parser.add_argument("--jsonl", action="store_true", help="one JSON document per line")
    args = parser.parse_args(argv)
    ok_all = True
    if args.jsonl:
        for line in sys.stdin:
            if line.strip():
                out, ok = _one(args.command, line)
                ok_all &= ok
                print(json.dumps(out, ensure_ascii=False), flush=True)
    else:
        out, ok_all = _one(args.command, sys.stdin.read())
        print(json.dumps(out, ensure_ascii=False, indent=2))
    return 0 if ok_all else 2


if __name__ == "__main__":
    sys.exit(main())

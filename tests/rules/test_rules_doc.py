"""docs/rules.md is the project's rules reference: these tests keep it and the code from drifting.

- §4.4's table of options per preset equals ``rules.PRESETS`` (on a difference the test prints the
  table the code implies, ready to paste);
- every option of ``rules.RuleSet`` is described in §4.2 and every yaku id is listed in §2;
- every ``docs/rules.md §n`` citation in the repository names a section that exists, and nothing
  cites the rules page that used to live outside the repository (the changelog, being history, is not read);
- only the oracle tests read the directory beside the checkout (oracle data, never rules).
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import rules
from rules.ruleset import RuleSet
from rules.yaku import NAMES as YAKU_NAMES

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rules.md"
TEXT = DOC.read_text(encoding="utf-8")
OPTIONS = [f.name for f in dataclasses.fields(RuleSet) if f.name != "name"]
TABLE_START, TABLE_END = "<!-- preset-table -->", "<!-- /preset-table -->"


def _cell(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "[" + ", ".join(map(str, value)) + "]"
    return str(value)


def preset_table() -> str:
    """§4.4 as the code implies it: every option, its value per preset, bold where not ariari's."""
    names = list(rules.PRESETS)
    base = rules.PRESETS["ariari"]
    lines = ["| option | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    for option in OPTIONS:
        cells = []
        for name in names:
            value = getattr(rules.PRESETS[name], option)
            text = f"`{_cell(value)}`"
            cells.append(f"**{text}**" if value != getattr(base, option) else text)
        lines.append(f"| `{option}` | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def section(number: str) -> str:
    """The text of one numbered section (``"4.2"``, or ``"5"`` for a whole chapter)."""
    level = "##" if "." not in number else "###"
    start = re.search(rf"^{level} {re.escape(number)}\.? .*$", TEXT, re.M)
    assert start, f"docs/rules.md has no section {number}"
    rest = TEXT[start.end():]
    stop = re.search(r"^#{2,%d} " % len(level), rest, re.M)
    return rest[:stop.start()] if stop else rest


def test_the_preset_table_is_the_code():
    written = TEXT.split(TABLE_START)[1].split(TABLE_END)[0].strip()
    assert written == preset_table(), "docs/rules.md §4.4 should read:\n" + preset_table()


def test_the_preset_table_lists_every_preset_and_option():
    header = TEXT.split(TABLE_START)[1].strip().splitlines()[0]
    assert [c.strip() for c in header.strip("|").split("|")][1:] == list(rules.PRESETS)
    rows = re.findall(r"^\| `(\w+)` \|", TEXT.split(TABLE_START)[1].split(TABLE_END)[0], re.M)
    assert rows == OPTIONS


def test_every_option_is_described():
    described = section("4.2")
    assert [o for o in OPTIONS if f"`{o}`" not in described] == []


def test_every_preset_is_described():
    presets = section("4.3")
    assert [p for p in rules.PRESETS if f"**`{p}`**" not in presets] == []


def test_every_yaku_id_is_listed():
    listed = section("2")
    assert [y for y in YAKU_NAMES if f"`{y}`" not in listed] == []


def _headings() -> set[str]:
    return set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", TEXT, re.M))


def _citations(text: str) -> list[str]:
    """The section numbers cited as ``docs/rules.md §5.3``, ``… §4–7``, ``… §3, §6`` or ``… §1 and §5``."""
    found = []
    for run in re.findall(r"docs/rules\.md`?((?:(?:,| and| or)?\s*§\d+(?:\.\d+)?(?:[–-]\d+(?:\.\d+)?)?)+)", text):
        for first, last in re.findall(r"§(\d+(?:\.\d+)?)(?:[–-](\d+(?:\.\d+)?))?", run):
            found += [first] + ([last] if last else [])
    return found


def _repository_files() -> list[Path]:
    out = [ROOT / "README.md"]
    for folder in ("rules", "scoring", "tests", "docs", "clubsite", "templates", "bench", "scripts"):
        out += [p for p in (ROOT / folder).rglob("*") if p.is_file() and p.suffix in (".py", ".md", ".html", ".txt")
                and "__pycache__" not in p.parts]
    return out


def test_citations_name_existing_sections():
    headings = _headings()
    cited = {(str(p.relative_to(ROOT)), n) for p in _repository_files()
             for n in _citations(p.read_text(encoding="utf-8"))}
    assert cited, "the repository cites docs/rules.md"
    assert sorted(c for c in cited if c[1] not in headings) == []


def test_citation_reader():
    assert _citations("see docs/rules.md §5.3, §6 and §2.6; `docs/rules.md` §4–7") == ["5.3", "6", "2.6", "4", "7"]


def test_nothing_cites_the_rules_page_outside_the_repository():
    old = "RULES" + ".md"  # spelled apart so that this file does not cite it
    citing = [str(p.relative_to(ROOT)) for p in _repository_files() if old in p.read_text(encoding="utf-8")]
    assert citing == []


def test_only_the_oracle_tests_read_beside_the_checkout():
    """Rules live in the repository; the directory beside the checkout holds oracle data only."""
    here = Path(__file__).resolve()
    reading = {str(p.relative_to(ROOT)) for p in _repository_files() if p.suffix == ".py" and p != here
               and re.search(r"""["']shared["']|\.\./shared|/shared/""", p.read_text(encoding="utf-8"))}
    assert reading <= {"tests/rules/test_oracle_majiang.py", "tests/rules/test_oracle_tenhou_games.py"}

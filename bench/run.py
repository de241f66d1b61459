"""Benchmark: ``rules.evaluate`` against the ``mahjong`` package's ``estimate_hand_value``.

    python bench/run.py [--n 1000] [--repeat 5] [--root PATH]

Both engines get the same random hands (``tests/rules/oracle.py``'s generator, fixed seeds), under
``ariari`` and the package configured to match; conversion into each engine's input happens before
any timing. Every call is timed on its own with ``time.perf_counter_ns``, after a warm-up pass on
other hands.

The engine keeps no result memo: only tables and bounded caches of pure functions of a part of a
hand (a suit's count pattern -> its splits, the places of a winning tile in them and the kinds that
make it whole; a tile string -> its tiles, a called meld, a rule set's han/fu -> points), none keyed
by a whole document (what a hand derives, e.g. its situational yaku, lives only on that hand and the
hands ``with_win`` makes of it, for one evaluate or compare); and every timed document is first-sight
anyway: each of the ``repeat`` rounds uses N hands never evaluated before (seeds
seed..seed+repeat-1), and the two engines are timed hand by hand in turn, so load on the machine hits
both alike. The report gives median and p90 over all timed hands and the ratio.

Targets (issue 10): ``rules.evaluate`` of the ``ariari`` document, ``per_wait`` included, at least as
fast as ``estimate_hand_value`` (median ratio >= 1.0x, goal 2x). Section ``compare`` times
``rules.compare`` on hands it has not seen, over the five presets of issue 3 (ariari shimamachi
sakizuke_a kanzen_sakizuke shingendai) and over every preset (``tenhou`` too), against one
``estimate_hand_value`` of the same hand (target: at most 4x for the five).

``parse_doc`` alone is timed too: reading and checking the document is part of every ``evaluate``
and sets a floor under it. ``--root`` times the engine of another checkout (e.g. a ``git worktree``
of an older commit) against the same ``mahjong`` in the same way, for before/after figures.
Always exits 0.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
if "--root" in sys.argv[:-1]:  # before any import of rules: the engine of another checkout
    ROOT = Path(sys.argv[sys.argv.index("--root") + 1]).resolve()
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "rules")]

import oracle  # noqa: E402

ISSUE_PRESETS = ["ariari", "shimamachi", "sakizuke_a", "kanzen_sakizuke", "shingendai"]


def timed(fn: Callable[[object], object], items: list) -> list[int]:
    """ns of one ``fn(item)`` call per item."""
    clock = time.perf_counter_ns
    out = []
    for item in items:
        t0 = clock()
        fn(item)
        out.append(clock() - t0)
    return out


def p90(values: list[int]) -> float:
    return statistics.quantiles(values, n=10)[-1] if len(values) > 1 else float(values[0])


def verdict(ratio: float) -> str:
    """``mahjong / ours`` as words."""
    return f"{ratio:.2f}x faster" if ratio >= 1 else f"{1 / ratio:.2f}x slower"


def line(name: str, ns: list[int]) -> str:
    return f"  {name:<36} median {statistics.median(ns) / 1000:9.1f} µs   p90 {p90(ns) / 1000:9.1f} µs"


def docs_for(n: int, seed: int) -> list[dict]:
    return [oracle.to_doc(case, "ariari") for case in oracle.random_cases(n, seed)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1000, help="hands per round (default 1000)")
    parser.add_argument("--repeat", type=int, default=5, help="rounds (default 5)")
    parser.add_argument("--seed", type=int, default=20261123)
    parser.add_argument("--root", default=str(ROOT), help="checkout whose rules/ is timed (default: this one)")
    args = parser.parse_args(argv)
    n, rounds = max(2, args.n), max(1, args.repeat)

    import rules
    from mahjong.hand_calculating.hand import HandCalculator
    try:
        from rules.document import parse_doc
    except ImportError:  # a checkout from before rules/document.py (``--root``)
        from rules.hand import parse_doc

    evaluate = oracle.engine_evaluate()
    estimate = HandCalculator.estimate_hand_value
    warm = docs_for(min(n, 200), args.seed - 1)
    sets = [docs_for(n, args.seed + r) for r in range(rounds)]
    print(f"{n} hands x {rounds} rounds, python {sys.version.split()[0]}, engine {ROOT}")
    for d in warm:
        estimate(**oracle.mahjong_call(d))
        evaluate(d)
        rules.compare(d)

    print("evaluate (first sight: every timed document is new to the engine; the engines are timed")
    print("          hand by hand in turn, so load on the machine hits both alike)")
    theirs: list[int] = []
    ours: list[int] = []
    parse: list[int] = []
    for r, docs in enumerate(sets):
        calls = [oracle.mahjong_call(d) for d in docs]
        for doc, call in zip(docs, calls):
            theirs += timed(lambda c: estimate(**c), [call])
            ours += timed(evaluate, [doc])
        parse += timed(parse_doc, docs_for(n, args.seed + 100 + r))
    print(line("mahjong estimate_hand_value", theirs))
    print(line("rules.evaluate", ours))
    print(line("  of which reading the document", parse))
    print(f"  ours {statistics.median(ours) / 1000:.1f} µs vs mahjong {statistics.median(theirs) / 1000:.1f} µs"
          f" -> {verdict(statistics.median(theirs) / statistics.median(ours))} (median; target: >= 1.0x, goal 2x faster);"
          f" p90 {verdict(p90(theirs) / p90(ours))}")

    print("compare (first sight, each compare timed right after one estimate_hand_value of the same hand)")
    for label, specs in ((f"{len(ISSUE_PRESETS)} presets of the issue", ISSUE_PRESETS),
                         (f"all {len(rules.PRESETS)} presets", list(rules.PRESETS))):
        fresh = docs_for(min(n, 500), args.seed + 200 + len(specs))
        one: list[int] = []
        cmp_ns: list[int] = []
        for doc in fresh:
            one += timed(lambda c: estimate(**c), [oracle.mahjong_call(doc)])
            cmp_ns += timed(lambda d: rules.compare(d, specs), [doc])
        ratio = statistics.median(cmp_ns) / statistics.median(one)
        print(line(f"rules.compare, {label}", cmp_ns))
        print(line("one estimate_hand_value", one))
        print(f"  compare / estimate_hand_value = {ratio:.2f}x (median; target <= 4x for the five), "
              f"p90 {p90(cmp_ns) / p90(one):.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())

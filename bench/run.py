"""Benchmark: ``rules.evaluate`` against the ``mahjong`` package's ``estimate_hand_value``.

    python bench/run.py [--n 1000] [--repeat 5]

Both engines get the same random hands (``tests/rules/oracle.py``'s generator, fixed seeds), under
``ariari`` and the package configured to match; conversion into each engine's input happens before
any timing. Every call is timed on its own with ``time.perf_counter_ns``, after a warm-up pass on
other hands.

The engine keeps no result memo (only small caches of pure shape functions), and every timed
document is first-sight anyway: each of the ``repeat`` rounds uses N hands never evaluated before
(seeds seed..seed+repeat-1), and the two engines are timed hand by hand in turn, so load on the
machine hits both alike. The report gives median and p90 over all timed hands and the ratio.

Section ``compare`` times ``rules.compare(doc)`` (every preset) on hands it has not seen against one
``estimate_hand_value`` of the same hand (target: at most 2x). Always exits 0.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "rules")]

import oracle  # noqa: E402


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


def line(name: str, ns: list[int]) -> str:
    return f"  {name:<36} median {statistics.median(ns) / 1000:9.1f} µs   p90 {p90(ns) / 1000:9.1f} µs"


def missing(fn: Callable[[], object]) -> str | None:
    """None if ``fn()`` runs, else why not (an engine part that is not written yet)."""
    try:
        fn()
    except (NotImplementedError, ImportError) as exc:
        return f"{type(exc).__name__}: {exc}"
    return None


def docs_for(n: int, seed: int) -> list[dict]:
    return [oracle.to_doc(case, "ariari") for case in oracle.random_cases(n, seed)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1000, help="hands per round (default 1000)")
    parser.add_argument("--repeat", type=int, default=5, help="rounds (default 5)")
    parser.add_argument("--seed", type=int, default=20261123)
    args = parser.parse_args(argv)
    n, rounds = max(2, args.n), max(1, args.repeat)

    import rules
    from mahjong.hand_calculating.hand import HandCalculator

    evaluate = oracle.engine_evaluate()
    estimate = HandCalculator.estimate_hand_value
    warm = docs_for(min(n, 200), args.seed - 1)
    sets = [docs_for(n, args.seed + r) for r in range(rounds)]
    print(f"{n} hands x {rounds} rounds, python {sys.version.split()[0]}")

    print("evaluate (first sight: every timed document is new to the engine; the two engines are")
    print("          timed hand by hand in turn, so load on the machine hits both alike)")
    for d in warm:
        estimate(**oracle.mahjong_call(d))
    why = missing(lambda: evaluate(warm[0]))
    ours: list[int] = []
    theirs: list[int] = []
    if not why:
        for d in warm:
            evaluate(d)
    for docs in sets:
        calls = [oracle.mahjong_call(d) for d in docs]
        for doc, call in zip(docs, calls):
            theirs += timed(lambda c: estimate(**c), [call])
            if not why:
                ours += timed(evaluate, [doc])
    print(line("mahjong estimate_hand_value", theirs))
    if why:
        print(f"  evaluate: not available yet ({why})")
    else:
        print(line("rules.evaluate", ours))
        ratio = statistics.median(theirs) / statistics.median(ours)
        word = "faster" if ratio >= 1 else "slower"
        print(f"  ours {statistics.median(ours) / 1000:.1f} µs vs mahjong {statistics.median(theirs) / 1000:.1f} µs"
              f" -> {max(ratio, 1 / ratio):.2f}x {word} (median); p90 ratio {p90(theirs) / p90(ours):.2f}"
              f" (>1: ours faster)")
    print("compare")
    why = missing(lambda: rules.compare(warm[0]))
    if why:
        print(f"  compare: not available yet ({why})")
    else:
        for d in warm[:50]:
            rules.compare(d)
        fresh = docs_for(min(n, 300), args.seed + rounds)
        cmp_ns = timed(rules.compare, fresh)
        one = [int(statistics.median(ts)) for ts in zip(*[timed(lambda c: estimate(**c),
                                                              [oracle.mahjong_call(d) for d in fresh])
                                                        for _ in range(3)])]
        presets = len(rules.compare(fresh[0])["verdicts"])
        print(line(f"rules.compare ({presets} presets)", cmp_ns))
        print(line("one estimate_hand_value", one))
        ratio = statistics.median(cmp_ns) / statistics.median(one)
        print(f"  compare / estimate_hand_value = {ratio:.2f}x (median; target <= 2x), "
              f"p90 {p90(cmp_ns) / p90(one):.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Benchmark (not a test): quality and speed of the table draw (``scoring/seating/``).

    .venv/bin/python bench/seating.py [--seed 0] [--players 8 9 10 ...] [--rounds 4 5 6 8]

For each number of players and rounds, ``draw_evening`` plans the evening; the table gives its
repeated pairings (``repeats``), the lower bound (``lower_bound``), and as a baseline the best of 20
naive draws (sit-outs in rotation, the rest shuffled into tables anew each round) with the ratio
of the two, and the time of the draw: CPU time of this process (steady on a shared machine) and
wall-clock time. Targets: repeats at or near the bound; under 2 s for 40 players and 8 rounds,
under 0.3 s for evenings up to 20 players and 5 rounds. Always exits 0.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scoring.seating import Round, draw_evening, lower_bound, repeats  # noqa: E402

PLAYERS = [8, 9, 10, 11, 12, 14, 16, 18, 20, 24, 28, 32, 40]
ROUNDS = [4, 5, 6, 8]
BASELINE_TRIES = 20


def naive(n: int, rounds: int, rng: random.Random) -> list[Round]:
    """Sit-outs in rotation (a shuffled order, taken in turn), the others shuffled into tables."""
    order = list(range(n))
    rng.shuffle(order)
    k = n % 4
    plan = []
    for r in range(rounds):
        out = [order[(r * k + i) % n] for i in range(k)]
        seated = [p for p in range(n) if p not in out]
        rng.shuffle(seated)
        tables = tuple(tuple(seated[i:i + 4]) for i in range(0, len(seated), 4))
        plan.append(Round(tables, tuple(sorted(out))))
    return plan


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, nargs="+", default=PLAYERS)
    parser.add_argument("--rounds", type=int, nargs="+", default=ROUNDS)
    args = parser.parse_args()
    print(f"{'N':>3} {'R':>2} {'repeats':>7} {'bound':>5} {'naive':>5} {'ratio':>5} {'cpu s':>6} {'wall s':>6}")
    slowest = 0.0
    for n in args.players:
        for rounds in args.rounds:
            cpu, wall = time.process_time(), time.perf_counter()
            plan = draw_evening(range(n), rounds, seed=args.seed)
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            slowest = max(slowest, cpu)
            rng = random.Random(args.seed)
            base = min(repeats(naive(n, rounds, rng)) for _ in range(BASELINE_TRIES))
            got = repeats(plan)
            ratio = f"{got / base:.2f}" if base else "-"
            print(f"{n:>3} {rounds:>2} {got:>7} {lower_bound(n, rounds):>5} {base:>5} {ratio:>5} "
                  f"{cpu:>6.3f} {wall:>6.3f}", flush=True)
    print(f"slowest draw: {slowest:.3f} s CPU")


if __name__ == "__main__":
    main()

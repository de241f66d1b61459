"""A trivial stand-in for ``scoring.seating`` (the seating branch's draw algorithm) with its API,
used only until that module is merged: the fewest sit-outs so far sit out (ties by the seed), the
rest are shuffled by the seed into tables of four. No pairing, season or 起家 logic."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass


@dataclass(frozen=True)
class Round:
    tables: tuple[tuple[int, int, int, int], ...]
    out: tuple[int, ...] = ()


def draw_round(players, *, previous: list[Round], seed: int, season_pairs=None, standings=None) -> Round:
    rng = random.Random(seed)
    players = list(players)
    rng.shuffle(players)
    outs = Counter(p for r in previous for p in r.out)
    n_out = len(players) % 4
    by_outs = sorted(players, key=lambda p: outs[p])  # stable: shuffled order breaks ties
    out = tuple(sorted(by_outs[:n_out])) if n_out else ()
    seated = [p for p in players if p not in out]
    tables = tuple(tuple(seated[i:i + 4]) for i in range(0, len(seated), 4))
    return Round(tables=tables, out=out)

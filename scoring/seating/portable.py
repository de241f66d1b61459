"""Reproducible randomness: only ``Random.random()`` is guaranteed to give the same sequence
across Python versions (randrange, shuffle and choice are not), so everything is built on it."""

from __future__ import annotations

import random


def _below(rng: random.Random, n: int) -> int:
    """A random int in ``range(n)``."""
    return int(rng.random() * n)


def _shuffle(rng: random.Random, items: list) -> None:
    """Fisher–Yates shuffle in place."""
    for i in range(len(items) - 1, 0, -1):
        j = _below(rng, i + 1)
        items[i], items[j] = items[j], items[i]


def _exp_neg(x: float) -> float:
    """``e**-x`` for ``x >= 0`` with + - * / only (exactly rounded everywhere, unlike libm's exp),
    so acceptance decisions of the search are the same on every machine."""
    if x > 40.0:
        return 0.0
    halvings = 0
    while x > 0.5:
        x /= 2.0
        halvings += 1
    term = total = 1.0
    for i in range(1, 14):
        term *= -x / i
        total += term
    for _ in range(halvings):
        total *= total
    return total

"""Seat order: the 起家 of each table spread evenly over the evening, the other seats balanced."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import permutations
from typing import Any

from .portable import _below


def _least(items: list, key: Callable[[Any], int], rng: random.Random) -> Any:
    """The item with the smallest key, ties broken at random."""
    low = min(key(i) for i in items)
    ties = [i for i in items if key(i) == low]
    return ties[_below(rng, len(ties))]


def _seat_order(first: int, table: list[int], seats: list[list[int]], rng: random.Random) -> tuple[int, ...]:
    """``first`` as 東, the other three in the order (of the six) that puts each where they have sat
    least often (ties at random)."""
    orders = list(permutations(i for i in table if i != first))
    chosen = _least(orders, lambda o: sum(seats[p][k + 1] for k, p in enumerate(o)), rng)
    return (first,) + chosen


def _balance_dealers(tables: list[list[list[int]]], n: int, rng: random.Random) -> list[list[int]]:
    """One 起家 per table over the whole evening, counts as even as the tables allow.

    Starts from a greedy choice round by round, then moves 起家 along chains (a player who is 起家
    more often hands a table to someone at it, who may hand another on, ...) until no chain ends
    at a player with two fewer: the sum of squared counts is then as small as possible.
    """
    counts = [0] * n
    choice: list[list[int]] = []
    for groups in tables:
        row = []
        for table in groups:
            first = _least(table, lambda i: counts[i], rng)
            counts[first] += 1
            row.append(first)
        choice.append(row)
    while _hand_over(tables, choice, counts, n):
        pass
    return choice


def _hand_over(tables: list[list[list[int]]], choice: list[list[int]], counts: list[int], n: int) -> bool:
    """Hand 起家 along a chain from some player to one with at least two fewer; False if there is none.

    Breadth-first from every player with the highest count down, so the result is the same on
    every run."""
    dealt: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for r, row in enumerate(choice):
        for t, first in enumerate(row):
            dealt[first].append((r, t))
    for start in sorted(range(n), key=lambda i: (-counts[i], i)):
        if not dealt[start]:
            continue
        came_from: dict[int, tuple] = {start: None}
        queue = [start]
        for giver in queue:
            for r, t in dealt[giver]:
                for taker in tables[r][t]:
                    if taker in came_from:
                        continue
                    came_from[taker] = (giver, r, t)
                    if counts[taker] <= counts[start] - 2:
                        counts[start] -= 1
                        counts[taker] += 1
                        node = taker
                        while node != start:
                            giver, r, t = came_from[node]
                            choice[r][t] = node
                            node = giver
                        return True
                    queue.append(taker)
    return False

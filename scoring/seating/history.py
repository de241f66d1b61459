"""What the search knows of the evening on player indices: the rounds played (``_History``) and missed (``_Missed``)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

from .rounds import TABLE, Round, State


class _History:
    """What the rounds already played tell about the players present now (by index)."""

    def __init__(self, ids: list[int], previous: Sequence[Round]) -> None:
        index = {p: i for i, p in enumerate(ids)}
        n = len(ids)
        self.pairs = [[0] * n for _ in range(n)]
        self.missed = [len(previous)] * n  # absent or out
        self.seats = [[0] * TABLE for _ in range(n)]
        for rnd in previous:
            for table in rnd.tables:
                for seat, p in enumerate(table):
                    if p in index:
                        self.missed[index[p]] -= 1
                        self.seats[index[p]][seat] += 1  # seat 0: 起家
                for x, y in permutations([index[p] for p in table if p in index], 2):
                    self.pairs[x][y] += 1
        last_out = set(previous[-1].out) if previous else set()
        self.last_out = [p in last_out for p in ids]


class _Missed:
    """Rounds missed by each player before each planned round, kept up to date as out groups
    change, with a histogram per round so that the rotation is checked without a scan of everyone.
    """

    def __init__(self, base: list[int], state: State) -> None:
        self.rounds = len(state)
        self.at: list[list[int]] = []
        self.hist: list[list[int]] = []
        current = list(base)
        size = max(base) + self.rounds + 2
        for groups in state:
            self.at.append(current[:])
            hist = [0] * size
            for m in current:
                hist[m] += 1
            self.hist.append(hist)
            for i in groups[-1]:
                current[i] += 1

    def swap_ok(self, state: State, r: int, a: int, b: int) -> bool:
        """Whether ``a``, out in round ``r``, and ``b``, seated, may change places: in every round
        from ``r`` on, nobody seated may have missed fewer rounds than someone out."""
        for s in range(r, self.rounds):
            at, hist = self.at[s], self.hist[s]
            if s == r:
                outs = [at[i] for i in state[s][-1] if i != a] + [at[b]]
            else:  # from the next round on, a has missed one round less and b one more
                outs = [at[i] - (i == a) + (i == b) for i in state[s][-1]]
            top = max(outs) if outs else 0
            below = sum(hist[:top])
            if s > r:
                below += (at[a] - 1 < top) - (at[a] < top) + (at[b] + 1 < top) - (at[b] < top)
            if below != sum(1 for m in outs if m < top):
                return False
        return True

    def swap(self, r: int, a: int, b: int) -> None:
        """Record that ``a`` (out in round ``r``) plays and ``b`` sits out instead."""
        for s in range(r + 1, self.rounds):
            at, hist = self.at[s], self.hist[s]
            hist[at[a]] -= 1
            at[a] -= 1
            hist[at[a]] += 1
            hist[at[b]] -= 1
            at[b] += 1
            hist[at[b]] += 1

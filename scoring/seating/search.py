"""The search for the tables and sit-outs of one or more rounds: simulated annealing, then the tabu stages."""

from __future__ import annotations

import random
from itertools import combinations, permutations

from .history import _History, _Missed
from .portable import _below, _exp_neg, _shuffle
from .rounds import TABLE, W_BACK_TO_BACK, W_REPEAT, W_UNEVEN, State, copy_state
from .tabu import POLISH_LIMIT, _conflicted, _TabuStages

# Moves per annealing run: player-rounds times a number that grows with the players (larger
# evenings have more room to escape repeats), capped so that the largest evenings stay fast.
MOVES_PER_SLOT = 150
MOVES_PER_SLOT_PER_PLAYER = 12
MIN_MOVES = 4_000
MAX_MOVES = 200_000
RESTARTS = 4
# draw_evening's second stage (only while more repeats than the bound are left): restarts up to
# MAX_RESTARTS in all, as long as they stay within MAX_EVENING_MOVES moves in all.
MAX_RESTARTS = 12
MAX_EVENING_MOVES = 600_000
# Annealing temperature in cost units: from HOT repeats down to COLD unevenness units, geometric.
# LOG_COOLING is ln(HOT * W_REPEAT / (COLD * W_UNEVEN)), written out because libm's log may differ
# in the last bit between machines (a test checks it).
HOT = 0.6
COLD = 0.3
LOG_COOLING = 5.298317366548036


class _Search(_TabuStages):
    """Simulated annealing over the groups of ``rounds`` rounds for players ``0..n-1``.

    A move swaps two players of the same round in different groups: seated at different tables, or
    a seated player with one who sits out if the rotation still holds over the whole evening.
    """

    def __init__(self, n: int, rounds: int, history: _History, season: dict[tuple[int, int], int],
                 rng: random.Random):
        self.n, self.rounds, self.rng = n, rounds, rng
        self.tables = n // TABLE
        per_slot = MOVES_PER_SLOT + MOVES_PER_SLOT_PER_PLAYER * n
        self.moves = max(MIN_MOVES, min(MAX_MOVES, per_slot * rounds * n))  # per annealing run
        self.history = history
        self.season = [[0] * n for _ in range(n)]
        for (a, b), w in season.items():
            self.season[a][b] = self.season[b][a] = w
        # cost of one more / one less meeting for a pair that has met c times
        top = rounds + max((max(row) for row in history.pairs), default=0) + 2
        self.add = [(W_REPEAT if c >= 1 else 0) + W_UNEVEN * c for c in range(top)]
        self.rem = [-((W_REPEAT if c >= 2 else 0) + W_UNEVEN * (c - 1)) if c >= 1 else 0 for c in range(top)]

    def _initial(self) -> State:
        """Random groups that keep the rotation: each round, the out group is taken from those who
        have missed the fewest rounds (ties at random)."""
        rng, missed = self.rng, list(self.history.missed)
        out_size = self.n % TABLE
        state = []
        for _ in range(self.rounds):
            order = list(range(self.n))
            _shuffle(rng, order)
            order.sort(key=lambda i: missed[i])  # stable: random among equals
            out, seated = order[:out_size], order[out_size:]
            _shuffle(rng, seated)
            for i in out:
                missed[i] += 1
            groups = [seated[k:k + TABLE] for k in range(0, len(seated), TABLE)]
            state.append(groups + [out])
        return state

    def _cost(self, state: State) -> int:
        counts = self._meetings(state)
        season = sum(self.season[x][y] for groups in state for table in groups[:-1] for x, y in combinations(table, 2))
        met = [counts[x][y] for x, y in combinations(range(self.n), 2)]
        rep = sum(c - 1 for c in met if c > 1)
        uneven = sum(c * (c - 1) // 2 for c in met)
        return W_REPEAT * rep + W_UNEVEN * uneven + W_BACK_TO_BACK * self._back_to_back(state) + season

    def _back_to_back(self, state: State) -> int:
        count = 0
        before = [i for i in range(self.n) if self.history.last_out[i]]
        for groups in state:
            out = groups[-1]
            count += sum(1 for i in out if i in before)
            before = out
        return count

    def run(self, good_enough: int, settle: int | None = None) -> State:
        """The best state over RESTARTS annealing runs, polished by tabu search when only a few
        players still meet someone again; stops as soon as the cost reaches ``good_enough``.
        A cost at ``settle`` or above (None: never) gets a second stage (more runs, then a tabu walk)."""
        best, best_cost = None, None
        for _ in range(RESTARTS):
            state, cost = self._anneal(good_enough)
            if best_cost is None or cost < best_cost:
                best, best_cost = state, cost
            if best_cost <= good_enough:
                return best
        first, first_cost = best, best_cost
        if self._conflicts(best) <= POLISH_LIMIT:
            first, first_cost = self._tabu(best, good_enough)
        if settle is None or first_cost < settle or first_cost <= good_enough:
            return first
        for _ in range(RESTARTS, min(MAX_RESTARTS, MAX_EVENING_MOVES // self.moves)):
            state, cost = self._anneal(good_enough)
            if cost < best_cost:
                best, best_cost = state, cost
            if best_cost <= good_enough:
                return best
        if first_cost < best_cost:
            best, best_cost = first, first_cost
        best, best_cost = self._walk(copy_state(best), good_enough)  # it changes its state
        return first if first_cost <= best_cost else best

    def _meetings(self, state: State) -> list[list[int]]:
        """``counts[x][y]``: how often x and y sit at one table, the evening's earlier rounds included."""
        counts = [row[:] for row in self.history.pairs]
        for groups in state:
            for table in groups[:-1]:
                for x, y in permutations(table, 2):
                    counts[x][y] += 1
        return counts

    def _where(self, state: State) -> list[list[int]]:
        """``where[r][i]``: the index of i's group in round r (tables first, then the out group)."""
        where = [[-1] * self.n for _ in range(self.rounds)]
        for r, groups in enumerate(state):
            for g, group in enumerate(groups):
                for i in group:
                    where[r][i] = g
        return where

    def _conflicts(self, state: State) -> int:
        """How many (round, player) meet someone at their table for the second time or more."""
        counts = self._meetings(state)
        return sum(1 for groups in state for table in groups[:-1] for a in table
                   if _conflicted(counts, table, a))

    def _anneal(self, good_enough: int) -> tuple[State, int]:
        """An annealing run from a random state."""
        rng, moves, state = self.rng, self.moves, self._initial()
        rounds, tables = self.rounds, self.tables
        counts = self._meetings(state)
        where = self._where(state)
        n = self.n
        cost = self._cost(state)
        best_cost, best = cost, copy_state(state)
        if cost <= good_enough or n == TABLE:  # one table, nobody out: no move
            return best, best_cost
        temp = HOT * W_REPEAT
        factor = _exp_neg(LOG_COOLING / moves)  # reaches COLD * W_UNEVEN after ``moves`` steps
        missed = _Missed(self.history.missed, state)
        at_best = True  # the state is the best so far (``best`` is copied only when leaving it)
        for step in range(moves):
            temp *= factor
            r = _below(rng, rounds)
            wr = where[r]
            a = _below(rng, n)
            ga = wr[a]
            b = _below(rng, n)
            gb = wr[b]
            if ga == gb:
                continue
            if ga == tables or gb == tables:
                delta = self._out_delta(state, r, a, b, ga, gb, counts, missed)
                if delta is None:
                    continue
            else:
                delta = self._swap_delta(state, r, a, b, ga, gb, counts)
            if delta > 0:
                if rng.random() >= _exp_neg(delta / temp):
                    continue
                if at_best:  # leaving the best state so far: keep a copy
                    best, at_best = copy_state(state), False
            self._apply(state, r, a, b, ga, gb, counts, where, missed)
            cost += delta
            if cost < best_cost:
                best_cost, at_best = cost, True
                if cost <= good_enough:
                    break
        if at_best:
            best = copy_state(state)
        return best, best_cost

    def _swap_delta(self, state: State, r: int, a: int, b: int, ga: int, gb: int, counts: list[list[int]]) -> int:
        """Cost change of swapping ``a`` and ``b``, seated at different tables of round ``r``."""
        return self._replace_delta(state[r][ga], a, b, counts) + self._replace_delta(state[r][gb], b, a, counts)

    def _replace_delta(self, table: list[int], leaving: int, coming: int, counts: list[list[int]]) -> int:
        """Cost change at ``table`` when ``coming`` takes the seat of ``leaving``."""
        add, rem = self.add, self.rem
        cl, cc, sl, sc = counts[leaving], counts[coming], self.season[leaving], self.season[coming]
        delta = 0
        for x in table:
            if x != leaving:
                delta += rem[cl[x]] + add[cc[x]] + sc[x] - sl[x]
        return delta

    def _apply(self, state: State, r: int, a: int, b: int, ga: int, gb: int, counts: list[list[int]],
               where: list[list[int]], missed: _Missed) -> None:
        """Swap ``a`` (group ``ga``) and ``b`` (group ``gb``) in round ``r``, updating pair counts,
        ``where`` and the rounds missed."""
        groups, tables = state[r], self.tables
        if ga == tables:
            missed.swap(r, a, b)
        elif gb == tables:
            missed.swap(r, b, a)
        for g, leaving, coming in ((ga, a, b), (gb, b, a)):
            if g < tables:  # the sit-out group has no pairs
                for x in groups[g]:
                    if x != leaving:
                        counts[leaving][x] -= 1
                        counts[x][leaving] -= 1
                        counts[coming][x] += 1
                        counts[x][coming] += 1
        groups[ga][groups[ga].index(a)] = b
        groups[gb][groups[gb].index(b)] = a
        where[r][a], where[r][b] = gb, ga

    def _out_delta(self, state: State, r: int, a: int, b: int, ga: int, gb: int, counts: list[list[int]],
                   missed: _Missed) -> int | None:
        """Cost change of swapping seated and out players, or None if it breaks the rotation."""
        if gb == self.tables:  # make ``a`` the one who sits out now
            a, b, ga, gb = b, a, gb, ga
        if not missed.swap_ok(state, r, a, b):
            return None
        back_to_back = self._out_next_to(state, r, b) - self._out_next_to(state, r, a)
        return self._replace_delta(state[r][gb], b, a, counts) + W_BACK_TO_BACK * back_to_back

    def _out_next_to(self, state: State, r: int, i: int) -> int:
        """How many of the rounds next to ``r`` player ``i`` sits out (or sat out, before the
        first planned round)."""
        before = i in state[r - 1][-1] if r > 0 else self.history.last_out[i]
        after = r + 1 < self.rounds and i in state[r + 1][-1]
        return before + after

"""The tabu stages of ``_Search``: the polish after annealing and the walk of ``draw_evening``'s second stage."""

from __future__ import annotations

from itertools import combinations

from .history import _Missed
from .portable import _below
from .rounds import TABLE, State, copy_state

# The polish runs only when at most POLISH_LIMIT (round, player) still meet someone again: each
# step looks at every swap of such a player. A player just moved stays put in that round for
# TENURE (WALK_TENURE in the walk) to twice that minus one steps.
TENURE = 3
TABU_ITERS = 500
TABU_STALL = 250  # steps without a better state before the polish gives up
POLISH_LIMIT = 40
# The walk's budget, WALK_WORK, is counted (not timed, so it is the same on every machine):
# WALK_STEP_COST per step, WALK_SAMPLE_COST per player sampled (WALK_SAMPLES per step), one per swap
# with a seated player looked at, WALK_OUT_COST per swap with one who sits out. After WALK_STALL
# steps without a better state it goes back to the best one and makes WALK_KICK random swaps.
WALK_WORK = 5_000_000
WALK_STEP_COST = 8
WALK_SAMPLE_COST = 12
WALK_OUT_COST = 24
WALK_SAMPLES = 16
WALK_TENURE = 1
WALK_STALL = 2_000
WALK_KICK = 4


class _TabuStages:
    """The tabu half of ``_Search`` (which inherits it): uses its state and move helpers (``_apply``, ...)."""

    def _tabu(self, state: State, good_enough: int) -> tuple[State, int]:
        """Tabu search: each step makes the best swap, in any round, of a player who meets someone
        again; players just moved stay put for a few steps unless moving them beats the best state."""
        rng, n = self.rng, self.n
        rounds, tables = self.rounds, self.tables
        counts = self._meetings(state)
        where = self._where(state)
        cost = self._cost(state)
        best_cost, best = cost, copy_state(state)
        if cost <= good_enough or n == TABLE:  # one table, nobody out: no move
            return best, best_cost
        tabu = [[0] * n for _ in range(rounds)]  # step until which moving i in round r is tabu
        missed = _Missed(self.history.missed, state)
        since_best = 0
        for step in range(1, TABU_ITERS + 1):
            chosen, chosen_delta, ties = None, None, 0
            for r in range(rounds):
                groups, wr, tr = state[r], where[r], tabu[r]
                for ga in range(tables):
                    table = groups[ga]
                    for a in table:
                        if not _conflicted(counts, table, a):  # only players who meet someone again
                            continue
                        for b in range(n):
                            gb = wr[b]
                            if gb == ga:
                                continue
                            if gb == tables:  # a sits out instead of b, if the rotation allows
                                delta = self._out_delta(state, r, a, b, ga, gb, counts, missed)
                                if delta is None:
                                    continue
                            elif b < a and _conflicted(counts, groups[gb], b):  # already looked at from b
                                continue
                            else:
                                delta = self._swap_delta(state, r, a, b, ga, gb, counts)
                            if (tr[a] >= step or tr[b] >= step) and cost + delta >= best_cost:
                                continue
                            if chosen is None or delta < chosen_delta:
                                chosen, chosen_delta, ties = (r, a, b, ga, gb), delta, 1
                            elif delta == chosen_delta:
                                ties += 1
                                if _below(rng, ties) == 0:
                                    chosen = (r, a, b, ga, gb)
            if chosen is None:
                break
            r, a, b, ga, gb = chosen
            self._apply(state, r, a, b, ga, gb, counts, where, missed)
            tenure = TENURE + _below(rng, TENURE)
            tabu[r][a] = tabu[r][b] = step + tenure
            cost += chosen_delta
            since_best += 1
            if since_best > TABU_STALL:
                break
            if cost < best_cost:
                best_cost, since_best = cost, 0
                best = copy_state(state)
                if cost <= good_enough:
                    break
        return best, best_cost

    def _walk(self, state: State, good_enough: int) -> tuple[State, int]:
        """Conflict-directed tabu walk: each step makes the best swap, even a worse one, of
        WALK_SAMPLES players who meet someone again, in a round where they do. Only draw_evening
        runs it, so it leaves out the season weights (all zero)."""
        rng, n = self.rng, self.n
        rounds, tables = self.rounds, self.tables
        counts = self._meetings(state)
        add, rem = self.add, self.rem
        where = self._where(state)
        cost = self._cost(state)
        best_cost, best = cost, copy_state(state)
        if cost <= good_enough or tables < 2:
            return best, best_cost
        missed = _Missed(self.history.missed, state)
        # pairs that meet more than once, as keys x * n + y (x < y), in a list for random picks
        bad: list[int] = []
        pos: dict[int, int] = {}

        def mark(x: int, y: int) -> None:
            key = x * n + y if x < y else y * n + x
            if counts[x][y] > 1:
                if key not in pos:
                    pos[key] = len(bad)
                    bad.append(key)
            elif key in pos:
                k = pos.pop(key)
                last = bad.pop()
                if last != key:
                    bad[k] = last
                    pos[last] = k

        for x, y in combinations(range(n), 2):
            mark(x, y)

        def move(r: int, a: int, b: int, ga: int, gb: int) -> None:
            groups = state[r]
            touched = []
            if ga < tables:
                touched += [(u, p) for u in groups[ga] if u != a for p in (a, b)]
            if gb < tables:
                touched += [(v, p) for v in groups[gb] if v != b for p in (a, b)]
            self._apply(state, r, a, b, ga, gb, counts, where, missed)
            for u, p in touched:
                mark(u, p)

        tabu = [[0] * n for _ in range(rounds)]
        work = step = since_best = 0
        while work < WALK_WORK and bad:
            step += 1
            work += WALK_STEP_COST
            since_best += 1
            if since_best > WALK_STALL:
                # back to the best state, shaken a little
                for r in range(rounds):
                    for g, group in enumerate(best[r]):
                        for i in group:
                            if where[r][i] != g:
                                a = next(u for u in state[r][g] if u not in group)
                                move(r, a, i, g, where[r][i])
                cost = best_cost
                for _ in range(WALK_KICK):
                    r = _below(rng, rounds)
                    a, b = _below(rng, n), _below(rng, n)
                    ga, gb = where[r][a], where[r][b]
                    if ga == gb or ga == tables or gb == tables:
                        continue
                    cost += self._swap_delta(state, r, a, b, ga, gb, counts)
                    move(r, a, b, ga, gb)
                since_best = 0
                continue
            chosen, chosen_delta, ties = None, 0, 0
            aspire = best_cost - cost
            for _ in range(WALK_SAMPLES):
                work += WALK_SAMPLE_COST
                key = bad[_below(rng, len(bad))]
                x, y = divmod(key, n)
                met = [r for r in range(rounds) if where[r][x] == where[r][y] < tables]
                if not met:
                    continue
                r = met[_below(rng, len(met))]
                tr = tabu[r]
                if tr[x] >= step:
                    a = y
                elif tr[y] >= step:
                    a = x
                else:
                    a = x if rng.random() < 0.5 else y
                groups, wr = state[r], where[r]
                ga = wr[a]
                table = groups[ga]
                ca = counts[a]
                o0, o1, o2 = [u for u in table if u != a]
                base = rem[ca[o0]] + rem[ca[o1]] + rem[ca[o2]]
                a_tabu = tr[a] >= step
                for gb in range(tables):
                    if gb == ga:
                        continue
                    g = groups[gb]
                    enter = [add[ca[v]] for v in g]
                    s_enter = enter[0] + enter[1] + enter[2] + enter[3]
                    g0, g1, g2, g3 = g
                    for k in range(TABLE):
                        b = g[k]
                        cb = counts[b]
                        delta = (base + s_enter - enter[k] + add[cb[o0]] + add[cb[o1]] + add[cb[o2]]
                                 + rem[cb[g0]] + rem[cb[g1]] + rem[cb[g2]] + rem[cb[g3]])
                        if (a_tabu or tr[b] >= step) and delta >= aspire:
                            continue
                        if chosen is None or delta < chosen_delta:
                            chosen, chosen_delta, ties = (r, a, b, ga, gb), delta, 1
                        elif delta == chosen_delta:
                            ties += 1
                            if _below(rng, ties) == 0:
                                chosen = (r, a, b, ga, gb)
                work += (tables - 1) * TABLE
                for b in groups[tables]:  # those who sit out (none when everyone plays)
                    delta = self._out_delta(state, r, a, b, ga, tables, counts, missed)
                    work += WALK_OUT_COST
                    if delta is None or ((a_tabu or tr[b] >= step) and delta >= aspire):
                        continue
                    if chosen is None or delta < chosen_delta:
                        chosen, chosen_delta, ties = (r, a, b, ga, tables), delta, 1
                    elif delta == chosen_delta:
                        ties += 1
                        if _below(rng, ties) == 0:
                            chosen = (r, a, b, ga, tables)
            if chosen is None:
                continue
            r, a, b, ga, gb = chosen
            move(r, a, b, ga, gb)
            tenure = WALK_TENURE + _below(rng, WALK_TENURE)
            tabu[r][a] = tabu[r][b] = step + tenure
            cost += chosen_delta
            if cost < best_cost:
                best_cost, since_best = cost, 0
                best = copy_state(state)
                if cost <= good_enough:
                    break
        return best, best_cost


def _conflicted(counts: list[list[int]], table: list[int], b: int) -> bool:
    """Whether ``b`` meets someone at ``table`` (b's own) for the second time or more."""
    cb = counts[b]
    return any(cb[x] > 1 for x in table if x != b)

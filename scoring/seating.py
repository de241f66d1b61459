"""The table draw (座席決め) for a club evening: tables of four, sit-outs in rotation, few repeats.

Pure Python (standard library only), so the web pages, the ``seating`` management command and the
benchmark (``bench/seating.py``) share it and the tests need no database.

API
---

``Round``
    One 回戦: ``tables`` is a tuple of 4-tuples of player ids in seat order 東南西北 (index 0 is the
    起家, the first dealer), ``out`` the players who sit out (抜け番), sorted. ``players()``,
    ``as_dict()`` (JSON-ready) and ``Round.from_dict(data)``.

``draw_evening(players, rounds, *, seed, season_pairs=None, previous=()) -> list[Round]``
    Plans ``rounds`` 回戦 for the same set of players at once (all rounds optimised jointly).
    ``previous`` are rounds already played this evening, which count like any other round.

``draw_round(players, *, previous=(), seed, season_pairs=None, fixed=(), standings=None,
rounds_left=1) -> Round``
    Draws the next 回戦 given the rounds already played this evening (``previous``, in order).
    The players present may differ from round to round (late arrivals, early leavers).
    ``rounds_left`` (this round included), when known, makes it plan that many rounds for the
    players present now and return the first: round-by-round draws then come close to a whole
    evening planned at once. ``fixed`` are tables already formed (4-tuples in seat order, kept as
    they are and listed first; their players are not drawn and never sit out, and the look-ahead
    plans for the others only). ``standings``
    (every present player, best first) switches to the swiss draw of tournaments: tables from
    consecutive groups of four of the standings, sit-outs from the bottom in rotation.

``seed`` is anything ``random.Random`` accepts (an int or a str, e.g. the club day's id and the
round number). To store a draw, keep ``Round.as_dict()`` (JSON-ready); ``Round.from_dict`` gives
the round back, e.g. to pass as ``previous``.

``pair_counts(rounds) -> dict[tuple[int, int], int]``
    How often each pair ``(smaller id, larger id)`` sat at the same table.

``repeats(rounds) -> int``
    Sum over pairs of ``max(0, count - 1)``: meetings beyond the first.

``lower_bound(n, rounds) -> int``
    No draw of ``rounds`` rounds for ``n`` players (all present) has fewer repeats than this.

``SeatingError(ValueError)``
    Bad input: fewer than four players, duplicate ids, a fixed table that is not four present
    players, standings that are not the players present, ...

Rules
-----

- Every present player is at exactly one table or out, and ``len(out) == n % 4``.
- Sit-outs rotate: a player sits out only if nobody seated has missed fewer rounds this evening.
  A round missed by being absent counts like a round sat out, so a late arrival is not made to sit
  out before those who have already played more than them. With everyone present from the start
  this is "nobody sits out twice before everyone has sat out once".
- Among draws that keep the rotation, the search minimises, in this order of weight: repeated
  pairings this evening (``repeats``), unevenness (sum over pairs of C(count, 2), which prefers two
  pairs meeting twice over one pair meeting three times), sitting out two rounds in a row, and
  pairings from earlier in the season (``season_pairs``: pair -> weight, either a frozenset or a
  tuple of two ids; only the relative sizes matter, and the whole term weighs less than one
  repeat).
- Seat order: the 起家 of each table goes to the player who has been 起家 least often so far, and
  ``draw_evening`` then evens the counts over the whole evening (they differ by at most one
  wherever the tables allow; for that, about one table in a hundred gets a 起家 who had dealt
  once more than someone else at it). The other seats go so that each player's seat positions
  (南西北) stay balanced.
- Search: simulated annealing over swaps of two players of the same round (at different tables,
  or a seated player with one who sits out when the rotation allows it), all rounds at once, with
  restarts, then a short tabu search when few repeats are left. When that leaves ``draw_evening``
  with more repeats than ``lower_bound``, a second stage tries to beat it (and keeps the first
  result unless beaten): more annealing restarts, then a conflict-directed tabu walk (each step
  samples players who meet someone again, in a round where they do, and makes the best of their
  swaps, worse or not; back to the best state, shaken, when it stalls). Evenings that reach the
  bound stop early and cost no more than before; the others take up to about 2 s of CPU for 40
  players and 8 rounds.
- Reproducible: everything is driven by ``random.Random(seed)`` and only by its ``random()``
  method, whose sequence Python keeps stable across versions; ids are sorted first, so the order in
  which players are passed does not matter. The search has a fixed budget of moves (no clock), and
  only basic float operations are used, so the same inputs give the same draw on any machine.

Example (players 1..8, two rounds: the second round mixes the tables of the first)::

    >>> plan = draw_evening(range(1, 9), 2, seed=7)
    >>> [len(r.tables) for r in plan], [r.out for r in plan]
    ([2, 2], [(), ()])
    >>> sorted(p for t in plan[1].tables for p in t)
    [1, 2, 3, 4, 5, 6, 7, 8]
    >>> repeats(plan) == lower_bound(8, 2) == 4
    True
    >>> nxt = draw_round([1, 2, 3, 4, 5, 6, 7, 8, 9], previous=plan, seed=7)  # 9 arrives late
    >>> len(nxt.tables), len(nxt.out), 9 in nxt.out
    (2, 1, False)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Union

# A state of the search: per round, its tables (lists of player indices) and last its out group.
State = list[list[list[int]]]
Seed = Union[int, str]

__all__ = ["Round", "SeatingError", "draw_evening", "draw_round", "lower_bound", "pair_counts", "repeats"]

TABLE = 4

# Weights of the search's cost, as integers so that sums are exact. One repeat outweighs any
# realistic amount of the lower terms. The season term is scaled to at most SEASON_SCALE per
# meeting, so over an evening of up to 10 000 meetings it weighs less than one repeat.
W_REPEAT = 1_000_000
W_UNEVEN = 10_000
W_BACK_TO_BACK = 100_000
SEASON_SCALE = 100

# Search budget: moves per restart grow with the size of the evening (player-rounds times a
# number that grows with the players: larger evenings have more room to escape repeats), capped so
# that the largest evenings stay fast; restarts stop early once a draw is provably best.
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
# LOG_COOLING is ln(HOT * W_REPEAT / (COLD * W_UNEVEN)), written out because libm's log and pow may
# differ in the last bit between machines (a test checks the value).
HOT = 0.6
COLD = 0.3
LOG_COOLING = 5.298317366548036
# Tabu polish after annealing, run only when at most POLISH_LIMIT (round, player) still meet
# someone again (each step looks at every swap of such a player, so it is cheap only then).
# TENURE: a player just moved stays put in that round for TENURE to 2 * TENURE - 1 steps.
TENURE = 3
TABU_ITERS = 500
TABU_STALL = 250  # steps without a better state before the polish gives up
POLISH_LIMIT = 40
# Conflict-directed tabu walk, run by draw_evening's second stage. Its budget, WALK_WORK, is in
# units of work that follow its CPU time on any machine: WALK_STEP_COST per step, WALK_SAMPLE_COST
# per player sampled (WALK_SAMPLES per step), one per swap with a seated player looked at,
# WALK_OUT_COST per swap with one who sits out (the rotation check costs more). A player just
# moved stays put in that round for WALK_TENURE to 2 * WALK_TENURE - 1 steps; after WALK_STALL
# steps without a better state the walk goes back to the best one and makes WALK_KICK random swaps.
WALK_WORK = 5_000_000
WALK_STEP_COST = 8
WALK_SAMPLE_COST = 12
WALK_OUT_COST = 24
WALK_SAMPLES = 16
WALK_TENURE = 1
WALK_STALL = 2_000
WALK_KICK = 4
MAX_PLAYERS = 400
MAX_ROUNDS = 50


class SeatingError(ValueError):
    """The players or rounds given cannot be drawn (the message says why)."""


@dataclass(frozen=True)
class Round:
    """One 回戦: tables in seat order 東南西北 (index 0 is the 起家) and the players who sit out."""

    tables: tuple[tuple[int, int, int, int], ...]
    out: tuple[int, ...] = ()

    def players(self) -> list[int]:
        """Everyone present in this round, seated or out."""
        return [p for table in self.tables for p in table] + list(self.out)

    def as_dict(self) -> dict[str, list]:
        """``{"tables": [[p, p, p, p], ...], "out": [p, ...]}``, for JSON."""
        return {"tables": [list(t) for t in self.tables], "out": list(self.out)}

    @classmethod
    def from_dict(cls, data: Mapping) -> Round:
        """The round that ``as_dict`` gave (e.g. read back from JSON).

        >>> Round.from_dict(Round(((1, 2, 3, 4),), (5,)).as_dict())
        Round(tables=((1, 2, 3, 4),), out=(5,))
        """
        try:
            tables = tuple(tuple(table) for table in data["tables"])
            out = tuple(sorted(data.get("out", ())))
        except (KeyError, TypeError) as exc:
            raise SeatingError(f"not a round: {data!r}") from exc
        if any(len(t) != TABLE for t in tables):
            raise SeatingError(f"every table must have four players: {data!r}")
        return cls(tables, out)


# ---------------------------------------------------------------------------------------------
# Measures


def pair_counts(rounds: Iterable[Round]) -> dict[tuple[int, int], int]:
    """How often each pair sat at the same table, keyed ``(smaller id, larger id)``.

    >>> pair_counts([Round(((1, 2, 3, 4),)), Round(((4, 3, 5, 6),))])[(3, 4)]
    2
    """
    counts: dict[tuple[int, int], int] = {}
    for rnd in rounds:
        for table in rnd.tables:
            for i, a in enumerate(table):
                for b in table[i + 1:]:
                    key = (a, b) if a < b else (b, a)
                    counts[key] = counts.get(key, 0) + 1
    return counts


def repeats(rounds: Iterable[Round]) -> int:
    """Meetings beyond the first, summed over pairs.

    >>> repeats([Round(((1, 2, 3, 4),)), Round(((4, 3, 5, 6),))])
    1
    """
    return sum(c - 1 for c in pair_counts(rounds).values() if c > 1)


def _sit_out_counts(n: int, rounds: int) -> list[int]:
    """How often each player sits out under the rotation (counts differ by at most one)."""
    q, extra = divmod(rounds * (n % TABLE), n)
    return [q + 1] * extra + [q] * (n - extra)


def _spread(m: int, groups: int) -> int:
    """Fewest pairs from the same group when ``m`` people come from ``groups`` groups."""
    q, extra = divmod(m, groups)
    return extra * (q + 1) * q // 2 + (groups - extra) * q * (q - 1) // 2


def lower_bound(n: int, rounds: int) -> int:
    """No draw for ``n`` players (all present) over ``rounds`` rounds has fewer repeats.

    The larger of two bounds:

    - per player: someone who plays ``g`` rounds meets ``3 g`` opponents among ``n - 1`` others,
      so at least ``3 g - (n - 1)`` of those meetings are repeats; each repeat is seen by both of
      its players. With everyone playing every round this is the total count
      ``rounds * (n // 4) * 6 - C(n, 2)``, and it is never smaller.
    - per pair of rounds, when there are at most three tables: a table of four drawn from three
      (or two) earlier tables must take two players from the same one (pigeonhole), apart from the
      few who sat out. A pair that meets ``c`` times meets in ``C(c, 2)`` pairs of rounds and adds
      ``c - 1 <= rounds - 1`` repeats, so repeats >= 2 * (common pairs) / rounds.

    >>> lower_bound(8, 4), lower_bound(16, 5), lower_bound(12, 3), lower_bound(20, 1)
    (20, 0, 6, 0)
    """
    if n < TABLE or rounds < 1:
        return 0
    excess = sum(max(0, 3 * (rounds - outs) - (n - 1)) for outs in _sit_out_counts(n, rounds))
    by_player = (excess + 1) // 2
    tables, spare = divmod(n, TABLE)
    by_rounds = 0
    if tables <= 3 and rounds >= 2:
        per_pair = _fewest_common(tables, spare)
        common = rounds * (rounds - 1) // 2 * per_pair
        by_rounds = -(-2 * common // rounds)
    return max(by_player, by_rounds)


def _fewest_common(tables: int, spare: int) -> int:
    """Fewest pairs seated together in both of two rounds: each table of the second round takes
    ``f`` of the ``spare`` players who sat out the first round and ``4 - f`` from its tables."""
    best = None
    for split in _splits(spare, tables):
        common = sum(_spread(TABLE - f, tables) for f in split)
        best = common if best is None else min(best, common)
    return best or 0


def _splits(total: int, parts: int) -> list[tuple[int, ...]]:
    """Every way to give at most ``total`` (at most four each) to ``parts`` tables."""
    if parts == 0:
        return [()]
    return [(f,) + rest for f in range(min(total, TABLE) + 1) for rest in _splits(total - f, parts - 1)]


# ---------------------------------------------------------------------------------------------
# Reproducible randomness: only Random.random() is guaranteed to give the same sequence across
# Python versions (randrange, shuffle and choice are not), so everything is built on it.


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


# ---------------------------------------------------------------------------------------------
# Input checks


def _ids(players: Iterable[int], what: str = "players") -> list[int]:
    """The ids sorted, refusing duplicates and non-integers."""
    ids = list(players)
    for p in ids:
        if isinstance(p, bool) or not isinstance(p, int):
            raise SeatingError(f"{what}: ids must be integers, got {p!r}")
    if len(set(ids)) != len(ids):
        dupes = sorted({p for p in ids if ids.count(p) > 1})
        raise SeatingError(f"{what}: duplicate ids {dupes}")
    return sorted(ids)


def _check_previous(previous: Sequence[Round]) -> None:
    for number, rnd in enumerate(previous, 1):
        if not isinstance(rnd, Round):
            raise SeatingError(f"previous round {number} is not a Round")
        if any(len(t) != TABLE for t in rnd.tables):
            raise SeatingError(f"previous round {number}: every table must have four players")
        _ids(rnd.players(), f"previous round {number}")


def _season_weights(season_pairs: Mapping | None, index: dict[int, int]) -> dict[tuple[int, int], int]:
    """Season weights as small integers on player indices (0..SEASON_SCALE per meeting)."""
    if not season_pairs:
        return {}
    raw: dict[tuple[int, int], float] = {}
    for key, weight in season_pairs.items():
        pair = tuple(key)
        if len(pair) != 2 or pair[0] == pair[1]:
            raise SeatingError(f"season_pairs: {key!r} is not a pair of two players")
        if weight < 0:
            raise SeatingError(f"season_pairs: negative weight for {key!r}")
        if pair[0] in index and pair[1] in index and weight > 0:
            a, b = sorted((index[pair[0]], index[pair[1]]))
            raw[(a, b)] = raw.get((a, b), 0) + weight
    if not raw:
        return {}
    top = max(raw.values())
    return {pair: max(1, round(SEASON_SCALE * w / top)) for pair, w in raw.items()}


# ---------------------------------------------------------------------------------------------
# History of the evening on player indices


class _History:
    """What the rounds already played tell about the players present now (by index)."""

    def __init__(self, ids: list[int], previous: Sequence[Round]) -> None:
        index = {p: i for i, p in enumerate(ids)}
        n = len(ids)
        self.pairs = [[0] * n for _ in range(n)]
        self.missed = [0] * n
        self.last_out = [False] * n
        self.dealer = [0] * n
        self.seats = [[0] * TABLE for _ in range(n)]
        for number, rnd in enumerate(previous):
            played = set()
            for table in rnd.tables:
                for seat, p in enumerate(table):
                    if p in index:
                        i = index[p]
                        played.add(i)
                        self.seats[i][seat] += 1
                        if seat == 0:
                            self.dealer[i] += 1
                at = [index[p] for p in table if p in index]
                for x in at:
                    for y in at:
                        if x != y:
                            self.pairs[x][y] += 1
            for i in range(n):
                if i not in played:
                    self.missed[i] += 1
            if number == len(previous) - 1:
                for p in rnd.out:
                    if p in index:
                        self.last_out[index[p]] = True


# ---------------------------------------------------------------------------------------------
# The search: tables and sit-outs of one or more rounds, seat order left for later


class _Missed:
    """Rounds missed by each player before each planned round, kept up to date as out groups
    change, with a histogram per round so that the rotation is checked without a scan of everyone.
    """

    def __init__(self, base: list[int], free: list[int], state: State) -> None:
        self.rounds = len(state)
        self.at: list[list[int]] = []
        self.hist: list[list[int]] = []
        current = list(base)
        size = max(base[i] for i in free) + self.rounds + 2
        for groups in state:
            self.at.append(current[:])
            hist = [0] * size
            for i in free:
                hist[current[i]] += 1
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


class _Search:
    """Simulated annealing over the groups of ``rounds`` rounds for players ``0..n-1``.

    A state gives each round ``t`` tables of four and an out group. A move swaps two players of the
    same round who are in different groups: two seated players at different tables, or a seated
    player with one who sits out, if the rotation still holds over the whole evening. All rounds
    are optimised together; pair counts from earlier rounds are the starting point.
    """

    def __init__(self, n: int, rounds: int, history: _History, season: dict[tuple[int, int], int],
                 rng: random.Random, free: list[int], out_size: int):
        self.n, self.rounds, self.rng = n, rounds, rng
        self.free = free  # indices drawn (present and not at a fixed table)
        self.out_size = out_size
        self.tables = (len(free) - out_size) // TABLE
        self.history = history
        self.season = [[0] * n for _ in range(n)]
        for (a, b), w in season.items():
            self.season[a][b] = self.season[b][a] = w
        # cost of one more / one less meeting for a pair that has met c times
        top = rounds + max((max(row) for row in history.pairs), default=0) + 2
        self.add = [(W_REPEAT if c >= 1 else 0) + W_UNEVEN * c for c in range(top)]
        self.rem = [-((W_REPEAT if c >= 2 else 0) + W_UNEVEN * (c - 1)) if c >= 1 else 0 for c in range(top)]

    # -- state

    def _initial(self) -> State:
        """Random groups that keep the rotation: each round, the out group is taken from those who
        have missed the fewest rounds (ties at random)."""
        rng, missed = self.rng, list(self.history.missed)
        state = []
        for _ in range(self.rounds):
            order = list(self.free)
            _shuffle(rng, order)
            order.sort(key=lambda i: missed[i])  # stable: random among equals
            out, seated = order[:self.out_size], order[self.out_size:]
            _shuffle(rng, seated)
            for i in out:
                missed[i] += 1
            groups = [seated[k:k + TABLE] for k in range(0, len(seated), TABLE)]
            state.append(groups + [out])
        return state

    def _cost_parts(self, state: State) -> tuple[int, int, int]:
        """(repeats, unevenness, total cost) of a state, counted from scratch."""
        n = self.n
        counts = [row[:] for row in self.history.pairs]
        season = 0
        for groups in state:
            for table in groups[:-1]:
                for x in table:
                    for y in table:
                        if x < y:
                            counts[x][y] += 1
                            season += self.season[x][y]
        rep = uneven = 0
        for x in range(n):
            for y in range(x + 1, n):
                c = counts[x][y]
                if c > 1:
                    rep += c - 1
                    uneven += c * (c - 1) // 2
        cost = W_REPEAT * rep + W_UNEVEN * uneven + W_BACK_TO_BACK * self._back_to_back(state) + season
        return rep, uneven, cost

    def _back_to_back(self, state: State) -> int:
        count = 0
        before = [i for i in range(self.n) if self.history.last_out[i]]
        for groups in state:
            out = groups[-1]
            count += sum(1 for i in out if i in before)
            before = out
        return count

    # -- annealing

    def run(self, moves: int, restarts: int, good_enough: int, extra_restarts: int = 0,
            walk_work: int = 0, settle: int = -1) -> State:
        """The best state over ``restarts`` annealing runs of ``moves`` moves each, then polished
        by a short tabu search when only a few players still meet someone again (stops as soon as
        the cost reaches ``good_enough``, which no state can beat).

        If that leaves the cost at ``settle`` or above (above ``good_enough``), a second stage
        tries to beat it (and the
        better of the two is kept, so it never does worse): annealing runs up to
        ``extra_restarts`` in all, then a conflict-directed tabu walk of ``walk_work`` swaps looked
        at from the best of them."""
        best, best_cost = None, None
        for _ in range(restarts):
            state, cost = self._anneal(self._initial(), moves, good_enough)
            if best_cost is None or cost < best_cost:
                best, best_cost = state, cost
            if best_cost <= good_enough:
                return best
        first = best
        if self._conflicts(best) <= POLISH_LIMIT:
            first, first_cost = self._tabu(best, TABU_ITERS, good_enough)
        else:
            first_cost = best_cost
        if first_cost < settle or first_cost <= good_enough or (extra_restarts <= restarts and not walk_work):
            return first
        for _ in range(restarts, extra_restarts):
            state, cost = self._anneal(self._initial(), moves, good_enough)
            if cost < best_cost:
                best, best_cost = state, cost
            if best_cost <= good_enough:
                return best
        if first_cost < best_cost:
            best, best_cost = first, first_cost
        if walk_work:  # (the walk changes the state it is given: a copy)
            best, best_cost = self._walk([[g[:] for g in grp] for grp in best], walk_work, good_enough)
        return first if first_cost <= best_cost else best

    def _conflicts(self, state: State) -> int:
        """How many (round, player) meet someone at their table for the second time or more."""
        counts = [row[:] for row in self.history.pairs]
        for groups in state:
            for table in groups[:-1]:
                for x in table:
                    for y in table:
                        if x != y:
                            counts[x][y] += 1
        return sum(1 for groups in state for table in groups[:-1] for a in table
                   if _conflicted(counts, table, a))

    def _anneal(self, state: State, moves: int, good_enough: int) -> tuple[State, int]:
        rng, n = self.rng, self.n
        rounds, tables = self.rounds, self.tables
        counts = [row[:] for row in self.history.pairs]
        for groups in state:
            for table in groups[:-1]:
                for x in table:
                    for y in table:
                        if x != y:
                            counts[x][y] += 1
        season, add, rem = self.season, self.add, self.rem
        # where[r][i] = index of i's group in round r (tables first, then the out group)
        where = [[-1] * n for _ in range(rounds)]
        for r, groups in enumerate(state):
            for g, group in enumerate(groups):
                for i in group:
                    where[r][i] = g
        free = self.free
        size = len(free)
        cost = self._cost_parts(state)[2]
        best_cost, best = cost, [[g[:] for g in groups] for groups in state]
        if cost <= good_enough or size < 2 or tables + (1 if self.out_size else 0) < 2:
            return best, best_cost
        # temperature in cost units, cooling geometrically from about one repeat to a small
        # fraction of the unevenness weight
        temp = HOT * W_REPEAT
        factor = _exp_neg(LOG_COOLING / moves)  # reaches COLD * W_UNEVEN after ``moves`` steps
        missed = _Missed(self.history.missed, free, state)
        at_best = True  # the state is the best so far (``best`` is copied only when leaving it)
        for step in range(moves):
            temp *= factor
            r = _below(rng, rounds)
            wr = where[r]
            groups = state[r]
            a = free[_below(rng, size)]
            ga = wr[a]
            b = free[_below(rng, size)]
            gb = wr[b]
            if ga == gb:
                continue
            if ga == tables or gb == tables:
                delta = self._out_delta(state, r, a, b, ga, gb, counts, missed)
                if delta is None:
                    continue
            else:
                ca, cb, sa, sb = counts[a], counts[b], season[a], season[b]
                delta = 0
                for x in groups[ga]:
                    if x != a:
                        delta += rem[ca[x]] + add[cb[x]] + sb[x] - sa[x]
                for y in groups[gb]:
                    if y != b:
                        delta += rem[cb[y]] + add[ca[y]] + sa[y] - sb[y]
            if delta > 0:
                if rng.random() >= _exp_neg(delta / temp):
                    continue
                if at_best:  # leaving the best state so far: keep a copy
                    best, at_best = [[g[:] for g in grp] for grp in state], False
            if ga == tables:
                missed.swap(r, a, b)
            elif gb == tables:
                missed.swap(r, b, a)
            self._apply(state, r, a, b, ga, gb, counts)
            wr[a], wr[b] = gb, ga
            cost += delta
            if cost < best_cost:
                best_cost, at_best = cost, True
                if cost <= good_enough:
                    break
        if at_best:
            best = [[g[:] for g in grp] for grp in state]
        return best, best_cost

    def _tabu(self, state: State, iterations: int, good_enough: int) -> tuple[State, int]:
        """Tabu search: each step makes the best swap (with someone at another table, or with one
        who sits out when the rotation allows) of a player who meets someone again, over every
        round; players just moved stay put for a few steps unless moving them beats the best state
        found."""
        rng, n = self.rng, self.n
        rounds, tables = self.rounds, self.tables
        counts = [row[:] for row in self.history.pairs]
        for groups in state:
            for table in groups[:-1]:
                for x in table:
                    for y in table:
                        if x != y:
                            counts[x][y] += 1
        season, add, rem = self.season, self.add, self.rem
        where = [[-1] * n for _ in range(rounds)]
        for r, groups in enumerate(state):
            for g, group in enumerate(groups):
                for i in group:
                    where[r][i] = g
        free = self.free
        cost = self._cost_parts(state)[2]
        best_cost, best = cost, [[g[:] for g in groups] for groups in state]
        if cost <= good_enough or tables + (1 if self.out_size else 0) < 2:
            return best, best_cost
        tabu = [[0] * n for _ in range(rounds)]  # step until which moving i in round r is tabu
        missed = _Missed(self.history.missed, free, state)
        since_best = 0
        for step in range(1, iterations + 1):
            chosen, chosen_delta, ties = None, None, 0
            for r in range(rounds):
                groups, wr, tr = state[r], where[r], tabu[r]
                for ga in range(tables):
                    table = groups[ga]
                    for a in table:
                        ca = counts[a]
                        # only players who meet someone again (or any, when nothing repeats
                        # but season weights still count)
                        if not any(ca[x] > 1 for x in table if x != a):
                            continue
                        sa = season[a]
                        base = 0
                        for x in table:
                            if x != a:
                                base += rem[ca[x]] - sa[x]
                        for b in free:
                            gb = wr[b]
                            # a swap of two such players is looked at once
                            if gb == ga:
                                continue
                            if gb == tables:  # a sits out instead of b, if the rotation allows
                                delta = self._out_delta(state, r, a, b, ga, gb, counts, missed)
                                if delta is None:
                                    continue
                            else:
                                if b < a and _conflicted(counts, groups[gb], b):
                                    continue
                                cb, sb = counts[b], season[b]
                                delta = base
                                for x in table:
                                    if x != a:
                                        delta += add[cb[x]] + sb[x]
                                for y in groups[gb]:
                                    if y != b:
                                        delta += rem[cb[y]] + add[ca[y]] + sa[y] - sb[y]
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
            if gb == tables:
                missed.swap(r, b, a)
            self._apply(state, r, a, b, ga, gb, counts)
            where[r][a], where[r][b] = gb, ga
            tenure = TENURE + _below(rng, TENURE)
            tabu[r][a] = tabu[r][b] = step + tenure
            cost += chosen_delta
            since_best += 1
            if since_best > TABU_STALL:
                break
            if cost < best_cost:
                best_cost, since_best = cost, 0
                best = [[g[:] for g in grp] for grp in state]
                if cost <= good_enough:
                    break
        return best, best_cost

    def _walk(self, state: State, budget: int, good_enough: int, samples: int = WALK_SAMPLES) -> tuple[State, int]:
        """Conflict-directed tabu walk: each step takes a pair that meets again, one of its
        players in a round where they meet, and makes that player's best swap in that round (with
        someone at another table, or with one who sits out when the rotation allows), even if it
        makes the draw worse; WALK_SAMPLES such players are looked at per step and the best of
        all their swaps is made. Players just moved stay put in that round for WALK_TENURE steps
        or more unless moving them beats the best state found. After WALK_STALL steps without a better state it
        goes back to the best state and shakes it with a few random swaps. ``budget`` counts swaps
        looked at, so the work is the same on every machine."""
        rng, n = self.rng, self.n
        rounds, tables = self.rounds, self.tables
        counts = [row[:] for row in self.history.pairs]
        for groups in state:
            for table in groups[:-1]:
                for x in table:
                    for y in table:
                        if x != y:
                            counts[x][y] += 1
        season, add, rem = self.season, self.add, self.rem
        has_season = any(any(row) for row in season)
        where = [[-1] * n for _ in range(rounds)]
        for r, groups in enumerate(state):
            for g, group in enumerate(groups):
                for i in group:
                    where[r][i] = g
        free = self.free
        cost = self._cost_parts(state)[2]
        best_cost, best = cost, [[g[:] for g in groups] for groups in state]
        if cost <= good_enough or tables < 2:
            return best, best_cost
        missed = _Missed(self.history.missed, free, state)
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

        for x in free:
            for y in free:
                if x < y and counts[x][y] > 1:
                    mark(x, y)

        def move(r: int, a: int, b: int, ga: int, gb: int) -> None:
            groups = state[r]
            touched = []
            if ga < tables:
                touched += [(u, p) for u in groups[ga] if u != a for p in (a, b)]
            if gb < tables:
                touched += [(v, p) for v in groups[gb] if v != b for p in (a, b)]
            if ga == tables:
                missed.swap(r, a, b)
            elif gb == tables:
                missed.swap(r, b, a)
            self._apply(state, r, a, b, ga, gb, counts)
            where[r][a], where[r][b] = gb, ga
            for u, p in touched:
                mark(u, p)

        tabu = [[0] * n for _ in range(rounds)]
        work = step = since_best = 0
        out_group = self.out_size > 0
        while work < budget and bad:
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
                    a, b = free[_below(rng, len(free))], free[_below(rng, len(free))]
                    ga, gb = where[r][a], where[r][b]
                    if ga == gb or ga == tables or gb == tables:
                        continue
                    cost += self._swap_delta(state, r, a, b, ga, gb, counts)
                    move(r, a, b, ga, gb)
                since_best = 0
                continue
            chosen, chosen_delta, ties = None, 0, 0
            aspire = best_cost - cost
            for _ in range(samples):
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
                ca, sa = counts[a], season[a]
                others = [u for u in table if u != a]
                o0, o1, o2 = others
                base = rem[ca[o0]] + rem[ca[o1]] + rem[ca[o2]]
                if has_season:
                    base -= sa[o0] + sa[o1] + sa[o2]
                a_tabu = tr[a] >= step
                for gb in range(tables):
                    if gb == ga:
                        continue
                    g = groups[gb]
                    enter = [add[ca[v]] for v in g]
                    if has_season:
                        enter = [e + sa[v] for e, v in zip(enter, g)]
                    s_enter = enter[0] + enter[1] + enter[2] + enter[3]
                    g0, g1, g2, g3 = g
                    for k in range(TABLE):
                        b = g[k]
                        cb = counts[b]
                        delta = (base + s_enter - enter[k] + add[cb[o0]] + add[cb[o1]] + add[cb[o2]]
                                 + rem[cb[g0]] + rem[cb[g1]] + rem[cb[g2]] + rem[cb[g3]])
                        if has_season:
                            sb = season[b]
                            delta += sb[o0] + sb[o1] + sb[o2] - sb[g0] - sb[g1] - sb[g2] - sb[g3]
                        if (a_tabu or tr[b] >= step) and delta >= aspire:
                            continue
                        if chosen is None or delta < chosen_delta:
                            chosen, chosen_delta, ties = (r, a, b, ga, gb), delta, 1
                        elif delta == chosen_delta:
                            ties += 1
                            if _below(rng, ties) == 0:
                                chosen = (r, a, b, ga, gb)
                work += (tables - 1) * TABLE
                if out_group:
                    for b in groups[tables]:
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
                best = [[g[:] for g in grp] for grp in state]
                if cost <= good_enough:
                    break
        return best, best_cost

    def _swap_delta(self, state: State, r: int, a: int, b: int, ga: int, gb: int, counts: list[list[int]]) -> int:
        """Cost change of swapping ``a`` and ``b``, seated at different tables of round ``r``."""
        add, rem, season = self.add, self.rem, self.season
        ca, cb, sa, sb = counts[a], counts[b], season[a], season[b]
        delta = 0
        for x in state[r][ga]:
            if x != a:
                delta += rem[ca[x]] + add[cb[x]] + sb[x] - sa[x]
        for y in state[r][gb]:
            if y != b:
                delta += rem[cb[y]] + add[ca[y]] + sa[y] - sb[y]
        return delta

    def _apply(self, state: State, r: int, a: int, b: int, ga: int, gb: int, counts: list[list[int]]) -> None:
        """Swap ``a`` (group ``ga``) and ``b`` (group ``gb``) in round ``r``, updating pair counts."""
        groups, tables = state[r], self.tables
        if ga < tables:
            for x in groups[ga]:
                if x != a:
                    counts[a][x] -= 1
                    counts[x][a] -= 1
                    counts[b][x] += 1
                    counts[x][b] += 1
        if gb < tables:
            for y in groups[gb]:
                if y != b:
                    counts[b][y] -= 1
                    counts[y][b] -= 1
                    counts[a][y] += 1
                    counts[y][a] += 1
        groups[ga][groups[ga].index(a)] = b
        groups[gb][groups[gb].index(b)] = a

    def _out_delta(self, state: State, r: int, a: int, b: int, ga: int, gb: int, counts: list[list[int]],
                   missed: _Missed) -> int | None:
        """Cost change of swapping seated and out players, or None if it breaks the rotation."""
        if gb == self.tables:  # make ``a`` the one who sits out now
            a, b, ga, gb = b, a, gb, ga
        groups = state[r]
        if not missed.swap_ok(state, r, a, b):
            return None
        # ``a`` comes in to ``b``'s table, ``b`` goes out
        ca, cb, sa, sb = counts[a], counts[b], self.season[a], self.season[b]
        delta = 0
        for y in groups[gb]:
            if y != b:
                delta += self.rem[cb[y]] + self.add[ca[y]] + sa[y] - sb[y]
        delta += W_BACK_TO_BACK * (self._out_next_to(state, r, b) - self._out_next_to(state, r, a))
        return delta

    def _out_next_to(self, state: State, r: int, i: int) -> int:
        """How many of the rounds next to ``r`` player ``i`` sits out (or sat out, before the
        first planned round)."""
        near = 0
        if r > 0:
            near += i in state[r - 1][-1]
        elif self.history.last_out[i]:
            near += 1
        if r + 1 < self.rounds:
            near += i in state[r + 1][-1]
        return near


def _conflicted(counts: list[list[int]], table: list[int], b: int) -> bool:
    """Whether ``b`` meets someone at ``table`` (b's own) for the second time or more."""
    cb = counts[b]
    return any(cb[x] > 1 for x in table if x != b)


def _budget(rounds: int, players: int) -> int:
    per_slot = MOVES_PER_SLOT + MOVES_PER_SLOT_PER_PLAYER * players
    return max(MIN_MOVES, min(MAX_MOVES, per_slot * rounds * players))


def _even_uneven(meetings: int, pairs: int) -> int:
    """Fewest sum of C(count, 2) when ``meetings`` are spread over ``pairs`` pairs."""
    if pairs == 0:
        return 0
    q, extra = divmod(meetings, pairs)
    return extra * (q + 1) * q // 2 + (pairs - extra) * q * (q - 1) // 2


# ---------------------------------------------------------------------------------------------
# Seat order


def _least(items: list, key: Callable[[Any], int], rng: random.Random) -> Any:
    """The item with the smallest key, ties broken at random."""
    low = min(key(i) for i in items)
    ties = [i for i in items if key(i) == low]
    return ties[_below(rng, len(ties))]


def _order_rest(first: int, rest: list[int], seats: list[list[int]], rng: random.Random) -> tuple[int, ...]:
    """``first`` as 東, the other three in the order (of the six) that puts each where they have sat
    least often (ties at random)."""
    orders = [(a, b, c) for a in rest for b in rest for c in rest if len({a, b, c}) == 3]
    chosen = _least(orders, lambda o: sum(seats[p][k + 1] for k, p in enumerate(o)), rng)
    return (first,) + chosen


def _balance_dealers(tables: list[list[list[int]]], dealer_base: list[int], n: int,
                     rng: random.Random) -> list[list[int]]:
    """One 起家 per table over the whole evening, counts as even as the tables allow.

    Starts from a greedy choice round by round, then moves 起家 along chains (a player who is 起家
    more often hands a table to someone at it, who may hand another on, ...) until no chain ends
    at a player with two fewer: the sum of squared counts is then as small as possible.
    """
    counts = list(dealer_base)
    choice: list[list[int]] = []
    for groups in tables:
        row = []
        for table in groups:
            first = _least(table, lambda i: counts[i], rng)
            counts[first] += 1
            row.append(first)
        choice.append(row)
    flat = [(r, t) for r, groups in enumerate(tables) for t in range(len(groups))]
    while True:
        path = _dealer_chain(tables, choice, counts, flat, n)
        if path is None:
            return choice
        start = path[0][0]
        for (giver, r, t, taker) in path:
            choice[r][t] = taker
        counts[start] -= 1
        counts[path[-1][3]] += 1


def _dealer_chain(tables: list[list[list[int]]], choice: list[list[int]], counts: list[int],
                  flat: list[tuple[int, int]], n: int) -> list[tuple[int, int, int, int]] | None:
    """A chain of hand-overs from some player to one with at least two fewer 起家, or None.

    Breadth-first from every player with the highest count down, so the result is the same on
    every run."""
    dealt: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for r, t in flat:
        dealt[choice[r][t]].append((r, t))
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
                        path = []
                        node = taker
                        while came_from[node] is not None:
                            g, rr, tt = came_from[node]
                            path.append((g, rr, tt, node))
                            node = g
                        path.reverse()
                        return path
                    queue.append(taker)
    return None


# ---------------------------------------------------------------------------------------------
# Public draws


def draw_evening(players: Iterable[int], rounds: int, *, seed: Seed, season_pairs: Mapping | None = None,
                 previous: Sequence[Round] = ()) -> list[Round]:
    """Plan ``rounds`` 回戦 for ``players`` (all present throughout), optimising all rounds at once.

    >>> plan = draw_evening(range(16), 5, seed=1)
    >>> repeats(plan), [len(r.tables) for r in plan]
    (0, [4, 4, 4, 4, 4])
    """
    ids = _ids(players)
    if len(ids) < TABLE:
        raise SeatingError(f"at least four players are needed, got {len(ids)}")
    if len(ids) > MAX_PLAYERS:
        raise SeatingError(f"at most {MAX_PLAYERS} players, got {len(ids)}")
    if not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
        raise SeatingError(f"rounds must be between 1 and {MAX_ROUNDS}, got {rounds!r}")
    previous = list(previous)
    _check_previous(previous)
    rng = random.Random(seed)
    n = len(ids)
    index = {p: i for i, p in enumerate(ids)}
    history = _History(ids, previous)
    season = _season_weights(season_pairs, index)
    search = _Search(n, rounds, history, season, rng, list(range(n)), n % TABLE)
    moves = _budget(rounds, n)
    good_enough = _good_enough(search, history, season)
    # the second stage only while more repeats are left than the bound (when it is known)
    fresh = not any(any(row) for row in history.pairs) and not any(history.missed)
    settle = W_REPEAT * (lower_bound(n, rounds) + 1) if fresh else -1
    state = search.run(moves, RESTARTS, good_enough, min(MAX_RESTARTS, MAX_EVENING_MOVES // moves), WALK_WORK,
                       settle)
    tables = [groups[:-1] for groups in state]
    dealers = _balance_dealers(tables, history.dealer, n, rng)
    seats = [row[:] for row in history.seats]
    plan = []
    for r, groups in enumerate(state):
        seated = []
        for table, first in zip(groups[:-1], dealers[r]):
            order = _order_rest(first, [i for i in table if i != first], seats, rng)
            for k, i in enumerate(order):
                seats[i][k] += 1
            seated.append(tuple(ids[i] for i in order))
        plan.append(Round(tuple(seated), tuple(sorted(ids[i] for i in groups[-1]))))
    return plan


def _good_enough(search: _Search, history: _History, season: dict[tuple[int, int], int]) -> int:
    """A cost no state can beat, so the search may stop there: only known when nothing but
    in-evening pairings counts (no season weights, no earlier rounds) and the bound is met."""
    if season or any(any(row) for row in history.pairs) or any(history.missed):
        return -1
    n, rounds = len(search.free), search.rounds
    rep = lower_bound(n, rounds)
    meetings = rounds * search.tables * 6
    uneven = max(rep, _even_uneven(meetings, n * (n - 1) // 2))
    # sitting out twice in a row is forced only when the out groups wrap around; require none
    return W_REPEAT * rep + W_UNEVEN * uneven


def draw_round(players: Iterable[int], *, previous: Sequence[Round] = (), seed: Seed,
               season_pairs: Mapping | None = None, fixed: Sequence[Sequence[int]] = (),
               standings: Sequence[int] | None = None, rounds_left: int = 1) -> Round:
    """Draw the next 回戦 for the players present now, given the rounds already played tonight.

    ``rounds_left`` (this one included) lets the draw look ahead: it plans that many rounds for
    the players present now, as ``draw_evening`` does, and returns the first, so that the later
    rounds are not left with forced repeats. With 1 it only looks at this round.

    >>> first = draw_round(range(10), seed=3)
    >>> second = draw_round(range(10), previous=[first], seed=3)
    >>> set(first.out) & set(second.out)
    set()
    """
    ids = _ids(players)
    previous = list(previous)
    _check_previous(previous)
    present = set(ids)
    fixed_tables = [tuple(t) for t in fixed]
    at_fixed: list[int] = []
    for table in fixed_tables:
        if len(table) != TABLE:
            raise SeatingError(f"fixed table {list(table)} must have four players")
        for p in table:
            if p not in present:
                raise SeatingError(f"fixed table {list(table)}: player {p!r} is not present")
        at_fixed.extend(table)
    _ids(at_fixed, "fixed tables")
    if not isinstance(rounds_left, int) or not 1 <= rounds_left <= MAX_ROUNDS:
        raise SeatingError(f"rounds_left must be between 1 and {MAX_ROUNDS}, got {rounds_left!r}")
    if len(ids) < TABLE:
        raise SeatingError(f"at least four players are needed, got {len(ids)}")
    if len(ids) > MAX_PLAYERS:
        raise SeatingError(f"at most {MAX_PLAYERS} players, got {len(ids)}")
    rng = random.Random(seed)
    n = len(ids)
    index = {p: i for i, p in enumerate(ids)}
    history = _History(ids, previous)
    taken = {index[p] for p in at_fixed}
    free = [i for i in range(n) if i not in taken]
    out_size = len(free) % TABLE
    if standings is not None:
        groups = _swiss_groups(standings, ids, index, free, out_size, history)
    else:
        season = _season_weights(season_pairs, index)
        ahead = rounds_left if standings is None else 1
        search = _Search(n, ahead, history, season, rng, free, out_size)
        groups = search.run(_budget(ahead, len(free)), RESTARTS, -1)[0]
    seated = [tuple(t) for t in fixed_tables]
    dealer = list(history.dealer)
    for table in groups[:-1]:
        first = _least(table, lambda i: dealer[i], rng)
        dealer[first] += 1
        order = _order_rest(first, [i for i in table if i != first], history.seats, rng)
        seated.append(tuple(ids[i] for i in order))
    return Round(tuple(seated), tuple(sorted(ids[i] for i in groups[-1])))


def _swiss_groups(standings: Sequence[int], ids: list[int], index: dict[int, int], free: list[int],
                  out_size: int, history: _History) -> list[list[int]]:
    """Tables from consecutive groups of four of the standings; the out group is taken from the
    bottom among those whom the rotation allows."""
    ranked = list(standings)
    if sorted(ranked) != ids or len(set(ranked)) != len(ranked):
        raise SeatingError("standings must list every present player exactly once")
    drawn = set(free)
    order = [index[p] for p in ranked if index[p] in drawn]
    missed = history.missed
    # fewest missed first, and among equals the lowest ranked first
    by_rotation = sorted(range(len(order)), key=lambda k: (missed[order[k]], -k))
    out = {order[k] for k in by_rotation[:out_size]}
    seated = [i for i in order if i not in out]
    groups = [seated[k:k + TABLE] for k in range(0, len(seated), TABLE)]
    return groups + [sorted(out)]

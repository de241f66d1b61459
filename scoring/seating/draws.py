"""The public draws: ``draw_evening`` (a whole evening at once) and ``draw_round`` (the next round)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from .history import _History
from .rounds import (
    MAX_PLAYERS,
    MAX_ROUNDS,
    TABLE,
    W_REPEAT,
    W_UNEVEN,
    Round,
    SeatingError,
    Seed,
    _check_previous,
    _ids,
    _season_weights,
    _spread,
    lower_bound,
)
from .search import _Search
from .seats import _balance_dealers, _least, _seat_order


def draw_evening(players: Iterable[int], rounds: int, *, seed: Seed, season_pairs: Mapping | None = None,
                 previous: Sequence[Round] = ()) -> list[Round]:
    """Plan ``rounds`` 回戦 for ``players`` (all present throughout), optimising all rounds at once."""
    ids = _ids(players)
    _check_size(ids)
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
    # the bounds are known only for an evening drawn from scratch
    fresh = not any(any(row) for row in history.pairs) and not any(history.missed)
    good_enough = _good_enough(search) if fresh and not season else -1
    # the second stage only while more repeats are left than the bound
    settle = W_REPEAT * (lower_bound(n, rounds) + 1) if fresh else -1
    state = search.run(good_enough, settle)
    tables = [groups[:-1] for groups in state]
    dealers = _balance_dealers(tables, [row[0] for row in history.seats], n, rng)
    seats = [row[:] for row in history.seats]
    plan = []
    for r, groups in enumerate(state):
        seated = []
        for table, first in zip(groups[:-1], dealers[r]):
            order = _seat_order(first, table, seats, rng)
            for k, i in enumerate(order):
                seats[i][k] += 1
            seated.append(tuple(ids[i] for i in order))
        plan.append(Round(tuple(seated), tuple(sorted(ids[i] for i in groups[-1]))))
    return plan


def _check_size(ids: list[int]) -> None:
    if len(ids) < TABLE:
        raise SeatingError(f"at least four players are needed, got {len(ids)}")
    if len(ids) > MAX_PLAYERS:
        raise SeatingError(f"at most {MAX_PLAYERS} players, got {len(ids)}")


def _good_enough(search: _Search) -> int:
    """A cost no state can beat when only this evening's pairings count (no season, no earlier rounds)."""
    n, rounds = len(search.free), search.rounds
    rep = lower_bound(n, rounds)
    meetings = rounds * search.tables * 6
    uneven = max(rep, _spread(meetings, n * (n - 1) // 2))
    # sitting out twice in a row is forced only when the out groups wrap around; require none
    return W_REPEAT * rep + W_UNEVEN * uneven


def draw_round(players: Iterable[int], *, previous: Sequence[Round] = (), seed: Seed,
               season_pairs: Mapping | None = None, standings: Sequence[int] | None = None) -> Round:
    """Draw the next 回戦 for the players present now, given the rounds already played tonight;
    ``standings`` (every present player, best first) makes it the swiss draw of tournaments."""
    ids = _ids(players)
    previous = list(previous)
    _check_previous(previous)
    _check_size(ids)
    rng = random.Random(seed)
    n = len(ids)
    index = {p: i for i, p in enumerate(ids)}
    history = _History(ids, previous)
    free = list(range(n))
    out_size = n % TABLE
    if standings is not None:
        groups = _swiss_groups(standings, ids, index, free, out_size, history)
    else:
        season = _season_weights(season_pairs, index)
        search = _Search(n, 1, history, season, rng, free, out_size)
        groups = search.run(-1)[0]
    seated = []
    for table in groups[:-1]:  # each player is at one table: the counts need no update
        first = _least(table, lambda i: history.seats[i][0], rng)
        seated.append(tuple(ids[i] for i in _seat_order(first, table, history.seats, rng)))
    return Round(tuple(seated), tuple(sorted(ids[i] for i in groups[-1])))


def _swiss_groups(standings: Sequence[int], ids: list[int], index: dict[int, int], free: list[int],
                  out_size: int, history: _History) -> list[list[int]]:
    """Tables from consecutive groups of four of the standings; the out group is taken from the
    bottom among those whom the rotation allows."""
    ranked = list(standings)
    if sorted(ranked) != ids:  # (ids are unique)
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

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


def draw_evening(players: Iterable[int], rounds: int, *, seed: Seed) -> list[Round]:
    """Plan ``rounds`` 回戦 for ``players`` (all present throughout), optimising all rounds at once."""
    ids = _ids(players)
    _check_size(ids)
    if not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
        raise SeatingError(f"rounds must be between 1 and {MAX_ROUNDS}, got {rounds!r}")
    rng = random.Random(seed)
    n = len(ids)
    search = _Search(n, rounds, _History(ids, ()), {}, rng)
    # the second stage only while more repeats are left than the bound
    state = search.run(_good_enough(search), W_REPEAT * (lower_bound(n, rounds) + 1))
    dealers = _balance_dealers([groups[:-1] for groups in state], n, rng)
    seats = [[0] * TABLE for _ in range(n)]
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
    """A cost no state of an evening drawn from scratch (no season, no earlier rounds) can beat."""
    n, rounds = search.n, search.rounds
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
    if standings is not None:
        groups = _swiss_groups(standings, ids, index, history.missed)
    else:
        groups = _Search(n, 1, history, _season_weights(season_pairs, index), rng).run(-1)[0]
    seated = []
    for table in groups[:-1]:  # each player is at one table: the counts need no update
        first = _least(table, lambda i: history.seats[i][0], rng)
        seated.append(tuple(ids[i] for i in _seat_order(first, table, history.seats, rng)))
    return Round(tuple(seated), tuple(sorted(ids[i] for i in groups[-1])))


def _swiss_groups(standings: Sequence[int], ids: list[int], index: dict[int, int],
                  missed: list[int]) -> list[list[int]]:
    """Tables from consecutive groups of four of the standings; the out group is taken from the
    bottom among those whom the rotation allows."""
    ranked = list(standings)
    if sorted(ranked) != ids:  # (ids are unique)
        raise SeatingError("standings must list every present player exactly once")
    order = [index[p] for p in ranked]
    # fewest missed first, and among equals the lowest ranked first
    by_rotation = sorted(range(len(order)), key=lambda k: (missed[order[k]], -k))
    out = {order[k] for k in by_rotation[:len(order) % TABLE]}
    seated = [i for i in order if i not in out]
    groups = [seated[k:k + TABLE] for k in range(0, len(seated), TABLE)]
    return groups + [sorted(out)]

"""The table draw (座席決め) for a club evening: tables of four, sit-outs in rotation, few repeats.

Pure Python (standard library only): the tests need no database.

``seed`` is anything ``random.Random`` accepts (an int or a str, e.g. the club day's id and the
round number). A ``Round`` lists tables in seat order 東南西北 (index 0 is the 起家) and the
players who sit out (抜け番); ``as_dict`` writes it as JSON.

Rules
-----

- Every present player is at exactly one table or out, and ``len(out) == n % 4``.
- Sit-outs rotate: a player sits out only if nobody seated has missed fewer rounds this evening.
  A round missed by being absent counts like a round sat out, so a late arrival does not sit out
  before those who have already played more.
- Among draws that keep the rotation, the search minimises, in this order of weight: repeated
  pairings this evening (``repeats``), unevenness (sum over pairs of C(count, 2), which prefers two
  pairs meeting twice over one pair meeting three times), sitting out two rounds in a row, and
  pairings from earlier in the season (``season_pairs``: pair -> weight, either a frozenset or a
  tuple of two ids; only the relative sizes matter, and the whole term weighs less than one
  repeat).
- Seat order: the 起家 of each table goes to the player who has been 起家 least often so far, and
  ``draw_evening`` then evens the counts over the whole evening. The other seats go so that each
  player's seat positions (南西北) stay balanced.
- Search: simulated annealing over swaps within a round, all rounds at once, with restarts, then
  tabu search (``search.py``, ``tabu.py``).
- Reproducible: everything is driven by ``random.Random(seed)`` and only by its ``random()``
  method, whose sequence Python keeps stable across versions; ids are sorted first, so the order in
  which players are passed does not matter. The search has a fixed budget of moves (no clock), and
  only basic float operations are used, so the same inputs give the same draw on any machine.

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

from .draws import draw_evening, draw_round
from .rounds import MAX_PLAYERS, MAX_ROUNDS, Round, SeatingError, lower_bound, pair_counts, repeats

__all__ = ["MAX_PLAYERS", "MAX_ROUNDS", "Round", "SeatingError", "draw_evening", "draw_round", "lower_bound",
           "pair_counts", "repeats"]

"""The table draw (座席決め) of a club evening: tables of four, sit-outs in rotation, few repeated pairs.

Pure Python. A ``Round`` lists its tables in seat order 東南西北 (index 0 is the 起家) and who sits out.

- Everyone present is at one table or out, ``len(out) == n % 4``, and a player sits out only if
  nobody seated has missed fewer rounds this evening (a round missed by being absent counts too).
- Within that, the search minimises in this order: repeated pairings this evening, unevenness
  (sum over pairs of C(count, 2)), sitting out twice in a row, and ``season_pairs`` (pair ->
  weight, only relative sizes matter; the whole term weighs less than one repeat).
- 起家 go to who has been 起家 least (evened over the evening by ``draw_evening``); the other seats
  keep each player's 南西北 balanced.
- Reproducible on any machine: only ``random.Random(seed).random()`` (stable across Python
  versions), sorted ids, a fixed budget of moves and exact arithmetic drive it.
"""

from .draws import draw_evening, draw_round
from .rounds import MAX_PLAYERS, MAX_ROUNDS, Round, SeatingError, lower_bound, pair_counts, repeats

__all__ = ["MAX_PLAYERS", "MAX_ROUNDS", "Round", "SeatingError", "draw_evening", "draw_round", "lower_bound",
           "pair_counts", "repeats"]

"""The table draw's types, its measures (``pair_counts``, ``repeats``, ``lower_bound``) and input checks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, product

# A state of the search: per round, its tables (lists of player indices) and last its out group.
State = list[list[list[int]]]
Seed = int | str

TABLE = 4

# Weights of the search's cost, as integers so that sums are exact. One repeat outweighs any
# realistic amount of the lower terms. The season term is scaled to at most SEASON_SCALE per
# meeting, so over an evening of up to 10 000 meetings it weighs less than one repeat.
W_REPEAT = 1_000_000
W_UNEVEN = 10_000
W_BACK_TO_BACK = 100_000
SEASON_SCALE = 100

MAX_PLAYERS = 400
MAX_ROUNDS = 50


def copy_state(state: State) -> State:
    return [[g[:] for g in groups] for groups in state]


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


def pair_counts(rounds: Iterable[Round]) -> dict[tuple[int, int], int]:
    """How often each pair sat at the same table, keyed ``(smaller id, larger id)``."""
    return dict(Counter(tuple(sorted(pair)) for rnd in rounds for table in rnd.tables
                        for pair in combinations(table, 2)))


def repeats(rounds: Iterable[Round]) -> int:
    """Meetings beyond the first, summed over pairs."""
    return sum(c - 1 for c in pair_counts(rounds).values() if c > 1)


def _sit_out_counts(n: int, rounds: int) -> list[int]:
    """How often each player sits out under the rotation (counts differ by at most one)."""
    q, extra = divmod(rounds * (n % TABLE), n)
    return [q + 1] * extra + [q] * (n - extra)


def _spread(m: int, groups: int) -> int:
    """Fewest pairs from the same group when ``m`` people come from ``groups`` groups: the
    smallest sum of C(size, 2), e.g. of ``m`` meetings spread over ``groups`` pairs."""
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
    splits = (split for split in product(range(spare + 1), repeat=tables) if sum(split) <= spare)
    return min(sum(_spread(TABLE - f, tables) for f in split) for split in splits)


def _ids(players: Iterable[int], what: str = "players") -> list[int]:
    """The ids sorted, refusing duplicates and non-integers."""
    ids = list(players)
    for p in ids:
        if isinstance(p, bool) or not isinstance(p, int):
            raise SeatingError(f"{what}: ids must be integers, got {p!r}")
    dupes = sorted(p for p, count in Counter(ids).items() if count > 1)
    if dupes:
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
    raw: Counter[tuple[int, int]] = Counter()
    for key, weight in (season_pairs or {}).items():
        pair = tuple(key)
        if len(pair) != 2 or pair[0] == pair[1]:
            raise SeatingError(f"season_pairs: {key!r} is not a pair of two players")
        if weight < 0:
            raise SeatingError(f"season_pairs: negative weight for {key!r}")
        if pair[0] in index and pair[1] in index and weight > 0:
            a, b = sorted((index[pair[0]], index[pair[1]]))
            raw[(a, b)] += weight
    if not raw:
        return {}
    top = max(raw.values())
    return {pair: max(1, round(SEASON_SCALE * w / top)) for pair, w in raw.items()}

"""A 大会 of eight players over two 回戦 by paper score sheets, with ties made on purpose.

Nets (ariari: 25000 返し, 順位点 +12/+4/−4/−12):

======  =========  =========  ======  =========  ====
player  回戦1      回戦2      total   avg rank   best
======  =========  =========  ======  =========  ====
A       1st +27.0  2nd +8.0   +35.0   1.5        +27
E       1st +22.0  2nd +13.0  +35.0   1.5        +22   (A above E: best single game)
B       2nd +9.0   1st +25.0  +34.0   1.5        +25
F       3rd −3.0   1st +37.0  +34.0   2.0        +37   (B above F: average rank before best)
G       2nd +6.0   3rd −9.0   −3.0
C       3rd −9.0   3rd −19.0  −28.0
H       4th −25.0  4th −24.0  −49.0
D       4th −27.0  4th −31.0  −58.0
======  =========  =========  ======  =========  ====

After 回戦1: A, E, B, G, F, C, H, D.
"""

from __future__ import annotations

import datetime

from scoring import services
from scoring.models import ClubDay, Hanchan

NAMES = ["A", "B", "C", "D", "E", "F", "G", "H"]
KANA = {"A": "あ", "B": "い", "C": "う", "D": "え", "E": "お", "F": "か", "G": "き", "H": "く"}
ORDER_AFTER_1 = ["A", "E", "B", "G", "F", "C", "H", "D"]
ORDER_AFTER_2 = ["A", "E", "B", "F", "G", "C", "H", "D"]

# (回戦, table, players by seat, scores by seat)
GAMES = [
    (1, 1, "ABCD", [40000, 30000, 20000, 10000]),
    (1, 2, "EFGH", [35000, 26000, 27000, 12000]),
    (2, 1, "ABGH", [29000, 38000, 20000, 13000]),
    (2, 2, "EFCD", [34000, 50000, 10000, 6000]),
]


def make_players(start: int = 101) -> dict:
    return {n: services.member_create(name=n, kana=KANA[n], number=start + i) for i, n in enumerate(NAMES)}


def make_tournament(ruleset, *, rounds: int = 2, final_table: bool = True, swiss: bool = True) -> ClubDay:
    return services.clubday_create(date=datetime.date(2026, 11, 15), venue="公民館", ruleset=ruleset,
                                   kind=ClubDay.Kind.TOURNAMENT, name="秋季大会", rounds=rounds,
                                   swiss=swiss, final_table=final_table)


def play(day: ClubDay, players: dict, number: int, table: int, seats: str, scores: list[int]) -> Hanchan:
    hanchan = services.hanchan_create(clubday=day, table=table, number=number, mode=Hanchan.Mode.FINAL,
                                      players=[players[s] for s in seats])
    services.hanchan_record_final_scores(hanchan=hanchan, scores=scores, sticks=0, by=None)
    hanchan.refresh_from_db()
    return hanchan


def play_all(day: ClubDay, players: dict, upto: int = 2) -> list[Hanchan]:
    return [play(day, players, *game) for game in GAMES if game[0] <= upto]

"""A small club history for the boards tests, every figure worked out by hand.

Members (conftest ``members``): 山田 1, 佐藤 2, 鈴木 3, 田中 4, 伊藤 5. Rule sets: ariari (25000 持ち,
25000 返し, 順位点 +12/+4/−4/−12, 上家優先) and 「同着折半」 (the same with ``tie_break: split``).

Day 1, 2026-10-01, ariari
  H1 (paper)  山田 32600 / 佐藤 25000 / 鈴木 25000 / 田中 17400
              ranks 1 2 3 4 → net +19600, +4000, −4000, −19600
  H2 (hands)  seats 佐藤 (起家), 鈴木, 田中, 伊藤. 東1局: 佐藤 declares riichi; 伊藤 rons 鈴木 for a
              yakuman (32000) + the stick: 佐藤 24000, 鈴木 −7000 (トビ, the game ends), 田中 25000, 伊藤 58000
              ranks 3 4 2 1 → net 佐藤 −1000−4000 = −5000, 鈴木 −32000−12000 = −44000,
              田中 0+4000 = +4000, 伊藤 33000+12000 = +45000.
              Figures: 1 hand each; 佐藤 1 riichi; 鈴木 1 deal-in; 伊藤 1 win of 32000, 1 yakuman.
Day 2, 2026-11-01, 同着折半
  H3 (paper)  山田 30000 / 佐藤 30000 / 鈴木 20000 / 伊藤 20000
              ranks 1 1 3 3; 順位点 (12+4)/2 = +8000 each top, (−4−12)/2 = −8000 each
              → net +13000, +13000, −13000, −13000
  H4 (paper, then 無効)  田中 40000 / 山田 20000 / 佐藤 20000 / 鈴木 20000 — off the boards
  H5 in play (no result)

All time, by net: 山田 +32600 (2 games), 伊藤 +32000 (2), 佐藤 +12000 (3), 田中 −15600 (2), 鈴木 −61000 (3).
"""

from __future__ import annotations

import datetime

from scoring import services
from scoring.models import RuleSet

DAY1, DAY2 = datetime.date(2026, 10, 1), datetime.date(2026, 11, 1)


def build_history(members, ariari, by) -> dict:
    yamada, sato, suzuki, tanaka, ito = members
    split = RuleSet.objects.create(name="同着折半", preset="ariari", options={"tie_break": "split"})
    d1 = services.clubday_create(date=DAY1, venue="公民館", ruleset=ariari)
    d2 = services.clubday_create(date=DAY2, venue="公民館", ruleset=split)
    h1 = services.hanchan_create(clubday=d1, table=1, players=[yamada, sato, suzuki, tanaka])
    services.hanchan_record_final_scores(hanchan=h1, scores=[32600, 25000, 25000, 17400], sticks=0, by=by)
    h2 = services.hanchan_create(clubday=d1, table=2, players=[sato, suzuki, tanaka, ito])
    services.hanchan_record_hand(hanchan=h2, event={"type": "ron", "winner": 3, "loser": 1, "yakuman": 1,
                                                    "riichi": [0]}, by=by)
    h3 = services.hanchan_create(clubday=d2, table=1, players=[yamada, sato, suzuki, ito])
    services.hanchan_record_final_scores(hanchan=h3, scores=[30000, 30000, 20000, 20000], sticks=0, by=by)
    h4 = services.hanchan_create(clubday=d2, table=2, players=[tanaka, yamada, sato, suzuki])
    services.hanchan_record_final_scores(hanchan=h4, scores=[40000, 20000, 20000, 20000], sticks=0, by=by)
    services.hanchan_void(hanchan=h4, by=by)
    h5 = services.hanchan_create(clubday=d2, table=3, players=[tanaka, yamada, sato, ito])
    return {"days": [d1, d2], "hanchan": [h1, h2, h3, h4, h5], "split": split}

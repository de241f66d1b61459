"""``python manage.py seedhistory --years 10 --members 60 [--seed N] [--via-hands]``: a seeded synthetic
history of weekly club days with legal hands, for trying the boards and for ``bench/boards.py``.
Each hanchan is replayed once and stored as the services store it (``--via-hands``: every hand
through ``services.hanchan_record_hand``, the slow reference path)."""

from __future__ import annotations

import datetime
import random
import time
from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction
from simple_history.utils import bulk_create_with_history

import rules
from scoring import services
from scoring.models import ClubDay, Hanchan, HandRecord, Member, RuleSet
from scoring.selectors.members import next_member_number
from scoring.services.hanchan import replay, settled_columns

FAMILY = [("佐藤", "さとう"), ("鈴木", "すずき"), ("高橋", "たかはし"), ("田中", "たなか"), ("伊藤", "いとう"),
          ("渡辺", "わたなべ"), ("山本", "やまもと"), ("中村", "なかむら"), ("小林", "こばやし"), ("加藤", "かとう"),
          ("吉田", "よしだ"), ("山田", "やまだ"), ("佐々木", "ささき"), ("山口", "やまぐち"), ("松本", "まつもと"),
          ("井上", "いのうえ"), ("木村", "きむら"), ("林", "はやし"), ("斎藤", "さいとう"), ("清水", "しみず"),
          ("山崎", "やまざき"), ("森", "もり"), ("池田", "いけだ"), ("橋本", "はしもと"), ("阿部", "あべ"),
          ("石川", "いしかわ"), ("山下", "やました"), ("中島", "なかじま"), ("石井", "いしい"), ("小川", "おがわ")]
GIVEN = [("太郎", "たろう"), ("花子", "はなこ"), ("一郎", "いちろう"), ("和子", "かずこ"), ("洋子", "ようこ"),
         ("茂", "しげる"), ("博", "ひろし"), ("清", "きよし"), ("幸子", "さちこ"), ("節子", "せつこ"),
         ("実", "みのる"), ("勇", "いさむ"), ("久美子", "くみこ"), ("明美", "あけみ"), ("正", "ただし"),
         ("進", "すすむ"), ("恵子", "けいこ"), ("京子", "きょうこ"), ("誠", "まこと"), ("隆", "たかし")]
# (han, fu) pairs that can occur, with rough weights (fu None: mangan and above)
RON = [((1, 30), 10), ((1, 40), 8), ((1, 50), 2), ((2, 30), 10), ((2, 40), 6), ((2, 25), 3), ((3, 30), 8),
       ((3, 40), 4), ((3, 25), 2), ((4, 30), 4), ((4, 25), 1), ((5, None), 5), ((6, None), 2), ((7, None), 1),
       ((8, None), 1), ((11, None), 0.3)]
TSUMO = [((1, 30), 6), ((1, 40), 4), ((2, 20), 6), ((2, 30), 6), ((2, 40), 3), ((3, 20), 3), ((3, 25), 2),
         ((3, 30), 4), ((4, 20), 1), ((4, 25), 1), ((4, 30), 2), ((5, None), 4), ((6, None), 2), ((8, None), 1),
         ((13, None), 0.2)]
MAX_EVENTS = 40


class Generator:
    """Legal hands for one hanchan, drawn with ``rng``; the engine checks each as it is added."""

    def __init__(self, rng: random.Random, spec: dict[str, Any]):
        self.rng, self.spec = rng, spec
        self.engine = rules.get_ruleset(spec)

    def _value(self, table) -> dict[str, Any]:
        pairs, weights = zip(*table)
        if self.rng.random() < 0.002:
            return {"yakuman": 1}
        han, fu = self.rng.choices(pairs, weights)[0]
        return {"han": han} if fu is None else {"han": han, "fu": fu}

    def event(self, state: dict[str, Any]) -> dict[str, Any]:
        rng = self.rng
        can_riichi = [s for s in range(4) if state["scores"][s] >= self.engine.riichi_min_score]
        riichi = sorted(s for s in can_riichi if rng.random() < 0.22)
        roll = rng.random()
        if roll < 0.003:
            return {"type": "chombo", "offender": rng.randrange(4)}
        if roll < 0.17:  # 流局
            tenpai = sorted(set(riichi) | {s for s in range(4) if rng.random() < 0.4})
            return {"type": "draw", "tenpai": tenpai, **({"riichi": riichi} if riichi else {})}
        winner = rng.choice(riichi) if riichi and rng.random() < 0.6 else rng.randrange(4)
        if roll < 0.52:
            event = {"type": "tsumo", "winner": winner, **self._value(TSUMO)}
        else:
            loser = rng.choice([s for s in range(4) if s != winner])
            event = {"type": "ron", "winner": winner, "loser": loser, **self._value(RON)}
        if riichi:
            event["riichi"] = riichi
        return event

    def game(self, players: list[str]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        """A whole hanchan's events and their replay (not ended after MAX_EVENTS: the caller ends it)."""
        doc = {"ruleset": self.spec, "players": players, "hands": []}
        out = rules.play(doc)
        while not out["ended"] and len(doc["hands"]) < MAX_EVENTS:
            event = self.event(out["state"])
            try:
                step = rules.next_hand(doc, event)
            except rules.RulesError:
                continue  # e.g. a rule set's restriction; draw another
            doc["hands"].append(event)
            out = {"ended": step["ended"], "state": step["after"], "result": step["result"]}
        return doc["hands"], out


class Command(BaseCommand):
    help = "Build a synthetic club history (weekly club days, hand-by-hand and paper hanchan) through the services."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--years", type=float, default=1.0)
        parser.add_argument("--members", type=int, default=60)
        parser.add_argument("--seed", type=int, default=12)
        parser.add_argument("--via-hands", action="store_true",
                            help="every hand through services.hanchan_record_hand (slow reference path)")
        parser.add_argument("--every", type=int, default=25, help="a progress line every N club days")

    def handle(self, *args, years: float, members: int, seed: int, via_hands: bool, every: int, **options) -> None:
        if members < 16:
            raise CommandError("--members must be at least 16 (four tables)")
        if Hanchan.objects.exists():
            raise CommandError("the database already has hanchan; seedhistory builds a history into an empty club")
        rng = random.Random(seed)
        main = RuleSet.objects.filter(preset="ariari", options={}).order_by("pk").first() or RuleSet.objects.first()
        if main is None:
            raise CommandError("no rule set: run migrate first")
        other = RuleSet.objects.exclude(pk=main.pk).filter(preset="tenhou").first()
        last = datetime.date.today() - datetime.timedelta(days=(datetime.date.today().weekday() + 1) % 7)
        days = [last - datetime.timedelta(weeks=w) for w in range(int(years * 52.18))][::-1]
        club = self._members(rng, members, days)
        started = time.monotonic()
        totals = {"hanchan": 0, "hands": 0, "paper": 0}
        for i, date in enumerate(days, 1):
            ruleset = other if other and rng.random() < 1 / 12 else main
            present = [m for m, since, until, rate in club if since <= date <= until and rng.random() < rate]
            rng.shuffle(present)
            tables = min(len(present) // 4, 4 + rng.randrange(3))
            with transaction.atomic():
                day = services.clubday_create(date=date, venue="公民館", ruleset=ruleset)
                gen = Generator(rng, ruleset.spec())
                for t in range(tables):
                    at_table = present[4 * t:4 * t + 4]
                    for _game in range(5 + rng.randrange(2)):
                        self._hanchan(gen, day, t + 1, rng.sample(at_table, 4), via_hands, totals)
            if i % every == 0 or i == len(days):
                self.stdout.write(f"{date}: {i}/{len(days)} club days, {totals['hanchan']:,} hanchan "
                                  f"({totals['paper']:,} on paper), {totals['hands']:,} hands, "
                                  f"{time.monotonic() - started:.0f}s")
        for m, _since, until, _rate in club:
            if until < days[-1]:
                services.member_update(member=m, active=False)
        self.stdout.write(f"seedhistory: {len(days)} club days, {totals['hanchan']:,} hanchan, "
                          f"{totals['hands']:,} hands in {time.monotonic() - started:.1f}s "
                          f"({'via hanchan_record_hand' if via_hands else 'one replay per hanchan'})")

    def _members(self, rng: random.Random, count: int, days: list[datetime.date]):
        """(member, first day, last day, attendance) — two thirds there from the start, the rest join
        later; some leave."""
        pool = [(f + g, fk + gk) for f, fk in FAMILY for g, gk in GIVEN]
        rng.shuffle(pool)
        first = next_member_number()
        club = []
        for n in range(count):
            name, kana = pool[n % len(pool)]
            member = services.member_create(name=name, kana=kana, number=first + n)
            since = days[0] if n < count * 2 // 3 else rng.choice(days)
            until = days[-1] if rng.random() < 0.8 else rng.choice([d for d in days if d >= since])
            club.append((member, since, until, rng.uniform(0.35, 0.9)))
        return club

    def _hanchan(self, gen: Generator, day: ClubDay, table: int, players: list[Member], via_hands: bool,
                 totals: dict[str, int]) -> None:
        paper = gen.rng.random() < 0.14
        hanchan = services.hanchan_create(clubday=day, table=table, players=players)
        events, out = gen.game(hanchan.player_names())
        totals["hanchan"] += 1
        if paper:
            result = out["result"] if out["ended"] else rules.final_result(out["state"]["scores"], gen.spec,
                                                                           sticks=out["state"]["pot"] // gen.engine.riichi_stick)
            services.hanchan_record_final_scores(hanchan=hanchan, scores=result["raw_scores"],
                                                 sticks=result["leftover_sticks"], by=None)
            totals["paper"] += 1
            return
        totals["hands"] += len(events)
        if via_hands:
            for event in events:
                services.hanchan_record_hand(hanchan=hanchan, event=event, by=None)
        else:  # all hands but the last stored at once; the last recorded as the phone does (it may end the game)
            _store_hands(hanchan, events[:-1])
            services.hanchan_record_hand(hanchan=hanchan, event=events[-1], by=None)
        if not out["ended"]:  # a game cut short: 途中終了
            services.hanchan_finish(hanchan=hanchan, by=None)


def _store_hands(hanchan: Hanchan, events: list[dict[str, Any]]) -> None:
    """The hands of a new hanchan as ``hanchan_record_hand`` would leave them, from one replay."""
    try:
        out = replay(hanchan, events)
    except ValidationError as exc:  # the generator checked every event; this would be an engine change
        raise CommandError(f"{hanchan}: {' '.join(exc.messages)}") from None
    rows = [HandRecord(hanchan=hanchan, order=i, event=event, **settled_columns(ev))
            for i, (event, ev) in enumerate(zip(events, out["events"]))]
    bulk_create_with_history(rows, HandRecord, batch_size=500)
    Hanchan.objects.filter(pk=hanchan.pk).update(version=hanchan.version + len(rows))
    hanchan.version += len(rows)

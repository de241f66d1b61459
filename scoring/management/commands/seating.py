"""``manage.py seating``: the table draw of an evening of players 0..N-1 as JSON; no database."""

from __future__ import annotations

import json
from collections import Counter

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.seating import MAX_PLAYERS, MAX_ROUNDS, SeatingError, draw_evening, lower_bound, repeats


class Command(BaseCommand):
    help = "Print the table draw (座席決め) of an evening of N players and R rounds as JSON."
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--players", type=int, required=True, help=f"number of players (4..{MAX_PLAYERS})")
        parser.add_argument("--rounds", type=int, required=True, help=f"number of rounds, 回戦 (1..{MAX_ROUNDS})")
        parser.add_argument("--seed", default="0", help="seed of the draw (default 0): same seed, same draw")
        parser.add_argument("--summary", action="store_true",
                            help="also write repeats, the lower bound and 起家 counts to stderr")

    def handle(self, *args, players: int, rounds: int, seed: str, summary: bool = False, **options) -> None:
        if players < 4:
            raise CommandError(f"参加者は4人以上にしてください / --players must be at least 4 (got {players})")
        if players > MAX_PLAYERS:
            raise CommandError(f"参加者は{MAX_PLAYERS}人までです / --players must be at most {MAX_PLAYERS} (got {players})")
        if rounds < 1:
            raise CommandError(f"回戦数は1以上にしてください / --rounds must be at least 1 (got {rounds})")
        if rounds > MAX_ROUNDS:
            raise CommandError(f"回戦数は{MAX_ROUNDS}までです / --rounds must be at most {MAX_ROUNDS} (got {rounds})")
        # an integer seed is used as an integer, so that --seed 5 and seed=5 in Python agree
        seed_value: int | str = int(seed) if seed.lstrip("-").isdecimal() else seed
        try:
            plan = draw_evening(range(players), rounds, seed=seed_value)
        except SeatingError as exc:
            raise CommandError(f"座席を決められません / cannot draw: {exc}") from None
        data = {"rounds": [rnd.as_dict() for rnd in plan]}
        self.stdout.write(json.dumps(data))
        if summary:
            dealers = Counter(t[0] for rnd in plan for t in rnd.tables)
            spread = [dealers[p] for p in range(players)]
            self.stderr.write(f"repeats {repeats(plan)} (lower bound {lower_bound(players, rounds)}), "
                              f"起家 per player {min(spread)}..{max(spread)}")

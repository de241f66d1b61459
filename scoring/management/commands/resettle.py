"""``python manage.py resettle``: make every stored cache (per-hand settlements, results) equal the
replay of the stored input, reporting each hanchan it had to correct.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from scoring import services
from scoring.models import Hanchan
from scoring.services.ratings import ratings_update


class Command(BaseCommand):
    help = "Recompute every hanchan's cached settlements and results from its stored hands; report corrections."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--hanchan", type=int, nargs="*", help="only these hanchan (primary keys)")
        parser.add_argument("--in-play", action="store_true",
                            help="only hanchan in play (finishes those whose hands end the game: `make run` does this)")

    def handle(self, *args, hanchan: list[int] | None = None, in_play: bool = False, **options) -> None:
        qs = Hanchan.objects.order_by("pk")
        if hanchan:
            qs = qs.filter(pk__in=hanchan)
        if in_play:
            qs = qs.filter(state=Hanchan.State.IN_PLAY)
        checked = corrected = 0
        failed = []
        for pk in qs.values_list("pk", flat=True).iterator():
            fixes = services.hanchan_resettle(hanchan=Hanchan(pk=pk))
            checked += 1
            if fixes:
                corrected += 1
                h = Hanchan.objects.select_related("clubday").get(pk=pk)
                self.stdout.write(f"#{pk} {h}: " + "; ".join(fixes))
                if any(f.startswith(("再計算できません", "Cannot")) for f in fixes):
                    failed.append(pk)
        if corrected or options["verbosity"]:
            self.stdout.write(f"resettle: {checked} hanchan checked, {corrected} corrected")
        if not hanchan and not in_play:  # the boards' caches of all results: rebuilt from them
            rows = services.rollup_rebuild()
            rated = ratings_update(since=None)
            self.stdout.write(f"boards: rollup rebuilt ({rows} rows), ratings recomputed ({rated} changed)")
        if failed:
            raise CommandError(f"{len(failed)} hanchan could not be recomputed: {failed}")

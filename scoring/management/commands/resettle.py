"""``python manage.py resettle``: make every stored cache (per-hand settlements, results) equal the
replay of the stored input, reporting each hanchan it had to correct. ``--upgrade`` (``make run``)
does so once after an upgrade that changed what a replay stores (``SETTLED_VERSION``).
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from scoring import generations, services
from scoring.models import Hanchan, Settled
from scoring.services.hanchan import SETTLED_VERSION
from scoring.services.ratings import ratings_update


class Command(BaseCommand):
    help = "Recompute every hanchan's cached settlements and results from its stored hands; report corrections."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--hanchan", type=int, nargs="*", help="only these hanchan (primary keys)")
        parser.add_argument("--in-play", action="store_true",
                            help="only hanchan in play (finishes those whose hands end the game)")
        parser.add_argument("--upgrade", action="store_true",
                            help="every hanchan when the stored caches were made by older code, else --in-play "
                                 "(`make run` does this)")

    def handle(self, *args, hanchan: list[int] | None = None, in_play: bool = False, upgrade: bool = False,
               **options) -> None:
        if upgrade:
            in_play = Settled.objects.filter(version=SETTLED_VERSION).exists()
            if not in_play and Hanchan.objects.exists():
                self.stdout.write("resettle: the stored results were made by an older version of the app: "
                                  "recomputing every hanchan once (about a minute a year of history)")
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
            generations.new_generation(generations.BOARDS)  # the boards kept were drawn from the rollup replaced
            self.stdout.write(f"boards: rollup rebuilt ({rows} rows), ratings recomputed ({rated} changed)")
            Settled.objects.update_or_create(pk=1, defaults={"version": SETTLED_VERSION})
        if failed:
            raise CommandError(f"{len(failed)} hanchan could not be recomputed: {failed}")

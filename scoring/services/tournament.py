"""大会 (tournament) writes: its settings on a club day, and the 決勝卓 (final table)."""

from __future__ import annotations

import random
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from ..models import ClubDay, Hanchan, Member
from ..selectors.tournament import (FINAL_TABLE, final_hanchan, final_number, tournament_progress,
                                   tournament_standings)
from .club import clubday_save, hanchan_create


@transaction.atomic
def clubday_update(*, clubday: ClubDay, date: Any, venue: str, ruleset: Any, kind: str = ClubDay.Kind.CLUB,
                   name: str = "", rounds: int | None = None, swiss: bool = False,
                   final_table: bool = False) -> ClubDay:
    """Change a club day. Once a hanchan exists the date and the rule set stay: its results are settled
    under that rule set and counted in that date's periods on the boards."""
    day = ClubDay.objects.select_for_update().get(pk=clubday.pk)
    if day.hanchans.exists() and (date != day.date or ruleset.pk != day.ruleset_id):
        raise ValidationError(_("半荘が記録されている例会の日付とルールは変えられません(結果がその日付とルールで"
                                "計算されています)。会場や大会の設定は変えられます"), code="has_hanchan")
    if kind == ClubDay.Kind.TOURNAMENT and rounds:
        _check_rounds(day, rounds, final_table)
    day.date, day.venue, day.ruleset = date, venue.strip(), ruleset
    return clubday_save(day, kind=kind, name=name, rounds=rounds, swiss=swiss, final_table=final_table)


def _check_rounds(day: ClubDay, rounds: int, final_table: bool) -> None:
    """回戦数 may not drop below a 回戦 already drawn or played (its tables would turn into a 決勝卓 or
    fall out of the standings), nor change once the 決勝卓 exists (it is 回戦 回戦数 + 1)."""
    final = final_hanchan(day)
    if final is not None and (rounds != day.rounds or not final_table):
        raise ValidationError({"rounds": _("決勝卓ができているので、回戦数と決勝卓の設定は変えられません")},
                              code="final_exists")
    played = day.hanchans.exclude(pk=final.pk if final else None).aggregate(n=Max("number"))["n"] or 0
    last = max(played, day.draws.aggregate(n=Max("number"))["n"] or 0)
    if rounds < last:
        raise ValidationError({"rounds": _("%(n)s回戦まで組み合わせ・対局があるので、回戦数は %(n)s より少なくできません")
                                         % {"n": last}}, code="rounds_played")


@transaction.atomic
def final_table_create(*, clubday: ClubDay, mode: str = Hanchan.Mode.HANDS) -> Hanchan:
    """「決勝卓を作る」: the top four after the planned 回戦, seats drawn, as 回戦 ``rounds + 1``."""
    day = ClubDay.objects.select_for_update().get(pk=clubday.pk)  # one 決勝卓 at a time
    number = final_number(day)
    if number is None:
        raise ValidationError(_("この大会には決勝卓がありません(大会の設定で「上位4人で決勝卓」を選んでください)"),
                              code="no_final_table")
    progress = tournament_progress(day)
    if progress["final"] is not None:
        raise ValidationError(_("決勝卓はもう作られています"), code="final_exists")
    if not progress["rounds_done"]:
        raise ValidationError(_("決勝卓は %(n)s 回戦がすべて終わってから作れます(対局中の半荘: %(in_play)s)")
                              % {"n": day.rounds, "in_play": progress["in_play"]}, code="rounds_not_done")
    top = tournament_standings(day, after_round=day.rounds)[:4]
    if len(top) < 4:
        raise ValidationError(_("決勝卓には4人の成績が必要です"), code="too_few")
    found = Member.objects.in_bulk([row["member_id"] for row in top])
    players = [found[row["member_id"]] for row in top]
    random.SystemRandom().shuffle(players)
    return hanchan_create(clubday=day, table=FINAL_TABLE, number=number, players=players, mode=mode)

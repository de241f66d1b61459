"""大会 (tournament) standings after each 回戦, the 決勝卓 (回戦 ``rounds + 1`` at table 1) and the final result.

Standings count the finished hanchan of the planned 回戦, ranked by ``TIEBREAKS``; players equal on all three share
the rank and are listed by 会員番号. A finished 決勝卓's placings decide 1st–4th."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext_lazy as _

import rules

from ..models import ClubDay, Hanchan, HanchanResult

FINAL_TABLE = 1  # the 決勝卓 is played at table 1, as 回戦 rounds + 1

TIEBREAKS = [
    ("net", _("合計成績(多い方が上)")),
    ("avg_rank", _("平均順位(小さい方が上)")),
    ("best", _("1半荘の最高成績(多い方が上)")),
]


def final_number(clubday: ClubDay) -> int | None:
    """The 回戦 number of the 決勝卓 (None when the 大会 has none)."""
    if clubday.kind == ClubDay.Kind.TOURNAMENT and clubday.final_table and clubday.rounds:
        return clubday.rounds + 1
    return None


def final_hanchan(clubday: ClubDay) -> Hanchan | None:
    """The 決勝卓's hanchan, if created (not void)."""
    number = final_number(clubday)
    if number is None:
        return None
    return (clubday.hanchans.with_players().filter(table=FINAL_TABLE, number=number)
            .exclude(state=Hanchan.State.VOID).first())


def _results(clubday: ClubDay, upto: int | None) -> list[tuple[int, str, int, int, int, int]]:
    """(member id, name, member number, 回戦, rank, net) of the finished hanchan of the main 回戦."""
    qs = HanchanResult.objects.filter(hanchan__clubday=clubday, hanchan__state=Hanchan.State.FINISHED)
    if clubday.kind == ClubDay.Kind.TOURNAMENT and clubday.rounds:
        qs = qs.filter(hanchan__number__lte=clubday.rounds)
    if upto is not None:
        qs = qs.filter(hanchan__number__lte=upto)
    return list(qs.values_list("member_id", "member__name", "member__number", "hanchan__number", "rank", "net")
                .order_by("hanchan__number", "hanchan__table", "rank"))


def _rank(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """By ``key``, then 会員番号; rows with equal keys share the better ``rank`` and are ``tied``."""
    rows.sort(key=lambda r: (r["key"], r["number"]))
    keys = [row.pop("key") for row in rows]
    counts, first = Counter(keys), {}
    for place, (row, key) in enumerate(zip(rows, keys), start=1):
        row.update(tied=counts[key] > 1, rank=first.setdefault(key, place))
    return rows


def _rows(results: list[tuple[int, str, int, int, int, int]]) -> list[dict[str, Any]]:
    acc: dict[int, dict[str, Any]] = {}
    for member_id, name, number, _round, rank, net in results:
        row = acc.setdefault(member_id, {"member_id": member_id, "name": name, "number": number, "games": 0,
                                         "net": 0, "rank_sum": 0, "best": None, "firsts": 0})
        row["games"] += 1
        row["net"] += net
        row["rank_sum"] += rank
        row["firsts"] += rank == 1
        row["best"] = net if row["best"] is None else max(row["best"], net)
    for row in acc.values():
        avg = Fraction(row["rank_sum"], row["games"])
        row.update(avg_rank=float(avg), net_text=rules.net_text(row["net"]), best_text=rules.net_text(row["best"]),
                   key=(-row["net"], avg, -row["best"]))
    return _rank(list(acc.values()))


def tournament_standings(clubday: ClubDay, *, after_round: int | None = None) -> list[dict[str, Any]]:
    """The standings after 回戦 ``after_round`` (None: every 回戦 played), best first."""
    return _rows(_results(clubday, after_round))


def tournament_order(clubday: ClubDay, *, after_round: int | None = None) -> list[int]:
    """Member ids in rank order after 回戦 ``after_round`` (only players with a finished hanchan): the Swiss draw's."""
    return [row["member_id"] for row in tournament_standings(clubday, after_round=after_round)]


def tournament_rounds(clubday: ClubDay) -> list[dict[str, Any]]:
    """The standings after each 回戦 played, newest first; each row also has ``move`` (places gained
    since the 回戦 before) and ``round_net`` (the net in this 回戦, None when sitting out)."""
    results = _results(clubday, None)
    round_nets: Counter[tuple[int, int]] = Counter()
    for member_id, _name, _no, number, _rank, net in results:
        round_nets[number, member_id] += net
    out, before = [], {}
    for k in sorted({r[3] for r in results}):
        rows = _rows([r for r in results if r[3] <= k])
        for row in rows:
            prev = before.get(row["member_id"])
            row["move"] = None if prev is None else prev - row["rank"]
            row["move_abs"] = abs(row["move"]) if row["move"] is not None else None
            row["round_net"] = round_nets.get((k, row["member_id"]))
            row["round_net_text"] = rules.net_text(row["round_net"]) if row["round_net"] is not None else ""
        before = {row["member_id"]: row["rank"] for row in rows}
        out.append({"number": k, "rows": rows})
    return out[::-1]


def tournament_progress(clubday: ClubDay) -> dict[str, Any]:
    """Where the 大会 stands; the 決勝卓 is due once every planned 回戦 has games and none is in play."""
    planned = clubday.rounds or 0
    main = clubday.hanchans.exclude(state=Hanchan.State.VOID)
    if planned:
        main = main.filter(number__lte=planned)
    numbers = set(main.values_list("number", flat=True))
    in_play = main.filter(state=Hanchan.State.IN_PLAY).count()
    done = bool(planned) and numbers >= set(range(1, planned + 1)) and in_play == 0
    final = final_hanchan(clubday)
    played = sorted({number for _m, _n, _no, number, _r, _net in _results(clubday, None)})  # with a finished game
    return {"planned": planned, "played": played, "in_play": in_play, "rounds_done": done,
            "final": final, "final_due": final_number(clubday) is not None and done and final is None}


def tournament_result(clubday: ClubDay) -> dict[str, Any]:
    """The final result, in final order; ``decided`` once the 決勝卓 finished, or every 回戦 is done
    when there is none."""
    rows = tournament_standings(clubday)
    progress = tournament_progress(clubday)
    final = progress["final"]
    for row in rows:
        row.update(place=row["rank"], final_rank=None, final_net_text="")
    decided = progress["rounds_done"] and final_number(clubday) is None
    if final is not None and final.state == Hanchan.State.FINISHED:
        finals = {r.member_id: r for r in final.results.all()}
        # sorted() is stable: players the final table ties stay in standings order
        top = sorted((row for row in rows if row["member_id"] in finals),
                     key=lambda row: finals[row["member_id"]].rank)
        rest = [row for row in rows if row["member_id"] not in finals]
        for row in top:
            result = finals[row["member_id"]]
            row.update(place=result.rank, final_rank=result.rank, final_net_text=result.net_text)
        for row in rest:  # those behind the final table keep their standings order
            row["place"] = max(row["rank"], len(top) + 1)
        rows = top + rest
        decided = True
    champion = rows[0] if decided and rows else None
    return {"rows": rows, "final": final, "decided": decided, "champion": champion, "progress": progress}


def ruleset_summary(clubday: ClubDay) -> list[tuple[Any, str]]:
    """The rules a 大会's printout states, as (label, value) pairs."""
    rs = clubday.ruleset.engine()
    uma = " / ".join(rules.net_text(v) for v in rs.uma)
    return [
        (_("持ち点"), f"{rs.start_points}"),
        (_("返し"), f"{rs.return_points}"),
        (_("順位点"), uma),
        (_("トビ"), str(_("あり(0点未満で終了)") if rs.bust else _("なし(0点未満でも続行)"))),
        (_("持ち点1000点未満のリーチ"), str(_("不可") if rs.riichi_min_score > 0 else _("可"))),
        (_("同点"), str(_("上家優先") if rs.tie_break == "seat" else _("同着折半"))),
    ]

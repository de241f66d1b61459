"""The results import: a file checked against the database into a plan (the dry run), then stored
all or nothing, each hanchan as a paper sheet; and its undo."""

from __future__ import annotations

import datetime
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from decimal import Decimal
from itertools import groupby
from operator import attrgetter
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _, ngettext
from simple_history.utils import bulk_create_with_history

import rules

from ..models import ClubDay, FinalScoreSheet, Hanchan, HanchanResult, Member, ResultsImport, RuleSet
from ..selectors.members import next_member_number
from ..shared import engine_message, kana_guess, listed, name_in_kana
from .boards import boards_refresh
from .club import clubday_create, member_create
from .common import User, actor
from .csvcells import FIELD_LABELS, name_key, without_honorific
from .csvplan import ImportPlan, Line, PlannedHanchan, read_sheets, where_text
from .hanchan import result_values
from .rollup import rollup_refresh_days

# the reading given to a new member whose name has none to guess (Latin letters): sorts last in 五十音 order
PLACEHOLDER_KANA = "ん"
# the version an import leaves its hanchan at, as one typed in is after its sheet: a later write moves it
IMPORTED_VERSION = 1


def results_import_check(*, text: str = "", sheets: Sequence[tuple[str, str]] = (), create_members: bool = False,
                         ruleset: RuleSet | None = None) -> ImportPlan:
    """The dry run: the rows of ``sheets``, or of one CSV ``text``, checked against the database.
    ``ruleset``: the rule set of the rows that name none."""
    plan, parsed = read_sheets(list(sheets) or [("", text)], ruleset=ruleset)
    if not parsed:
        return plan
    _check_hanchans(plan, parsed, create_members=create_members)
    plan.hanchans.sort(key=lambda h: (h.date, h.table, h.game))
    if plan.skipped:
        plan.notes.append(ngettext("%(n)s 半荘はすでに同じ内容で記録されているので、取り込まずに飛ばします",
                                   "%(n)s 半荘はすでに同じ内容で記録されているので、取り込まずに飛ばします", plan.skipped)
                          % {"n": plan.skipped})
        if not plan.hanchans and not plan.errors:
            plan.error([], _("このファイルの半荘はすべて記録済みです。取り込むものはありません"))
    return plan


def _days_by_date(dates: set[datetime.date]) -> dict[datetime.date, ClubDay]:
    """The club day of each of ``dates`` that has one (of several on a date, the first: it comes last)."""
    return {day.date: day for day in ClubDay.objects.filter(date__in=dates).select_related("ruleset").order_by("-pk")}


def _numbers_by_name(plan: ImportPlan, parsed: list[dict[str, Any]], *, create_members: bool) -> None:
    """Number the rows without a member number by their name: the one member of that name (or
    reading, or without an honorific), or with ``create_members`` the next free number. A name
    several members have, or none, is refused and its rows keep no number."""
    unnumbered: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in parsed:
        if r["member_no"] is None:
            unnumbered[name_key(r["member_name"])].append(r)
    if not unnumbered:
        return
    numbers: dict[str, list[int]] = defaultdict(list)
    readings: dict[str, list[int]] = defaultdict(list)
    registered: dict[int, str] = {}
    for number, name, kana in Member.objects.order_by("number").values_list("number", "name", "kana"):
        numbers[name_key(name)].append(number)
        readings[name_key(kana)].append(number)
        registered[number] = name
    free = max([next_member_number(), *(r["member_no"] + 1 for r in parsed if r["member_no"])])  # past the file's too
    alike = []
    for key, rows in unnumbered.items():
        name, lines = rows[0]["member_name"], [r["line"] for r in rows]
        if not numbers[key]:  # 佐藤花子さん, or さとうはなこ: the member of that name or reading
            found = numbers.get(name_key(without_honorific(name))) or readings.get(name_key(name_in_kana(name) or "-"))
            if len(found or ()) == 1:
                alike.append(_("「%(sheet)s」→「%(name)s」(会員番号 %(no)s)")
                             % {"sheet": name, "name": registered[found[0]], "no": found[0]})
                name = registered[found[0]]
            numbers[key] = found or []
        if len(numbers[key]) > 1:
            plan.error(lines, _("「%(name)s」という会員が複数います(会員番号 %(numbers)s)。会員番号を書いてください")
                       % {"name": name, "numbers": listed(numbers[key])})
            continue
        if not numbers[key] and not create_members:
            plan.error(lines, _("「%(name)s」という会員は登録されていません(先に会員を登録するか、「会員として作成する」にチェックを入れてください)")
                       % {"name": name})
            continue
        if numbers[key]:
            number = numbers[key][0]
        else:
            number, free = free, free + 1
        for r in rows:
            r["member_no"], r["member_name"] = number, name  # a new member takes the name's first spelling
    if alike:
        plan.notes.append(_("登録された名前と違う名前は、敬称を除いた名前かよみがなが同じ会員として読みました。"
                            "違う人なら会員番号を書いてください: %(list)s") % {"list": listed(alike)})


def _without_sit_outs(plan: ImportPlan, parsed: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``parsed`` less the rows of members who sat out (抜け番) at a table of five: a row without a
    score when four others have one, or else the one row of five whose score is 0. Any other row
    without a score is refused."""
    games: dict[tuple, list[dict[str, Any]]] = defaultdict(list)
    for r in parsed:
        games[(r["date"], r["table"], r["game"])].append(r)
    dropped: list[Line] = []
    for key, rows in games.items():
        blank = [r for r in rows if r["score"] is None]
        zero = [r for r in rows if r["sits_out"] and r["score"] is not None]
        out = blank if len(rows) - len(blank) == 4 else zero if not blank and len(rows) == 5 and len(zero) == 1 else []
        dropped += [r["line"] for r in out]
        if refused := [r["line"] for r in blank if r not in out]:
            plan.error(refused, _("%(col)s が空です") % {"col": FIELD_LABELS["score"]})
            plan.refused_games.add(key)
    if dropped:
        plan.notes.append(ngettext("%(n)s 行は抜け番(5人の卓で素点が空・0・抜けの1人)として読みませんでした: %(where)s",
                                   "%(n)s 行は抜け番(5人の卓で素点が空・0・抜けの1人)として読みませんでした: %(where)s",
                                   len(dropped)) % {"n": len(dropped), "where": where_text(dropped, plan.sheets)})
    left_out = set(dropped)
    return [r for r in parsed if r["line"] not in left_out and r["score"] is not None]


def _check_hanchans(plan: ImportPlan, parsed: list[dict[str, Any]], *, create_members: bool) -> None:
    parsed = _without_sit_outs(plan, parsed)
    _numbers_by_name(plan, parsed, create_members=create_members)
    rulesets = {rs.name: rs for rs in RuleSet.objects.all()}
    members = Member.objects.in_bulk({r["member_no"] for r in parsed}, field_name="number")
    days = _days_by_date({r["date"] for r in parsed})
    taken = _recorded(days)

    # unknown members: refused, or created (one name per number)
    new_rows: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for r in parsed:
        if r["member_no"] is None:
            continue  # a name refused above
        known = members.get(r["member_no"])
        if known is None:
            new_rows[r["member_no"]].append(r)
        elif r["member_name"] and r["member_name"] != known.name:
            note = (_("会員番号 %(no)s は「%(db)s」として登録されています(CSV では「%(csv)s」)。登録済みの会員として取り込みます")
                    % {"no": known.number, "db": known.name, "csv": r["member_name"]})
            if note not in plan.notes:  # once, not for each of the member's rows
                plan.notes.append(note)
    bad_members: set[int] = set()
    guessed: list[str] = []
    for number, rows in sorted(new_rows.items()):
        names, lines = {r["member_name"] for r in rows}, [r["line"] for r in rows]
        written_kana = {r["member_kana"] for r in rows} - {""}
        given = {name_in_kana(k) for k in written_kana}
        if not create_members:
            plan.error(lines, _("会員番号 %(no)s は登録されていません(先に会員を登録するか、「会員として作成する」にチェックを入れてください)")
                       % {"no": number})
        elif len(names) > 1 or "" in names:
            plan.error(lines, _("新しい会員番号 %(no)s の名前が行によって違うか空です(%(names)s)")
                       % {"no": number, "names": listed(sorted(n or "空" for n in names))})
        elif len(name := names.pop()) > 50:
            plan.error(lines, _("名前は50文字までです(%(name)s)") % {"name": name[:60]})
        elif None in given or len(given) > 1 or any(len(k) > 100 for k in given):
            plan.error(lines, _("新しい会員番号 %(no)s のよみがなは、ひらがなかカタカナ100文字までで、"
                                "どの行も同じにしてください(%(kana)s)") % {"no": number, "kana": listed(sorted(written_kana))})
        else:
            kana = given.pop() if given else kana_guess(name) or PLACEHOLDER_KANA
            plan.new_members[number] = (name, kana)
            if not written_kana and not name_in_kana(name):  # a name in kana is its own reading
                guessed.append(f"{name}({kana})")
            continue
        bad_members.add(number)
    if guessed:
        plan.notes.append(ngettext("新しい会員 %(n)s 人のよみがなは名前の漢字から推測しました(推測できない名前は仮に「%(kana)s」、"
                                   "五十音順で最後)。違っていたら会員の編集で直してください: %(names)s",
                                   "新しい会員 %(n)s 人のよみがなは名前の漢字から推測しました(推測できない名前は仮に「%(kana)s」、"
                                   "五十音順で最後)。違っていたら会員の編集で直してください: %(names)s", len(guessed))
                          % {"n": len(guessed), "kana": PLACEHOLDER_KANA, "names": listed(guessed)})

    groups: dict[tuple, list[dict[str, Any]]] = defaultdict(list)
    for r in parsed:
        groups[(r["date"], r["table"], r["game"])].append(r)
    # a new club day takes the registered rule set most of its rows use
    day_rulesets: dict[datetime.date, Counter] = defaultdict(Counter)
    for (date, _t, _g), rows in groups.items():
        if date not in days and rows[0]["ruleset"] in rulesets:
            day_rulesets[date][rows[0]["ruleset"]] += len(rows)
    for date, counts in day_rulesets.items():
        plan.new_days[date] = rulesets[counts.most_common(1)[0][0]]

    for (date, table, game), rows in sorted(groups.items()):
        if (date, table, game) in plan.refused_games:
            continue  # its refused row is reported; the rest are not a game to check
        lines = [r["line"] for r in rows]
        what = _("%(date)s %(t)s卓 %(g)s回戦") % {"date": date.isoformat(), "t": table, "g": game}
        if len({index for index, _line in lines}) > 1:
            plan.error(lines, _("%(what)s が2つ以上のシートにあります。同じ半荘を2度書いていないか確かめてください")
                       % {"what": what})
            continue
        if all(r["seat"] is None for r in rows):  # no seats written: the rows' order, from the first dealer
            if len(rows) != 4:
                plan.error(lines, _("%(what)s: 1半荘に4行が必要です(%(n)s 行)") % {"what": what, "n": len(rows)})
                continue
            for seat, r in enumerate(rows):
                r["seat"] = seat
        elif any(r["seat"] is None for r in rows):
            plan.error(lines, _("%(what)s: 席は4行とも書くか、4行とも空にしてください(空なら行の順に起家から)")
                       % {"what": what})
            continue
        seats = sorted(r["seat"] for r in rows)
        if seats != [0, 1, 2, 3]:
            plan.error(lines, _("%(what)s: 席 0〜3 の4行が1回ずつ必要です(あるのは %(seats)s)")
                       % {"what": what, "seats": ", ".join(map(str, seats))})
            continue
        rows.sort(key=lambda r: r["seat"])
        nos = [r["member_no"] for r in rows]
        if None in nos:
            continue  # a name refused above
        if len(set(nos)) != 4:
            twice = next(n for n in nos if nos.count(n) > 1)
            plan.error(lines, _("%(what)s: 同じ会員(会員番号 %(no)s)が2回入っています") % {"what": what, "no": twice})
            continue
        if bad_members & set(nos):
            continue  # already reported on those lines
        names = {r["ruleset"] for r in rows}
        if len(names) > 1:
            plan.error(lines, _("%(what)s: 4行のルール名が揃っていません(%(names)s)")
                       % {"what": what, "names": listed(sorted(names))})
            continue
        rs = rulesets.get(names.pop())
        if rs is None:
            plan.error(lines, _("%(what)s: ルール「%(name)s」は登録されていません(登録済み: %(known)s)")
                       % {"what": what, "name": rows[0]["ruleset"], "known": listed(rulesets) or "-"})
            continue
        result = _settle(plan, rs, rows, lines, what)
        if result is None:
            continue
        scores, sticks, settled = result
        if (date, table, game) in taken:
            if taken[(date, table, game)] == (rs.pk, list(zip(nos, scores))):
                plan.skipped += 1  # imported before: a club's history file grows, and is imported again
            else:
                plan.error(lines, _("%(what)s はすでに記録されています(上書きはしません。先にその半荘を確かめてください)")
                           % {"what": what})
            continue
        names_by_seat = [members[n].name if n in members else plan.new_members[n][0] for n in nos]
        plan.hanchans.append(PlannedHanchan(date=date, table=table, game=game, ruleset=rs, numbers=nos,
                                            names=names_by_seat, scores=scores, sticks=sticks, result=settled))


def _recorded(days: dict[datetime.date, ClubDay]) -> dict[tuple[datetime.date, int, int], tuple | None]:
    """The hanchan on the file's club days by (date, table, 回戦): a finished one as (its rule set's
    pk, its (member number, raw score) by seat), any other as None."""
    slots: dict[tuple[datetime.date, int, int], tuple | None] = dict.fromkeys(
        Hanchan.objects.filter(clubday__in=days.values()).values_list("clubday__date", "table", "number"))
    seats: dict[tuple[datetime.date, int, int], tuple[int, list]] = {}
    for date, table, game, own, day_rs, number, score in (
            HanchanResult.objects.filter(hanchan__clubday__in=days.values(), hanchan__state=Hanchan.State.FINISHED)
            .order_by("seat").values_list("hanchan__clubday__date", "hanchan__table", "hanchan__number",
                                          "hanchan__ruleset", "hanchan__clubday__ruleset", "member__number", "score")):
        seats.setdefault((date, table, game), (own or day_rs, []))[1].append((number, score))
    slots.update(seats)
    return slots


def _settle(plan: ImportPlan, rs: RuleSet, rows: list[dict[str, Any]], lines: list[Line],
            what: str) -> tuple[list[int], int, dict[str, Any]] | None:
    """The rule set's final result of four rows, checked against the rank/uma/net they give."""
    engine = rs.engine()
    full = 4 * engine.start_points
    # raw scores in points (32600), or as sheets shorten them, in hundreds (326) or thousands (32.6):
    # the four add up to the start points in one unit only (sticks left short of them by a few)
    unit = next((u for u in (1, 100, 1000) if abs(full - sum(r["score"] for r in rows) * u) < full / 10), 1)
    if any((r["score"] * unit) % 1 for r in rows):
        plan.error(lines, _("%(what)s: 素点は点(32600)、百点単位(326)か千点単位(32.6)で書いてください(%(scores)s)")
                   % {"what": what, "scores": listed(str(r["score"]) for r in rows)})
        return None
    scores = [int(r["score"] * unit) for r in rows]
    total = sum(scores)
    sticks = 0
    missing = full - total
    # sticks left on the table vanish when the rule set does not give them to the top
    if missing > 0 and not engine.leftover_sticks_to_top and missing % engine.riichi_stick == 0:
        sticks = missing // engine.riichi_stick
    elif total != full:
        if total % 4000 == 0 and abs(total - full) >= full / 10:  # no typo: a sheet of other start points
            message = _("%(what)s: 素点の合計が %(full)s 点になりません(%(total)s 点)。4人の持ち点が %(start)s 点の表の"
                        "ようですが、ルール「%(rs)s」の持ち点は %(own)s 点です。持ち点の合うルールを選んでください") % {
                "what": what, "full": full, "total": total, "start": total // 4, "rs": rs.name,
                "own": engine.start_points}
        else:
            message = _("%(what)s: 素点の合計が %(full)s 点になりません(%(total)s 点)。供託は最終得点に含めてください") % {
                "what": what, "full": full, "total": total}
        plan.error(lines, message)
        return None
    try:
        settled = rules.final_result(scores, engine, sticks=sticks)
    except rules.RulesError as exc:
        plan.error(lines, f"{what}: {engine_message(exc)}")
        return None
    # uma and net in points or, as the app shows them, in thousands (19600 or 19.6); the computed value
    # told in the column's unit, so a wrong 10 among 27.6 and -4 is told as 4, not as 4000
    thousands = {key: all(abs(r[key]) < 1000 for r in rows if r[key] is not None) for key in ("uma", "net")}
    wrong, off_rule = [], set()  # the rows whose uma or net is wrong
    for seat, r in enumerate(rows):
        for key, out, label in (("rank", "ranks", _("順位")), ("uma", "uma", _("順位点")), ("net", "net", _("成績"))):
            given, want = r[key], settled[out][seat]
            if given is not None and given not in (want, Decimal(want) / 1000):
                if key != "rank" and (thousands[key] or abs(given * 1000 - want) < abs(given - want)):
                    want = Decimal(want) / 1000
                    want = want.quantize(given) if want == want.quantize(given) else want  # 4.0, as 4.6 is written
                wrong.append(_("%(where)sの%(label)s %(given)s(計算では %(want)s)")
                             % {"where": where_text([r["line"]], plan.sheets), "label": label, "given": given,
                                "want": want})
                if key != "rank":
                    off_rule.add(seat)
    if wrong:
        message = _("%(what)s: ルール「%(rs)s」での計算と合いません: %(list)s") % {"what": what, "rs": rs.name,
                                                                      "list": listed(wrong)}
        if len(off_rule) >= 3:  # not a typo: the sheet's uma or oka may be another rule set's, told here
            message += _("。このルールは持ち点 %(start)s、返し %(back)s、順位点 %(uma)s です。シートのルールと違うなら、"
                         "取り込むルールを選び直してください(順位点・成績の列を消せば、素点とルールから計算します)") % {
                "start": engine.start_points, "back": engine.return_points,
                "uma": "/".join(f"{u / 1000:+g}" for u in engine.uma)}
        plan.error(lines, message)
        return None
    return scores, sticks, settled


@transaction.atomic
def results_import(*, text: str = "", sheets: Sequence[tuple[str, str]] = (), create_members: bool = False,
                   ruleset: RuleSet | None = None, by: User, file_name: str = "",
                   progress: Callable[[int, int], None] | None = None) -> ImportPlan:
    """Check ``sheets`` (or ``text``) again and store all of it as one ``ResultsImport``, or nothing (a
    ValidationError lists what was refused). ``progress(done, total)`` is called after each day."""
    sheets = [list(sheet) for sheet in sheets] or [["", text]]
    plan = results_import_check(sheets=sheets, create_members=create_members, ruleset=ruleset)
    if not plan.ok:
        raise ValidationError([str(e) for e in plan.errors] or [_("取り込む行がありません")], code="invalid")
    user = actor(by)
    made = ResultsImport.objects.create(created_by=user, file_name=file_name[:255], sheets=sheets,
                                        create_members=create_members, ruleset=ruleset,
                                        hanchan_count=len(plan.hanchans), first_date=plan.hanchans[0].date,
                                        last_date=plan.hanchans[-1].date, version=IMPORTED_VERSION)
    members = Member.objects.in_bulk({n for h in plan.hanchans for n in h.numbers}, field_name="number")
    for number, (name, kana) in sorted(plan.new_members.items()):
        members[number] = member_create(name=name, kana=kana, number=number)
    days = _days_by_date({h.date for h in plan.hanchans})
    for date, rs in sorted(plan.new_days.items()):
        days[date] = clubday_create(date=date, venue="", ruleset=rs)
    ClubDay.objects.filter(pk__in=[days[date].pk for date in plan.new_days]).update(results_import=made)
    done, players = 0, {}
    for date, planned in groupby(plan.hanchans, key=attrgetter("date")):  # the plan is in date order
        planned = list(planned)
        hanchans = _store_day(made, days[date], planned, members, user)
        players[date] = {pk for h in hanchans for pk in h.member_ids}
        done += len(planned)
        if progress:
            progress(done, len(plan.hanchans))
    rollup_refresh_days(players)
    boards_refresh(since=plan.hanchans[0].date)
    return plan


def _store_day(made: ResultsImport, day: ClubDay, planned: list[PlannedHanchan], members: dict[int, Member],
               user: User | None) -> list[Hanchan]:
    """Store one day's planned hanchan as finished paper sheets with their results and history, in
    bulk: what ``hanchan_record_final_scores`` stores for one typed in, checked in this transaction."""
    hanchans = [Hanchan(clubday=day, table=h.table, number=h.game, mode=Hanchan.Mode.FINAL,
                        state=Hanchan.State.FINISHED, version=IMPORTED_VERSION, results_import=made,
                        ruleset=None if h.ruleset.pk == day.ruleset_id else h.ruleset,
                        **{f"seat{seat}": members[n] for seat, n in enumerate(h.numbers)})
                for h in planned]
    try:
        with transaction.atomic():
            bulk_create_with_history(hanchans, Hanchan, default_user=user)
    except IntegrityError:  # recorded by someone else since the check: refuse the whole import
        taken = next((h for h in planned if day.hanchans.filter(table=h.table, number=h.game).exists()), planned[0])
        raise ValidationError(_("%(date)s %(t)s卓 %(g)s回戦 はすでに記録されています(上書きはしません)")
                              % {"date": taken.date.isoformat(), "t": taken.table, "g": taken.game}) from None
    bulk_create_with_history([FinalScoreSheet(hanchan=hanchan, scores=h.scores, sticks=h.sticks, entered_by=user)
                              for hanchan, h in zip(hanchans, planned)], FinalScoreSheet, default_user=user)
    bulk_create_with_history([HanchanResult(hanchan=hanchan, seat=seat, **values)
                              for hanchan, h in zip(hanchans, planned)
                              for seat, values in enumerate(result_values(hanchan, h.result))],
                             HanchanResult, default_user=user)
    return hanchans


@transaction.atomic
def results_import_undo(*, results_import: ResultsImport, by: User) -> int:
    """Take away an import's hanchan and the club days it made that nothing else is on (its members
    stay), unless one was changed since; the import stays listed. Returns the number of hanchan."""
    made = ResultsImport.objects.select_for_update().get(pk=results_import.pk)
    if made.undone_at is not None:
        raise ValidationError(_("この取り込みはすでに取り消されています"), code="undone")
    hanchans = list(made.hanchans.select_for_update(of=("self",)))
    changed = list(made.changed_hanchans().select_related("clubday")
                   .order_by("clubday__date", "table", "number"))
    if changed:
        raise ValidationError(_("取り込んだあとに変更された半荘があるので、取り消せません: %(list)s")
                              % {"list": listed(changed[:10]) + ("…" if len(changed) > 10 else "")},
                              code="changed")
    days = list(made.undo_days().values_list("pk", flat=True))
    players: dict[datetime.date, set[int]] = defaultdict(set)
    for date, member in HanchanResult.objects.filter(hanchan__in=hanchans).values_list("hanchan__clubday__date",
                                                                                       "member_id"):
        players[date].add(member)
    Hanchan.objects.filter(pk__in=[h.pk for h in hanchans]).delete()  # their history keeps them too
    if players:
        rollup_refresh_days(players)
        boards_refresh(since=min(players))
    ClubDay.objects.filter(pk__in=days, hanchans__isnull=True, attendance__isnull=True, draws__isnull=True).delete()
    made.undone_at, made.undone_by = timezone.now(), actor(by)
    made.save(update_fields=["undone_at", "undone_by"])
    return len(hanchans)

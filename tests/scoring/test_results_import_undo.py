"""Undoing a results import (「取り込みの履歴」): its hanchan and the club days it made go, while none
was changed since; the members stay; the import stays listed with its sheets, to be imported again.
The rollup and the boards after an undo equal a rebuild from what is left."""

import datetime

import pytest
from django.core.exceptions import ValidationError
from test_csv_import import BLANKS, GAME, HEADER

from scoring import services
from scoring.models import BoardRollup, ClubDay, Hanchan, Member, ResultsImport
from scoring.selectors.csvio import results_import_effect
from scoring.selectors.ranking import standings
from scoring.services.rollup import rollup_rebuild

pytestmark = pytest.mark.django_db
NEW_MEMBER = GAME.replace(",4,田中,", ",77,新井,")


@pytest.fixture
def rs(ariari):
    ariari.name = "ありあり"  # the files' rule set
    ariari.save()
    return ariari


@pytest.fixture
def on_commit(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        yield


def rollup() -> list[tuple]:
    return sorted(BoardRollup.objects.values_list("member_id", "ruleset_id", "year", "month", "day", "games", "net"))


def test_an_undo_takes_away_what_the_import_made_and_keeps_its_members_and_sheets(rs, members, scorekeeper,
                                                                                  on_commit):
    before = services.hanchan_create(clubday=services.clubday_create(date=datetime.date(2026, 10, 4), venue="",
                                                                     ruleset=rs), table=1, players=members[:4])
    services.hanchan_record_final_scores(hanchan=before, scores=[40000, 30000, 20000, 10000], sticks=0,
                                         by=scorekeeper)
    kept, board = rollup(), [(r["member_id"], r["net"]) for r in standings()]
    services.results_import(text=HEADER + NEW_MEMBER + BLANKS, by=scorekeeper, file_name="成績.csv",
                            create_members=True)
    made = ResultsImport.objects.get()
    assert (made.file_name, made.hanchan_count, made.first_date, made.last_date) == (
        "成績.csv", 2, datetime.date(2026, 11, 1), datetime.date(2026, 11, 8))
    assert made.hanchans.count() == 2 and made.clubdays.count() == 2 and rollup() != kept
    assert services.results_import_undo(results_import=made, by=scorekeeper) == 2
    assert list(Hanchan.objects.all()) == [before] and ClubDay.objects.count() == 1
    assert rollup() == kept and [(r["member_id"], r["net"]) for r in standings()] == board
    rollup_rebuild()
    assert rollup() == kept  # the rollup equals a rebuild from what is left
    assert Member.objects.filter(number=77, name="新井").exists()  # the member it made stays
    assert Hanchan.history.filter(history_type="-").count() == 2  # the history keeps what was taken away
    made.refresh_from_db()
    assert made.undone_at is not None and made.undone_by == scorekeeper and made.sheets[0][1].startswith("date,")
    with pytest.raises(ValidationError, match="すでに取り消されています"):
        services.results_import_undo(results_import=made, by=scorekeeper)


def test_an_import_with_a_hanchan_changed_since_is_not_undone(rs, members, scorekeeper, on_commit):
    services.results_import(text=HEADER + GAME + BLANKS, by=scorekeeper)
    made = ResultsImport.objects.get()
    changed = Hanchan.objects.get(table=2)
    services.hanchan_void(hanchan=changed, by=scorekeeper)
    services.hanchan_unvoid(hanchan=Hanchan.objects.get(pk=changed.pk), by=scorekeeper)  # as it was, but written
    kept = rollup()
    with pytest.raises(ValidationError, match="取り込んだあとに変更された半荘があるので、取り消せません: 2026-11-08 2卓 3回戦"):
        services.results_import_undo(results_import=made, by=scorekeeper)
    assert Hanchan.objects.count() == 2 and rollup() == kept and ResultsImport.objects.get().undone_at is None


def test_a_club_day_the_import_made_stays_when_something_else_is_on_it(rs, members, scorekeeper, on_commit):
    services.results_import(text=HEADER + GAME, by=scorekeeper)
    day = ClubDay.objects.get()
    played = services.hanchan_create(clubday=day, table=5, players=members[:4])
    services.results_import_undo(results_import=ResultsImport.objects.get(), by=scorekeeper)
    assert list(ClubDay.objects.all()) == [day] and list(Hanchan.objects.all()) == [played]


def test_an_undone_import_is_imported_again_from_its_sheets(rs, members, scorekeeper, on_commit):
    services.results_import(sheets=[("11月", HEADER + GAME), ("集計", "名前,合計\n")], by=scorekeeper,
                            file_name="成績.xlsx")
    first = ResultsImport.objects.get()
    services.results_import_undo(results_import=first, by=scorekeeper)
    services.results_import(sheets=first.sheets, file_name=first.file_name, by=scorekeeper)
    again = ResultsImport.objects.exclude(pk=first.pk).get()
    assert again.file_name == "成績.xlsx" and again.hanchans.count() == 1 and again.undone_at is None
    assert list(Hanchan.objects.get().results.order_by("seat").values_list("net", flat=True)) == [
        19600, 4000, -4000, -19600]


# --------------------------------------------------------------------------- the pages


def test_the_pages_list_confirm_undo_and_import_again(client_as, scorekeeper, rs, members, on_commit):
    services.results_import(text=HEADER + GAME, by=scorekeeper, file_name="成績.csv")
    made = ResultsImport.objects.get()
    c = client_as(scorekeeper)
    body = c.get("/results/imports/").content.decode()
    assert "成績.csv" in body and "1 半荘" in body and f'href="/results/imports/{made.pk}/undo/"' in body
    confirm = c.get(f"/results/imports/{made.pk}/undo/").content.decode()
    assert "取り込んだ 1 半荘(2026-11-01〜2026-11-01)を消します" in confirm and "作った会員はそのまま残ります" in confirm
    assert Hanchan.objects.count() == 1  # a look at what the undo would do undoes nothing
    r = c.post(f"/results/imports/{made.pk}/undo/", follow=True)
    assert "取り込んだ 1 半荘を取り消しました" in r.content.decode() and not Hanchan.objects.exists()
    assert "もう一度取り込む" in r.content.decode()
    r = c.post(f"/results/imports/{made.pk}/again/", follow=True)
    assert "1 半荘(4 行)を取り込みました" in r.content.decode() and Hanchan.objects.count() == 1


def test_a_changed_import_is_shown_as_not_undoable_and_a_post_is_refused(client_as, scorekeeper, rs, members):
    services.results_import(text=HEADER + GAME, by=scorekeeper)
    made = ResultsImport.objects.get()
    services.hanchan_void(hanchan=Hanchan.objects.get(), by=scorekeeper)
    c = client_as(scorekeeper)
    body = c.get(f"/results/imports/{made.pk}/undo/").content.decode()
    assert "取り込んだあとに変更された半荘が 1 件あるので、取り消せません" in body and 'class="danger"' not in body
    r = c.post(f"/results/imports/{made.pk}/undo/", follow=True)
    assert "取り消せません" in r.content.decode() and Hanchan.objects.count() == 1


def test_readers_may_not_see_or_undo_imports(client_as, reader, scorekeeper, rs, members):
    services.results_import(text=HEADER + GAME, by=scorekeeper)
    made = ResultsImport.objects.get()
    c = client_as(reader)
    assert c.get("/results/imports/").status_code == 403
    assert c.post(f"/results/imports/{made.pk}/undo/").status_code == 403
    assert c.post(f"/results/imports/{made.pk}/again/").status_code == 403
    assert Hanchan.objects.count() == 1


def test_an_undone_import_too_big_for_one_web_request_is_sent_to_the_command(client_as, scorekeeper, rs, members,
                                                                             monkeypatch):
    from scoring.views import csvio

    services.results_import(text=HEADER + GAME + BLANKS, by=scorekeeper)
    made = ResultsImport.objects.get()
    services.results_import_undo(results_import=made, by=scorekeeper)
    monkeypatch.setattr(csvio, "WEB_MAX_HANCHAN", 1)
    r = client_as(scorekeeper).post(f"/results/imports/{made.pk}/again/", follow=True)
    assert "python manage.py importresults" in r.content.decode() and not Hanchan.objects.exists()


def test_undoing_two_imports_out_of_order_takes_away_the_club_day_the_first_made(rs, members, scorekeeper,
                                                                                   on_commit):
    """The first import made the day; the second added a table to it. Undone first, the first keeps
    the day for the second's hanchan; the second's undo then takes it away, and each undo page says so."""
    services.results_import(text=HEADER + GAME, by=scorekeeper, file_name="1.csv")
    services.results_import(text=HEADER + GAME.replace("2026-11-01,1,", "2026-11-01,2,"), by=scorekeeper,
                            file_name="2.csv")
    first, second = ResultsImport.objects.order_by("pk")
    assert ClubDay.objects.count() == 1 and second.clubdays.count() == 0
    assert results_import_effect(first)["days"] == 1
    services.results_import_undo(results_import=first, by=scorekeeper)
    assert ClubDay.objects.count() == 1  # the second's hanchan are on it
    assert results_import_effect(second)["days"] == 1
    services.results_import_undo(results_import=second, by=scorekeeper)
    assert not ClubDay.objects.exists() and not Hanchan.objects.exists()


def test_an_undo_leaves_a_club_day_made_by_hand_or_by_an_import_still_in_force(rs, members, scorekeeper,
                                                                               on_commit):
    hand = services.clubday_create(date=datetime.date(2026, 11, 8), venue="", ruleset=rs)
    services.results_import(text=HEADER + GAME, by=scorekeeper, file_name="1.csv")
    services.results_import(text=HEADER + GAME.replace("2026-11-01,1,", "2026-11-01,2,") + BLANKS,
                            by=scorekeeper, file_name="2.csv")
    first, second = ResultsImport.objects.order_by("pk")
    assert results_import_effect(second)["days"] == 0
    services.results_import_undo(results_import=second, by=scorekeeper)
    assert set(ClubDay.objects.all()) == {hand, first.clubdays.get()}  # the first is not undone: its day stays

"""大会 pages through the test client: the club-day form, the 大会 page, print page, 決勝卓, sign-off."""

from __future__ import annotations

import pytest
from django.urls import reverse
from tournament_data import make_players, make_tournament, play_all

from scoring import services
from scoring.models import ClubDay, Confirmation, Hanchan

pytestmark = pytest.mark.django_db


@pytest.fixture
def players(db):
    return make_players()


@pytest.fixture
def day(ariari):
    return make_tournament(ariari)


@pytest.fixture
def played(day, players):
    return play_all(day, players)


def test_the_club_day_form_creates_a_tournament(client_as, scorekeeper, ariari):
    data = {"kind": "tournament", "date": "2026-12-06", "venue": "市民センター", "ruleset": ariari.pk,
            "name": "冬季大会", "rounds": "4", "swiss": "on", "final_table": "on"}
    r = client_as(scorekeeper).post(reverse("clubday-create"), data)
    day = ClubDay.objects.get()
    assert r.status_code == 302
    assert (day.kind, day.name, day.rounds, day.swiss, day.final_table) == ("tournament", "冬季大会", 4, True, True)


def test_a_tournament_without_rounds_is_explained_in_japanese(client_as, scorekeeper, ariari):
    data = {"kind": "tournament", "date": "2026-12-06", "venue": "", "ruleset": ariari.pk, "name": ""}
    r = client_as(scorekeeper).post(reverse("clubday-create"), data)
    body = r.content.decode()
    assert r.status_code == 422 and "大会の回戦数を入力してください" in body and "大会名を入力してください" in body
    assert not ClubDay.objects.exists()


def test_a_club_day_ignores_the_tournament_fields(client_as, scorekeeper, ariari):
    data = {"kind": "club", "date": "2026-12-06", "venue": "", "ruleset": ariari.pk, "name": "x", "rounds": "zz",
            "final_table": "on"}
    assert client_as(scorekeeper).post(reverse("clubday-create"), data).status_code == 302
    day = ClubDay.objects.get()
    assert (day.kind, day.name, day.rounds, day.final_table) == ("club", "", None, False)


def test_the_form_offers_the_kind_and_the_tournament_settings(client_as, scorekeeper, ariari):
    body = client_as(scorekeeper).get(reverse("clubday-create")).content.decode()
    assert 'name="kind" value="club"' in body and 'value="tournament"' in body
    for name in ("name", "rounds", "swiss", "final_table"):
        assert f'name="{name}"' in body


def test_a_scorekeeper_turns_a_club_day_into_a_tournament(client_as, scorekeeper, clubday, reader):
    url = reverse("clubday-update", args=[clubday.pk])
    assert client_as(reader).get(url).status_code == 403
    data = {"kind": "tournament", "date": "2026-11-01", "venue": "公民館", "ruleset": clubday.ruleset_id,
            "name": "月例杯", "rounds": "3"}
    r = client_as(scorekeeper).post(url, data)
    assert r.status_code == 302
    clubday.refresh_from_db()
    assert (clubday.kind, clubday.name, clubday.rounds) == ("tournament", "月例杯", 3)
    body = client_as(scorekeeper).get(clubday.get_absolute_url()).content.decode()
    assert "月例杯" in body and reverse("tournament", args=[clubday.pk]) in body


def test_the_tournament_page_is_public_when_boards_are(client, day, played):
    body = client.get(reverse("tournament", args=[day.pk])).content.decode()
    assert "秋季大会" in body and "2回戦終了時点" in body and "1回戦終了時点" in body
    assert "順位の決め方" in body and "平均順位(小さい方が上)" in body
    assert "↑1" in body and "↓1" in body
    assert "決勝卓を作る" not in body  # only a scorekeeper may


def test_the_tournament_page_needs_a_login_when_boards_are_private(client, day, settings):
    settings.PUBLIC_BOARDS = False
    for name in ("tournament", "tournament-print"):
        r = client.get(reverse(name, args=[day.pk]))
        assert r.status_code == 302 and "/accounts/login/" in r["Location"]


def test_a_club_day_has_no_tournament_page(client, clubday):
    assert client.get(reverse("tournament", args=[clubday.pk])).status_code == 404


def test_the_print_page_has_the_event_rules_and_tiebreak_columns(client, day, played):
    body = client.get(reverse("tournament-print", args=[day.pk])).content.decode()
    assert "秋季大会" in body and "2026年11月15日" in body and "トビ" in body and "順位点" in body
    assert "data-print" in body and "印刷" in body and "tournament" in body and ".css" in body
    for column in ("合計成績", "平均順位", "最高成績"):
        assert column in body


def test_the_scorekeeper_creates_the_final_table_from_the_page(client_as, scorekeeper, day, played):
    url = reverse("tournament", args=[day.pk])
    assert "決勝卓を作る" in client_as(scorekeeper).get(url).content.decode()
    r = client_as(scorekeeper).post(reverse("tournament-final", args=[day.pk]), {"mode": "final"})
    final = Hanchan.objects.get(number=3)
    assert r.status_code == 302 and r["Location"] == reverse("hanchan-final-scores", args=[final.pk])
    again = client_as(scorekeeper).post(reverse("tournament-final", args=[day.pk]), follow=True)
    assert "決勝卓はもう作られています" in again.content.decode()


def test_a_reader_may_not_create_the_final_table(client_as, reader, day, played):
    assert client_as(reader).post(reverse("tournament-final", args=[day.pk])).status_code == 403
    assert not Hanchan.objects.filter(number=3).exists()


@pytest.fixture
def sign_off(settings):
    settings.SIGN_OFF = True


def test_sign_off_is_off_by_default(client_as, scorekeeper, played):
    h = played[0]
    body = client_as(scorekeeper).get(h.get_absolute_url()).content.decode()
    assert "確認しました" not in body
    r = client_as(scorekeeper).post(reverse("hanchan-confirm", args=[h.pk]),
                                    {"member": h.seat0_id, "version": h.version})
    assert r.status_code == 404


def test_the_scorekeeper_taps_for_each_player(client_as, scorekeeper, played, sign_off):
    h = played[0]
    body = client_as(scorekeeper).get(h.get_absolute_url()).content.decode()
    assert "確認済み 0/4" in body and body.count(">確認しました</button>") == 4
    r = client_as(scorekeeper).post(reverse("hanchan-confirm", args=[h.pk]),
                                    {"member": h.seat1_id, "version": h.version}, HTTP_HX_REQUEST="true")
    assert r.status_code == 200
    text = r.content.decode()
    assert "確認済み 1/4" in text and text.count(">確認しました</button>") == 3
    assert Confirmation.objects.get().member_id == h.seat1_id


def test_a_stale_tap_says_to_check_again(client_as, scorekeeper, played, sign_off):
    h = played[0]
    r = client_as(scorekeeper).post(reverse("hanchan-confirm", args=[h.pk]),
                                    {"member": h.seat1_id, "version": h.version - 1}, HTTP_HX_REQUEST="true")
    assert r.status_code == 422 and "結果が変わったため再確認が必要です" in r.content.decode()


def test_a_player_confirms_from_their_own_login(client_as, django_user_model, played, players, sign_off):
    h = played[0]
    user = django_user_model.objects.create_user(username="a-san", password="pass-1234")
    players["A"].user = user
    players["A"].save()
    client = client_as(user)
    body = client.get(h.get_absolute_url()).content.decode()
    assert body.count(">確認しました</button>") == 1  # only their own button
    r = client.post(reverse("hanchan-confirm", args=[h.pk]), {"member": players["A"].pk, "version": h.version})
    assert r.status_code == 302
    assert client.post(reverse("hanchan-confirm", args=[h.pk]),
                       {"member": players["B"].pk, "version": h.version}).status_code == 403
    assert Confirmation.objects.count() == 1


def test_anonymous_taps_go_to_login(client, played, sign_off):
    h = played[0]
    r = client.post(reverse("hanchan-confirm", args=[h.pk]), {"member": h.seat0_id, "version": h.version})
    assert r.status_code == 302 and "/accounts/login/" in r["Location"]


def test_the_club_day_lists_games_not_yet_confirmed(client_as, scorekeeper, day, played, sign_off):
    body = client_as(scorekeeper).get(day.get_absolute_url()).content.decode()
    assert "確認がまだの半荘(4)" in body
    for h in played:
        assert f'{reverse("hanchan-detail", args=[h.pk])}#signoff' in body


def test_a_changed_result_asks_to_confirm_again(client_as, scorekeeper, played, sign_off):
    h = played[0]
    services.hanchan_confirm(hanchan=h, member=h.seat0, by=scorekeeper, version=h.version)
    services.hanchan_record_final_scores(hanchan=h, scores=[40000, 30000, 10000, 20000], sticks=0, by=None)
    body = client_as(scorekeeper).get(h.get_absolute_url()).content.decode()
    assert "結果が変わったため再確認が必要です" in body and "確認済み 0/4" in body


def test_who_tapped_for_a_player_is_named_only_to_scorekeepers(client, client_as, scorekeeper, played, sign_off):
    h = played[0]
    services.hanchan_confirm(hanchan=h, member=h.seat0, by=scorekeeper, version=h.version)
    body = client.get(h.get_absolute_url()).content.decode()
    assert "代理で確認" in body and "kiroku" not in body and "確認済み 1/4" in body
    assert "kiroku が代理" in client_as(scorekeeper).get(h.get_absolute_url()).content.decode()


def test_the_club_day_list_names_a_tournament(client, day):
    body = client.get(reverse("clubday-list")).content.decode()
    assert "秋季大会" in body and ">大会</span>" in body


def test_the_pages_of_a_tournament_are_headed_by_its_name_not_as_a_club_day(client, day, played):
    hanchan = day.hanchans.first()
    for url in (day.get_absolute_url(), hanchan.get_absolute_url(), reverse("clubday-draw", args=[day.pk])):
        body = client.get(url).content.decode()
        assert day.name in body and "例会</a></p>" not in body and "例会</h1>" not in body, url


def test_the_date_and_rules_of_a_day_with_hanchan_stay_and_the_input_is_kept(client_as, scorekeeper, day, played):
    # its results are settled under that rule set and counted in that date's periods
    other = services.ruleset_create(name="別のルール", preset="shimamachi")
    url = reverse("clubday-update", args=[day.pk])
    data = {"kind": "tournament", "date": day.date.isoformat(), "venue": "新会場", "ruleset": other.pk,
            "name": day.name, "rounds": str(day.rounds)}
    r = client_as(scorekeeper).post(url, data)
    assert r.status_code == 422 and "日付とルールは変えられません" in r.content.decode()
    assert "新会場" in r.content.decode()  # the input is kept
    day.refresh_from_db()
    assert day.ruleset_id != other.pk and day.venue != "新会場"
    data["ruleset"] = day.ruleset_id  # the venue alone may change
    assert client_as(scorekeeper).post(url, data).status_code == 302
    day.refresh_from_db()
    assert day.venue == "新会場"

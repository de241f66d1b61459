"""Services: every write replays the hanchan through rules.play; a refusal saves nothing."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from scoring import services
from scoring.models import Hanchan, HanchanResult, HandRecord, Member, RuleSet

pytestmark = pytest.mark.django_db


def test_the_data_migration_ships_every_preset_with_its_label():
    import rules
    assert {(r.preset, r.name) for r in RuleSet.objects.filter(options={})} >= {
        (k, rules.PRESET_LABELS[k]) for k in rules.PRESETS}


def test_a_ruleset_with_an_unknown_option_is_refused_with_the_engines_japanese_message():
    with pytest.raises(ValidationError) as exc:
        services.ruleset_create(name="x", preset="ariari", options={"nope": 1})
    assert "nope" in str(exc.value) and "不明なルール項目" in str(exc.value)
    assert not RuleSet.objects.filter(name="x").exists()


def test_a_ruleset_with_a_valid_override_is_stored():
    rs = services.ruleset_create(name="両翻縛り", preset="ariari", options={"shibari": 2})
    assert rs.engine().shibari == 2


@pytest.mark.parametrize("typed, stored", [("ヤマダ", "やまだ"), ("やまだ", "やまだ"), ("サトウ ハナコ", "さとう はなこ")])
def test_member_kana_is_stored_as_hiragana(typed, stored):
    assert services.member_create(name="x", kana=typed, number=99).kana == stored


def test_member_kana_with_kanji_is_refused_naming_the_character():
    with pytest.raises(ValidationError) as exc:
        services.member_create(name="山田", kana="山だ", number=7)
    assert "山" in str(exc.value)
    assert not Member.objects.exists()


def test_a_hanchan_needs_four_different_members(clubday, members):
    with pytest.raises(ValidationError, match="山田"):
        services.hanchan_create(clubday=clubday, table=1, players=[members[0], members[1], members[2], members[0]])


def test_the_member_picked_twice_is_named_not_a_namesake(clubday, members):
    namesake = services.member_create(name="山田", kana="やまだ", number=9)
    with pytest.raises(ValidationError, match="佐藤"):
        services.hanchan_create(clubday=clubday, table=1, players=[members[0], namesake, members[1], members[1]])


def test_hanchan_numbers_count_up_per_table(clubday, members):
    first = services.hanchan_create(clubday=clubday, table=2, players=members[:4])
    second = services.hanchan_create(clubday=clubday, table=2, players=members[1:5])
    other = services.hanchan_create(clubday=clubday, table=3, players=members[:4])
    assert (first.number, second.number, other.number) == (1, 2, 1)


def test_recording_a_hand_stores_the_event_and_its_settlement(hanchan, scorekeeper, ron):
    # 佐藤 (seat 1) rons 山田 (seat 0, dealer) for 3翻30符 = 3900
    hand = services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    assert hand.event == {"type": "ron", "winner": 1, "loser": 0, "han": 3, "fu": 30}
    assert hand.deltas == [-3900, 3900, 0, 0]
    assert hand.scores_after == [21100, 28900, 25000, 25000]
    assert hand.label == "東1局 0本場"
    assert hand.entered_by == scorekeeper


def test_an_impossible_hand_is_refused_and_nothing_is_saved(hanchan, scorekeeper, ron):
    services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    with pytest.raises(ValidationError) as exc:
        services.hanchan_record_hand(hanchan=hanchan, event=ron(2, 2, 1, 30), by=scorekeeper)
    assert "和了者と放銃者が同じ" in str(exc.value)
    assert HandRecord.objects.filter(hanchan=hanchan).count() == 1


def test_an_illegal_tile_hand_is_refused_with_the_engines_reason(hanchan, scorekeeper):
    # 123m 456p 789s 234s + 9m pair, closed ron on 9m: complete but no yaku at all
    event = {"type": "ron", "winner": 1, "loser": 0,
             "hand": {"hand": "123m456p789s2349m", "win_tile": "9m"}}
    with pytest.raises(ValidationError) as exc:
        services.hanchan_record_hand(hanchan=hanchan, event=event, by=scorekeeper)
    assert "和了できない" in str(exc.value)
    assert not HandRecord.objects.exists()


def test_editing_an_early_hand_resettles_every_later_hand(hanchan, scorekeeper, ron):
    first = services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    services.hanchan_record_hand(hanchan=hanchan, event=ron(2, 1, 1, 30), by=scorekeeper)
    # first hand becomes a 2000 ron instead of 3900: the second hand's running scores change
    services.hanchan_update_hand(hand=first, event=ron(1, 0, 2, 30), by=scorekeeper)
    second = HandRecord.objects.get(hanchan=hanchan, order=1)
    assert second.deltas == [0, -1000, 1000, 0]
    assert second.scores_after == [23000, 26000, 26000, 25000]


def test_an_edit_that_makes_later_hands_impossible_is_refused_naming_them(hanchan, scorekeeper, ron):
    # 山田 (seat 0) deals in twice; making the first one a yakuman busts him, so hand #2 cannot exist
    first = services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    services.hanchan_record_hand(hanchan=hanchan, event=ron(2, 3, 1, 30), by=scorekeeper)
    services.hanchan_record_hand(hanchan=hanchan, event=ron(3, 2, 1, 30), by=scorekeeper)
    with pytest.raises(ValidationError) as exc:
        services.hanchan_update_hand(hand=first, event={"type": "ron", "winner": 1, "loser": 0, "yakuman": 1},
                                     by=scorekeeper)
    assert "#2 東2局 0本場、#3 東3局 0本場" in str(exc.value)  # named as the page names them
    first.refresh_from_db()
    assert first.event == ron(1, 0, 3, 30)  # nothing changed
    assert HandRecord.objects.filter(hanchan=hanchan).count() == 3


def test_deleting_a_hand_renumbers_and_resettles_the_rest(hanchan, scorekeeper, ron):
    first = services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    services.hanchan_record_hand(hanchan=hanchan, event=ron(2, 1, 1, 30), by=scorekeeper)
    services.hanchan_delete_hand(hand=first, by=scorekeeper)
    (only,) = HandRecord.objects.filter(hanchan=hanchan)
    assert (only.order, only.deltas, only.label) == (0, [0, -1000, 1000, 0], "東1局 0本場")


def test_a_delete_that_makes_a_later_hand_impossible_is_refused_naming_it(hanchan, scorekeeper, ron):
    # #1 田中 (seat 3) wins 8000 and so survives the 32000 of #2 with 1000 left; without #1 he
    # busts at #2, the game ends there and #3 cannot exist.
    first = services.hanchan_record_hand(hanchan=hanchan, event=ron(3, 1, 5), by=scorekeeper)
    services.hanchan_record_hand(hanchan=hanchan, event={"type": "ron", "winner": 2, "loser": 3, "yakuman": 1},
                                 by=scorekeeper)
    services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 1, 30), by=scorekeeper)
    with pytest.raises(ValidationError) as exc:
        services.hanchan_delete_hand(hand=first, by=scorekeeper)
    assert "#3" in str(exc.value) and "#2" not in str(exc.value)
    assert list(HandRecord.objects.filter(hanchan=hanchan).values_list("order", flat=True)) == [0, 1, 2]


def test_no_hand_can_be_added_after_a_bust(hanchan, scorekeeper, ron):
    services.hanchan_record_hand(hanchan=hanchan, event={"type": "ron", "winner": 2, "loser": 3, "han": 13},
                                 by=scorekeeper)  # 田中 25000 -> -7000: bust, the game is over
    with pytest.raises(ValidationError, match="終了"):
        services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 1, 30), by=scorekeeper)
    assert HandRecord.objects.filter(hanchan=hanchan).count() == 1


def test_a_game_in_play_has_no_results(hanchan, scorekeeper, ron):
    services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    assert Hanchan.objects.get(pk=hanchan.pk).state == Hanchan.State.IN_PLAY
    assert not HanchanResult.objects.exists()


def test_stopping_early_needs_a_hand(hanchan, scorekeeper):
    with pytest.raises(ValidationError, match="まだ1局も"):
        services.hanchan_finish(hanchan=hanchan, by=scorekeeper)
    assert Hanchan.objects.get(pk=hanchan.pk).state == Hanchan.State.IN_PLAY


def test_an_early_finish_ranks_the_current_scores(hanchan, scorekeeper, ron):
    services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    services.hanchan_finish(hanchan=hanchan, by=scorekeeper)
    by_seat = {r.seat: r for r in HanchanResult.objects.filter(hanchan=hanchan)}
    # 佐藤 28900 1st, 鈴木 25000 2nd (上家優先 over 田中 25000), 田中 3rd, 山田 21100 4th
    assert [by_seat[s].rank for s in range(4)] == [4, 1, 2, 3]
    assert [by_seat[s].net for s in range(4)] == [-15900, 15900, 4000, -4000]
    assert Hanchan.objects.get(pk=hanchan.pk).state == Hanchan.State.FINISHED


def test_a_bust_ends_the_game_and_stores_the_replays_result_at_once(hanchan, scorekeeper):
    services.hanchan_record_hand(hanchan=hanchan, event={"type": "ron", "winner": 2, "loser": 3, "han": 13},
                                 by=scorekeeper)  # 32000 from 田中 -> -7000
    assert Hanchan.objects.get(pk=hanchan.pk).state == Hanchan.State.FINISHED
    results = {r.seat: r for r in HanchanResult.objects.filter(hanchan=hanchan)}
    assert [results[s].score for s in range(4)] == [25000, 25000, 57000, -7000]
    assert [results[s].rank for s in range(4)] == [2, 3, 1, 4]
    assert sum(r.net for r in results.values()) == 0


def test_editing_a_finished_hanchan_rebuilds_its_results(hanchan, scorekeeper, ron):
    hand = services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    services.hanchan_finish(hanchan=hanchan, by=scorekeeper)
    services.hanchan_update_hand(hand=hand, event=ron(2, 0, 3, 30), by=scorekeeper)
    winner = HanchanResult.objects.get(hanchan=hanchan, rank=1)
    assert (winner.seat, winner.score) == (2, 28900)


@pytest.mark.parametrize("scores, sticks, ranks, nets", [
    ([32600, 25000, 25000, 17400], 0, [1, 2, 3, 4], [19600, 4000, -4000, -19600]),
    ([30000, 30000, 20000, 19000], 1, [1, 2, 3, 4], [18000, 9000, -9000, -18000]),  # stick to the top
    ([20000, 30000, 30000, 20000], 0, [3, 1, 2, 4], [-9000, 17000, 9000, -17000]),  # ties: 上家優先
])
def test_final_scores_from_a_paper_sheet(hanchan, scorekeeper, scores, sticks, ranks, nets):
    results = {r.seat: r for r in services.hanchan_record_final_scores(
        hanchan=hanchan, scores=scores, sticks=sticks, by=scorekeeper)}
    assert [results[s].rank for s in range(4)] == ranks
    assert [results[s].net for s in range(4)] == nets
    hanchan.refresh_from_db()
    assert (hanchan.state, hanchan.mode) == (Hanchan.State.FINISHED, Hanchan.Mode.FINAL)


@pytest.mark.parametrize("scores, sticks, fragment", [
    ([30000, 30000, 20000, 19000], 0, "供託"),          # 1000 short: explained by a stick?
    ([32650, 25000, 25000, 17350], 0, "100点単位"),
    ([30000, 30000, 20000, 20000], 1, "99000"),
])
def test_final_scores_that_do_not_add_up_are_refused(hanchan, scorekeeper, scores, sticks, fragment):
    with pytest.raises(ValidationError) as exc:
        services.hanchan_record_final_scores(hanchan=hanchan, scores=scores, sticks=sticks, by=scorekeeper)
    assert fragment in str(exc.value)
    assert not HanchanResult.objects.exists()
    hanchan.refresh_from_db()
    assert hanchan.state == Hanchan.State.IN_PLAY


def test_final_scores_are_refused_when_hands_were_recorded(hanchan, scorekeeper, ron):
    services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    with pytest.raises(ValidationError, match="1局ずつの記録"):
        services.hanchan_record_final_scores(hanchan=hanchan, scores=[25000] * 4, sticks=0, by=scorekeeper)


@pytest.mark.django_db
def test_user_create_gives_the_scorekeeper_role_and_refuses_a_taken_name():
    from django.core.exceptions import ValidationError as VE

    user = services.user_create(username="kiroku", password="longpassword1", role="scorekeeper")
    assert user.groups.filter(name="scorekeeper").exists() and not user.is_staff
    with pytest.raises(VE):
        services.user_create(username="kiroku", password="longpassword1", role="member")
    assert type(user).objects.filter(username="kiroku").count() == 1


@pytest.mark.django_db
def test_first_admin_create_is_refused_once_a_user_exists():
    from django.core.exceptions import ValidationError as VE

    from scoring.access import setup_token_issue

    token = setup_token_issue()
    admin = services.first_admin_create(username="boss", password="longpassword1", token=token)
    assert admin.is_superuser
    with pytest.raises(VE):
        services.first_admin_create(username="second", password="longpassword1", token=token)


def test_player_figures_count_wins_deal_ins_yakuman_and_the_chombo_of_a_noten_riichi():
    import rules
    from scoring.services.figures import player_figures

    out = rules.play({"players": ["A", "B", "C", "D"], "hands": [
        {"type": "ron", "loser": 0, "riichi": [1],
         "wins": [{"winner": 1, "han": 2, "fu": 30}, {"winner": 2, "yakuman": 1}]},
        {"type": "chombo", "offender": 3}]})
    figs = player_figures(out["events"])
    assert [f["wins"] for f in figs] == [0, 1, 0, 0] and figs[0]["deal_ins"] == 1
    assert figs[1]["win_points"] == 2000 and figs[3]["chombo"] == 1
    out = rules.play({"players": ["A", "B", "C", "D"], "hands": [
        {"type": "draw", "tenpai": [], "riichi": [2]}, {"type": "draw", "tenpai": [0]}]})
    figs = player_figures(out["events"])
    assert [f["hands"] for f in figs] == [1, 1, 1, 1] and figs[2]["chombo"] == 1

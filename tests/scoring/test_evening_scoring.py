"""Scoring found wrong on a club evening played on phones (the 「evening」 walk-through): a rule set
whose 返し exceeds the 持ち点 gave its オカ to nobody, and a draw voided by a noten riichi was counted
as a hand dealt on the boards."""

import pytest
from django.urls import reverse

from scoring import selectors, services
from scoring.models import HanchanResult, RuleSet
from scoring.selectors.whatif import whatif_nets

pytestmark = pytest.mark.django_db

# 30000返し on a 25000 start, 順位点 10-30: the オカ is 4 × 5000 = +20.0 for the top
OKA_RULES = {"return_points": 30000, "uma": [30000, 10000, -10000, -30000]}


@pytest.fixture
def oka_hanchan(clubday, members):
    rs = services.ruleset_create(name="金曜リーグ", preset="ariari", options=OKA_RULES)
    return services.hanchan_create(clubday=clubday, table=1, players=members[:4], ruleset=rs)


def nets(h):
    return {r.member.name: r.net for r in HanchanResult.objects.filter(hanchan=h).select_related("member")}


def test_a_game_under_30000_return_gives_the_oka_to_the_top(oka_hanchan, scorekeeper, client_as):
    # 佐藤 rons 田中 for a 役満 (32000): 山田 25000, 佐藤 57000, 鈴木 25000, 田中 -7000 (トビ: over)
    services.hanchan_record_hand(hanchan=oka_hanchan, event={"type": "ron", "winner": 1, "loser": 3, "yakuman": 1},
                                 by=scorekeeper)
    # 57.0 − 30 + 30 + 20 (オカ) / 25.0 − 30 + 10 (山田, 上家) / 25.0 − 30 − 10 / −7.0 − 30 − 30
    assert nets(oka_hanchan) == {"佐藤": 77000, "山田": 5000, "鈴木": -15000, "田中": -67000}
    assert sum(nets(oka_hanchan).values()) == 0
    page = client_as(scorekeeper).get(reverse("hanchan-detail", args=[oka_hanchan.pk])).content.decode()
    assert "+77.0" in page and "1位の成績にはオカ +20.0 を含みます" in page
    assert {row["member_name"]: row["net"] for row in selectors.standings()}["佐藤"] == 77000


def test_the_oka_of_a_paper_sheet_is_shared_by_tied_tops(clubday, members, scorekeeper):
    rs = services.ruleset_create(name="同着折半", preset="ariari", options={**OKA_RULES, "tie_break": "split"})
    h = services.hanchan_create(clubday=clubday, table=2, players=members[:4], ruleset=rs,
                                mode="final")
    services.hanchan_record_final_scores(hanchan=h, scores=[35000, 35000, 20000, 9000], sticks=1, by=scorekeeper)
    # the two tops share the stick (500 each), 順位点 +30 and +10 (20.0 each) and the オカ (10.0 each)
    assert nets(h) == {"山田": 35500, "佐藤": 35500, "鈴木": -20000, "田中": -51000}


def test_a_rule_set_without_oka_has_no_note(hanchan, scorekeeper, client_as):
    services.hanchan_record_hand(hanchan=hanchan, event={"type": "ron", "winner": 1, "loser": 3, "yakuman": 1},
                                 by=scorekeeper)
    page = client_as(scorekeeper).get(reverse("hanchan-detail", args=[hanchan.pk])).content.decode()
    assert "+44.0" in page and "オカ" not in page


def test_the_what_if_of_the_rule_sets_own_return_keeps_its_oka(oka_hanchan, scorekeeper, client_as):
    """「順位点を変えてみる」 with another 順位点 and each rule set's own 返し: the top keeps the オカ."""
    services.hanchan_record_hand(hanchan=oka_hanchan, event={"type": "ron", "winner": 1, "loser": 3, "yakuman": 1},
                                 by=scorekeeper)
    for day in (oka_hanchan.clubday, None):  # a club day reads the results, a period the rollup
        nets_10_20 = whatif_nets(uma=(20000, 10000, -10000, -20000), return_points=None, clubday=day)
        by_name = {m.name: nets_10_20[m.pk] for m in oka_hanchan.members}
        assert by_name == {"佐藤": 67000, "山田": 5000, "鈴木": -15000, "田中": -57000}


def test_a_draw_voided_by_a_noten_riichi_is_not_a_hand_dealt(hanchan, scorekeeper):
    """東1局: a draw where 田中's riichi was noten (錯和: the hand is replayed), then the replay ends
    in a draw too, then 佐藤 rons 山田 with a 役満 ... the hands dealt are 2 and 2 more, not 3."""
    for event in ({"type": "draw", "tenpai": [], "riichi": [3]}, {"type": "draw", "tenpai": [0]},
                  {"type": "ron", "winner": 1, "loser": 0, "yakuman": 1}):
        services.hanchan_record_hand(hanchan=hanchan, event=event, by=scorekeeper)
    # 山田: 25000 + 3000 (錯和) + 3000 (tenpai) − 32000 = −1000: トビ, the game is over
    rows = {r.member.name: r for r in HanchanResult.objects.filter(hanchan=hanchan).select_related("member")}
    assert {n: r.hands for n, r in rows.items()} == {"山田": 2, "佐藤": 2, "鈴木": 2, "田中": 2}
    assert (rows["田中"].chombo, rows["田中"].riichis) == (1, 1)
    board = {row["member_name"]: row for row in selectors.standings()}
    assert board["佐藤"]["win_rate"] == pytest.approx(0.5)


def test_a_game_stopped_early_shows_the_seats_winds_from_the_first_dealer(hanchan, scorekeeper, client_as, ron):
    """東1局 佐藤 rons 山田: the deal passes to 佐藤; stopped there, the board no longer shows the winds of
    東2局 (山田 北, 佐藤 東) as if a hand were still to come, but each seat's own: 山田 東 … 田中 北."""
    services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    client = client_as(scorekeeper)
    page = client.get(reverse("hanchan-detail", args=[hanchan.pk])).content.decode()
    assert '<span class="wind">北</span> 山田' in page and '<span class="wind">東</span> 佐藤' in page
    hanchan.refresh_from_db()
    assert client.post(reverse("hanchan-finish", args=[hanchan.pk]), {"version": hanchan.version}).status_code == 302
    page = client.get(reverse("hanchan-detail", args=[hanchan.pk])).content.decode()
    assert '<span class="wind">東</span> 山田' in page and '<span class="wind">南</span> 佐藤' in page
    assert '<span class="wind">北</span> 田中' in page


def test_the_club_day_page_says_where_the_oka_went(oka_hanchan, hanchan, scorekeeper, client_as):
    """The day's cards: 55.2 − 30 + 30 is not +75.2 unless the page says that the オカ is in it; the
    day's other table, under the club's rule set without オカ, says nothing."""
    for h in (oka_hanchan, hanchan):
        services.hanchan_record_hand(hanchan=h, event={"type": "ron", "winner": 1, "loser": 3, "yakuman": 1},
                                     by=scorekeeper)
    page = client_as(scorekeeper).get(reverse("clubday-detail", args=[oka_hanchan.clubday_id])).content.decode()
    assert page.count("1位の成績にはオカ +20.0 を含みます") == 1


def test_double_yakuman_is_offered_only_where_it_pays_double(hanchan, clubday, members, scorekeeper, client_as):
    """Under アリアリ yakuman are paid as one: a tapped ダブル役満 was paid 32000 and written 「役満」."""
    client = client_as(scorekeeper)
    page = client.get(reverse("hanchan-detail", args=[hanchan.pk])).content.decode()
    assert 'name="yakuman" value="1"' in page and 'name="yakuman" value="2"' not in page
    tenhou = services.hanchan_create(clubday=clubday, table=2, players=members[:4],
                                     ruleset=RuleSet.objects.get(preset="tenhou", options={}))
    assert 'name="yakuman" value="2"' in client.get(reverse("hanchan-detail", args=[tenhou.pk])).content.decode()
    # a hand stored as ダブル役満 (an import, an older version) keeps its choice on the edit page
    hand = services.hanchan_record_hand(hanchan=hanchan, event={"type": "ron", "winner": 1, "loser": 0, "yakuman": 2},
                                        by=scorekeeper)
    edit = client.get(reverse("hand-update", args=[hand.pk])).content.decode()
    assert 'name="yakuman" value="2"' in edit
    hanchan.refresh_from_db()
    r = client.post(reverse("hand-update", args=[hand.pk]),
                    {"type": "ron", "winner": "1", "loser": "0", "value": "yakuman", "yakuman": "2",
                     "version": hanchan.version})
    assert r.status_code == 302

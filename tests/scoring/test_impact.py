"""Rule-change impact (``impact``): tile-entered wins re-judged under another rule set, no writes."""

import datetime
import re

import pytest
from django.urls import reverse

from scoring import services
from scoring.models import HanchanResult, HandRecord, RuleSet
from scoring.selectors.impact import rule_change_impact

pytestmark = pytest.mark.django_db

REFUSED_UNDER_A = {"hand": "234m567p789s55z77z", "win_tile": "5z"}  # seed 000: legal under B only
CHEAPER_UNDER_A = {"hand": "1123344s123m123p", "win_tile": "2s"}  # B 5200, A 2000 (as 南家)


@pytest.fixture
def b_rules(db):
    return RuleSet.objects.get(preset="shimamachi", options={})


@pytest.fixture
def a_rules(db):
    return RuleSet.objects.get(preset="sakizuke_a", options={})


@pytest.fixture
def game(b_rules, members, scorekeeper):
    """A finished hanchan under B: #1 佐藤 (南家) rons 山田 with a hand A values less; #2 a draw;
    #3 鈴木 rons 田中 with a hand A refuses; then 途中終了."""
    day = services.clubday_create(date=datetime.date(2026, 10, 4), venue="", ruleset=b_rules)
    hanchan = services.hanchan_create(clubday=day, table=1, players=members[:4])
    for event in ({"type": "ron", "winner": 1, "loser": 0, "hand": CHEAPER_UNDER_A},
                  {"type": "draw", "tenpai": []},
                  {"type": "ron", "winner": 2, "loser": 3, "hand": REFUSED_UNDER_A, "riichi": [2]}):
        services.hanchan_record_hand(hanchan=hanchan, event=event, by=scorekeeper)
    services.hanchan_finish(hanchan=hanchan, by=scorekeeper)
    return hanchan


def impact(b, a):
    return rule_change_impact(ruleset=b, other=a, start=datetime.date(2026, 1, 1), end=datetime.date(2026, 11, 30))


def test_it_lists_wins_refused_or_worth_another_value(game, b_rules, a_rules):
    out = impact(b_rules, a_rules)
    rows = {h.number: h for h in out["hands"]}
    assert set(rows) == {1, 3} and out["judged"] == 2
    assert (rows[1].now["total"], rows[1].other["total"]) == (5200, 2000)
    assert rows[3].other is None and rows[3].reasons  # 不成立, with the engine's reason


def test_a_refused_win_is_left_out_of_the_replay(game, b_rules, a_rules):
    out = impact(b_rules, a_rules)
    (changed,) = out["hanchan"]
    assert changed.dropped == [3]
    # under A: 佐藤 +2000 from 山田, then a draw without tenpai; #3 (with its riichi) did not happen
    net = {s["member"].name: (s["now"], s["other"]) for s in out["standings"]}
    now = {r.member.name: r.net for r in HanchanResult.objects.filter(hanchan=game)}
    assert {k: v[0] for k, v in net.items()} == now
    assert net["佐藤"][1] > net["鈴木"][1]  # 鈴木's win is gone
    assert sum(v[1] for v in net.values()) == 0


def test_nothing_is_written(game, b_rules, a_rules):
    before = list(HandRecord.objects.values_list("event", "deltas")), list(HanchanResult.objects.values_list("net"))
    impact(b_rules, a_rules)
    assert (list(HandRecord.objects.values_list("event", "deltas")),
            list(HanchanResult.objects.values_list("net"))) == before


def test_the_same_rules_change_nothing(game, b_rules):
    copy = services.ruleset_create(name="Bの写し", preset="shimamachi")
    out = impact(b_rules, copy)
    assert out["hands"] == [] and out["hanchan"] == [] and all(s["diff"] == 0 for s in out["standings"])


def test_the_page_shows_the_table_and_the_policy(client, game, b_rules, a_rules):
    r = client.get(reverse("impact"), {"ruleset": b_rules.pk, "other": a_rules.pk, "start": "2026-01-01",
                                       "end": "2026-11-30"})
    body = r.content.decode()
    assert r.status_code == 200 and "不成立" in body and "なかったものとして扱います" in body
    assert re.search(r'aria-label="白" [^>]*><use href="/static/tiles/sprite\.\w+\.svg#t-5z"', body)
    assert "5200" in body and "2000" in body


def test_the_page_refuses_a_period_of_more_than_a_year(client, b_rules, a_rules):
    r = client.get(reverse("impact"), {"ruleset": b_rules.pk, "other": a_rules.pk, "start": "2024-01-01",
                                       "end": "2026-11-30"})
    assert r.status_code == 422 and "1年以内" in r.content.decode()


def test_the_page_opens_with_b_against_a(client, b_rules, a_rules):
    body = client.get(reverse("impact")).content.decode()
    assert f'<option value="{b_rules.pk}" selected>' in body and f'<option value="{a_rules.pk}" selected>' in body


def test_it_needs_a_login_when_the_boards_are_not_public(client, settings, db):
    settings.PUBLIC_BOARDS = False
    assert client.get(reverse("impact")).status_code == 302

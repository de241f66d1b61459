import json
import re

import pytest
from django.urls import reverse
from versions import with_version

from scoring.models import HandRecord

pytestmark = pytest.mark.django_db

RON = {"type": "ron", "winner": "1", "loser": "0", "value": "quick", "han": "3", "fu": "30"}


def url(h):
    return reverse("hand-create", args=[h.pk])


def test_it_sends_anonymous_users_to_login(client, hanchan):
    assert client.post(url(hanchan), with_version(hanchan, RON)).status_code == 302
    assert not HandRecord.objects.exists()


def test_htmx_anonymous_requests_are_redirected_by_header(client, hanchan):
    page = reverse("hanchan-detail", args=[hanchan.pk])
    r = client.post(url(hanchan), with_version(hanchan, RON), HTTP_HX_REQUEST="true",
                    HTTP_HX_CURRENT_URL=f"http://testserver{page}")
    # not a 302: the XHR would follow it and swap the login page into the scoreboard
    assert r.status_code == 204
    assert r["HX-Redirect"] == f"{reverse('login')}?next={page}"


def test_it_forbids_readers(client_as, reader, hanchan):
    assert client_as(reader).post(url(hanchan), with_version(hanchan, RON)).status_code == 403


@pytest.mark.parametrize("data, event", [
    (RON, {"type": "ron", "winner": 1, "loser": 0, "han": 3, "fu": 30}),
    ({"type": "tsumo", "winner": "2", "value": "quick", "han": "5"}, {"type": "tsumo", "winner": 2, "han": 5}),
    ({"type": "tsumo", "winner": "0", "value": "yakuman", "yakuman": "1", "pao": "3"},
     {"type": "tsumo", "winner": 0, "yakuman": 1, "pao": 3}),
    ({"type": "draw", "tenpai": ["2", "0"], "riichi": ["2"]}, {"type": "draw", "tenpai": [0, 2], "riichi": [2]}),
    ({"type": "chombo", "offender": "3"}, {"type": "chombo", "offender": 3}),
    ({"type": "penalty", "offender": "1"}, {"type": "penalty", "offender": 1}),
    ({"type": "abandon", "offender": "2"}, {"type": "abandon", "player": 2}),
    ({"type": "ron", "winner": "1", "loser": "0", "value": "tiles", "hand": "123m456p789s1122z", "win_tile": "1z",
      "riichi": ["1"], "dora": "3m"},
     {"type": "ron", "winner": 1, "loser": 0, "riichi": [1],
      "hand": {"hand": "123m456p789s1122z", "win_tile": "1z", "riichi": True, "dora_indicators": ["3m"]}}),
])
def test_the_form_becomes_exactly_the_event_given_to_the_engine(client_as, scorekeeper, hanchan, data, event):
    r = client_as(scorekeeper).post(url(hanchan), with_version(hanchan, data))
    assert r.status_code == 302
    assert HandRecord.objects.get().event == event


def test_htmx_gets_a_fresh_form_and_the_new_board(client_as, scorekeeper, hanchan):
    r = client_as(scorekeeper).post(url(hanchan), with_version(hanchan, RON), HTTP_HX_REQUEST="true")
    body = r.content.decode()
    assert r.status_code == 200 and body.lstrip().startswith('<form method="post" id="hand-form"')
    assert "東2局" in body and "28900" in body


@pytest.mark.parametrize("data, message", [
    ({"type": "ron", "loser": "0", "value": "quick", "han": "3", "fu": "30"}, "和了者を選んでください"),
    ({"type": "ron", "winner": "1", "loser": "1", "value": "quick", "han": "3", "fu": "30"}, "和了者と放銃者が同じです"),
    ({"type": "ron", "winner": "1", "loser": "0", "value": "quick", "han": "3"}, "3翻は符も選んでください"),
    ({"type": "tsumo", "winner": "1", "value": "quick", "han": "1", "fu": "20"}, "ありえません"),
    ({"type": "chombo"}, "対象者を選んでください"),
    ({"type": "ron", "winner": "1", "loser": "0", "value": "tiles", "hand": "123m456p789s2349m", "win_tile": "9m"},
     "和了できない"),
    ({"type": "ron", "winner": "1", "loser": "0", "value": "tiles", "hand": "123x", "win_tile": "9m"}, "x"),
])
def test_bad_input_is_refused_with_a_japanese_reason_and_kept_on_screen(client_as, scorekeeper, hanchan, data,
                                                                         message):
    r = client_as(scorekeeper).post(url(hanchan), with_version(hanchan, data))
    assert r.status_code == 422
    body = r.content.decode()
    assert message in body
    # the chosen result stays selected, so nothing has to be tapped again
    assert re.search(rf'name="type" value="{data["type"]}"[^>]*checked', body)
    assert not HandRecord.objects.exists()


def test_htmx_bad_input_replaces_only_the_error_box(client_as, scorekeeper, hanchan):
    data = {"type": "ron", "winner": "1", "loser": "0", "value": "tiles", "hand": "123m456p789s2349m",
            "win_tile": "9m"}
    r = client_as(scorekeeper).post(url(hanchan), with_version(hanchan, data), HTTP_HX_REQUEST="true")
    assert r.status_code == 422 and r["HX-Retarget"] == "#hand-errors" and r["HX-Reswap"].startswith("outerHTML")
    assert r.content.decode().lstrip().startswith('<div id="hand-errors"') and "和了できない" in r.content.decode()


def test_an_illegal_win_under_the_clubs_sakizuke_rules_is_refused(client_as, scorekeeper, members):
    # 島町 (B): 喰いタンなし, so an open all-simples hand has no yaku
    import datetime
    from scoring import services
    from scoring.models import RuleSet
    day = services.clubday_create(date=datetime.date(2026, 11, 2), venue="島町",
                                  ruleset=RuleSet.objects.get(preset="shimamachi", options={}))
    h = services.hanchan_create(clubday=day, table=1, players=members[:4])
    data = {"type": "ron", "winner": "1", "loser": "0", "value": "tiles", "hand": "234m456p678s5m",
            "melds": '[{"type": "chi", "tiles": "345s"}]', "win_tile": "5m"}
    r = client_as(scorekeeper).post(url(h), with_version(h, data))
    assert r.status_code == 422 and "和了できない" in r.content.decode()
    assert "234m456p678s5m" in r.content.decode()
    assert not HandRecord.objects.exists()


def test_get_is_not_allowed(client_as, scorekeeper, hanchan):
    assert client_as(scorekeeper).get(url(hanchan)).status_code == 405


def test_a_riichi_recorded_before_a_penalty_in_the_same_hand_counts_for_a_tile_win(client_as, scorekeeper, hanchan):
    client = client_as(scorekeeper)
    # 佐藤 declares riichi, then 山田 gets a 罰符: the hand goes on, 佐藤 is still in riichi
    client.post(url(hanchan), with_version(hanchan, {"type": "penalty", "offender": "0", "riichi": ["1"]}))
    client.post(url(hanchan), with_version(hanchan, {"type": "ron", "winner": "1", "loser": "0", "value": "tiles",
                                                     "hand": "123m456p789s1122z", "win_tile": "1z"}))
    last = HandRecord.objects.get(order=1)
    assert last.event["hand"]["riichi"] is True
    assert last.event.get("riichi") is None  # the stick was placed with the penalty event


# --------------------------------------------------------------------------- every outcome, several winners

@pytest.fixture
def tenhou_hanchan(members):
    """A hanchan under the tenhou preset: double ron, 三家和, 途中流局, 流し満貫, red fives."""
    import datetime

    from scoring import services
    from scoring.models import RuleSet
    day = services.clubday_create(date=datetime.date(2026, 11, 3), venue="天鳳", ruleset=RuleSet.objects.get(
        preset="tenhou", options={}))
    return services.hanchan_create(clubday=day, table=1, players=members[:4])


def stored(h):
    return [r.event for r in HandRecord.objects.filter(hanchan=h).order_by("order")]


@pytest.mark.parametrize("data, event", [
    ({"type": "abortive", "kind": "kyuushu"}, {"type": "abortive", "kind": "kyuushu"}),
    ({"type": "nagashi", "nagashi": ["1"], "tenpai": ["0"]}, {"type": "nagashi", "winners": [1], "tenpai": [0]}),
    ({"type": "penalty", "offender": "2"}, {"type": "penalty", "offender": 2}),
    ({"type": "abandon", "offender": "1"}, {"type": "abandon", "player": 1}),
])
def test_the_rule_sets_special_outcomes_are_recorded(client_as, scorekeeper, tenhou_hanchan, data, event):
    r = client_as(scorekeeper).post(url(tenhou_hanchan), with_version(tenhou_hanchan, data))
    assert r.status_code == 302, r.content.decode()[:2000]
    assert stored(tenhou_hanchan) == [event]


def test_abortive_draws_and_nagashi_are_offered_only_where_the_rule_set_has_them(client_as, scorekeeper, hanchan,
                                                                                  tenhou_hanchan):
    client = client_as(scorekeeper)
    ariari = client.get(reverse("hanchan-detail", args=[hanchan.pk])).content.decode()
    tenhou = client.get(reverse("hanchan-detail", args=[tenhou_hanchan.pk])).content.decode()
    assert 'value="abortive"' not in ariari and 'value="nagashi"' not in ariari
    assert 'value="abortive"' in tenhou and 'value="nagashi"' in tenhou and 'value="sanchahou"' in tenhou
    # and refused when posted anyway
    r = client.post(url(hanchan), with_version(hanchan, {"type": "abortive", "kind": "kyuushu"}))
    assert r.status_code == 422 and not HandRecord.objects.exists()


def add_win(client, h, data):
    return client.post(url(h), with_version(h, {**data, "step": "add-win"}), HTTP_HX_REQUEST="true")


def test_a_double_ron_is_entered_one_winner_at_a_time(client_as, scorekeeper, tenhou_hanchan):
    client = client_as(scorekeeper)
    # 佐藤 (seat 1) rons 山田 for 2翻30符; 「＋和了者を追加」 lists the win and clears the value
    r = add_win(client, tenhou_hanchan, {"type": "ron", "winner": "1", "loser": "0", "value": "quick", "han": "2",
                                         "fu": "30", "riichi": ["2"]})
    body = r.content.decode()
    assert r.status_code == 200 and r["HX-Retarget"] == "#hand-form"
    assert "追加した和了" in body and "佐藤" in body and "2翻30符" in body
    wins = re.search(r'name="wins" value="([^"]*)"', body).group(1)
    assert not HandRecord.objects.exists()  # nothing saved yet
    assert re.search(r'name="loser" value="0"[^>]*checked', body)  # the discarder and riichi stay chosen
    assert re.search(r'name="riichi" value="2"[^>]*checked', body)
    assert not re.search(r'name="han" value="2"[^>]*checked', body)
    # then 鈴木 (seat 2) for 1翻30符, and 記録する
    import html
    r = client.post(url(tenhou_hanchan), with_version(tenhou_hanchan, {
        "type": "ron", "loser": "0", "wins": html.unescape(wins), "winner": "2", "value": "quick", "han": "1",
        "fu": "30", "riichi": ["2"]}))
    assert r.status_code == 302
    assert stored(tenhou_hanchan) == [{"type": "ron", "loser": 0, "riichi": [2], "wins": [
        {"winner": 1, "han": 2, "fu": 30}, {"winner": 2, "han": 1, "fu": 30}]}]
    page = client.get(reverse("hanchan-detail", args=[tenhou_hanchan.pk])).content.decode()
    # both were paid (double ron): each named as a winner with the points won
    assert re.search(r"<strong>佐藤</strong> 和了 \(2000\)", page)
    assert re.search(r"<strong>鈴木</strong> 和了 \(1000\)", page)


def test_a_listed_win_can_be_taken_off_again(client_as, scorekeeper, tenhou_hanchan):
    import json
    client = client_as(scorekeeper)
    wins = json.dumps([{"winner": 1, "han": 2, "fu": 30}, {"winner": 2, "yakuman": 1}])
    r = client.post(url(tenhou_hanchan),
                    with_version(tenhou_hanchan, {"type": "ron", "loser": "0", "wins": wins, "step": "drop-0"}),
                    HTTP_HX_REQUEST="true")
    body = r.content.decode()
    assert r.status_code == 200 and "鈴木" in body and "役満" in body
    assert "2翻30符" not in body


def test_head_bump_keeps_the_nearest_winner_and_the_page_says_who_was_bumped(client_as, scorekeeper, hanchan):
    import json
    client = client_as(scorekeeper)
    # アリアリ: 頭ハネ. 山田 (seat 0) deals in; 鈴木 (seat 2) and 佐藤 (seat 1) both claim: 佐藤 is
    # nearer (下家 of the discarder) and alone is paid
    wins = json.dumps([{"winner": 2, "han": 3, "fu": 30}])
    r = client.post(url(hanchan), with_version(hanchan, {"type": "ron", "loser": "0", "wins": wins, "winner": "1",
                                                         "value": "quick", "han": "1", "fu": "30"}))
    assert r.status_code == 302
    page = client.get(reverse("hanchan-detail", args=[hanchan.pk])).content.decode()
    assert re.search(r"<strong>佐藤</strong> 和了 \(1000\)", page)
    assert re.search(r'class="not-won"><strong>鈴木</strong> 頭ハネ', page)
    assert "頭ハネ" in page  # the form explains the rule set's way while wins are listed, too
    r = add_win(client, hanchan, {"type": "ron", "loser": "2", "winner": "0", "value": "quick", "han": "1",
                                  "fu": "30"})
    assert "このルールは頭ハネ" in r.content.decode()


def test_a_second_claim_by_the_same_winner_is_refused(client_as, scorekeeper, tenhou_hanchan):
    import json
    wins = json.dumps([{"winner": 1, "han": 2, "fu": 30}])
    r = add_win(client_as(scorekeeper), tenhou_hanchan, {"type": "ron", "loser": "0", "wins": wins, "winner": "1",
                                                         "value": "quick", "han": "1", "fu": "30"})
    assert r.status_code == 422 and "佐藤 の和了はもう追加されています" in r.content.decode()


def test_triple_ron_is_a_draw_under_tenhou(client_as, scorekeeper, tenhou_hanchan):
    import json
    wins = json.dumps([{"winner": 1, "han": 2, "fu": 30}, {"winner": 2, "han": 1, "fu": 30}])
    r = client_as(scorekeeper).post(url(tenhou_hanchan), with_version(tenhou_hanchan, {
        "type": "ron", "loser": "0", "wins": wins, "winner": "3", "value": "quick", "han": "1", "fu": "30"}))
    assert r.status_code == 302
    page = client_as(scorekeeper).get(reverse("hanchan-detail", args=[tenhou_hanchan.pk])).content.decode()
    assert len(re.findall(r"<strong>(佐藤|鈴木|田中)</strong> 三家和\(流局\)", page)) == 3


def test_an_engine_refusal_names_the_hand_as_the_page_does(client_as, scorekeeper, hanchan):
    client = client_as(scorekeeper)
    client.post(url(hanchan), with_version(hanchan, RON))
    # the dealer 佐藤 tenpai: 東2局 1本場
    client.post(url(hanchan), with_version(hanchan, {"type": "draw", "tenpai": ["1"]}))
    # 1翻20符 cannot be a ron: the engine refuses event 2 (0-based); the page calls it #3 東2局 1本場
    bad = client.post(url(hanchan), with_version(hanchan, {"type": "ron", "winner": "2", "loser": "0",
                                                           "value": "quick", "han": "1", "fu": "20"}))
    errors = bad.content.decode().split('id="hand-errors"')[1].split("</div>")[0]
    assert bad.status_code == 422
    assert "#3 東2局 1本場: " in errors
    assert "番目の記録" not in errors and "event" not in errors


def test_recording_a_hand_replays_once_and_its_query_count_does_not_grow_with_hands(
        client_as, scorekeeper, hanchan, django_assert_max_num_queries, monkeypatch):
    import rules as engine
    from scoring import services
    for k in range(12):
        services.hanchan_record_hand(hanchan=hanchan, event={"type": "draw", "tenpai": [0, 1, 2, 3]}, by=scorekeeper)
    calls = []
    real = engine.play
    monkeypatch.setattr(engine, "play", lambda doc: calls.append(1) or real(doc))
    client = client_as(scorekeeper)
    with django_assert_max_num_queries(36):  # as the page's form posts it (it clears itself: no form drawn)
        r = client.post(url(hanchan), {**RON, "version": str(hanchan.version + 12), "fresh": "1"},
                        HTTP_HX_REQUEST="true")
    assert r.status_code == 200 and HandRecord.objects.filter(hanchan=hanchan).count() == 13
    assert len(calls) == 2  # the service's replay, and the board drawn for the new generation


def test_an_append_writes_only_the_new_hand(client_as, scorekeeper, hanchan, django_assert_max_num_queries):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from scoring import services
    for k in range(6):
        services.hanchan_record_hand(hanchan=hanchan, event={"type": "draw", "tenpai": [0, 1, 2, 3]}, by=scorekeeper)
    data = with_version(hanchan, RON)
    with CaptureQueriesContext(connection) as q:
        client_as(scorekeeper).post(url(hanchan), data)
    updates = [x["sql"] for x in q.captured_queries if x["sql"].startswith("UPDATE") and "scoring_handrecord" in x["sql"]]
    assert len(updates) <= 1


def test_a_stale_htmx_save_redraws_the_history_with_its_dispute_marks(client_as, scorekeeper, reader, hanchan):
    from scoring import services
    client = client_as(scorekeeper)
    client.post(url(hanchan), with_version(hanchan, RON))
    first = HandRecord.objects.get(hanchan=hanchan, order=0)
    d = services.dispute_open(hand=first, by=reader, comment="3翻ではない")
    r = client.post(url(hanchan), {**RON, "version": "0"}, HTTP_HX_REQUEST="true")
    body = r.content.decode()
    assert r.status_code == 422 and "他の人がこの半荘を変更しました" in body
    history = body.split('id="history"')[1]
    assert 'hx-swap-oob="true"' in body.split('id="history"')[1][:40]
    assert "審議中" in history and reverse("dispute-detail", args=[d.pk]) in history
    assert HandRecord.objects.filter(hanchan=hanchan).count() == 1


def _writes(queries) -> list[str]:
    """The statements of ``queries`` that change the database, by kind and table."""
    out = []
    for q in queries:
        m = re.match(r'(?:\d+ times: )?(INSERT INTO|UPDATE|DELETE FROM) "(\w+)"', q["sql"])
        if m:
            out.append(f"{m.group(1).split()[0]} {m.group(2)}")
    return out


@pytest.mark.parametrize("before", [2, 12])
def test_recording_a_hand_writes_three_rows_and_as_many_queries_whatever_came_before(
        client_as, scorekeeper, hanchan, before, django_assert_max_num_queries):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from scoring import services
    for k in range(before):
        services.hanchan_record_hand(hanchan=hanchan, event={"type": "draw", "tenpai": [0, 1, 2, 3]}, by=scorekeeper)
    client = client_as(scorekeeper)
    client.get(reverse("hanchan-detail", args=[hanchan.pk]))  # the page before: its generations exist
    with django_assert_max_num_queries(40), CaptureQueriesContext(connection) as q:
        r = client.post(url(hanchan), {**RON, "version": str(hanchan.version + before)}, HTTP_HX_REQUEST="true")
    assert r.status_code == 200 and HandRecord.objects.filter(hanchan=hanchan).count() == before + 1
    # the hand (settled as it is inserted), its history row, the hanchan's version: nothing else of the
    # club's data (the shared cache's table gets the new generation and the blocks drawn for it)
    assert sorted(w for w in _writes(q.captured_queries) if "club_cache" not in w) == sorted(
        ["INSERT scoring_handrecord", "INSERT scoring_historicalhandrecord", "UPDATE scoring_hanchan"])
    assert HandRecord.objects.get(hanchan=hanchan, order=before).deltas  # settled at once ...
    assert services.hanchan_resettle(hanchan=hanchan) == []  # ... and exactly as the replay settles it


def test_the_board_after_a_recorded_hand_equals_the_page_drawn_afresh(client_as, scorekeeper, hanchan, ron):
    from django.core.cache import cache
    from scoring import services
    for k in range(3):
        services.hanchan_record_hand(hanchan=hanchan, event=ron(k, (k + 1) % 4, 2, 30), by=scorekeeper)
    client = client_as(scorekeeper)
    client.get(reverse("hanchan-detail", args=[hanchan.pk]))  # the blocks kept
    saved = client.post(url(hanchan), with_version(hanchan, RON), HTTP_HX_REQUEST="true").content.decode()
    cache.clear()
    fresh = client.get(reverse("hanchan-detail", args=[hanchan.pk]), HTTP_HX_REQUEST="true").content.decode()

    def board(body: str) -> str:
        return re.search(r'<section id="board".*?</section>', body, re.DOTALL).group(0).replace(' hx-swap-oob="true"', "")
    assert board(saved) == board(fresh)
    assert '<td class="num no">4</td>' in saved


# --- the phone's tap, sent again when its answer was lost ------------------------------------------

KEY = "0b5a3a52-5c8e-4f51-9d8e-3f6f0c1a2b3c"


def test_the_same_tap_arriving_twice_is_recorded_once_even_with_its_old_version(client_as, scorekeeper, hanchan):
    client = client_as(scorekeeper)
    data = {**RON, "version": str(hanchan.version), "submission": KEY}
    first = client.post(url(hanchan), data, HTTP_HX_REQUEST="true")
    again = client.post(url(hanchan), data, HTTP_HX_REQUEST="true")  # the answer to the first was lost
    assert first.status_code == again.status_code == 200
    assert HandRecord.objects.filter(hanchan=hanchan).count() == 1
    assert "他の人がこの半荘を変更しました" not in again.content.decode()


def test_a_tap_arriving_again_after_other_changes_gets_the_whole_live_part(client_as, scorekeeper, hanchan, ron):
    from scoring import services
    client = client_as(scorekeeper)
    data = {**RON, "version": str(hanchan.version), "submission": KEY}
    client.post(url(hanchan), data, HTTP_HX_REQUEST="true")
    services.hanchan_record_hand(hanchan=hanchan, event=ron(2, 3, 1, 30), by=scorekeeper)  # another phone
    again = client.post(url(hanchan), data, HTTP_HX_REQUEST="true")
    assert again.status_code == 200 and again["HX-Retarget"] == "#live"  # the phone's page was two changes behind
    body = again.content.decode()
    assert body.count('<td class="num no">') == 2 and HandRecord.objects.filter(hanchan=hanchan).count() == 2


def test_a_tap_whose_hand_was_deleted_since_is_refused_and_not_recorded_again(client_as, scorekeeper, hanchan):
    from scoring import services
    client = client_as(scorekeeper)
    data = {**RON, "version": str(hanchan.version), "submission": KEY}
    client.post(url(hanchan), data, HTTP_HX_REQUEST="true")
    services.hanchan_delete_hand(hand=HandRecord.objects.get(hanchan=hanchan), by=scorekeeper)
    again = client.post(url(hanchan), data, HTTP_HX_REQUEST="true")
    assert again.status_code == 422 and "削除されています" in again.content.decode()
    assert not HandRecord.objects.filter(hanchan=hanchan).exists()


def test_the_key_of_another_hanchans_hand_records_nothing(client_as, scorekeeper, hanchan, members):
    from scoring import services
    client = client_as(scorekeeper)
    client.post(url(hanchan), {**RON, "version": str(hanchan.version), "submission": KEY}, HTTP_HX_REQUEST="true")
    other = services.hanchan_create(clubday=hanchan.clubday, table=2, players=members[1:])
    r = client.post(url(other), {**RON, "version": str(other.version), "submission": KEY}, HTTP_HX_REQUEST="true")
    assert r.status_code == 422 and not HandRecord.objects.filter(hanchan=other).exists()


def test_the_answer_to_a_recorded_hand_carries_only_what_changed(client_as, scorekeeper, hanchan, ron):
    from scoring import services
    for k in range(6):
        services.hanchan_record_hand(hanchan=hanchan, event={"type": "draw", "tenpai": [0, 1, 2, 3]}, by=scorekeeper)
    client = client_as(scorekeeper)
    hanchan.refresh_from_db()
    r = client.post(url(hanchan), {**RON, "version": str(hanchan.version)}, HTTP_HX_REQUEST="true")
    body = r.content.decode()
    assert r.status_code == 200 and body.lstrip().startswith('<form method="post" id="hand-form"')  # a fresh form
    assert '<section id="board" class="board" hx-swap-oob="true"' in body
    assert 'hx-swap-oob="afterbegin:#hand-rows"' in body and body.count('<td class="num no">') == 1  # the new row only
    assert '<div id="undo" hx-swap-oob="true">' in body and "#7 を取り消す" in body
    assert 'id="hanchan-actions"' in body and f'name="version" value="{hanchan.version + 1}"' in body



def test_a_phone_whose_form_was_the_fresh_one_gets_no_new_form(client_as, scorekeeper, hanchan):
    """``fresh`` (the page's empty form as drawn): the phone clears it itself, so the answer carries
    only what changed, swapped out of band, and the event with the new version."""
    client = client_as(scorekeeper)
    page = client.get(hanchan.get_absolute_url()).content.decode()
    assert '<input type="hidden" name="fresh" value="1">' in page
    r = client.post(url(hanchan), {**RON, "fresh": "1", "version": str(hanchan.version)}, HTTP_HX_REQUEST="true")
    body = r.content.decode()
    assert r.status_code == 200 and 'id="hand-form"' not in body and r["HX-Reswap"] == "none"
    assert json.loads(r["HX-Trigger"]) == {"hand-recorded": {"version": hanchan.version + 1}}
    assert '<section id="board" class="board" hx-swap-oob="true"' in body and "28900" in body
    assert HandRecord.objects.filter(hanchan=hanchan).count() == 1


def test_a_form_drawn_from_a_step_is_not_fresh(client_as, scorekeeper, hanchan):
    """After 「＋和了者を追加」 the form on screen holds the listed win: it is replaced, not cleared."""
    r = client_as(scorekeeper).post(url(hanchan), with_version(hanchan, {**RON, "step": "add-win"}),
                                    HTTP_HX_REQUEST="true")
    assert r.status_code == 200 and 'id="hand-form"' in r.content.decode()
    assert 'name="fresh"' not in r.content.decode()

# --- hands a phone queued while it had no signal (after=: its own earlier queued hands) ---------------

KEYS = ["3c1f9a2e-0d4b-4c55-8e1a-7b2d6f0a9c11", "5e2a8b3d-1f6c-4a77-9b2e-8c3e7a1b0d22",
        "7a3b9c4e-2a7d-4b88-ac3f-9d4f8b2c1e33"]
TSUMO = {"type": "tsumo", "winner": "2", "value": "quick", "han": "2", "fu": "30"}
DRAW = {"type": "draw", "tenpai": ["0", "1", "2", "3"]}


def queued(hanchan_version, key, after=(), data=RON):
    """A hand as the phone sends it from its queue: the version it last saw, its key, the keys of
    its own queued hands before it."""
    return {**data, "version": str(hanchan_version), "submission": key, "after": list(after)}


def test_hands_queued_on_one_phone_are_recorded_in_order_on_the_version_it_saw(client_as, scorekeeper, hanchan):
    client = client_as(scorekeeper)
    seen = hanchan.version
    for i, data in enumerate((RON, TSUMO, DRAW)):
        r = client.post(url(hanchan), queued(seen, KEYS[i], KEYS[:i], data), HTTP_HX_REQUEST="true")
        assert r.status_code == 200, r.content.decode()[:300]
    hands = list(HandRecord.objects.filter(hanchan=hanchan).order_by("order"))
    assert [str(h.submission) for h in hands] == KEYS and [h.event["type"] for h in hands] == ["ron", "tsumo", "draw"]


def test_a_queued_hand_sent_again_is_recorded_once(client_as, scorekeeper, hanchan):
    client = client_as(scorekeeper)
    seen = hanchan.version
    client.post(url(hanchan), queued(seen, KEYS[0]), HTTP_HX_REQUEST="true")
    client.post(url(hanchan), queued(seen, KEYS[1], KEYS[:1], TSUMO), HTTP_HX_REQUEST="true")
    again = client.post(url(hanchan), queued(seen, KEYS[1], KEYS[:1], TSUMO), HTTP_HX_REQUEST="true")
    assert again.status_code == 200 and HandRecord.objects.filter(hanchan=hanchan).count() == 2


@pytest.mark.parametrize("meanwhile", ["append", "edit", "delete", "stop"])
def test_a_queued_hand_after_a_change_made_on_another_phone_is_refused(client_as, scorekeeper, hanchan, ron,
                                                                        meanwhile):
    from scoring import services
    client = client_as(scorekeeper)
    seen = hanchan.version
    client.post(url(hanchan), queued(seen, KEYS[0]), HTTP_HX_REQUEST="true")
    mine = HandRecord.objects.get(hanchan=hanchan)
    if meanwhile == "append":  # another phone records a hand after the queued one
        services.hanchan_record_hand(hanchan=hanchan, event=ron(2, 3, 1, 30), by=scorekeeper)
    elif meanwhile == "edit":  # or corrects it (the queued hand stays the newest, the version moved)
        services.hanchan_update_hand(hand=mine, event=ron(1, 0, 4, 30), by=scorekeeper)
    elif meanwhile == "delete":
        services.hanchan_delete_hand(hand=mine, by=scorekeeper)
    else:
        services.hanchan_finish(hanchan=hanchan, by=scorekeeper)
    before = list(HandRecord.objects.filter(hanchan=hanchan).values_list("pk", "event"))
    r = client.post(url(hanchan), queued(seen, KEYS[1], KEYS[:1], TSUMO), HTTP_HX_REQUEST="true")
    assert r.status_code == 422 and "他の人がこの半荘を変更しました" in r.content.decode()
    assert r["X-Hand-Refused"] == "stale"  # the phone tells a change elsewhere from a bad hand
    assert list(HandRecord.objects.filter(hanchan=hanchan).values_list("pk", "event")) == before
    assert not HandRecord.objects.filter(submission=KEYS[1]).exists()


def test_a_queued_hand_whose_earlier_queued_hand_never_arrived_is_refused(client_as, scorekeeper, hanchan):
    """after= names a hand the server does not have: the version alone being current is not enough."""
    r = client_as(scorekeeper).post(url(hanchan), queued(hanchan.version, KEYS[1], KEYS[:1], TSUMO),
                                    HTTP_HX_REQUEST="true")
    assert r.status_code == 422 and not HandRecord.objects.filter(hanchan=hanchan).exists()


def test_queued_hands_out_of_order_are_refused(client_as, scorekeeper, hanchan):
    client = client_as(scorekeeper)
    seen = hanchan.version
    client.post(url(hanchan), queued(seen, KEYS[0]), HTTP_HX_REQUEST="true")
    client.post(url(hanchan), queued(seen, KEYS[1], KEYS[:1], TSUMO), HTTP_HX_REQUEST="true")
    r = client.post(url(hanchan), queued(seen, KEYS[2], KEYS[1::-1], DRAW), HTTP_HX_REQUEST="true")
    assert r.status_code == 422 and HandRecord.objects.filter(hanchan=hanchan).count() == 2


@pytest.mark.parametrize("after", [["not-a-key"], [KEYS[0]] * 101])
def test_an_unreadable_after_is_refused_as_stale(client_as, scorekeeper, hanchan, after):
    r = client_as(scorekeeper).post(url(hanchan), queued(hanchan.version, KEYS[1], after), HTTP_HX_REQUEST="true")
    assert r.status_code == 422 and "他の人がこの半荘を変更しました" in r.content.decode()
    assert not HandRecord.objects.exists()


def test_a_stale_htmx_hand_shows_the_conflict_once(client_as, scorekeeper, hanchan, ron):
    from scoring import services
    services.hanchan_record_hand(hanchan=hanchan, event=ron(2, 3, 1, 30), by=scorekeeper)
    r = client_as(scorekeeper).post(url(hanchan), {**RON, "version": "0"}, HTTP_HX_REQUEST="true")
    assert r.status_code == 422 and r.content.decode().count("他の人がこの半荘を変更しました") == 1


def test_a_refused_hand_says_whether_it_was_stale_or_itself(client_as, scorekeeper, hanchan):
    client = client_as(scorekeeper)
    bad = client.post(url(hanchan), {**RON, "fu": "", "version": str(hanchan.version)}, HTTP_HX_REQUEST="true")
    assert bad.status_code == 422 and bad["X-Hand-Refused"] == "invalid"
    stale = client.post(url(hanchan), {**RON, "version": str(hanchan.version + 1)}, HTTP_HX_REQUEST="true")
    assert stale.status_code == 422 and stale["X-Hand-Refused"] == "stale"

import re

import pytest
from django.urls import reverse

from scoring import services

pytestmark = pytest.mark.django_db


def url(h):
    return reverse("hanchan-detail", args=[h.pk])


def test_the_scoreboard_shows_scores_dealer_round_and_differences(client, hanchan, scorekeeper, ron):
    services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30, ), by=scorekeeper)
    body = client.get(url(hanchan)).content.decode()
    assert "東2局 0本場" in body
    assert "28900" in body and "21100" in body
    assert "+7800" in body  # 佐藤 28900 − 山田 21100
    # 佐藤 (seat 1) is now the dealer, and so the East seat
    assert '<span class="wind">東</span> 佐藤 <span class="badge oya">' in body


def test_readers_see_the_board_but_no_entry_form(client_as, reader, hanchan):
    body = client_as(reader).get(url(hanchan)).content.decode()
    assert "hand-form" not in body and "山田" in body


def test_scorekeepers_get_the_entry_form_with_big_choice_buttons(client_as, scorekeeper, hanchan):
    body = client_as(scorekeeper).get(url(hanchan)).content.decode()
    assert 'id="hand-form"' in body and 'class="chip"' in body and 'name="han"' in body


def test_it_requires_login_when_boards_are_private(client, hanchan, settings):
    settings.PUBLIC_BOARDS = False
    assert client.get(url(hanchan)).status_code == 302


def test_htmx_gets_only_the_live_fragment(client, hanchan):
    body = client.get(url(hanchan), HTTP_HX_REQUEST="true").content.decode()
    assert body.lstrip().startswith('<div id="live">') and "<html" not in body


def test_the_history_lists_each_hand_with_its_description(client, hanchan, scorekeeper, ron):
    services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    assert "佐藤 が 山田 から 3900 のロン" in client.get(url(hanchan)).content.decode()


def test_the_tile_palette_fills_the_forms_inputs_which_can_also_be_typed(client_as, scorekeeper, hanchan):
    body = client_as(scorekeeper).get(url(hanchan)).content.decode()
    assert body.index('class="tile-entry') < body.index('name="hand"')
    assert 'name="hand"' in body and 'name="melds"' in body and 'name="win_tile"' in body


def test_the_page_of_a_14_hand_game_needs_few_queries_and_one_replay(client_as, scorekeeper, hanchan,
                                                                      django_assert_max_num_queries, monkeypatch):
    import rules as engine
    for k in range(14):
        services.hanchan_record_hand(hanchan=hanchan, event={"type": "draw", "tenpai": [0, 1, 2, 3]}, by=scorekeeper)
    client = client_as(scorekeeper)
    calls = []
    real = engine.play
    monkeypatch.setattr(engine, "play", lambda doc: calls.append(1) or real(doc))
    with django_assert_max_num_queries(42):  # drawn once: the replay, its three blocks kept in the cache, the seating's first generation
        assert client.get(url(hanchan)).status_code == 200
    assert len(calls) == 1
    with django_assert_max_num_queries(8):  # until the hanchan changes: the hanchan, the user, the cache (a read per block)
        assert client.get(url(hanchan)).status_code == 200
    assert len(calls) == 1


def test_seat_winds_and_the_palette_speak_english_when_chosen(client_as, scorekeeper, hanchan):
    client = client_as(scorekeeper)
    client.cookies["django_language"] = "en"
    body = client.get(url(hanchan)).content.decode()
    assert '<span class="wind">E</span>' in body and '<span class="wind">N</span>' in body
    for ja in ("手牌", "和了牌", "チー", "ポン", "明槓", "加槓", "暗槓", "戻す", "全部消す", "牌を選ぶ", "入力先"):
        assert f">{ja}<" not in body and f'"{ja}"' not in body, ja
    assert 'aria-label="5 man"' in body and 'aria-label="East"' in body
    assert "<title>Table 1, game 1" in body


def test_red_fives_are_offered_only_where_the_rule_set_has_them(client_as, scorekeeper, hanchan, members):
    import datetime

    from scoring.models import RuleSet
    client = client_as(scorekeeper)
    assert 'data-te-tile="0p"' not in client.get(url(hanchan)).content.decode()
    day = services.clubday_create(date=datetime.date(2026, 11, 3), venue="天鳳",
                                  ruleset=RuleSet.objects.get(preset="tenhou", options={}))
    h = services.hanchan_create(clubday=day, table=1, players=members[:4])
    assert 'data-te-tile="0p"' in client.get(url(h)).content.decode()


def test_the_palette_carries_no_inline_style_or_script(client_as, scorekeeper, hanchan):
    body = client_as(scorekeeper).get(url(hanchan)).content.decode()
    assert "<style" not in body and "<script>" not in body and ' style="' not in body


def test_every_choice_group_is_named_by_its_question(client_as, scorekeeper, hanchan, ron):
    services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    body = client_as(scorekeeper).get(url(hanchan)).content.decode()
    labels = re.findall(r'class="choices [a-z]+" role="group" aria-label="([^"]*)"', body)
    assert {"結果", "和了者", "放銃者", "この局でリーチした人", "テンパイした人", "翻", "符"} <= set(labels)
    assert not any("{" in label for label in labels)  # not the round label dict of the page's context


# --------------------------------------------------------------------------- disputes and history


def test_a_disputed_hand_is_marked_under_review_with_a_link_to_its_dispute(client, hanchan, scorekeeper, reader, ron):
    hand = services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    services.hanchan_record_hand(hanchan=hanchan, event=ron(2, 1, 1, 30), by=scorekeeper)
    d = services.dispute_open(hand=hand, by=reader, comment="3翻ではない")
    body = client.get(url(hanchan)).content.decode()
    assert body.count("審議中") == 1 and reverse("dispute-detail", args=[d.pk]) in body
    assert "dispute-flag" not in body  # anonymous readers get no flag


def test_logged_in_members_get_a_flag_link_on_every_hand_row(client_as, reader, hanchan, scorekeeper, ron):
    hands = [services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper),
             services.hanchan_record_hand(hanchan=hanchan, event=ron(2, 1, 1, 30), by=scorekeeper)]
    body = client_as(reader).get(url(hanchan)).content.decode()
    for hand in hands:
        assert reverse("dispute-create", args=[hand.pk]) in body
    assert "審議中" not in body


def test_the_page_links_to_the_hanchans_change_history(client, hanchan):
    assert reverse("history", args=["hanchan", hanchan.pk]) in client.get(url(hanchan)).content.decode()


def test_deleted_hands_are_listed_folded_and_only_admins_may_restore_them(client_as, admin_user, scorekeeper,
                                                                           hanchan, ron):
    services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    gone = services.hanchan_record_hand(hanchan=hanchan, event=ron(2, 1, 1, 30), by=scorekeeper)
    services.hanchan_delete_hand(hand=gone, by=scorekeeper)
    restore = reverse("hand-restore", args=[gone.pk])
    body = client_as(scorekeeper).get(url(hanchan)).content.decode()
    assert '<details class="deleted-box">' in body and "削除された局(1件)" in body and restore not in body
    body = client_as(admin_user).get(url(hanchan)).content.decode()
    assert restore in body and "#2 に戻す" in body


def test_without_deleted_hands_there_is_no_deleted_list(client_as, scorekeeper, hanchan, ron):
    services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    assert "deleted-box" not in client_as(scorekeeper).get(url(hanchan)).content.decode()


def test_marks_and_deleted_hands_are_drawn_once_per_change_of_the_hanchan(
        client_as, admin_user, scorekeeper, reader, hanchan, django_assert_max_num_queries, monkeypatch):
    import rules as engine
    draw = {"type": "draw", "tenpai": [0, 1, 2, 3]}
    hands = [services.hanchan_record_hand(hanchan=hanchan, event=draw, by=scorekeeper) for _ in range(16)]
    for hand in hands[:3]:
        services.dispute_open(hand=hand, by=reader, comment="?")
    for hand in hands[-2:]:
        services.hanchan_delete_hand(hand=hand, by=scorekeeper)
    client = client_as(admin_user)
    calls = []
    real = engine.play
    monkeypatch.setattr(engine, "play", lambda doc: calls.append(1) or real(doc))
    with django_assert_max_num_queries(41):  # the replay, the marks and deletions; the blocks kept in the cache; the seating's first generation
        body = client.get(url(hanchan)).content.decode()
    assert body.count("審議中") == 3 and "削除された局(2件)" in body
    with django_assert_max_num_queries(8):  # the hanchan, the user, the cached blocks
        again = client.get(url(hanchan)).content.decode()
    assert _same_page(again) == _same_page(body) and len(calls) == 1


# --- the cached blocks must never show anything stale ---------------------------------------------

CSRF = re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]+|("X-CSRFToken": ")[^"]+')


def _same_page(body: str) -> str:
    """The page with its CSRF tokens (masked anew on every request) blanked out."""
    return CSRF.sub(lambda m: m.group(1) or m.group(2), body)


def test_the_page_makes_as_many_queries_however_many_hands_were_played(client_as, scorekeeper, hanchan,
                                                                         django_assert_max_num_queries):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    client = client_as(scorekeeper)
    draw = {"type": "draw", "tenpai": [0, 1, 2, 3]}
    client.get(url(hanchan))  # the first page ever makes the generations
    counts = []
    for hands in (2, 14):
        while hanchan.hands.count() < hands:
            services.hanchan_record_hand(hanchan=hanchan, event=draw, by=scorekeeper)
        for _ in range(2):  # drawn, then from the cache
            with CaptureQueriesContext(connection) as q:
                assert client.get(url(hanchan)).status_code == 200
            counts.append(len(q.captured_queries))
    assert counts[0] == counts[2] and counts[1] == counts[3] <= 8


def test_a_page_drawn_from_cached_blocks_equals_one_drawn_from_scratch(client_as, scorekeeper, reader, hanchan,
                                                                         ron):
    from django.core.cache import cache
    for k in range(5):
        services.hanchan_record_hand(hanchan=hanchan, event=ron(k % 4, (k + 1) % 4, 2, 30), by=scorekeeper)
    services.dispute_open(hand=hanchan.hands.get(order=1), by=reader, comment="?")
    client = client_as(scorekeeper)
    cache.clear()
    fresh = client.get(url(hanchan)).content.decode()
    cached = client.get(url(hanchan)).content.decode()
    assert _same_page(cached) == _same_page(fresh)
    # the page's own forms carry a token; the cached blocks none (another user's would be refused)
    assert cached.count('name="csrfmiddlewaretoken"') == fresh.count('name="csrfmiddlewaretoken"') > 0
    assert "csrfmiddlewaretoken" not in re.search(r'<section id="history".*?</section>', cached, re.DOTALL).group(0)


def test_each_kind_of_user_gets_its_own_cached_blocks(client_as, client, scorekeeper, reader, admin_user,
                                                       hanchan, ron):
    hand = services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    flag, delete = reverse("dispute-create", args=[hand.pk]), reverse("hand-delete", args=[hand.pk])
    anonymous = client.get(url(hanchan)).content.decode()
    assert flag not in anonymous and delete not in anonymous
    member = client_as(reader).get(url(hanchan)).content.decode()
    assert flag in member and delete not in member
    keeper = client_as(scorekeeper).get(url(hanchan)).content.decode()
    assert flag in keeper and delete in keeper


def test_a_hand_row_shows_a_dispute_opened_after_it_was_cached(client_as, scorekeeper, reader, hanchan, ron):
    hand = services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    client = client_as(scorekeeper)
    assert "審議中" not in client.get(url(hanchan)).content.decode()
    d = services.dispute_open(hand=hand, by=reader, comment="3翻ではない")
    body = client.get(url(hanchan)).content.decode()
    assert "審議中" in body and reverse("dispute-detail", args=[d.pk]) in body


def test_renaming_a_player_renames_every_cached_row_and_button(client_as, scorekeeper, hanchan, members):
    # a draw's description names nobody: only the score columns show the players
    services.hanchan_record_hand(hanchan=hanchan, event={"type": "draw", "tenpai": [0, 1, 2, 3]}, by=scorekeeper)
    client = client_as(scorekeeper)
    assert "佐藤" in client.get(url(hanchan)).content.decode()
    services.member_update(member=members[1], name="佐々木")
    body = client.get(url(hanchan)).content.decode()
    history = body.split('id="history"')[1]
    assert "佐藤" not in body
    assert '<span class="pname">佐々木</span>' in history  # the row's score column
    assert re.search(r'<input type="radio" name="winner" value="1"[^>]*><span>佐々木</span>', body)


def test_the_cached_form_follows_the_hanchans_rule_set_and_urls(client_as, scorekeeper, hanchan, members):
    import datetime

    from scoring.models import RuleSet
    client = client_as(scorekeeper)
    assert 'value="nagashi"' not in client.get(url(hanchan)).content.decode()  # ariari: no 流し満貫
    day = services.clubday_create(date=datetime.date(2026, 11, 3), venue="天鳳",
                                  ruleset=RuleSet.objects.get(preset="tenhou", options={}))
    other = services.hanchan_create(clubday=day, table=1, players=members[:4])
    body = client.get(url(other)).content.decode()
    assert 'value="nagashi"' in body
    assert reverse("hand-preview", args=[other.pk]) in body
    assert reverse("hand-preview", args=[hanchan.pk]) not in body


def test_english_pages_get_english_rows_and_form_after_japanese_ones(client_as, scorekeeper, hanchan, ron):
    services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    client = client_as(scorekeeper)
    ja = client.get(url(hanchan)).content.decode()
    assert "東1局" in ja and ">ロン<" in ja
    client.cookies["django_language"] = "en"
    en = client.get(url(hanchan)).content.decode()
    assert "East 1" in en and ">Ron<" in en and "東1局" not in en


def test_the_hand_table_after_each_record_and_undo_equals_one_drawn_from_scratch(client_as, scorekeeper, hanchan):
    """After every record and undo, the table the page shows (kept in the cache) is the one a cold
    render draws, and the row the record's answer adds is that table's newest row."""
    from django.core.cache import cache
    client = client_as(scorekeeper)
    hx = {"HTTP_HX_REQUEST": "true"}

    def table(body: str) -> str:
        return _same_page(re.search(r'<tbody id="hand-rows">.*?</tbody>', body, re.DOTALL).group(0))

    def shown_then_fresh() -> tuple[str, str]:
        shown = table(client.get(url(hanchan), **hx).content.decode())
        cache.clear()
        return shown, table(client.get(url(hanchan), **hx).content.decode())

    for k in range(4):
        hanchan.refresh_from_db()
        data = {"type": "ron", "winner": str((k + 1) % 4), "loser": str(k % 4), "value": "quick", "han": "2",
                "fu": "30", "version": str(hanchan.version)}
        answer = client.post(reverse("hand-create", args=[hanchan.pk]), data, **hx).content.decode()
        shown, fresh = shown_then_fresh()
        assert shown == fresh and fresh.count("<tr>") == k + 1
        row = re.search(r'<tr>\s*<td class="num no">.*?</tr>', answer, re.DOTALL).group(0)
        assert row in fresh and fresh.index(row) < fresh.index("</tr>")  # the newest row, first
    hanchan.refresh_from_db()
    last = hanchan.hands.get(order=3)
    answer = client.post(reverse("hand-delete", args=[last.pk]), {"version": str(hanchan.version)}, **hx)
    assert answer.status_code == 200
    shown, fresh = shown_then_fresh()
    assert table(answer.content.decode()) == shown == fresh and fresh.count("<tr>") == 3


def test_the_empty_form_is_kept_across_hands_and_redrawn_when_the_seats_change(client_as, scorekeeper):
    """The new hand's form is drawn from the seating, the names and the rule set, not from the hands:
    a recorded hand keeps it, a swap of seats (before the first hand) draws it anew."""
    import datetime

    from scoring.models import RuleSet
    from scoring.selectors import evening

    members = [services.member_create(name=n, kana=k, number=i + 1) for i, (n, k) in
               enumerate((("東野", "ひがしの"), ("南田", "みなみだ"), ("西川", "にしかわ"), ("北村", "きたむら"), ("中島", "なかじま")))]
    day = services.clubday_create(date=datetime.date(2026, 11, 1), venue="", ruleset=RuleSet.objects.get(preset="ariari", options={}))
    for m in members[:4]:
        services.attendance_check_in(clubday=day, member=m)
    services.draw_create(clubday=day, number=1, state=evening.draw_state(clubday=day, number=1))
    h = day.hanchans.get()
    client = client_as(scorekeeper)

    def form_seats() -> list[str]:
        body = client.get(h.get_absolute_url()).content.decode()
        form = body[body.index('id="hand-form"'):]
        return re.findall(r'name="winner" value="\d" id="[^"]+"[^>]*><span>([^<]+)</span>', form)

    before = form_seats()
    state = evening.draw_state(clubday=day, number=1)
    services.draw_swap(clubday=day, number=1, state=state, first="1-0", second="1-1")
    swapped = form_seats()
    assert swapped == [before[1], before[0], *before[2:]]
    services.hanchan_record_hand(hanchan=h, event={"type": "draw", "tenpai": [0]}, by=scorekeeper)
    generation = client.get(h.get_absolute_url()).context["form_generation"]
    services.hanchan_record_hand(hanchan=h, event={"type": "draw", "tenpai": [1]}, by=scorekeeper)
    assert client.get(h.get_absolute_url()).context["form_generation"] == generation


def test_hand_rows_name_each_player_in_full(client, clubday, scorekeeper, ron):
    """Two guests, or 小林久美子 and 小林久美, stay apart on a phone's hand rows (cut to 3 characters
    they read 「ゲスト」 twice); only the whole name in each cell."""
    players = [services.member_create(name=n, kana="かな", number=no)
               for no, n in enumerate(["ゲスト鈴木", "ゲスト佐藤", "小林久美子", "小林久美"], start=11)]
    h = services.hanchan_create(clubday=clubday, table=1, players=players)
    services.hanchan_record_hand(hanchan=h, event=ron(1, 0, 3, 30), by=scorekeeper)
    body = client.get(url(h)).content.decode()
    shown = re.findall(r'<span class="pname"[^>]*>([^<]*)</span>', body)
    assert shown == ["ゲスト鈴木", "ゲスト佐藤", "小林久美子", "小林久美"]


# --- a write between the page's reads: what it read before the generation is not kept under it -----

def _write_between_the_hanchan_and_its_generation(monkeypatch, write):
    """The next page view reads the hanchan, then ``write`` commits (on another server, say), then
    the view reads the generations: the new ones of that write."""
    from scoring import generations
    real = generations.generations

    def late(*groups):
        monkeypatch.setattr(generations, "generations", real)
        write()
        return real(*groups)
    monkeypatch.setattr(generations, "generations", late)


def _shown_then_fresh(client, path, **headers):
    from django.core.cache import cache
    shown = _same_page(client.get(path, **headers).content.decode())
    cache.clear()
    return shown, _same_page(client.get(path, **headers).content.decode())


@pytest.mark.parametrize("htmx", [False, True])
def test_a_void_between_reading_the_hanchan_and_its_generation_is_not_hidden(client_as, scorekeeper, reader,
                                                                           hanchan, ron, monkeypatch, htmx):
    """The page read the hanchan in play, then the void committed: the blocks it drew (in play, with
    its 途中終了 button for a scorekeeper) must not be kept under the void's generation."""
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    client = client_as(scorekeeper)
    _write_between_the_hanchan_and_its_generation(
        monkeypatch, lambda: services.hanchan_void(hanchan=hanchan, by=scorekeeper))
    client.get(url(hanchan), **headers)
    shown, fresh = _shown_then_fresh(client, url(hanchan), **headers)
    assert "途中終了する" not in fresh and shown == fresh


def test_a_rename_between_reading_the_hanchan_and_its_generation_is_not_hidden(client_as, scorekeeper, hanchan,
                                                                             members, monkeypatch):
    services.hanchan_record_hand(hanchan=hanchan, event={"type": "draw", "tenpai": [0, 1, 2, 3]}, by=scorekeeper)
    client = client_as(scorekeeper)
    _write_between_the_hanchan_and_its_generation(
        monkeypatch, lambda: services.member_update(member=members[1], name="佐々木"))
    client.get(url(hanchan))
    shown, fresh = _shown_then_fresh(client, url(hanchan))
    assert "佐藤" not in fresh and shown == fresh


def test_a_write_between_an_undo_and_its_answer_is_not_hidden(client_as, scorekeeper, hanchan, ron, monkeypatch):
    """A hand taken back (取り消す), and before the answer is drawn another phone voids the hanchan: the
    answer's blocks, drawn from the hanchan as the undo left it, are not kept under the void's
    generation."""
    for k in range(2):
        services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    client = client_as(scorekeeper)
    hanchan.refresh_from_db()
    last = hanchan.hands.get(order=1)
    _write_between_the_hanchan_and_its_generation(
        monkeypatch, lambda: services.hanchan_void(hanchan=hanchan, by=scorekeeper))
    answer = client.post(reverse("hand-delete", args=[last.pk]), {"version": str(hanchan.version)},
                         HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    shown, fresh = _shown_then_fresh(client, url(hanchan))
    assert "<strong>無効</strong>" in fresh and shown == fresh

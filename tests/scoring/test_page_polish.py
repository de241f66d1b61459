"""Page polish (issue 5): first-run link, member form defaults and errors, the hanchan page after
finishing, 順位点 in thousands, history cards, tile pictures in the preview, the meld field."""

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import translation
from versions import with_version

from scoring import services
from scoring.forms import MemberForm
from scoring.selectors.members import next_member_number
from scoring.templatetags.club import thousands
from scoring.templatetags.clubdays import clubdate
from scoring.templatetags.verdict import limit_name

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("points, text", [
    (12000, "+12.0"), (4000, "+4.0"), (-4000, "-4.0"), (-12000, "-12.0"), (0, "+0.0"), (15900, "+15.9"),
    (-20700, "-20.7"), ("n/a", "n/a"),
])
def test_thousands_shows_points_like_the_net_column(points, text):
    assert thousands(points) == text


def test_a_club_day_date_has_its_weekday_in_the_page_language():
    with translation.override("en"):
        assert clubdate(datetime.date(2026, 11, 23)) == "2026-11-23 (Mon)"
    with translation.override("ja"):
        assert clubdate(datetime.date(2026, 11, 23)) == "2026年11月23日(月)"


def test_limit_names():
    assert (str(limit_name("haneman")), limit_name(None), limit_name("odd")) == ("跳満", "", "odd")


# --------------------------------------------------------------------------- home on first run


def test_home_links_to_the_setup_while_no_user_exists(client):
    body = client.get(reverse("home")).content.decode()
    assert f'href="{reverse("setup")}"' in body and "初期設定" in body


def test_home_has_no_setup_link_once_a_user_exists(client_as, admin_user):
    body = client_as(admin_user).get(reverse("home")).content.decode()
    assert f'href="{reverse("setup")}"' not in body


# --------------------------------------------------------------------------- member form


def test_a_new_member_gets_number_1_in_an_empty_club():
    assert next_member_number() == 1
    assert MemberForm().initial["number"] == 1


def test_a_new_member_gets_the_number_after_the_highest(members):
    # the fixture's members are numbered 1..5; a gap below the top is not reused
    services.member_create(name="高橋", kana="たかはし", number=9)
    assert MemberForm().initial["number"] == 10


def test_the_member_form_page_shows_the_next_number(client_as, admin_user, members):
    body = client_as(admin_user).get(reverse("member-create")).content.decode()
    assert re.search(r'name="number" value="6"', body)


def test_editing_keeps_the_members_own_number(members):
    assert MemberForm(instance=members[1]).initial["number"] == 2


@pytest.mark.parametrize("field, message", [
    ("name", "名前を入力してください"),
    ("kana", "よみがなを入力してください"),
    ("number", "会員番号を入力してください"),
])
def test_a_blank_member_field_gets_a_japanese_error(client_as, admin_user, field, message):
    # a name with nothing to read: a blank reading is not guessed (test_member_create)
    data = {"name": "Yamada Taro", "kana": "やまだ たろう", "number": "12", "active": "on", field: ""}
    r = client_as(admin_user).post(reverse("member-create"), data)
    body = r.content.decode()
    assert r.status_code == 422 and message in body and "入力内容を確認してください" in body


def test_the_member_form_leaves_checking_to_the_server(client_as, admin_user):
    # the browser's own bubble is neither Japanese nor visible in every browser
    assert "novalidate" in client_as(admin_user).get(reverse("member-create")).content.decode()


# --------------------------------------------------------------------------- hanchan page


def test_finishing_with_htmx_swaps_the_whole_page_body(client_as, scorekeeper, hanchan, ron):
    services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    r = client_as(scorekeeper).post(reverse("hanchan-finish", args=[hanchan.pk]), with_version(hanchan, {"early": "1"}),
                                    HTTP_HX_REQUEST="true")
    body = r.content.decode()
    assert r["HX-Retarget"] == "#hanchan-page" and r["HX-Reswap"].startswith("outerHTML")
    assert body.lstrip().startswith('<div id="hanchan-page">')
    assert 'class="badge state-finished"' in body and "対局中" not in body
    assert 'badge oya' not in body and "東1局" not in body.split('class="history"')[0]


def test_results_show_the_rank_points_in_thousands(client_as, scorekeeper, hanchan, ron):
    # 佐藤 wins 3900 from 山田, then early finish: ranks 佐藤, 鈴木/田中 (seat order), 山田;
    # アリアリ 順位点 +12000/+4000/-4000/-12000
    services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    services.hanchan_finish(hanchan=hanchan, by=scorekeeper)
    body = client_as(scorekeeper).get(hanchan.get_absolute_url()).content.decode()
    for cell in ("+12.0", "+4.0", "-4.0", "-12.0"):
        assert f'<td class="num">{cell}</td>' in body
    assert '<td class="num">12000</td>' not in body


def test_each_history_delta_carries_the_players_name(client_as, scorekeeper, hanchan, ron):
    services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    body = client_as(scorekeeper).get(hanchan.get_absolute_url()).content.decode()
    names = re.findall(r'<span class="pname">([^<]+)</span>', body)
    assert names == ["山田", "佐藤", "鈴木", "田中"]


def test_the_hand_history_is_a_table_with_card_classes(client_as, scorekeeper, hanchan, ron):
    services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    body = client_as(scorekeeper).get(hanchan.get_absolute_url()).content.decode()
    assert 'class="list hands"' in body and body.count('class="num delta"') == 4


def test_the_preview_shows_hand_win_tile_and_waits_as_pictures(client_as, scorekeeper, hanchan):
    # the preview is the checker's verdict card (_verdict.html): 13 concealed tiles, the winning
    # tile, and each wait once (1z and 2z, shanpon) — no tile drawn twice
    data = {"type": "ron", "winner": "1", "loser": "0", "hand": "123m456p789s1122z", "win_tile": "1z"}
    body = client_as(scorekeeper).post(reverse("hand-preview", args=[hanchan.pk]), data).content.decode()
    hand_line = body.split('class="tl-hand"')[1].split("</span></span>")[0]
    assert hand_line.count('<svg class="tile"') == 13
    win = body.split('class="tl-win"')[1].split("</span>")[0]
    assert 'aria-label="東"' in win and '#t-1z"' in win
    rows = body.split('class="waits-table"')[1].split("</table>")[0].split('<td class="w-tile">')[1:]
    assert [re.findall(r'aria-label="([^"]+)"', r.split("</td>")[0]) for r in rows] == [["東"], ["南"]]
    assert body.count('<svg class="tile"') == 13 + 1 + 2


def test_with_the_palette_the_meld_field_is_read_only_and_secondary(client_as, scorekeeper, hanchan):
    body = client_as(scorekeeper).get(hanchan.get_absolute_url()).content.decode()
    assert "副露(自動入力)" in body and "副露(JSON)" not in body
    melds = re.search(r'<input[^>]*name="melds"[^>]*>', body).group(0)
    assert "readonly" in melds
    hand = re.search(r'<input[^>]*name="hand"[^>]*>', body).group(0)
    assert "readonly" not in hand


def test_a_hand_entered_as_tiles_shows_its_tiles_in_the_history(client_as, scorekeeper, hanchan):
    # 佐藤 (seat 1) rons 東 from 山田: 13 concealed tiles + the winning tile as pictures
    doc = {"hand": "123m456p789s1122z", "win_tile": "1z"}
    services.hanchan_record_hand(hanchan=hanchan, event={"type": "ron", "winner": 1, "loser": 0, "hand": doc},
                                 by=scorekeeper)
    body = client_as(scorekeeper).get(hanchan.get_absolute_url()).content.decode()
    history = body.split('class="hand-tiles"')[1].split("</td>")[0]
    assert history.count('<svg class="tile"') == 14 and history.rstrip().endswith('#t-1z"></use></svg></span>')
    assert re.findall(r'aria-label="([^"]+)"', history)[-1] == "東"


def test_deleting_the_hand_that_ended_a_finished_game_swaps_the_whole_page(client_as, scorekeeper, hanchan):
    # 鈴木's yakuman ron busts 田中 (25000 - 32000 < 0): finished; then the hand is deleted: in play again
    hand = services.hanchan_record_hand(hanchan=hanchan, event={"type": "ron", "winner": 2, "loser": 3,
                                                                  "yakuman": 1}, by=scorekeeper)
    r = client_as(scorekeeper).post(reverse("hand-delete", args=[hand.pk]), with_version(hand), HTTP_HX_REQUEST="true")
    body = r.content.decode()
    assert r.status_code == 200 and r["HX-Retarget"] == "#hanchan-page"
    assert 'class="badge state-in_play"' in body and "badge oya" in body and "東1局" in body


def test_the_club_day_page_shows_rank_points_in_thousands_too(client_as, scorekeeper, hanchan, ron):
    services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    services.hanchan_finish(hanchan=hanchan, by=scorekeeper)
    body = client_as(scorekeeper).get(hanchan.clubday.get_absolute_url()).content.decode()
    assert '<td class="num">+12.0</td>' in body and '<td class="num">-12.0</td>' in body
    assert '<td class="num">12000</td>' not in body


def test_logout_and_the_language_sit_outside_the_scrolling_links(client_as, reader):
    """A phone scrolls the header's links sideways: 「ログアウト」 and English are beside them (``.account``,
    pinned at the right of the row), not the last of them, off screen."""
    body = client_as(reader).get("/").content.decode()
    nav = body[body.index("<nav>"):body.index("</nav>")]
    account = body[body.index('<div class="account">'):body.index("</header>")]
    assert "ログアウト" not in nav and 'name="language"' not in nav
    assert "ログアウト" in account and 'value="en"' in account

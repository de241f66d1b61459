"""/check/: the hand checker — public, the hand in the URL, the club's rule set and every preset."""

from __future__ import annotations

import datetime
import re
from urllib.parse import parse_qs, urlparse

import pytest
from django.urls import reverse

from scoring import services
from scoring.forms.check import melds_from_text
from scoring.models import RuleSet

pytestmark = pytest.mark.django_db

NAKAZUKE = {"hand": "567p789s4s", "melds": "chi234m,pon777z", "win_tile": "4s"}


def page(client, params=None, **headers):
    return client.get(reverse("check"), params or {}, **headers)


def text(r) -> str:
    return r.content.decode()


def test_it_is_open_to_anonymous_visitors_even_when_boards_are_private(client, settings):
    settings.PUBLIC_BOARDS = False
    r = page(client, NAKAZUKE)
    assert r.status_code == 200 and "和了できません" in text(r)


def test_an_empty_form_asks_for_a_hand(client):
    r = page(client)
    assert r.status_code == 200 and "手牌を入れると判定が出ます" in text(r)


def test_it_shows_the_verdict_under_every_preset_side_by_side(client):
    body = text(page(client, NAKAZUKE))
    for label in ("完全先付け・解釈A", "島町ルール(完全先付け・解釈B)", "完全先付け(一般)", "新現代ルール",
                  "アリアリ(健康麻将クラブ)", "天鳳ルール(比較用)"):
        assert label in body
    assert body.count('class="verdict ') == 7  # the club's (アリアリ here) + six presets


def test_the_decisive_reason_comes_first_in_words_a_player_reads(client):
    """Issue 13: B's refusal says what 翻牌の先付け means, names the calls in Japanese, never 777z."""
    body = text(page(client, NAKAZUKE))
    b = body[body.index("島町ルール(完全先付け・解釈B)</h3>"):]
    b = b[:b.index("</section>")]
    decisive = re.search(r'<p class="decisive">(.*?)</p>', b).group(1)
    assert decisive == ("中のポン(第2副露)は役牌以外の副露(チー234萬)の後なので後付けで、"
                        "役牌 中は翻数には数えますが縛りを満たしません(翻牌の先付け)")
    results = body[body.index('id="check-results"'):]
    assert "777z" not in re.sub(r'(title|alt|value|src)="[^"]*"', "", results)
    assert "役に絡んでいません(後付け)" not in body


def test_a_refused_win_shows_no_points_in_its_headline_but_where_it_would_be_legal(client):
    body = text(page(client, NAKAZUKE))
    a = body[body.index("完全先付け・解釈A</h3>"):]
    a = a[:a.index("</section>")]
    headline = re.search(r'<p class="headline">(.*?)</p>', a, re.DOTALL).group(1)
    assert "和了できません" in headline and "点" not in headline
    assert "参考: アリアリ(健康麻将クラブ)なら和了でき 1000点" in a


def test_calls_and_waits_are_drawn_as_tile_pictures(client):
    body = text(page(client, NAKAZUKE))
    assert '<span class="meld" title="チー 234m"><small>チー</small>' in body
    assert re.search(r'<svg class="tile" role="img" aria-label="中" [^>]*><use href="/static/tiles/sprite\.\w+\.svg#t-7z"', body)
    assert '<span class="w-name">4索</span>' in body


def test_japanese_notation_and_the_palettes_json_read_the_same(client):
    typed = text(page(client, {"hand": "⑤⑥⑦7894", "melds": '[{"type": "chi", "tiles": "二三四"}, {"type": "pon", "tiles": "中中中"}]',
                               "win_tile": "4"}))
    assert "中のポン(第2副露)は役牌以外の副露(チー234萬)の後なので後付けで" in typed


def test_the_short_form_of_calls_may_have_spaces_and_a_colon():
    assert melds_from_text("chi234m, pon:777z") == [{"type": "chi", "tiles": "234m"}, {"type": "pon", "tiles": "777z"}]


def test_the_link_carries_the_hand_and_opens_the_same_verdicts(client):
    r = page(client, {**NAKAZUKE, "melds": '[{"type":"chi","tiles":"234m"},{"type":"pon","tiles":"777z"}]',
                      "tsumo": "1", "seat": "E"})
    link = re.search(r'id="share-link" value="([^"]+)"', text(r)).group(1).replace("&amp;", "&")
    query = parse_qs(urlparse(link).query)
    assert query == {"hand": ["567p4789s"], "melds": ["chi234m,pon777z"], "win_tile": ["4s"], "tsumo": ["1"],
                     "seat": ["E"]}
    again = client.get(urlparse(link).path + "?" + urlparse(link).query)
    def verdicts(r):
        body = text(r)
        return body[body.index("<h2>クラブのルールでの判定"):]
    assert verdicts(again) == verdicts(r) and "和了できません" in verdicts(r)


def test_a_hand_typed_in_japanese_makes_a_short_canonical_link(client):
    r = page(client, {"hand": "⑤⑥⑦ ７８９ 4", "melds": '[{"type": "chi", "tiles": "二三四"}, {"type": "pon", "tiles": "中中中"}]',
                      "win_tile": "４", "dora": "一 東", "seat": "S"})
    link = re.search(r'id="share-link" value="([^"]+)"', text(r)).group(1).replace("&amp;", "&")
    assert link == "http://testserver/check/?hand=567p4789s&melds=chi234m,pon777z&win_tile=4s&dora=1m1z"


def test_the_link_to_share_from_the_club_pc_names_its_lan_address(client, settings):
    settings.ALLOWED_HOSTS, settings.CLUB_LAN_ADDRESSES = ["localhost"], ["192.168.1.20"]
    r = client.get("/check/", {"hand": "567p4789s", "melds": "chi234m,pon777z", "win_tile": "4s"},
                   HTTP_HOST="localhost:8000")
    link = re.search(r'id="share-link" value="([^"]+)"', text(r)).group(1).replace("&amp;", "&")
    assert link == "http://192.168.1.20:8000/check/?hand=567p4789s&melds=chi234m,pon777z&win_tile=4s"


def test_htmx_puts_the_short_link_in_the_address_bar(client):
    r = page(client, {**NAKAZUKE, "melds": '[{"type":"chi","tiles":"234m"},{"type":"pon","tiles":"777z"}]',
                      "tsumo": "0", "riichi": "", "seat": "S", "round": "E", "dora": "", "ura": ""},
             HTTP_HX_REQUEST="true")
    assert r["HX-Push-Url"] == "/check/?hand=567p4789s&melds=chi234m,pon777z&win_tile=4s"


def test_an_old_long_link_still_opens(client):
    """Links made before they were shortened: the palette's JSON, Japanese, every default spelled out."""
    old = ("/check/?hand=%E2%91%A4%E2%91%A5%E2%91%A67894&melds=%5B%7B%22type%22%3A+%22chi%22%2C+%22tiles%22%3A+"
           "%22234m%22%7D%2C+%7B%22type%22%3A+%22pon%22%2C+%22tiles%22%3A+%22777z%22%7D%5D&win_tile=4s"
           "&tsumo=0&riichi=&seat=S&round=E&dora=&ura=")
    r = client.get(old)
    assert r.status_code == 200 and "中のポン(第2副露)は役牌以外の副露(チー234萬)の後なので後付けで" in text(r)


def test_the_situation_changes_the_verdict(client):
    ron = text(page(client, {"hand": "111p678p13m456s99s", "win_tile": "2m"}))
    tsumo = text(page(client, {"hand": "111p678p13m456s99s", "win_tile": "2m", "tsumo": "1"}))
    assert "門前清自摸和" not in ron and "門前清自摸和" in tsumo


def test_the_club_rule_set_is_that_of_the_newest_club_day(client):
    shima = RuleSet.objects.get(preset="shimamachi", options={})
    services.clubday_create(date=datetime.date(2026, 10, 1), venue="公民館",
                            ruleset=RuleSet.objects.get(preset="ariari", options={}))
    services.clubday_create(date=datetime.date(2026, 11, 1), venue="島町", ruleset=shima)
    body = text(page(client, NAKAZUKE))
    club = body[body.index("<h2>クラブのルールでの判定"):body.index("<h2>各ルールでの判定")]
    assert "島町ルール" in club and "和了できません" in club
    assert f'<option value="{shima.pk}" selected>' in body


def test_another_rule_set_can_be_chosen(client):
    mine = RuleSet.objects.create(name="両翻縛り", preset="kanzen_sakizuke", options={"shibari": 2})
    body = text(page(client, {"hand": "12345678s789m11z", "win_tile": "3s", "tsumo": "1", "rs": mine.pk}))
    club = body[body.index("<h2>クラブのルールでの判定"):body.index("<h2>各ルールでの判定")]
    assert "両翻縛り" in club and "和了できません" in club


def test_a_hand_without_a_winning_tile_shows_its_waits(client):
    body = text(page(client, {"hand": "1123344s123m123p"}))
    assert "テンパイ" in body and 'aria-label="2索"' in body and 'aria-label="5索"' in body


def test_bad_tiles_show_a_japanese_error_and_keep_the_input(client):
    r = page(client, {"hand": "567p789s4x", "win_tile": "4s"})
    assert r.status_code == 422
    body = text(r)
    assert 'class="errors"' in body and "x" in body
    assert 'value="567p789s4x"' in body and 'value="4s"' in body


def test_unreadable_calls_say_how_to_write_them(client):
    r = page(client, {"hand": "567p789s4s", "melds": "chee234m", "win_tile": "4s"})
    assert r.status_code == 422 and "chi234m,pon777z のように" in text(r)
    assert 'value="chee234m"' in text(r)


def test_it_speaks_english_when_chosen(client, settings):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    body = text(page(client, NAKAZUKE))
    assert "Hand checker" in body and "Not a legal win" in body
    assert "Call 2 (pon chun) came after a non-yakuhai call (chi 234m)" in body


def test_htmx_gets_only_the_results(client):
    r = page(client, NAKAZUKE, HTTP_HX_REQUEST="true")
    body = text(r)
    assert r.status_code == 200 and body.lstrip().startswith('<div id="check-results"')
    assert "<form" not in body


def test_the_palettes_tile_reader_is_public_and_reads_both_notations(client):
    r = client.get(reverse("check-tiles"), {"hand": "五六七", "melds": "pon中中中", "win_tile": "4"})
    assert r.json() == {"hand": ["5m", "6m", "7m"], "melds": [{"type": "pon", "tiles": ["7z", "7z", "7z"]}], "win": "4s"}
    assert "error" in client.get(reverse("check-tiles"), {"hand": "12x"}).json()


def test_the_palette_reads_typed_tiles_through_the_public_reader_and_offers_red_fives(client):
    body = text(page(client, {}))
    assert f'data-parse-url="{reverse("check-tiles")}"' in body
    assert "/hands/tiles/" not in body  # no hanchan's reader (it needs a scorekeeper's login)
    assert 'data-te-tile="0p"' in body


def test_a_url_too_long_gets_a_japanese_page_not_a_bare_414(client):
    r = client.get(reverse("check"), {"hand": "一" * 500})
    body = text(r)
    assert r.status_code == 414 and "アドレス(URL)が長すぎます" in body and "4096 バイト" in body
    assert "「この手のリンク」をコピー" in body and 'href="/check/"' in body


def test_a_url_too_long_is_explained_inside_the_htmx_target(client):
    r = client.get(reverse("check"), {"hand": "一" * 500}, HTTP_HX_REQUEST="true")
    assert r.status_code == 414 and r["HX-Reswap"] == "innerHTML"
    assert "アドレス(URL)が長すぎます" in text(r) and "<html" not in text(r)


def test_the_long_url_page_speaks_english_when_chosen(client, settings):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    r = client.get(reverse("check"), {"hand": "一" * 500})
    assert r.status_code == 414 and "The address (URL) is too long" in text(r)


def test_every_legal_hand_typed_in_the_longest_way_still_arrives(client):
    """The checker's fields as long as a legal hand needs, all in Japanese: under the limit."""
    r = page(client, {"hand": "一 二 三 ① ② ③ １ ２ ３ 東", "melds": '[{"type": "minkan", "tiles": "中中中中"}]',
                      "win_tile": "東", "tsumo": "1", "riichi": "", "ippatsu": "", "sit": ["haitei", "rinshan"],
                      "seat": "N", "round": "W", "dora": "一 ⑨ ９ 東 白", "ura": "二 ③ ３ 西 發"})
    assert r.status_code == 200 and len(r.wsgi_request.get_full_path()) < 2048


def test_head_is_answered_as_get_without_a_body(client):
    """A link checker or a monitor sends HEAD: the checker's pages answered it 405, every other page 200."""
    for name in ("check", "check-examples", "check-json", "check-tiles"):
        get, head = client.get(reverse(name)), client.head(reverse(name))
        assert head.status_code == get.status_code != 405 and head.content == b"", name

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


def test_the_tile_palette_is_included_in_the_form_when_it_exists(client_as, scorekeeper, hanchan, settings, tmp_path):
    partial = tmp_path / "scoring" / "partials" / "tile_entry.html"
    partial.parent.mkdir(parents=True)
    partial.write_text('<div id="palette-stub"></div>')
    settings.TEMPLATES = [{**settings.TEMPLATES[0], "DIRS": [tmp_path, *settings.TEMPLATES[0]["DIRS"]]}]
    body = client_as(scorekeeper).get(url(hanchan)).content.decode()
    assert '<div id="palette-stub"></div>' in body
    assert body.index("palette-stub") < body.index('name="hand"')  # the palette fills the form's inputs


def test_without_the_palette_the_tiles_can_be_typed(client_as, scorekeeper, hanchan):
    body = client_as(scorekeeper).get(url(hanchan)).content.decode()
    assert 'name="hand"' in body and 'name="melds"' in body and 'name="win_tile"' in body

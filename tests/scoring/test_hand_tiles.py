"""The palette's reader of typed tiles: the engine's parser answers, in the page's language."""

import json

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def url(h):
    return reverse("hand-tiles", args=[h.pk])


def test_it_forbids_readers(client_as, reader, hanchan):
    assert client_as(reader).get(url(hanchan), {"hand": "123m"}).status_code == 403


@pytest.mark.parametrize("hand, names", [
    ("123m406p", ["1m", "2m", "3m", "4p", "0p", "6p"]),
    ("一二三①②③123東南白發中", ["1m", "2m", "3m", "1p", "2p", "3p", "1s", "2s", "3s", "1z", "2z", "5z", "6z", "7z"]),
    ("５５発", ["5s", "5s", "6z"]),
    ("", []),
])
def test_typed_tiles_are_read_by_the_engine(client_as, scorekeeper, hanchan, hand, names):
    got = client_as(scorekeeper).get(url(hanchan), {"hand": hand, "win_tile": "5s",
                                                    "melds": json.dumps([{"type": "pon", "tiles": "中中中"}])}).json()
    assert got == {"hand": names, "melds": [{"type": "pon", "tiles": ["7z", "7z", "7z"]}], "win": "5s"}


def test_unreadable_tiles_get_the_engines_message_in_the_pages_language(client_as, scorekeeper, hanchan):
    client = client_as(scorekeeper)
    ja = client.get(url(hanchan), {"hand": "123q"}).json()["error"]
    client.cookies["django_language"] = "en"
    en = client.get(url(hanchan), {"hand": "123q"}).json()["error"]
    assert "q" in ja and "q" in en and ja != en
    assert all(ord(c) < 0x3000 for c in en)


def test_bad_meld_json_is_refused_with_the_expected_shape(client_as, scorekeeper, hanchan):
    got = client_as(scorekeeper).get(url(hanchan), {"melds": "pon 555z"}).json()
    assert "555z" in got["error"]


@pytest.mark.parametrize("query", [
    {"hand": "123m406p", "win_tile": "5s", "melds": json.dumps([{"type": "chi", "tiles": "一二三"}])},
    {"hand": "五六七", "melds": "pon中中中", "win_tile": "4"},
    {"hand": "123q"},
    {"melds": "pon 555z"},
])
def test_the_hand_form_and_the_checker_read_tiles_with_one_reader(client_as, scorekeeper, hanchan, query):
    client = client_as(scorekeeper)
    assert client.get(url(hanchan), query).json() == client.get(reverse("check-tiles"), query).json()

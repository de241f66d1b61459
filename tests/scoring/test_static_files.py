"""Static files as a phone gets them: names that carry a hash of the content, served by whitenoise
with ``immutable`` (asked for once per version, never revalidated), compressed, and the tiles of
every page in one file (the sprite)."""

from __future__ import annotations

import gzip
import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

FOREVER = "max-age=315360000, public, immutable"
HASHED = r"/static/{}\.[0-9a-f]{{12}}\.{}"


def get(client, url: str, **headers):
    r = client.get(url, **headers)
    body = b"".join(r.streaming_content) if r.streaming else r.content
    r.close()
    return r, body


@pytest.fixture
def page(client) -> str:
    """The checker's page: public, and it shows every kind of static file (css, scripts, the palette)."""
    return client.get(reverse("check")).content.decode()


@pytest.mark.parametrize("name, ext, content_type", [
    ("css/club", "css", "text/css"),
    ("vendor/htmx.min", "js", "text/javascript"),
    ("js/tile-entry", "js", "text/javascript"),
    ("js/check", "js", "text/javascript"),
    ("tiles/sprite", "svg", "image/svg+xml"),
    ("icons/icon", "svg", "image/svg+xml"),
    ("icons/apple-touch-icon", "png", "image/png"),
    ("manifest", "webmanifest", "application/manifest+json"),
])
def test_pages_link_hashed_names_that_are_served_immutable(client, page, name, ext, content_type):
    url = re.search(HASHED.format(re.escape(name), ext), page).group(0)
    r, body = get(client, url)
    assert r.status_code == 200 and body
    assert r["Cache-Control"] == FOREVER
    assert r["Content-Type"].startswith(content_type)


def test_an_unhashed_name_is_still_served_but_only_for_a_minute(client):
    r, _ = get(client, "/static/css/club.css")
    assert r.status_code == 200 and "immutable" not in r["Cache-Control"]


def test_text_files_come_compressed(client, page):
    url = re.search(HASHED.format("vendor/htmx\\.min", "js"), page).group(0)
    r, body = get(client, url, HTTP_ACCEPT_ENCODING="gzip, deflate")
    assert r["Content-Encoding"] == "gzip" and r["Cache-Control"] == FOREVER
    plain = gzip.decompress(body)
    assert b"htmx" in plain and len(body) < len(plain) / 2
    r, _ = get(client, url)
    assert "Content-Encoding" not in r and "Accept-Encoding" in r["Vary"]


def test_every_tile_of_a_page_comes_from_the_one_sprite(client):
    body = client.get(reverse("check"), {"hand": "123m456p789s1122z", "win_tile": "1z"}).content.decode()
    hrefs = re.findall(r'<use href="([^"#]+)#t-\w+">', body)
    assert len(hrefs) > 14 and len(set(hrefs)) == 1
    assert re.fullmatch(HASHED.format("tiles/sprite", "svg"), hrefs[0])


def test_the_palette_script_draws_tiles_from_the_sprite_the_page_names(client, page):
    sprite = re.search(r'data-sprite="([^"]+)"', page).group(1)
    assert re.fullmatch(HASHED.format("tiles/sprite", "svg"), sprite)
    assert f'<use href="{sprite}#t-1m">' in page  # the palette's own buttons


def test_before_collectstatic_ever_ran_pages_use_the_plain_names(settings, tmp_path):
    from django.templatetags.static import static

    settings.STATIC_ROOT = tmp_path  # no staticfiles.json there
    assert static("css/club.css") == "/static/css/club.css"

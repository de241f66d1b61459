"""The web app manifest and the icons: a phone can put the app on its home screen, in Japanese."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

pytestmark = pytest.mark.django_db

ACCENT = re.search(r"--accent:\s*(#[0-9a-f]{6})", (Path(settings.BASE_DIR) / "static/css/club.css").read_text()).group(1)


def served(client, url: str):
    r = client.get(url)
    body = b"".join(r.streaming_content)
    r.close()
    return r, body


@pytest.fixture
def head(client) -> str:
    body = client.get(reverse("home")).content.decode()
    return body[:body.index("</head>")]


@pytest.fixture
def manifest(client, head) -> tuple[str, dict]:
    url = re.search(r'<link rel="manifest" href="([^"]+)">', head).group(1)
    r, body = served(client, url)
    assert r.status_code == 200 and r["Content-Type"] == "application/manifest+json"
    return url, json.loads(body.decode("utf-8"))


def test_it_is_linked_from_every_page_with_the_icons_and_theme_colour(head):
    assert re.search(r'<link rel="manifest" href="/static/manifest\.[0-9a-f]{12}\.webmanifest">', head)
    assert re.search(r'<link rel="icon" href="/static/icons/icon\.[0-9a-f]{12}\.svg" type="image/svg\+xml">', head)
    assert re.search(r'<link rel="apple-touch-icon" href="/static/icons/apple-touch-icon\.[0-9a-f]{12}\.png">', head)
    assert f'<meta name="theme-color" content="{ACCENT}">' in head


def test_it_names_the_app_in_japanese(manifest):
    _, m = manifest
    assert m["name"] == "麻雀クラブ成績管理" and m["short_name"] and len(m["short_name"]) <= 12
    assert m["lang"] == "ja" and m["start_url"] == "/" and m["display"] == "standalone"
    assert m["theme_color"] == ACCENT


def test_its_icons_are_hashed_files_of_the_sizes_they_claim(client, manifest):
    url, m = manifest
    sizes = {(i["sizes"], i["purpose"]) for i in m["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    base = url.rsplit("/", 1)[0] + "/"
    for icon in m["icons"]:
        assert re.fullmatch(r"icons/[\w-]+\.[0-9a-f]{12}\.(png|svg)", icon["src"])  # hashed by collectstatic
        r, body = served(client, base + icon["src"])
        assert r.status_code == 200 and r["Content-Type"] == icon["type"] and "immutable" in r["Cache-Control"]
        if icon["type"] == "image/png":  # PNG header: width and height at bytes 16..24
            w, h = int.from_bytes(body[16:20], "big"), int.from_bytes(body[20:24], "big")
            assert f"{w}x{h}" == icon["sizes"]


def test_the_content_security_policy_allows_it(client):
    policy = client.get(reverse("home"))["Content-Security-Policy"]
    assert "manifest-src 'self'" in policy and "img-src 'self'" in policy

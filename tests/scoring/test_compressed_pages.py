"""Pages and htmx answers are gzip'd for browsers that accept it (GZipMiddleware; why that is safe
from BREACH here: clubsite/settings.py, "Compressed responses")."""

from __future__ import annotations

import gzip

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_a_page_comes_gzipd_when_the_browser_accepts_it(client):
    plain = client.get(reverse("check"))
    packed = client.get(reverse("check"), HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert "Content-Encoding" not in plain and packed["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed["Vary"] and "Accept-Encoding" in plain["Vary"]
    text = gzip.decompress(packed.content).decode()
    assert "判定" in text and len(packed.content) < len(text.encode()) / 3


def test_an_htmx_answer_comes_gzipd(client_as, scorekeeper, hanchan):
    data = {"type": "draw", "tenpai": ["0", "1", "2", "3"], "version": str(hanchan.version)}
    r = client_as(scorekeeper).post(reverse("hand-create", args=[hanchan.pk]), data, HTTP_HX_REQUEST="true",
                                    HTTP_ACCEPT_ENCODING="gzip")
    assert r.status_code == 200 and r["Content-Encoding"] == "gzip"
    assert 'id="hand-form"' in gzip.decompress(r.content).decode()


def test_two_answers_of_the_same_page_differ_in_length_now_and_then(client):
    # Django pads each gzip'd body with 0–99 random bytes ("Heal the BREACH") and masks the CSRF
    # token anew: the length of one answer tells an eavesdropper little about its content
    sizes = {len(client.get(reverse("check"), HTTP_ACCEPT_ENCODING="gzip").content) for _ in range(8)}
    assert len(sizes) > 1

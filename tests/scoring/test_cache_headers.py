"""What browsers and proxies may keep of the app's answers (``Cache-Control``, ``Vary``): pages differ
by visitor (CSRF token, role, login) and by the language chosen with the language button (a cookie)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.cache import get_max_age

pytestmark = pytest.mark.django_db


def directives(response) -> set[str]:
    return {d.strip().split("=")[0] for d in response.get("Cache-Control", "").split(",") if d.strip()}


def vary(response) -> set[str]:
    return {v.strip().lower() for v in response.get("Vary", "").split(",")}


@pytest.fixture
def pages(hanchan, history):
    return [reverse("home"), reverse("standings"), reverse("hanchan-detail", args=[hanchan.pk]),
            reverse("member-detail", args=[hanchan.seat0_id]), reverse("results-csv"), reverse("standings-csv"),
            reverse("clubday-display", args=[hanchan.clubday_id]), reverse("check")]


def test_a_logged_in_users_pages_are_never_stored(client_as, reader, pages):
    """After 「ログアウト」 the back button must not bring back the previous user's page from the
    browser's back-forward cache or history, nor any proxy give it to someone else."""
    client = client_as(reader)
    for path in pages:
        response = client.get(path)
        assert response.status_code == 200, path
        assert {"private", "no-store"} <= directives(response) and "public" not in directives(response), path


def test_a_visitors_pages_are_kept_by_no_shared_cache(client, pages):
    for path in pages:
        response = client.get(path)
        assert response.status_code == 200, path
        assert "private" in directives(response) and get_max_age(response) is None, path
        assert "cookie" in vary(response), path  # the language is chosen by a cookie


def test_the_logout_and_the_page_after_it_are_not_stored(client_as, reader, pages):
    client = client_as(reader)
    client.get(pages[2])
    logout = client.post(reverse("logout"))
    assert logout.status_code == 302 and "no-store" in directives(logout)
    assert "kaiin" not in client.get(pages[2]).content.decode()


def test_an_answer_in_the_chosen_language_varies_by_its_cookie(client, history):
    """The CSV's refusal of a bad filter touches neither the session nor a CSRF token: it must still
    say that it depends on the cookie, or a cache would answer English visitors in Japanese."""
    client.cookies["django_language"] = "en"
    try:
        response = client.get(reverse("results-csv"), {"from": "yesterday"})
    finally:
        translation.activate("ja")
    assert response.status_code == 400 and "cookie" in vary(response)


def test_static_files_keep_their_own_cache_control(client):
    from django.templatetags.static import static
    response = client.get(static("css/club.css"))
    assert "immutable" in response["Cache-Control"] and "private" not in response["Cache-Control"]

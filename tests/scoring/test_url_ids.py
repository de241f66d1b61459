"""Ids in the URLs (``<id:pk>``, ``scoring.converters.IdConverter``): a number past what the id
columns hold (signed 64-bit) is a 404 on every page, for anyone, on both databases — not a query
the database refuses (SQLite raised ``OverflowError``: a 500 for an anonymous visitor)."""

from __future__ import annotations

import pytest
from django.urls import URLPattern, get_resolver, reverse

from scoring.converters import MAX_ID, IdConverter

pytestmark = pytest.mark.django_db


def _id_routes():
    for p in get_resolver("scoring.urls").url_patterns:
        if isinstance(p, URLPattern) and "<id:pk>" in str(p.pattern):
            yield str(p.pattern)


ROUTES = sorted(_id_routes())


def _path(route: str, pk: str) -> str:
    return "/" + route.replace("<str:kind>", "hand").replace("<id:pk>", pk)


def test_every_id_in_the_scoring_urls_uses_the_id_converter():
    routes = [str(p.pattern) for p in get_resolver("scoring.urls").url_patterns]
    assert not [r for r in routes if "<int:" in r]
    assert len(ROUTES) >= 25


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("pk", ["99999999999999999999", str(MAX_ID + 1), "1" + "0" * 40])
def test_an_id_past_64_bits_is_not_found_for_anonymous_visitors(client, route, pk):
    assert client.get(_path(route, pk)).status_code == 404
    assert client.post(_path(route, pk)).status_code == 404


@pytest.mark.parametrize("route", ROUTES)
def test_the_largest_id_is_looked_up_and_not_found(client, admin_user, route):
    client.force_login(admin_user)
    assert client.get(_path(route, str(MAX_ID))).status_code in (404, 405)


def test_an_existing_id_still_reaches_its_page(client, hanchan):
    assert client.get(f"/hanchan/{hanchan.pk}/").status_code == 200
    assert reverse("hanchan-detail", args=[hanchan.pk]) == f"/hanchan/{hanchan.pk}/"


@pytest.mark.parametrize("text, ok", [("0", True), ("42", True), (str(MAX_ID), True), (str(MAX_ID + 1), False),
                                      ("9" * 19, False)])
def test_the_converter_takes_what_a_signed_64_bit_column_holds(text, ok):
    if ok:
        assert IdConverter().to_python(text) == int(text)
    else:
        with pytest.raises(ValueError):
            IdConverter().to_python(text)

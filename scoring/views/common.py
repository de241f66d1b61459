"""What the view modules share: objects of a URL, services run onto forms, posted versions, phone URLs."""

from __future__ import annotations

import re
import uuid
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect

from clubsite.deploy import LOOPBACK_HOSTS

from ..models import ClubDay, Hanchan, HandRecord, HanchanQuerySet
from ..services.hanchan import stale_error

VERSION = re.compile(r"[0-9]{1,18}")  # a posted Hanchan.version: a counter from 0, never near 10**18
HANCHAN = tuple(f"hanchan__{r}" for r in HanchanQuerySet.PLAYERS)  # a hand's hanchan as with_players() reads it


def clubday_or_404(pk: int) -> ClubDay:
    return get_object_or_404(ClubDay.objects.select_related("ruleset"), pk=pk)


def hanchan_or_404(pk: int) -> Hanchan:
    return get_object_or_404(Hanchan.objects.with_players(), pk=pk)


def hand_or_404(pk: int) -> HandRecord:
    return get_object_or_404(HandRecord.objects.select_related(*HANCHAN), pk=pk)


def new_hanchan_redirect(hanchan: Hanchan) -> HttpResponse:
    """Where a hanchan just made opens: the score sheet form for one recorded from paper."""
    if hanchan.mode == Hanchan.Mode.FINAL:
        return redirect("hanchan-final-scores", hanchan.pk)
    return redirect(hanchan)


def error_list(exc: ValidationError) -> list[str]:
    return [str(m) for m in exc.messages]


def form_errors(form) -> list[str]:
    """Every error message of a bound form, field by field."""
    return [str(e) for errors in form.errors.values() for e in errors]


def apply_service(form, write, **kwargs):
    """Run a service; a ValidationError it raises goes onto the form (and nothing was saved)."""
    try:
        return write(**kwargs)
    except ValidationError as exc:
        form.add_error(None, exc)
        return None


def form_status(request: HttpRequest) -> int:
    """A form page shown again after a POST is a refused submit: 422, so htmx and tests can tell."""
    return 422 if request.method == "POST" else 200


def int_or_none(text: str | None) -> int | None:
    try:
        return int(text)
    except (TypeError, ValueError):
        return None


def posted_version(request: HttpRequest, kind: str = "form") -> int:
    """The hanchan version a submitted form was built from; a post without a number is refused as a stale
    form is (``stale_error(kind)``), so the web never writes without the version check."""
    text = request.POST.get("version", "")
    if not VERSION.fullmatch(text):
        raise stale_error(kind)
    return int(text)


MAX_AFTER = 100  # queued hands a phone may name before one: more than a hanchan has


def posted_after(request: HttpRequest) -> list[uuid.UUID]:
    """The submission keys of the hands a phone queued before this one, offline (``hanchan_record_hand``);
    anything unreadable is refused as a stale form is."""
    texts = request.POST.getlist("after")
    if len(texts) > MAX_AFTER:
        raise stale_error()
    try:
        return [uuid.UUID(t) for t in texts]
    except ValueError:
        raise stale_error() from None


def phone_url(request: HttpRequest, path: str) -> str:
    """The address of ``path`` for a phone on the club's network: the request's own, or this machine's LAN
    address on the same port when the page is open as localhost, which no phone reaches."""
    host = urlsplit(f"//{request.get_host()}")
    try:
        port = f":{host.port}" if host.port else ""
    except ValueError:  # a port beyond 65535 (Django's host check reads only the name): as typed
        return request.build_absolute_uri(path)
    name = host.netloc.removesuffix(port)  # [::1] keeps its brackets
    if name not in LOOPBACK_HOSTS or not settings.CLUB_LAN_ADDRESSES:
        return request.build_absolute_uri(path)
    return f"{request.scheme}://{settings.CLUB_LAN_ADDRESSES[0]}{port}{path}"

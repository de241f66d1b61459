"""System checks (``manage.py check``; also printed by ``migrate`` and so by ``make run``)."""

from __future__ import annotations

from django.conf import settings
from django.core.checks import Warning, register


@register()
def proxy_without_trusted_address(app_configs, **kwargs) -> list[Warning]:
    """Behind a reverse proxy (``CLUB_HTTPS=1``) without ``CLUB_TRUSTED_PROXIES`` every login seems to
    come from the proxy's address, so anybody's wrong passwords lock everybody out."""
    if getattr(settings, "CLUB_HTTPS", False) and not getattr(settings, "CLUB_TRUSTED_PROXIES", ()):
        return [Warning(
            "CLUB_HTTPS=1 but CLUB_TRUSTED_PROXIES is not set: every login is counted as coming from the "
            "proxy's address, so one person's wrong passwords lock everybody out.",
            hint="Set CLUB_TRUSTED_PROXIES to the reverse proxy's address (e.g. 127.0.0.1 when it runs on "
                 "this machine) and have it send X-Real-IP (README: Running for a club).",
            id="club.W001")]
    return []

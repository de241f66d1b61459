"""The static files as ``make run`` serves them, for the Django and browser tests.

``collectstatic`` runs once per test session into a temporary folder (a second or two): pages then
carry the hashed names of ``staticfiles.json`` exactly as in production (DEBUG off), and whitenoise
serves that folder (``Cache-Control: immutable``) to the test client and to the e2e server.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest


@pytest.fixture(scope="session")
def collected_static(tmp_path_factory) -> Iterator[Path]:
    """``STATIC_ROOT`` (with its manifest) for the whole session."""
    from django.core.management import call_command
    from django.test.utils import override_settings

    root = tmp_path_factory.mktemp("staticfiles")
    with override_settings(STATIC_ROOT=root, WHITENOISE_USE_FINDERS=False):
        call_command("collectstatic", interactive=False, verbosity=0)
        yield root

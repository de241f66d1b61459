"""The static files storage: whitenoise's compressed manifest storage (content-hashed names, gzip
copies), which also hashes the icon URLs inside the web app manifest."""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticStorage(CompressedManifestStaticFilesStorage):
    """``collectstatic`` rewrites the URLs in CSS (``url(…)``) to the hashed names; this storage does
    the same for the ``"src"`` of each icon in a ``.webmanifest``, so the manifest, cached for good
    under its own hashed name, never points at an icon that a later version changed."""

    patterns = CompressedManifestStaticFilesStorage.patterns + (
        ("*.webmanifest", ((r'''(?P<matched>"src"\s*:\s*"(?P<url>[^"]+)")''', '"src": "%(url)s"'),)),
    )

"""The static files storage: whitenoise's compressed manifest storage (content-hashed names, gzip
copies), which also hashes the icon URLs inside the web app manifest, and uses the plain names
until collectstatic has run at all."""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticStorage(CompressedManifestStaticFilesStorage):
    """``collectstatic`` rewrites the URLs in CSS (``url(…)``) to the hashed names; this storage does
    the same for the ``"src"`` of each icon in a ``.webmanifest``, so the manifest, cached for good
    under its own hashed name, never points at an icon that a later version changed."""

    patterns = CompressedManifestStaticFilesStorage.patterns + (
        ("*.webmanifest", ((r'''(?P<matched>"src"\s*:\s*"(?P<url>[^"]+)")''', '"src": "%(url)s"'),)),
    )

    def stored_name(self, name: str) -> str:
        """The hashed name from ``staticfiles.json``; the plain name while there is no manifest at
        all (collectstatic never ran: a script or bench on a fresh checkout with DEBUG off, which
        whitenoise then serves from static/ itself), instead of an error on every page. A name
        missing from an existing manifest is still an error (a typo in a template)."""
        if not self.hashed_files:
            return name
        return super().stored_name(name)

"""完全先付け cases reconstructed from the club documents (seeds 000, 001, 003): the data lives in
``scoring/examples.py`` (pure Python; the 例題集 page shows the same cases). See its docstring for
the format of ``expect``."""

from scoring.examples import AA, CASES, OK, A, B, K, S, chi, no, ok, pon, ruleset_spec  # noqa: F401

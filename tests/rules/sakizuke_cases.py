"""完全先付け cases reconstructed from the club documents (seeds 000, 001, 003): the data lives in
``scoring/examples.py`` (pure Python; the 例題集 page shows the same cases). See its docstring for
the format of ``expect``."""

from scoring.examples import AA, CASES, A, B, K, S, chi, no, ok, pon  # noqa: F401


def ruleset_spec(name: str):
    """``name`` or ``preset+shibari2`` (the preset with 両翻縛り)."""
    if name.endswith("+shibari2"):
        return {"preset": name.split("+")[0], "options": {"shibari": 2}}
    return name

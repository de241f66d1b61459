"""What reads and writes share. Imports nothing of ``services``, ``selectors`` or ``views``, which
all import it."""

from __future__ import annotations

import functools
import heapq
import re
import unicodedata
from collections.abc import Iterable
from datetime import date
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

import rules

# --------------------------------------------------------------------------- the engine's messages


def listed(items: Iterable[Any]) -> str:
    """Items joined as a list of the page's language: 「山田、佐藤」, "Yamada, Sato" (the separator is
    the message 「、」; a template writes ``{% translate "、" %}`` between the items of a loop)."""
    return _("、").join(map(str, items))


def text_key() -> str:
    """The page's language as a key of the engine's ``{"ja", "en"}`` texts."""
    return "en" if (get_language() or "").startswith("en") else "ja"


def engine_message(exc: rules.RulesError) -> str:
    """The engine's message in the page's language."""
    return exc.message if text_key() == "en" else exc.ja


_EVENT_PREFIX = re.compile(r"^(\d+番目の記録\(event \d+\)|event \d+): ")


def bare_message(exc: rules.RulesError) -> str:
    """The engine's message without its own 0-based 「9番目の記録(event 8): 」 (for the caller to name the hand)."""
    return _EVENT_PREFIX.sub("", engine_message(exc))


def named_hand_message(exc: rules.RulesError, label: dict[str, str] | None) -> str:
    """The engine's message about event ``exc.index`` named as the page numbers hands (「#9 東4局1本場:
    …」, ``label``: the table's label before it) instead of the engine's 0-based 「9番目の記録(event 8)」."""
    name = (label or {}).get(text_key()) or _("対局終了後")
    return f"#{exc.index + 1} {name}: {bare_message(exc)}"


def hand_message(doc: dict[str, Any], exc: rules.RulesError) -> str:
    """``named_hand_message`` for a failed ``rules.play`` of ``doc``, replaying the hands before the
    failing one to name it."""
    if getattr(exc, "index", None) is None:
        return engine_message(exc)
    try:
        label = rules.play({**doc, "hands": doc["hands"][:exc.index]})["state"]["label"]
    except rules.RulesError:
        label = None
    return named_hand_message(exc, label)


# --------------------------------------------------------------------------- the rating as shown


def display_rating(mu: float | None, sigma: float | None) -> int | None:
    """The number shown to members, ``1500 + 40 × (μ − 3σ)``: a cautious estimate that rises as the
    model becomes sure of a player (``None`` before their first rated hanchan)."""
    if mu is None or sigma is None:
        return None
    return round(1500 + 40 * (mu - 3 * sigma))


# --------------------------------------------------------------------------- the rollup's rows

BEST_WINS = 5
PLACES = ("first", "second", "third", "fourth")  # the games at each rank
TIES = {(r, k): f"t{r}{k}" for r in range(1, 5) for k in range(2, 6 - r)}  # of those, rank r shared by k players
ROLLUP_SUMS = ("games", "net", "uma", "rank_sum", *PLACES, *TIES.values(), "tobi", "score_sum", "hand_games", "hands",
               "wins", "deal_ins", "riichis", "win_points", "yakuman", "chombo")
ROLLUP_FIELDS = (*ROLLUP_SUMS, "best", "last", "rating_mu", "rating_sigma", "best_wins", "opponents")  # combine's


def last_key(d: date, clubday: int, number: int, table: int, hanchan: int) -> str:
    """The sort key of a hanchan in the boards' order (date, club day, 回戦, 卓, hanchan)."""
    return f"{d.isoformat()}|{clubday:010d}|{number:04d}|{table:04d}|{hanchan:010d}"


def key_hanchan(key: str) -> int:
    return int(key.rsplit("|", 1)[1])


def key_clubday(key: str) -> int:
    return int(key.split("|")[1])


def empty_rollup() -> dict[str, Any]:
    return {**dict.fromkeys(ROLLUP_SUMS, 0), "best": None, "last": "", "rating_mu": None, "rating_sigma": None,
            "best_wins": [], "opponents": {}}


def top_wins(wins: Iterable[list]) -> list[list]:
    """The ``BEST_WINS`` biggest wins ``[gain, hand pk, date]``, ties by the earlier date, then hand."""
    return heapq.nsmallest(BEST_WINS, wins, key=lambda w: (-w[0], w[2], w[1]))


def combine(rows: Iterable[dict]) -> dict[str, Any]:
    """Rollup rows of disjoint periods summed into one (best = max, rating after the last hanchan)."""
    out = empty_rollup()
    wins: list[list] = []
    for row in rows:
        for f in ROLLUP_SUMS:
            out[f] += row[f] or 0
        if row["best"] is not None:
            out["best"] = row["best"] if out["best"] is None else max(out["best"], row["best"])
        if row["last"] > out["last"]:
            out.update(last=row["last"], rating_mu=row["rating_mu"], rating_sigma=row["rating_sigma"])
        wins.extend(row["best_wins"])
        for pk, v in row["opponents"].items():
            out["opponents"][pk] = [a + b for a, b in zip(out["opponents"].get(pk, [0] * 5), v)]
    out["best_wins"] = top_wins(wins)
    return out


# --------------------------------------------------------------------------- change reasons in the history

DISPUTE_REASON = "dispute:"  # a hand amended by a ruling: "dispute:<pk>"
RESTORED = "restored"  # a deleted hand put back


# --------------------------------------------------------------------------- a member's reading


def to_hiragana(text: str) -> str:
    """Katakana → hiragana, so that readings sort in 五十音 order whichever kana was typed."""
    return "".join(chr(ord(c) - 0x60) if "ァ" <= c <= "ヶ" else c for c in text)


def is_reading(text: str) -> bool:
    """Only what a stored reading (``Member.kana``) holds: hiragana, ー, ・ and spaces."""
    return all("ぁ" <= c <= "ゖ" or c in "ー ・　" for c in text)


def name_in_kana(name: str) -> str | None:
    """The name as a reading when it is written in kana (katakana, half-width too), else ``None``."""
    kana = to_hiragana(unicodedata.normalize("NFKC", name).strip())
    return kana if kana and is_reading(kana) else None


@functools.cache
def _kakasi():
    import pykakasi  # its dictionaries take a third of a second to load: only once a name needs them

    return pykakasi.kakasi()


def kana_guess(name: str) -> str | None:
    """The reading of a member's name in hiragana, for 五十音 order: the name itself when it is
    written in kana, else pykakasi's reading of its kanji (right for most names; a guess for some,
    which the member form corrects). ``None`` when a part has no reading (Latin letters)."""
    if kana := name_in_kana(name):
        return kana
    reading = "".join(part["hira"] for part in _kakasi().convert(unicodedata.normalize("NFKC", name).strip()))
    return reading if reading and is_reading(reading) else None

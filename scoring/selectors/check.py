"""The hand checker's reads: which rule set is the club's, and one hand judged under it and under
every preset side by side (``rules.compare``), ready for ``scoring/_verdict.html``."""

from __future__ import annotations

from typing import Any

from django.utils.translation import get_language, pgettext_lazy

import rules
from rules.options_info import preset_label

from ..models import ClubDay, RuleSet
from ..shared import engine_message
from .rulesets import ruleset_display_name

# the presets side by side, in the order the club talks about them, with their short names
PRESET_ORDER: list[tuple[str, Any]] = [
    ("sakizuke_a", "A"), ("shimamachi", "B"), ("kanzen_sakizuke", "001"),
    ("shingendai", pgettext_lazy("preset short", "新現代")), ("ariari", pgettext_lazy("preset short", "アリアリ")),
    ("tenhou", pgettext_lazy("preset short", "天鳳")),
]


def club_rulesets() -> tuple[list[tuple[str, str]], str]:
    """The rule sets to choose from (``(pk, name)``) and the club's: that of the newest club day,
    else the shipped アリアリ preset, else the first one."""
    lang = get_language() or "ja"
    sets = list(RuleSet.objects.order_by("pk"))
    choices = [(str(rs.pk), ruleset_display_name(rs, lang)) for rs in sets]
    newest = ClubDay.objects.order_by("-date", "-pk").values_list("ruleset_id", flat=True).first()
    if newest is None:
        newest = next((rs.pk for rs in sets if rs.preset == "ariari" and not rs.options), sets[0].pk if sets else None)
    return choices, ("" if newest is None else str(newest))


def check_hand(*, document: dict[str, Any], ruleset: RuleSet | None) -> dict[str, Any]:
    """``document`` judged under the club's ``ruleset`` and every preset; for a refused win
    ``elsewhere`` names the first rule set side by side under which it is legal."""
    lang = get_language() or "ja"
    club = "ariari" if ruleset is None else {**ruleset.spec(), "name": f"club:{ruleset.pk}"}
    specs = [club] + [name for name, _short in PRESET_ORDER]
    try:
        verdicts = rules.compare(document, specs)["verdicts"]
    except rules.RulesError as exc:
        return {"club": None, "presets": [], "error": engine_message(exc)}
    club_label = ruleset_display_name(ruleset, lang) if ruleset is not None else preset_label("ariari", lang)
    rows = [{"verdict": verdicts[0], "label": club_label, "short": ""}]
    rows += [{"verdict": v, "label": preset_label(name, lang), "short": str(short)}
             for v, (name, short) in zip(verdicts[1:], PRESET_ORDER)]
    legal = next((r for r in rows if r["verdict"].get("legal")), None)
    elsewhere = legal and {"label": legal["short"] or legal["label"], "total": legal["verdict"]["total"]}
    for r in rows:
        r["elsewhere"] = elsewhere if "legal" in r["verdict"] and not r["verdict"]["legal"] else None
    return {"club": rows[0], "presets": rows[1:], "error": None}

"""The hand checker's form (``/check/``): a hand as GET parameters, so that a link carries it.

Calls come as the tap palette writes them (JSON) or short, as a shared link carries them.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

import rules
from rules.document import LIMITS
from rules.tiles import parse_tokens, tile_name

from ..shared import engine_message
from .jsontext import JSONTextError, loads

WINDS = [("E", _("東")), ("S", _("南")), ("W", _("西")), ("N", _("北"))]
RIICHI = [("", _("なし")), ("riichi", _("リーチ")), ("double", _("ダブルリーチ"))]
SITUATIONAL = [("haitei", _("海底摸月")), ("houtei", _("河底撈魚")), ("rinshan", _("嶺上開花")),
               ("chankan", _("搶槓")), ("tenhou", _("天和")), ("chiihou", _("地和"))]
_CALLS = {"chi": "chi", "pon": "pon", "minkan": "minkan", "kakan": "kakan", "ankan": "ankan",
          "チー": "chi", "ポン": "pon", "明槓": "minkan", "加槓": "kakan", "暗槓": "ankan", "カン": "minkan"}
_CALL_RE = re.compile(r"^(" + "|".join(sorted(_CALLS, key=len, reverse=True)) + r")[:：\-]?(.+)$")
TILES_INPUT = {"autocomplete": "off", "autocapitalize": "off", "spellcheck": "false"}


class MeldsError(ValueError):
    pass


def _is_meld(m: Any) -> bool:
    return isinstance(m, dict) and isinstance(m.get("type"), str) and isinstance(m.get("tiles"), str)


def melds_from_text(text: str) -> list[dict[str, str]]:
    """Calls in call order from the palette's JSON or the short form; ``MeldsError`` if neither."""
    text = (text or "").strip()
    if not text:
        return []
    if text.startswith("["):
        try:
            value = loads(text)
        except JSONTextError:
            raise MeldsError(text) from None
        if not isinstance(value, list) or not all(_is_meld(m) for m in value):
            raise MeldsError(text)
        return [{"type": m["type"], "tiles": m["tiles"]} for m in value]
    out = []
    for part in re.split(r"[,、\s]+", text):
        if not part:
            continue
        match = _CALL_RE.match(part)
        if not match:
            raise MeldsError(part)
        out.append({"type": _CALLS[match.group(1)], "tiles": match.group(2)})
    return out


class CheckForm(forms.Form):
    """A hand to check. ``document`` is the ``rules`` evaluate document it describes (no rule set)."""

    hand = forms.CharField(label=_("手牌(和了牌を除く)"), required=False, max_length=LIMITS["text"],
                           widget=forms.TextInput(attrs={"placeholder": "567p789s4s", **TILES_INPUT}))
    melds = forms.CharField(label=_("副露(鳴いた順)"), required=False, max_length=400,
                            widget=forms.TextInput(attrs={"placeholder": "chi234m,pon777z", **TILES_INPUT}))
    win_tile = forms.CharField(label=_("和了牌"), required=False, max_length=20,
                               widget=forms.TextInput(attrs={"placeholder": "4s", **TILES_INPUT}))
    tsumo = forms.ChoiceField(label=_("和了"), choices=[("0", _("ロン")), ("1", _("ツモ"))], initial="0",
                              required=False, widget=forms.RadioSelect)
    riichi = forms.ChoiceField(label=_("リーチ"), choices=RIICHI, required=False)
    ippatsu = forms.BooleanField(label=_("一発"), required=False)
    sit = forms.MultipleChoiceField(label=_("状況役"), choices=SITUATIONAL, required=False,
                                    widget=forms.CheckboxSelectMultiple)
    seat = forms.ChoiceField(label=_("自風"), choices=WINDS, initial="S", required=False)
    round = forms.ChoiceField(label=_("場風"), choices=WINDS, initial="E", required=False)
    dora = forms.CharField(label=_("ドラ表示牌"), required=False, max_length=LIMITS["text"],
                           widget=forms.TextInput(attrs={"placeholder": "3m", "autocomplete": "off"}))
    ura = forms.CharField(label=_("裏ドラ表示牌"), required=False, max_length=LIMITS["text"],
                          widget=forms.TextInput(attrs={"placeholder": "", "autocomplete": "off"}))
    rs = forms.ChoiceField(label=_("クラブのルール"), required=False)

    def __init__(self, *args: Any, rulesets: list[tuple[str, str]] = (), **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.fields["rs"].choices = list(rulesets)

    def clean_melds(self) -> list[dict[str, str]]:
        try:
            return melds_from_text(self.cleaned_data.get("melds", ""))
        except MeldsError as exc:
            raise forms.ValidationError(
                _("副露「%(text)s」が読めません。chi234m,pon777z のように、種類と牌で書いてください"),
                params={"text": str(exc)[:40]}) from None

    def document(self) -> dict[str, Any]:
        """The evaluate document (docs/api.md) of the cleaned input."""
        d = self.cleaned_data
        doc: dict[str, Any] = {"hand": d["hand"], "seat_wind": d.get("seat") or "S",
                               "round_wind": d.get("round") or "E", "tsumo": d.get("tsumo") == "1"}
        if d["melds"]:
            doc["melds"] = d["melds"]
        if d["win_tile"].strip():
            doc["win_tile"] = d["win_tile"].strip()
        if d.get("riichi") == "riichi":
            doc["riichi"] = True
        elif d.get("riichi") == "double":
            doc["double_riichi"] = True
        if d.get("ippatsu"):
            doc["ippatsu"] = True
        if d.get("sit"):
            doc["situational"] = list(d["sit"])
        for key, field in (("dora_indicators", "dora"), ("ura_indicators", "ura")):
            if d.get(field, "").strip():
                doc[key] = [d[field].strip()]
        return doc


def read_tiles(hand: str, melds: str, win_tile: str) -> dict:
    """Typed tiles for the tap palette, read by the engine's parser so typed and tapped tiles are read
    one way; ``"error"`` when an input cannot be read."""
    out: dict = {"hand": [], "melds": [], "win": None}

    def names(text: str) -> list[str]:
        return [tile_name(kind, red) for kind, red in parse_tokens(text[:200])]

    try:
        out["hand"] = names(hand)
        win = names(win_tile)
        out["win"] = win[0] if len(win) == 1 else None
        out["melds"] = [{"type": m["type"], "tiles": names(m["tiles"])} for m in melds_from_text(melds[:400])[:4]]
    except rules.RulesError as exc:
        out["error"] = engine_message(exc)
    except MeldsError:
        out["error"] = gettext("副露が読めません: %(text)s(例: pon555z,chi234m)") % {"text": melds[:40]}
    return out

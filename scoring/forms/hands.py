"""The hand form: one event of a hanchan as ``rules.play`` takes it."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _


EVENT_TYPES = [("ron", _("ロン")), ("tsumo", _("ツモ")), ("draw", _("流局")),
               ("chombo", _("チョンボ")), ("penalty", _("罰符")), ("abandon", _("アガリ放棄"))]
VALUE_MODES = [("quick", _("翻・符")), ("yakuman", _("役満")), ("tiles", _("牌で入力"))]
HAN_CHOICES = [(str(h), f"{h}") for h in range(1, 14)]
FU_CHOICES = [(str(f), f"{f}") for f in (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)]
YAKUMAN_CHOICES = [("1", _("役満")), ("2", _("ダブル役満"))]
SITUATIONAL = [("haitei", _("海底")), ("houtei", _("河底")), ("rinshan", _("嶺上")), ("chankan", _("槍槓")),
               ("tenhou", _("天和")), ("chiihou", _("地和"))]


class HandForm(forms.Form):
    """One hand as tapped at the table; ``event`` is the ``rules.play`` event it describes."""

    type = forms.ChoiceField(label=_("結果"), choices=EVENT_TYPES, widget=forms.RadioSelect)
    winner = forms.TypedChoiceField(label=_("和了者"), required=False, coerce=int, empty_value=None,
                                    widget=forms.RadioSelect)
    loser = forms.TypedChoiceField(label=_("放銃者"), required=False, coerce=int, empty_value=None,
                                   widget=forms.RadioSelect)
    offender = forms.TypedChoiceField(label=_("対象者"), required=False, coerce=int, empty_value=None,
                                      widget=forms.RadioSelect)
    tenpai = forms.TypedMultipleChoiceField(label=_("テンパイ"), required=False, coerce=int,
                                            widget=forms.CheckboxSelectMultiple)
    riichi = forms.TypedMultipleChoiceField(label=_("この局のリーチ"), required=False, coerce=int,
                                            widget=forms.CheckboxSelectMultiple)
    pao = forms.TypedChoiceField(label=_("パオ(責任払い)"), required=False, coerce=int, empty_value=None,
                                 widget=forms.RadioSelect)
    value = forms.ChoiceField(label=_("点数の入力"), choices=VALUE_MODES, required=False, initial="quick",
                              widget=forms.RadioSelect)
    han = forms.TypedChoiceField(label=_("翻"), choices=HAN_CHOICES, required=False, coerce=int,
                                 empty_value=None, widget=forms.RadioSelect)
    fu = forms.TypedChoiceField(label=_("符"), choices=FU_CHOICES, required=False, coerce=int,
                                empty_value=None, widget=forms.RadioSelect)
    yakuman = forms.TypedChoiceField(label=_("役満"), choices=YAKUMAN_CHOICES, required=False, coerce=int,
                                     empty_value=None, widget=forms.RadioSelect)
    hand = forms.CharField(label=_("手牌(和了牌を除く)"), required=False, max_length=80,
                           widget=forms.TextInput(attrs={"placeholder": "123m406p789s11z", "autocomplete": "off"}))
    melds = forms.CharField(label=_("副露(JSON)"), required=False, max_length=400,
                            widget=forms.TextInput(attrs={"placeholder": '[{"type": "pon", "tiles": "555z"}]',
                                                          "autocomplete": "off"}))
    win_tile = forms.CharField(label=_("和了牌"), required=False, max_length=8,
                               widget=forms.TextInput(attrs={"placeholder": "1z", "autocomplete": "off"}))
    double_riichi = forms.BooleanField(label=_("ダブル立直"), required=False)
    ippatsu = forms.BooleanField(label=_("一発"), required=False)
    situational = forms.MultipleChoiceField(label=_("状況役"), choices=SITUATIONAL, required=False,
                                            widget=forms.CheckboxSelectMultiple)
    dora = forms.CharField(label=_("ドラ表示牌"), required=False, max_length=20,
                           widget=forms.TextInput(attrs={"placeholder": "3m", "autocomplete": "off"}))
    ura = forms.CharField(label=_("裏ドラ表示牌"), required=False, max_length=20,
                          widget=forms.TextInput(attrs={"placeholder": "", "autocomplete": "off"}))

    def __init__(self, *args: Any, names: list[str], declared: list[int] | None = None, **kwargs: Any):
        """``declared``: seats whose riichi was recorded earlier in the same hand (before a 罰符 or
        アガリ放棄 event), so a tile-by-tile win of theirs counts riichi too."""
        super().__init__(*args, **kwargs)
        seats = [(str(s), n) for s, n in enumerate(names)]
        self.names, self.declared = names, list(declared or [])
        for key in ("winner", "loser", "offender", "tenpai", "riichi"):
            self.fields[key].choices = seats
        self.fields["pao"].choices = [("", _("なし"))] + seats

    # -- building the event
    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        kind = data["type"]
        event: dict[str, Any] = {"type": kind}
        if kind in ("ron", "tsumo"):
            if data.get("winner") is None:
                self.add_error("winner", _("和了者を選んでください"))
            if kind == "ron":
                if data.get("loser") is None:
                    self.add_error("loser", _("放銃者を選んでください"))
                elif data.get("loser") == data.get("winner"):
                    self.add_error("loser", _("和了者と放銃者が同じです"))
            event["winner"] = data.get("winner")
            if kind == "ron":
                event["loser"] = data.get("loser")
            event.update(self._value(data))
            if data.get("pao") is not None:
                event["pao"] = data["pao"]
        elif kind == "draw":
            event["tenpai"] = sorted(data.get("tenpai") or [])
        else:
            if data.get("offender") is None:
                self.add_error("offender", _("対象者を選んでください"))
            event["player" if kind == "abandon" else "offender"] = data.get("offender")
        if data.get("riichi"):
            event["riichi"] = sorted(data["riichi"])
        self.event = event
        return data

    def _value(self, data: dict[str, Any]) -> dict[str, Any]:
        mode = data.get("value") or "quick"
        if mode == "yakuman":
            if not data.get("yakuman"):
                self.add_error("yakuman", _("役満かダブル役満かを選んでください"))
            return {"yakuman": data.get("yakuman") or 1}
        if mode == "tiles":
            return {"hand": self.hand_doc(data)}
        han, fu = data.get("han"), data.get("fu")
        if han is None:
            self.add_error("han", _("翻数を選んでください"))
            return {}
        if han < 5 and fu is None:
            self.add_error("fu", _("%(han)s翻は符も選んでください") % {"han": han})
        return {"han": han, "fu": fu} if han < 5 or fu is not None else {"han": han}

    def hand_doc(self, data: dict[str, Any]) -> dict[str, Any]:
        """The evaluate document of a hand typed tile by tile (winds, tsumo, honba come from the game)."""
        if not data.get("hand"):
            self.add_error("hand", _("手牌を入力してください"))
        if not data.get("win_tile"):
            self.add_error("win_tile", _("和了牌を入力してください"))
        doc: dict[str, Any] = {"hand": (data.get("hand") or "").replace(" ", ""),
                               "win_tile": (data.get("win_tile") or "").strip()}
        melds = self._melds(data.get("melds") or "")
        if melds:
            doc["melds"] = melds
        winner = data.get("winner")
        if data.get("double_riichi"):
            doc["double_riichi"] = True
        elif winner is not None and (winner in (data.get("riichi") or []) or winner in self.declared):
            doc["riichi"] = True
        if data.get("ippatsu"):
            doc["ippatsu"] = True
        if data.get("situational"):
            doc["situational"] = list(data["situational"])
        for key, field in (("dora_indicators", "dora"), ("ura_indicators", "ura")):
            text = (data.get(field) or "").replace(" ", "").replace(",", "")
            if text:
                doc[key] = [text]
        return doc

    def _melds(self, text: str) -> list[dict[str, str]]:
        text = text.strip()
        if not text:
            return []
        try:
            melds = json.loads(text)
        except ValueError:
            self.add_error("melds", _("副露の形式が読めません: %(text)s") % {"text": text[:40]})
            return []
        if not isinstance(melds, list) or not all(isinstance(m, dict) for m in melds):
            self.add_error("melds", _("副露は [{\"type\": \"pon\", \"tiles\": \"555z\"}] の形で指定してください"))
            return []
        return melds

    @classmethod
    def initial_from_event(cls, event: dict[str, Any]) -> dict[str, Any]:
        """Form data that describes ``event`` again (for editing a recorded hand)."""
        kind = event.get("type")
        data: dict[str, Any] = {"type": kind, "riichi": [str(s) for s in event.get("riichi", [])]}
        for key in ("winner", "loser", "pao"):
            if event.get(key) is not None:
                data[key] = str(event[key])
        if kind in ("chombo", "penalty"):
            data["offender"] = str(event.get("offender"))
        if kind == "abandon":
            data["offender"] = str(event.get("player"))
        if kind == "draw":
            data["tenpai"] = [str(s) for s in event.get("tenpai", [])]
        if "yakuman" in event:
            data.update(value="yakuman", yakuman=str(event["yakuman"]))
        elif "hand" in event:
            h = event["hand"]
            data.update(value="tiles", hand=h.get("hand", ""), win_tile=h.get("win_tile", ""),
                        melds=json.dumps(h["melds"], ensure_ascii=False) if h.get("melds") else "",
                        double_riichi=h.get("double_riichi", False), ippatsu=h.get("ippatsu", False),
                        situational=h.get("situational", []),
                        dora="".join(h.get("dora_indicators", [])), ura="".join(h.get("ura_indicators", [])))
        elif "han" in event:
            data.update(value="quick", han=str(event["han"]))
            if event.get("fu") is not None:
                data["fu"] = str(event["fu"])
        return data

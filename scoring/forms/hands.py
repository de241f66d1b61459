"""The hand form: one event of a hanchan as ``rules.play`` takes it.

A ron with several winners is entered one winner at a time: 「＋和了者を追加」 moves the win on screen
into the hidden ``wins`` list (JSON, the engine's ``wins`` entries); 記録する sends them all.
"""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as gettext_now
from django.utils.translation import gettext_lazy as _

import rules

from ..selectors.hanchan import stored_events
from .jsontext import JSONTextError, loads

EVENT_TYPES = [("ron", _("ロン")), ("tsumo", _("ツモ")), ("draw", _("流局")),
               ("chombo", _("チョンボ")), ("penalty", _("罰符")), ("abandon", _("アガリ放棄")),
               ("abortive", _("途中流局")), ("nagashi", _("流し満貫"))]
ABORTIVE_KINDS = [("kyuushu", _("九種九牌")), ("suufon_renda", _("四風連打")), ("suucha_riichi", _("四家立直")),
                  ("suukaikan", _("四開槓")), ("sanchahou", _("三家和"))]
# what the value of one win is entered as (the rest of the form: who won, from whom, riichi, …)
WIN_FIELDS = ("winner", "pao", "value", "han", "fu", "yakuman", "hand", "melds", "win_tile", "double_riichi",
              "ippatsu", "situational", "dora", "ura")
VALUE_MODES = [("quick", _("翻・符")), ("yakuman", _("役満")), ("tiles", _("牌で入力"))]
HAN_CHOICES = [(str(h), f"{h}") for h in range(1, 14)]
FU_CHOICES = [(str(f), f"{f}") for f in (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)]
YAKUMAN_CHOICES = [("1", _("役満")), ("2", _("ダブル役満"))]
SITUATIONAL = [("haitei", _("海底")), ("houtei", _("河底")), ("rinshan", _("嶺上")), ("chankan", _("槍槓")),
               ("tenhou", _("天和")), ("chiihou", _("地和"))]


def _number_choice(label: Any, choices: Any = ()) -> forms.TypedChoiceField:
    """Radio buttons of numbers (a seat, 翻, 符, …), ``None`` when none is chosen."""
    return forms.TypedChoiceField(label=label, choices=choices, required=False, coerce=int, empty_value=None,
                                  widget=forms.RadioSelect)


class HandForm(forms.Form):
    """One hand as tapped at the table; ``event`` is the ``rules.play`` event it describes."""

    type = forms.ChoiceField(label=_("結果"), choices=EVENT_TYPES, widget=forms.RadioSelect)
    winner = _number_choice(_("和了者"))
    loser = _number_choice(_("放銃者"))
    offender = _number_choice(_("対象者"))
    kind = forms.ChoiceField(label=_("途中流局の種類"), choices=ABORTIVE_KINDS, required=False,
                             widget=forms.RadioSelect)
    nagashi = forms.TypedMultipleChoiceField(label=_("流し満貫の人"), required=False, coerce=int,
                                             widget=forms.CheckboxSelectMultiple)
    wins = forms.CharField(required=False, widget=forms.HiddenInput, max_length=4000)
    # made on the phone for each new hand: the same tap sent again is recorded once (services.hanchan_record_hand)
    submission = forms.UUIDField(required=False, widget=forms.HiddenInput)
    tenpai = forms.TypedMultipleChoiceField(label=_("テンパイ"), required=False, coerce=int,
                                            widget=forms.CheckboxSelectMultiple)
    riichi = forms.TypedMultipleChoiceField(label=_("この局のリーチ"), required=False, coerce=int,
                                            widget=forms.CheckboxSelectMultiple)
    pao = _number_choice(_("パオ(責任払い)"))
    value = forms.ChoiceField(label=_("点数の入力"), choices=VALUE_MODES, required=False, initial="quick",
                              widget=forms.RadioSelect)
    han = _number_choice(_("翻"), HAN_CHOICES)
    fu = _number_choice(_("符"), FU_CHOICES)
    yakuman = _number_choice(_("役満"), YAKUMAN_CHOICES)
    hand = forms.CharField(label=_("手牌(和了牌を除く)"), required=False, max_length=80,
                           widget=forms.TextInput(attrs={"placeholder": "123m406p789s11z", "autocomplete": "off"}))
    melds = forms.CharField(label=_("副露(JSON)"), required=False, max_length=400,
                            widget=forms.TextInput(attrs={"placeholder": '[{"type": "pon", "tiles": "555z"}]',
                                                          "autocomplete": "off", "readonly": "readonly",
                                                          "tabindex": "-1"}))  # the tile palette fills it
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

    def __init__(self, *args: Any, names: list[str], declared: list[int] | None = None,
                 ruleset: rules.RuleSet | None = None, **kwargs: Any):
        """``declared``: seats whose riichi was recorded earlier in the same hand (``declared_riichi``),
        so a tile-by-tile win of theirs counts riichi too. ``ruleset``: 途中流局 and 流し満貫 are offered
        only where it has them."""
        super().__init__(*args, **kwargs)
        seats = [(str(s), n) for s, n in enumerate(names)]
        self.names, self.ruleset = names, ruleset
        self.declared = declared if declared is not None else []  # a lazy list stays lazy until a win needs it
        for key in ("winner", "loser", "offender", "tenpai", "riichi", "nagashi"):
            self.fields[key].choices = seats
        self.fields["pao"].choices = [("", _("なし"))] + seats
        if ruleset is not None:
            off = {k for k, on in (("abortive", ruleset.abortive_draws), ("nagashi", ruleset.nagashi_mangan)) if not on}
            self.fields["type"].choices = [c for c in EVENT_TYPES if c[0] not in off]
            if not ruleset.triple_ron_draw:
                self.fields["kind"].choices = [c for c in ABORTIVE_KINDS if c[0] != "sanchahou"]
            # ダブル役満 only where it pays double (elsewhere it is paid as one), or when the edited hand says it
            given = {str(self.initial.get("yakuman") or ""), str(self.data.get("yakuman") or "")}
            if not (ruleset.yakuman_add_up and ruleset.yakuman_cap >= 2) and "2" not in given:
                self.fields["yakuman"].choices = [c for c in YAKUMAN_CHOICES if c[0] != "2"]
        self.other_wins = self._other_wins()

    @classmethod
    def for_hanchan(cls, hanchan: Any, data: Any = None, *, before: int | None = None,
                    events: list[dict[str, Any]] | None = None, **kwargs: Any) -> "HandForm":
        """The form for the hand of ``hanchan`` at 0-based ``before`` (``None``: a new last hand). The
        stored ``events`` are read only when a win entered tile by tile needs them."""
        def declared() -> list[int]:
            stored = events if events is not None else stored_events(hanchan.pk)
            return declared_riichi(list(stored[:before] if before is not None else stored))
        return cls(data, names=hanchan.player_names(), declared=SimpleLazyObject(declared),
                   ruleset=hanchan.ruleset_in_force.engine(), **kwargs)

    def _other_wins(self) -> list[dict[str, Any]]:
        """The wins already moved to the list. An unreadable list sets ``wins_error``, so that ``clean``
        refuses the form rather than drop it silently."""
        self.wins_error = ""
        text = (self.data.get(self.add_prefix("wins")) if self.is_bound else self.initial.get("wins")) or ""
        if not isinstance(text, str) or not text:
            return []
        try:
            if len(text) > self.fields["wins"].max_length:  # read before the field is cleaned
                raise JSONTextError(gettext_now("長すぎます"), "length")
            wins = loads(text)
        except JSONTextError as exc:
            self.wins_error = gettext_now("追加した和了の一覧が読めません(%(why)s)。ページを開き直して入力し直してください") \
                % {"why": exc}
            return []
        if not isinstance(wins, list):
            return []
        return [w for w in wins if isinstance(w, dict) and isinstance(w.get("winner"), int)
                and 0 <= w["winner"] < len(self.names) and isinstance(w.get("hand", {}), dict)][:3]

    def other_win_rows(self) -> list[dict[str, Any]]:
        """The listed wins for display: ``{"index", "name", "value"}``."""
        return [{"index": i, "name": self.names[w["winner"]], "value": win_value_text(w)}
                for i, w in enumerate(self.other_wins)]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.wins_error:
            self.add_error(None, self.wins_error)
        if self.errors:
            return data
        kind = data["type"]
        event: dict[str, Any] = {"type": kind}
        if kind == "ron" and self.other_wins:
            event = self._multi_ron(data)
        elif kind in ("ron", "tsumo"):
            if data.get("winner") is None:
                self.add_error("winner", _("和了者を選んでください"))
            event["winner"] = data.get("winner")
            if kind == "ron":
                self._check_loser(data.get("loser"), [data.get("winner")])
                event["loser"] = data.get("loser")
            event.update(self._value(data))
            if data.get("pao") is not None:
                event["pao"] = data["pao"]
        elif kind == "draw":
            event["tenpai"] = sorted(data.get("tenpai") or [])
        elif kind == "abortive":
            if not data.get("kind"):
                self.add_error("kind", _("途中流局の種類を選んでください"))
            event["kind"] = data.get("kind")
        elif kind == "nagashi":
            if not data.get("nagashi"):
                self.add_error("nagashi", _("流し満貫の人を選んでください"))
            event["winners"] = sorted(data.get("nagashi") or [])
            if data.get("tenpai"):
                event["tenpai"] = sorted(data["tenpai"])
        else:
            if data.get("offender") is None:
                self.add_error("offender", _("対象者を選んでください"))
            event["player" if kind == "abandon" else "offender"] = data.get("offender")
        if data.get("riichi"):
            event["riichi"] = sorted(data["riichi"])
        self.event = event
        return data

    def current_win(self, data: dict[str, Any]) -> dict[str, Any] | None:
        """The win on screen as an engine ``wins`` entry (``None`` when no winner is chosen)."""
        if data.get("winner") is None:
            return None
        win: dict[str, Any] = {"winner": data["winner"], **self._value(data)}
        if data.get("pao") is not None:
            win["pao"] = data["pao"]
        return win

    def _multi_ron(self, data: dict[str, Any]) -> dict[str, Any]:
        """A ron with the listed wins plus the one on screen (if a winner is chosen)."""
        wins = list(self.other_wins)
        current = self.current_win(data)
        if current is not None:
            self.listed_twice(current, wins)
            wins.append(current)
        loser = data.get("loser")
        self._check_loser(loser, [w["winner"] for w in wins])
        if len(wins) == 1:  # one winner after all: a plain ron
            return {"type": "ron", "winner": wins[0]["winner"], "loser": loser,
                    **{k: v for k, v in wins[0].items() if k != "winner"}}
        return {"type": "ron", "loser": loser, "wins": wins}

    def listed_twice(self, win: dict[str, Any], wins: list[dict[str, Any]]) -> bool:
        """Whether ``win``'s winner is among ``wins`` already (the form then says so)."""
        if any(w["winner"] == win["winner"] for w in wins):
            self.add_error("winner", _("%(name)s の和了はもう追加されています") % {"name": self.names[win["winner"]]})
            return True
        return False

    def _check_loser(self, loser: int | None, winners: list[int | None]) -> None:
        if loser is None:
            self.add_error("loser", _("放銃者を選んでください"))
        elif loser in winners:
            self.add_error("loser", _("和了者と放銃者が同じです"))

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
        """The evaluate document of a hand typed tile by tile (winds, tsumo and honba come from the game)."""
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
            melds = loads(text)
        except JSONTextError as exc:
            if exc.code == "syntax":
                self.add_error("melds", _("副露の形式が読めません: %(text)s") % {"text": text[:40]})
            else:
                self.add_error("melds", _("副露が読めません: %(why)s") % {"why": exc})
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
        if kind == "ron" and event.get("wins"):  # several winners: the last one on screen, the rest listed
            *others, last = event["wins"]
            return {**cls.initial_from_event({"type": "ron", "loser": event.get("loser"), **last}),
                    "riichi": data["riichi"], "wins": json.dumps(others, ensure_ascii=False) if others else ""}
        if kind == "abortive":
            data["kind"] = event.get("kind")
        if kind == "nagashi":
            data["nagashi"] = [str(s) for s in event.get("winners", [])]
        for key in ("winner", "loser", "pao"):
            if event.get(key) is not None:
                data[key] = str(event[key])
        if kind in ("chombo", "penalty", "abandon"):  # the offender field, as ``clean`` reads it back
            data["offender"] = str(event.get("player" if kind == "abandon" else "offender"))
        if kind in ("draw", "nagashi"):
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


def win_value_text(win: dict[str, Any]) -> str:
    """A win's value in a few words: 「3翻30符」「役満」「牌で入力」."""
    if win.get("yakuman"):
        return gettext_now("ダブル役満") if win["yakuman"] == 2 else gettext_now("役満")
    if win.get("hand"):
        return gettext_now("牌で入力") + f" {win['hand'].get('hand', '')} {win['hand'].get('win_tile', '')}"
    if win.get("han"):
        fu = gettext_now("%(fu)s符") % {"fu": win["fu"]} if win.get("fu") else ""
        return gettext_now("%(han)s翻") % {"han": win["han"]} + fu
    return ""


def declared_riichi(events: list[dict[str, Any]]) -> list[int]:
    """Seats whose riichi is already recorded in the hand in progress after ``events``: the riichi of
    the trailing 罰符 / アガリ放棄 events (they do not end the hand)."""
    seats: set[int] = set()
    for ev in reversed(events):
        if ev.get("type") not in ("penalty", "abandon"):
            break
        seats.update(ev.get("riichi") or [])
    return sorted(seats)

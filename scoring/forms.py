"""Forms only clean input; the rules engine and the services decide what is legal."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from .access import role_choices
from .models import ClubDay, Hanchan, Member, RuleSet

EVENT_TYPES = [("ron", _("ロン")), ("tsumo", _("ツモ")), ("draw", _("流局")),
               ("chombo", _("チョンボ")), ("penalty", _("罰符")), ("abandon", _("アガリ放棄"))]
VALUE_MODES = [("quick", _("翻・符")), ("yakuman", _("役満")), ("tiles", _("牌で入力"))]
HAN_CHOICES = [(str(h), f"{h}") for h in range(1, 14)]
FU_CHOICES = [(str(f), f"{f}") for f in (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)]
YAKUMAN_CHOICES = [("1", _("役満")), ("2", _("ダブル役満"))]
SITUATIONAL = [("haitei", _("海底")), ("houtei", _("河底")), ("rinshan", _("嶺上")), ("chankan", _("槍槓")),
               ("tenhou", _("天和")), ("chiihou", _("地和"))]


class MemberForm(forms.ModelForm):
    """A member; a new one gets the next free 会員番号 filled in, blank fields say what is missing."""

    class Meta:
        model = Member
        fields = ["name", "kana", "number", "active"]
        error_messages = {
            "name": {"required": _("名前を入力してください")},
            "kana": {"required": _("よみがなを入力してください")},
            "number": {"required": _("会員番号を入力してください"),
                       "invalid": _("会員番号は数字で入力してください")},
        }

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        if self.instance.pk is None and "number" not in self.initial:
            self.initial["number"] = next_member_number()


def next_member_number() -> int:
    """One more than the highest 会員番号 in use (1 for the first member)."""
    top = Member.objects.aggregate(top=models.Max("number"))["top"]
    return (top or 0) + 1


class BoundedJSONField(forms.JSONField):
    """JSON of at most ``max_length`` characters; too deep nesting is a form error, not a 500."""

    default_error_messages = {"invalid": _("JSON として読めません。{\"shibari\": 2} の形で書いてください")}

    def to_python(self, value: Any) -> Any:
        try:
            return super().to_python(value)
        except RecursionError:
            raise ValidationError(self.error_messages["invalid"], code="invalid")

    def bound_data(self, data: Any, initial: Any) -> Any:
        try:
            return super().bound_data(data, initial)
        except RecursionError:
            return forms.fields.InvalidJSONInput(data)


class RuleSetForm(forms.ModelForm):
    """A club rule set: a preset plus option overrides as JSON (checked by the rules engine)."""

    options = BoundedJSONField(label=_("変更する項目"), required=False, max_length=4000,
                               widget=forms.Textarea(attrs={"rows": 4, "placeholder": '{"shibari": 2}'}))

    class Meta:
        model = RuleSet
        fields = ["name", "preset", "options"]
        widgets = {"options": forms.Textarea(attrs={"rows": 4, "placeholder": '{"shibari": 2}'})}


class ClubDayForm(forms.ModelForm):
    class Meta:
        model = ClubDay
        fields = ["date", "venue", "ruleset"]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}


class HanchanForm(forms.Form):
    """A new hanchan: table number and the four members by seat from 起家."""

    table = forms.IntegerField(label=_("卓番号"), min_value=1, max_value=99, initial=1)
    seat0 = forms.ModelChoiceField(Member.objects.none(), label=_("起家(東)"))
    seat1 = forms.ModelChoiceField(Member.objects.none(), label=_("南家"))
    seat2 = forms.ModelChoiceField(Member.objects.none(), label=_("西家"))
    seat3 = forms.ModelChoiceField(Member.objects.none(), label=_("北家"))
    mode = forms.ChoiceField(label=_("記録方法"), choices=Hanchan.Mode.choices, initial=Hanchan.Mode.HANDS,
                             widget=forms.RadioSelect)

    def __init__(self, *args: Any, members: Any = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        qs = members if members is not None else Member.objects.filter(active=True).order_by("kana")
        for key in ("seat0", "seat1", "seat2", "seat3"):
            self.fields[key].queryset = qs

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        seen: set[int] = set()
        for key in ("seat0", "seat1", "seat2", "seat3"):
            m = data.get(key)
            if m is not None:
                if m.pk in seen:
                    self.add_error(key, _("%(name)s さんが2回選ばれています") % {"name": m.name})
                seen.add(m.pk)
        return data


class FinalScoresForm(forms.Form):
    """A paper score sheet: four raw scores by seat (例 32600) and the sticks left on the table."""

    score0 = forms.IntegerField(label=_("起家"), step_size=100)
    score1 = forms.IntegerField(label=_("南家"), step_size=100)
    score2 = forms.IntegerField(label=_("西家"), step_size=100)
    score3 = forms.IntegerField(label=_("北家"), step_size=100)
    sticks = forms.IntegerField(label=_("残った供託(本)"), min_value=0, initial=0)

    def __init__(self, *args: Any, names: list[str] | None = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        for seat, name in enumerate(names or []):
            self.fields[f"score{seat}"].label = name
            self.fields[f"score{seat}"].widget.attrs.update({"inputmode": "numeric", "placeholder": "25000"})
        for seat in range(4):
            self.fields[f"score{seat}"].error_messages["step_size"] = _("100点単位で入力してください")

    def scores(self) -> list[int]:
        return [self.cleaned_data[f"score{s}"] for s in range(4)]


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


def _validated_password(form: forms.Form, field: str, user) -> None:
    """Django's password validators (``AUTH_PASSWORD_VALIDATORS``) for ``user``, errors on ``field``."""
    password = form.cleaned_data.get(field)
    if password:
        try:
            password_validation.validate_password(password, user)
        except ValidationError as exc:
            form.add_error(field, exc)


class NewPasswordMixin:
    """``password1`` / ``password2``: typed twice, checked by Django's validators."""

    def check_passwords(self, user) -> None:
        data = self.cleaned_data
        if data.get("password1") and data.get("password2") is not None \
                and data.get("password1") != data.get("password2"):
            self.add_error("password2", _("パスワードが一致しません"))
        _validated_password(self, "password1", user)


def _password_fields() -> tuple[forms.CharField, forms.CharField]:
    return (forms.CharField(label=_("パスワード"), max_length=128, strip=False,
                            widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
                            help_text=_("10文字以上。ユーザー名に似たもの、よくあるもの、数字だけのものは使えません")),
            forms.CharField(label=_("パスワード(確認)"), max_length=128, strip=False,
                            widget=forms.PasswordInput(attrs={"autocomplete": "new-password"})))


class SetupForm(NewPasswordMixin, forms.Form):
    """The first administrator."""

    username = forms.CharField(label=_("ユーザー名"), max_length=150)
    password1, password2 = _password_fields()
    token = forms.CharField(required=False, max_length=200, widget=forms.HiddenInput)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        User = get_user_model()
        if data.get("username") and User.objects.filter(username=data["username"]).exists():
            self.add_error("username", _("このユーザー名はすでに使われています"))
        self.check_passwords(User(username=data.get("username") or "", is_staff=True))
        return data


class UserRoleForm(forms.Form):
    """Create a user with a role (admin page)."""

    username = forms.CharField(label=_("ユーザー名"), max_length=150,
                               validators=[UnicodeUsernameValidator()])
    password = forms.CharField(label=_("パスワード"), max_length=128, strip=False,
                               widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
                               help_text=_("10文字以上。ユーザー名に似たもの、よくあるもの、数字だけのものは使えません"))
    role = forms.ChoiceField(label=_("役割"), choices=role_choices, widget=forms.RadioSelect, initial="scorekeeper")

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        _validated_password(self, "password", get_user_model()(username=data.get("username") or ""))
        return data


class UserUpdateForm(forms.Form):
    """An administrator changes a user's role or stops their login (the user is kept)."""

    role = forms.ChoiceField(label=_("役割"), choices=role_choices, widget=forms.RadioSelect)
    active = forms.BooleanField(label=_("ログインできる"), required=False,
                                help_text=_("外すと、このユーザーはログインできなくなります(記録は残ります)"))


class PasswordSetForm(NewPasswordMixin, forms.Form):
    """An administrator sets a new password for a user."""

    password1, password2 = _password_fields()

    def __init__(self, *args: Any, user, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.user = user

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        self.check_passwords(self.user)
        return data

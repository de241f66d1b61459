"""Forms of the club's records: members, rule sets, club days, hanchan, final scores."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from ..models import ClubDay, Hanchan, Member, RuleSet


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

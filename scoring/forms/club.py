"""Forms of the club's records: members, rule sets, club days, hanchan, final scores."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

import rules
from rules import options_info as info

from ..models import ClubDay, Hanchan, Member, RuleSet
from ..selectors.days import next_numbers
from ..selectors.members import members_by_kana, next_member_number
from ..selectors.rulesets import ruleset_display_name
from ..services.club import member_number_taken
from ..shared import engine_message, kana_guess


class MemberForm(forms.ModelForm):
    """A member; a new one gets the next free 会員番号 filled in, blank fields say what is missing."""

    class Meta:
        model = Member
        fields = ["name", "kana", "number", "active"]
        help_texts = {"kana": _("空欄なら、名前から読んで入れます(確かめてから保存)")}
        error_messages = {
            "name": {"required": _("名前を入力してください")},
            "kana": {"required": _("よみがなを入力してください")},
            "number": {"required": _("会員番号を入力してください"),
                       "invalid": _("会員番号は数字で入力してください"),
                       "min_value": _("会員番号は1から始まります。1以上の数字を入力してください(%(value)s)")},
        }

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        if self.instance.pk is None and "number" not in self.initial:
            self.initial["number"] = next_member_number()
        self.kana_guessed = None
        if self.is_bound and self.data.get("name", "").strip() and not self.data.get("kana", "").strip():
            # a name without its reading: the form comes back with a guess filled in, to check and save
            self.kana_guessed = kana_guess(self.data["name"])
            if self.kana_guessed:
                self.data = self.data.copy()
                self.data["kana"] = self.kana_guessed

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if self.kana_guessed:
            self.add_error("kana", gettext("名前から「%(kana)s」と読みました。違っていれば直して、もう一度保存してください")
                           % {"kana": self.kana_guessed})
        return cleaned

    def clean_number(self) -> int:
        number = self.cleaned_data["number"]
        holder = Member.objects.filter(number=number).exclude(pk=self.instance.pk).first()
        if holder is not None:
            raise ValidationError(member_number_taken(number, holder))
        return number


class RuleSetForm(forms.Form):
    """A club rule set as a preset and a field per option (順位点 as four); ``options()`` gives what
    differs from the preset, which is what ``RuleSet.options`` stores."""

    name = forms.CharField(label=_("名前"), max_length=80,
                           error_messages={"required": _("ルールの名前を入力してください")})
    preset = forms.ChoiceField(label=_("元にするプリセット"), choices=())

    def __init__(self, data: Any = None, *, preset: str | None = None, options: dict[str, Any] | None = None,
                 name: str = "", instance: RuleSet | None = None):
        lang = get_language() or "ja"
        self.instance = instance or RuleSet()  # a new one has no pk: no rule set is excluded below
        preset = preset if preset in rules.PRESETS else "ariari"
        try:
            start = rules.get_ruleset({"preset": preset, "options": options or {}})
        except rules.RulesError:
            start = rules.PRESETS[preset]
        super().__init__(data, initial={"name": name, "preset": preset})
        self.fields["preset"].choices = [(k, info.preset_label(k, lang)) for k in rules.PRESETS]
        for key in info.ORDER:
            value = getattr(start, key)
            if key == "uma":
                places = ("1st", "2nd", "3rd", "4th") if lang.startswith("en") else ("1位", "2位", "3位", "4位")
                for i, place in enumerate(places):
                    self.fields[f"uma_{i}"] = _number_field("uma", place, lang)
                    self.initial[f"uma_{i}"] = value[i]
            else:
                self.fields[key] = _option_field(key, lang)
                self.initial[key] = value

    def clean_name(self) -> str:
        name = self.cleaned_data["name"]  # stripped, and not blank (the field is required)
        if RuleSet.objects.filter(name=name).exclude(pk=self.instance.pk).exists():
            raise ValidationError(_("ルール名「%(name)s」はもう使われています。別の名前にしてください") % {"name": name})
        return name

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not self.errors:
            try:
                rules.get_ruleset({"preset": data["preset"], "options": self.options()})
            except rules.RulesError as exc:
                raise ValidationError(engine_message(exc)) from exc
        return data

    def options(self) -> dict[str, Any]:
        """The cleaned options that differ from the chosen preset (JSON-ready: uma as a list)."""
        base, d = rules.PRESETS[self.cleaned_data["preset"]], self.cleaned_data
        values = {key: [d[f"uma_{i}"] for i in range(4)] if key == "uma" else d[key] for key in info.ORDER}
        return {key: v for key, v in values.items() if (tuple(v) if key == "uma" else v) != getattr(base, key)}

    def error_summary(self) -> list[str]:
        """Every error once, for the box at the top of a long form (each names its option)."""
        return list(dict.fromkeys(str(e) for errors in self.errors.values() for e in errors))

    def groups(self) -> list[dict[str, Any]]:
        """The option fields in their groups, for the template (順位点 as one row of four)."""
        lang = get_language() or "ja"
        return [{"key": gkey, "label": gen if lang.startswith("en") else gja,
                 "rows": [self._row(key, lang) for key in info.ORDER if info.OPTIONS[key].group == gkey]}
                for gkey, gja, gen in info.GROUPS]

    def _row(self, key: str, lang: str) -> dict[str, Any]:
        """An option's row: its ``field`` (順位点: four ``fields``), label, help and errors."""
        fields = [self[f"uma_{i}"] for i in range(4)] if key == "uma" else [self[key]]
        return {"key": key, "label": info.label(key, lang), "help": info.help_text(key, lang), "kind": _kind(key),
                "errors": [e for f in fields for e in f.errors],
                **({"fields": fields} if key == "uma" else {"field": fields[0]})}


def _kind(key: str) -> str:
    if key == "uma":
        return "uma"
    if key in info.CHOICES:
        return "choice"
    return "check" if isinstance(getattr(rules.RuleSet, key), bool) else "number"


def _option_field(key: str, lang: str) -> forms.Field:
    label, help_text = info.label(key, lang), info.help_text(key, lang)
    kind = _kind(key)
    if kind == "check":
        return forms.BooleanField(label=label, help_text=help_text, required=False)
    if kind == "choice":
        return forms.TypedChoiceField(label=label, help_text=help_text, coerce=type(getattr(rules.RuleSet, key)),
                                      choices=[(v, info.value_text(key, v, lang)) for v in info.CHOICES[key]])
    return _number_field(key, label, lang, help_text)


def _number_field(key: str, label: str, lang: str, help_text: str = "") -> forms.IntegerField:
    low, high, step = info.BOUNDS[key]
    if step > 1:
        bad = _("%(name)sは%(low)s〜%(high)sの範囲で、%(step)s点単位で入力してください")
    else:
        bad = _("%(name)sは%(low)s〜%(high)sの範囲で入力してください")
    message = bad % {"name": info.label(key, lang), "low": low, "high": high, "step": step}
    return forms.IntegerField(
        label=label, help_text=help_text, min_value=low, max_value=high, step_size=step,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        error_messages=dict.fromkeys(("required", "invalid", "min_value", "max_value", "step_size"), message))


class ClubDayForm(forms.ModelForm):
    """A club day; the date defaults to today, the rule set to the one of the latest club day."""

    class Meta:
        model = ClubDay
        fields = ["kind", "date", "venue", "ruleset", "name", "rounds", "swiss", "final_table"]
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
                   "kind": forms.RadioSelect,
                   "rounds": forms.NumberInput(attrs={"inputmode": "numeric", "min": 1, "max": 20})}
        error_messages = {"date": {"required": _("日付を入力してください"),
                                   "invalid": _("日付は 2026-11-23 の形で入力してください")},
                          "rounds": {"invalid": _("回戦数は数字で入力してください"),
                                     "min_value": _("回戦数は1〜20で入力してください"),
                                     "max_value": _("回戦数は1〜20で入力してください")}}
        help_texts = {"swiss": _("1回戦は抽選、2回戦目からは成績の上位から4人ずつ同じ卓に"),
                      "final_table": _("予定の回戦が終わったら上位4人で決勝の半荘を1回。優勝は決勝卓のトップ")}

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].label_from_instance = ruleset_display_name
        self.fields["ruleset"].empty_label = None
        self.initial.setdefault("date", timezone.localdate())
        if "ruleset" not in self.initial:
            last = ClubDay.objects.order_by("-date", "-pk").values_list("ruleset", flat=True).first()
            self.initial["ruleset"] = last or RuleSet.objects.order_by("pk").values_list("pk", flat=True).first()
        # no empty choice; 「例会」 alone is the nav's "Club days" in English
        self.fields["kind"].choices = [(ClubDay.Kind.CLUB, pgettext_lazy("kind of club day", "例会")),
                                       (ClubDay.Kind.TOURNAMENT, pgettext_lazy("kind of club day", "大会"))]
        self.fields["kind"].required = False  # a post without it is a 例会
        self.initial.setdefault("kind", ClubDay.Kind.CLUB)

    def clean_kind(self) -> str:
        return self.cleaned_data.get("kind") or ClubDay.Kind.CLUB

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("kind") == ClubDay.Kind.TOURNAMENT:
            if not data.get("name") and "name" not in self.errors:  # the field strips it
                self.add_error("name", _("大会名を入力してください"))
            if not data.get("rounds") and "rounds" not in self.errors:
                self.add_error("rounds", _("大会の回戦数を入力してください(1〜20)"))
        else:  # a 例会 keeps none of the 大会 settings
            self.errors.pop("rounds", None)
            data.update(name="", rounds=None, swiss=False, final_table=False)
        return data

    def tournament_fields(self) -> list[Any]:
        return [self[name] for name in ("name", "rounds", "swiss", "final_table")]

    def day_fields(self) -> list[Any]:
        return [self[name] for name in ("date", "venue", "ruleset")]


ACTIVE_MEMBERS = members_by_kana().filter(active=True)  # lazy; each form's field copies it


class HanchanForm(forms.Form):
    """A new hanchan: table, 回戦, the four members by seat from 起家, and a rule set of its own."""

    table = forms.IntegerField(label=_("卓番号"), min_value=1, max_value=99, initial=1,
                               widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
                               error_messages={"required": _("卓番号を入力してください")})
    number = forms.IntegerField(label=_("回戦"), min_value=1, max_value=99, required=False,
                                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
                                help_text=_("空欄: その卓の次の回戦"))
    seat0 = forms.ModelChoiceField(ACTIVE_MEMBERS, label=_("起家(東)"))
    seat1 = forms.ModelChoiceField(ACTIVE_MEMBERS, label=_("南家"))
    seat2 = forms.ModelChoiceField(ACTIVE_MEMBERS, label=_("西家"))
    seat3 = forms.ModelChoiceField(ACTIVE_MEMBERS, label=_("北家"))
    mode = forms.ChoiceField(label=_("記録方法"), choices=Hanchan.Mode.choices, initial=Hanchan.Mode.HANDS,
                             widget=forms.RadioSelect)
    ruleset = forms.ModelChoiceField(RuleSet.objects.order_by("pk"), label=_("ルール"), required=False)

    def __init__(self, *args: Any, clubday: ClubDay, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].label_from_instance = ruleset_display_name
        nexts = next_numbers(clubday=clubday)
        if nexts:  # blank 回戦: the next one of the table chosen, not of the table last used
            self.fields["number"].help_text = gettext("空欄: その卓の次の回戦(%(list)s)") % {
                "list": gettext("、").join(gettext("%(t)s卓→%(n)s回戦") % {"t": t, "n": n}
                                            for t, n in sorted(nexts.items()))}
        self.fields["ruleset"].empty_label = _("例会のルール(%(name)s)") % {"name": ruleset_display_name(clubday.ruleset)}

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        seen: set[Member | None] = set()
        for key in ("seat0", "seat1", "seat2", "seat3"):
            m = data.get(key)
            if m is not None and m in seen:
                self.add_error(key, _("%(name)s さんが2回選ばれています") % {"name": m.name})
            seen.add(m)
        return data


class FinalScoresForm(forms.Form):
    """A paper score sheet: four raw scores by seat (例 32600) and the sticks left on the table."""

    _hundreds = {"step_size": _("100点単位で入力してください")}
    score0 = forms.IntegerField(label=_("起家"), step_size=100, error_messages=_hundreds)
    score1 = forms.IntegerField(label=_("南家"), step_size=100, error_messages=_hundreds)
    score2 = forms.IntegerField(label=_("西家"), step_size=100, error_messages=_hundreds)
    score3 = forms.IntegerField(label=_("北家"), step_size=100, error_messages=_hundreds)
    sticks = forms.IntegerField(label=_("残った供託(本)"), min_value=0, initial=0)

    def __init__(self, *args: Any, names: list[str], **kwargs: Any):
        super().__init__(*args, **kwargs)
        for seat, name in enumerate(names):
            self.fields[f"score{seat}"].label = name
            self.fields[f"score{seat}"].widget.attrs.update({"inputmode": "numeric", "placeholder": "25000"})

    def scores(self) -> list[int]:
        return [self.cleaned_data[f"score{s}"] for s in range(4)]

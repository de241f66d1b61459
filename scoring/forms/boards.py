"""The boards' filters (read from the URL, so a board can be shared and bookmarked)."""

from __future__ import annotations

import calendar
from datetime import date
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy as _

from ..models import ClubDay, RuleSet
from ..selectors.ranking import SORT_KEYS
from ..selectors.whatif import WHATIF_PRESETS


class BoardFilterForm(forms.Form):
    """Period, rule set, minimum games, inactive members, sort; ``filters()`` gives ``standings``'s arguments."""

    PERIODS = [("all", _("全期間")), ("year", _("年")), ("month", _("月")), ("day", _("日")),
               ("range", _("期間を指定"))]

    period = forms.ChoiceField(label=_("期間"), choices=PERIODS, required=False)
    year = forms.IntegerField(label=_("年"), required=False, min_value=1900, max_value=2999)
    month = forms.CharField(label=_("月"), required=False, widget=forms.TextInput(attrs={"type": "month"}),
                            validators=[RegexValidator(r"\A\d{4}-(0[1-9]|1[0-2])\Z", _("月は 2026-04 のように入力してください"))])
    day = forms.DateField(label=_("日"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    start = forms.DateField(label=_("から"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    end = forms.DateField(label=_("まで"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    clubday = forms.ModelChoiceField(queryset=ClubDay.objects.all(), required=False, widget=forms.HiddenInput)
    ruleset = forms.ModelChoiceField(label=_("ルール"), queryset=RuleSet.objects.order_by("pk"), required=False,
                                     empty_label=_("すべて"))
    min = forms.IntegerField(label=_("最低半荘数"), required=False, min_value=0, max_value=10000)
    inactive = forms.BooleanField(label=_("退会した会員も含める"), required=False)
    sort = forms.CharField(required=False, widget=forms.HiddenInput)

    def clean_sort(self) -> str:
        sort = self.cleaned_data.get("sort") or "net"
        return sort if sort.lstrip("-") in SORT_KEYS else "net"

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        period = data.get("period") or "all"
        if period in ("year", "month", "day") and not data.get(period):
            self.add_error(period, _("期間の%(what)sを入力してください") % {"what": self.fields[period].label})
        if period == "range" and data.get("start") and data.get("end") and data["start"] > data["end"]:
            self.add_error("end", _("「まで」は「から」より後の日付にしてください"))
        return data

    def filters(self) -> dict[str, Any]:
        """``standings``'s keyword arguments (all time when the form is not valid)."""
        d = self.cleaned_data if self.is_valid() else {}
        period = "clubday" if d.get("clubday") else d.get("period") or "all"  # a club day: no dates
        start = end = None
        if period == "year":
            start, end = date(d["year"], 1, 1), date(d["year"], 12, 31)
        elif period == "month":
            y, m = map(int, d["month"].split("-"))
            start, end = date(y, m, 1), date(y, m, calendar.monthrange(y, m)[1])
        elif period == "day":
            start = end = d["day"]
        elif period == "range":
            start, end = d.get("start"), d.get("end")
        return {"start": start, "end": end, "clubday": d.get("clubday"), "ruleset": d.get("ruleset"),
                "min_games": d.get("min") or 0, "include_inactive": bool(d.get("inactive")),
                "sort": d.get("sort") or "net"}


def _points(label: Any, low: int, out_of_range: Any, **kwargs: Any) -> forms.IntegerField:
    """A what-if number of points (optional), from ``low`` to 200,000 in steps of 100."""
    return forms.IntegerField(label=label, required=False, min_value=low, max_value=200000, step_size=100,
                              error_messages={"min_value": out_of_range, "max_value": out_of_range,
                                              "step_size": _("100点単位で入力してください")}, **kwargs)


UMA_RANGE = _("-200000〜200000の範囲で入力してください")


class WhatIfForm(forms.Form):
    """Another 順位点 / 返し点: a preset or custom numbers (in points)."""

    wi = forms.ChoiceField(label=_("比べる順位点"), required=False,
                           choices=[("", _("選んでください"))] + [(k, v[0]) for k, v in WHATIF_PRESETS.items()]
                           + [("custom", _("自分で入力"))])
    u1 = _points(_("1位"), -200000, UMA_RANGE)
    u2 = _points(_("2位"), -200000, UMA_RANGE)
    u3 = _points(_("3位"), -200000, UMA_RANGE)
    u4 = _points(_("4位"), -200000, UMA_RANGE)
    rp = _points(_("返し点"), 0, _("0〜200000の範囲で入力してください"),
                 help_text=_("持ち点より多いと、その差×4 がオカとしてトップに入ります"))

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("wi") == "custom" and not self.errors:  # a number refused says so itself
            uma = [data.get(f"u{i}") for i in range(1, 5)]
            if None in uma:
                self.add_error(None, _("順位点を1位から4位まで4つとも入力してください(例: 10000 5000 -5000 -10000)"))
            elif sum(uma) != 0:
                self.add_error(None, _("順位点の合計が0になりません(合計 %(sum)s 点)") % {"sum": sum(uma)})
        return data

    def choice(self) -> tuple[tuple[int, int, int, int], int | None, str] | None:
        """(順位点, 返し点, label) chosen, or ``None``."""
        if not self.is_valid() or not self.cleaned_data.get("wi"):
            return None
        d = self.cleaned_data
        if d["wi"] == "custom":
            uma = (d["u1"], d["u2"], d["u3"], d["u4"])
            label = " / ".join(f"{u:+d}" for u in uma) + (f" ・ {d['rp']}返し" if d.get("rp") else "")
            return uma, d.get("rp"), label
        label, uma, rp = WHATIF_PRESETS[d["wi"]]
        return uma, rp, label


class LoginChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj) -> str:
        member = getattr(obj, "member", None)
        return f"{obj.username} ({member.name})" if member else obj.username


class MemberUserForm(forms.Form):
    """The login of a member (for 「自分の成績」). A login linked to another member moves to this one."""

    user = LoginChoiceField(label=_("ログイン"), required=False, empty_label=_("なし"),
                            queryset=get_user_model().objects.filter(is_active=True).select_related("member")
                            .order_by("username"))

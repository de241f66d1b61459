"""Forms of disputes (物言い), their rulings, and the rule-change impact page. They only clean input."""

from __future__ import annotations

import datetime

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from ..models import RuleSet
from ..selectors.impact import MAX_DAYS


class DisputeForm(forms.Form):
    comment = forms.CharField(label=_("物言いの内容"), max_length=2000,
                              widget=forms.Textarea(attrs={"rows": 4, "placeholder": _("例: 中のポンは後付けではないでしょうか")}))


class CommentForm(forms.Form):
    text = forms.CharField(label=_("コメント"), max_length=2000, widget=forms.Textarea(attrs={"rows": 3}))


class RulingForm(forms.Form):
    DECISIONS = [("upheld", _("記録どおり")), ("amended", _("訂正する"))]

    decision = forms.ChoiceField(label=_("裁定"), choices=DECISIONS, widget=forms.RadioSelect)
    reason = forms.CharField(label=_("裁定の理由"), max_length=2000, widget=forms.Textarea(attrs={"rows": 3}))


class ImpactForm(forms.Form):
    """A rule set, the one to compare with, and a period (at most a year)."""

    ruleset = forms.ModelChoiceField(label=_("今のルール"), queryset=RuleSet.objects.all(), empty_label=None)
    other = forms.ModelChoiceField(label=_("比べるルール"), queryset=RuleSet.objects.all(), empty_label=None)
    start = forms.DateField(label=_("期間(から)"), widget=forms.DateInput(attrs={"type": "date"}))
    end = forms.DateField(label=_("期間(まで)"), widget=forms.DateInput(attrs={"type": "date"}))

    @staticmethod
    def defaults() -> dict:
        """Initial values: 島町ルール (B) against 完全先付け・解釈A over the last twelve months."""
        today = timezone.localdate()
        first = RuleSet.objects.filter(preset="shimamachi").order_by("pk").first() or RuleSet.objects.first()
        second = RuleSet.objects.filter(preset="sakizuke_a").order_by("pk").first() or RuleSet.objects.last()
        return {"ruleset": first, "other": second, "start": today - datetime.timedelta(days=365), "end": today}

    def clean(self):
        data = super().clean()
        start, end = data.get("start"), data.get("end")
        if start and end:
            if end < start:
                raise ValidationError(_("期間の終わりが始まりより前です"))
            if (end - start).days >= MAX_DAYS:
                raise ValidationError(_("期間は1年以内にしてください(%(days)s日以内)") % {"days": MAX_DAYS})
        if data.get("ruleset") and data.get("ruleset") == data.get("other"):
            self.add_error("other", _("今のルールと違うルールを選んでください"))
        return data

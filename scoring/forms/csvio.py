"""CSV import: the upload form and the confirm form that carries the checked sheets to the commit."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core import signing
from django.utils.translation import gettext_lazy as _

from ..models import RuleSet

SALT = "scoring.csvio.results-import-sheets"
MAX_AGE = 3600  # seconds a preview can be confirmed


class ResultsImportForm(forms.Form):
    file = forms.FileField(label=_("CSV か Excel のファイル"),
                           help_text=_("書き出した成績 CSV と同じ列(UTF-8、Excel の Shift_JIS、タブ区切りの Unicode テキストも)、"
                                       "または Excel ブック(.xlsx・.xls)の日付の見出しがあるシートすべて。5 MB まで"))
    create_members = forms.BooleanField(label=_("登録されていない会員(番号か名前)は会員として作成する"), required=False)
    ruleset = forms.ModelChoiceField(RuleSet.objects.order_by("name"), required=False, label=_("ルール名が空の行のルール"),
                                     help_text=_("ファイルにルールの列がなければ、すべての行がこのルールです"))


class ResultsImportConfirmForm(forms.Form):
    """The checked file: its name and sheets ((name, CSV text) pairs), compressed and signed so that
    they fit a hidden field and are exactly what was previewed."""

    token = forms.CharField(widget=forms.HiddenInput)
    create_members = forms.BooleanField(required=False, widget=forms.HiddenInput)
    ruleset = forms.ModelChoiceField(RuleSet.objects.all(), required=False, widget=forms.HiddenInput)

    @staticmethod
    def token_for(name: str, sheets: list[tuple[str, str]]) -> str:
        return signing.dumps({"name": name, "sheets": sheets}, salt=SALT, compress=True)

    def clean_token(self) -> dict[str, Any]:
        try:
            return signing.loads(self.cleaned_data["token"], salt=SALT, max_age=MAX_AGE)
        except signing.SignatureExpired:
            raise forms.ValidationError(_("確認画面の有効期限(1時間)が切れました。もう一度ファイルを選んでください")) from None
        except signing.BadSignature:
            raise forms.ValidationError(_("確認の内容を読み取れません。もう一度ファイルを選んでください")) from None

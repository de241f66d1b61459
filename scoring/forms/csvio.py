"""CSV import: the upload form and the confirm form that carries the checked text to the commit."""

from __future__ import annotations

from django import forms
from django.core import signing
from django.utils.translation import gettext_lazy as _

from ..models import RuleSet

SALT = "scoring.csvio.results-import"
MAX_AGE = 3600  # seconds a preview can be confirmed


class ResultsImportForm(forms.Form):
    file = forms.FileField(label=_("CSV か Excel のファイル"),
                           help_text=_("書き出した成績 CSV と同じ列(UTF-8、Excel の Shift_JIS、タブ区切りの Unicode テキストも)、"
                                       "または Excel ブック(.xlsx)の保存したときに開いていたシート。5 MB まで"))
    create_members = forms.BooleanField(label=_("登録されていない会員(番号か名前)は会員として作成する"), required=False)
    ruleset = forms.ModelChoiceField(RuleSet.objects.order_by("name"), required=False, label=_("ルール名が空の行のルール"),
                                     help_text=_("ファイルにルールの列がなければ、すべての行がこのルールです"))


class ResultsImportConfirmForm(forms.Form):
    """The checked CSV text, compressed and signed so that it fits a hidden field and is exactly what
    was previewed."""

    token = forms.CharField(widget=forms.HiddenInput)
    create_members = forms.BooleanField(required=False, widget=forms.HiddenInput)
    ruleset = forms.ModelChoiceField(RuleSet.objects.all(), required=False, widget=forms.HiddenInput)

    @staticmethod
    def token_for(text: str) -> str:
        return signing.dumps(text, salt=SALT, compress=True)

    def clean_token(self) -> str:
        try:
            return signing.loads(self.cleaned_data["token"], salt=SALT, max_age=MAX_AGE)
        except signing.SignatureExpired:
            raise forms.ValidationError(_("確認画面の有効期限(1時間)が切れました。もう一度ファイルを選んでください")) from None
        except signing.BadSignature:
            raise forms.ValidationError(_("確認の内容を読み取れません。もう一度ファイルを選んでください")) from None

"""Forms of users: the first administrator, roles, passwords (Django's validators)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import SetPasswordMixin
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.utils.translation import gettext_lazy as _

from ..access import role_choices

PASSWORD_HELP = _("10文字以上。ユーザー名に似たもの、よくあるもの、数字だけのものは使えません")


def _password_field(label: Any, help_text: Any = "") -> forms.CharField:
    return forms.CharField(label=label, max_length=128, strip=False, help_text=help_text,
                           widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}))


class NewPasswordForm(SetPasswordMixin, forms.Form):
    """``password1`` / ``password2``: typed twice, checked by Django's validators."""

    error_messages = {"password_mismatch": _("パスワードが一致しません")}
    password1 = _password_field(_("パスワード"), PASSWORD_HELP)
    password2 = _password_field(_("パスワード(確認)"))

    def check_passwords(self, user) -> None:
        self.validate_passwords()
        self.validate_password_for_user(user, "password1")


class SetupForm(NewPasswordForm):
    """The first administrator."""

    field_order = ["username"]
    username = forms.CharField(label=_("ユーザー名"), max_length=150)
    token = forms.CharField(required=False, max_length=200, widget=forms.HiddenInput)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        self.check_passwords(get_user_model()(username=data.get("username") or "", is_staff=True))
        return data


class UserRoleForm(SetPasswordMixin, forms.Form):
    """Create a user with a role (admin page)."""

    username = forms.CharField(label=_("ユーザー名"), max_length=150,
                               validators=[UnicodeUsernameValidator()])
    password = _password_field(_("パスワード"), PASSWORD_HELP)
    role = forms.ChoiceField(label=_("役割"), choices=role_choices, widget=forms.RadioSelect, initial="scorekeeper")

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        self.validate_password_for_user(get_user_model()(username=data.get("username") or ""), "password")
        return data


class UserUpdateForm(forms.Form):
    """An administrator changes a user's role or stops their login (the user is kept)."""

    role = forms.ChoiceField(label=_("役割"), choices=role_choices, widget=forms.RadioSelect)
    active = forms.BooleanField(label=_("ログインできる"), required=False,
                                help_text=_("外すと、このユーザーはログインできなくなります(記録は残ります)"))


class PasswordSetForm(NewPasswordForm):
    """An administrator sets a new password for a user."""

    def __init__(self, *args: Any, user, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.user = user

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        self.check_passwords(self.user)
        return data

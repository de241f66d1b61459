"""Forms of users: the first administrator, roles, passwords (Django's validators)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from ..access import role_choices


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

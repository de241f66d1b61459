"""Users: the first administrator and logins with a role."""

from __future__ import annotations


from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _


from ..access import SCOREKEEPER


@transaction.atomic
def user_create(*, username: str, password: str, role: str):
    """A login with a role: ``admin`` (staff), ``scorekeeper`` (group) or ``member`` (read only)."""
    User = get_user_model()
    if User.objects.filter(username=username).exists():
        raise ValidationError({"username": _("このユーザー名はすでに使われています")})
    user = User.objects.create_user(username=username, password=password, is_staff=role == "admin")
    if role == "scorekeeper":
        user.groups.add(Group.objects.get_or_create(name=SCOREKEEPER)[0])
    return user


@transaction.atomic
def first_admin_create(*, username: str, password: str):
    """The first administrator (a superuser); refused once any user exists."""
    User = get_user_model()
    if User.objects.exists():
        raise ValidationError(_("初期設定はすでに済んでいます"))
    return User.objects.create_superuser(username=username, email="", password=password)

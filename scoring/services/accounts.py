"""Users: the first administrator, logins with a role, role/active changes and password resets.
Every password goes through Django's validators with the user it is for, wherever it is set.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.models import Group
from django.core.exceptions import ValidationError
from django.db import connections, router, transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from ..access import ROLE_GROUPS, role_choices, setup_token_use


def password_check(password: str, user) -> None:
    """Django's password validators, errors on the ``password`` field."""
    try:
        password_validation.validate_password(password, user)
    except ValidationError as exc:
        raise ValidationError({"password": exc.messages}) from exc


def _apply_role(user, role: str) -> None:
    if role not in dict(role_choices()):
        raise ValidationError({"role": _("役割を選んでください")})
    user.is_staff = role == "admin"
    user.save(update_fields=["is_staff"])
    for key, group in ROLE_GROUPS.items():
        if key == role:
            user.groups.add(Group.objects.get_or_create(name=group)[0])
        else:
            user.groups.remove(*Group.objects.filter(name=group))
    user.__dict__.pop("_club_groups", None)  # the roles remembered for this request (scoring.access)


@transaction.atomic
def user_create(*, username: str, password: str, role: str):
    """A login with a role from ``access.ROLES``."""
    User = get_user_model()
    if User.objects.filter(username=username).exists():
        raise ValidationError({"username": _("このユーザー名はすでに使われています")})
    user = User(username=username)
    password_check(password, user)
    user.set_password(password)
    user.save()
    _apply_role(user, role)
    return user


@transaction.atomic
def user_update(*, user, role: str, active: bool, by):
    """Change a user's role and whether they may log in, never leaving the club without an active
    administrator nor letting one lock themselves out."""
    User = get_user_model()
    user = User.objects.select_for_update().get(pk=user.pk)
    if user.pk == by.pk and (role != "admin" or not active):
        raise ValidationError(_("自分自身の管理者権限は外せません(ほかの管理者に頼んでください)"))
    other_admins = User.objects.filter(Q(is_staff=True) | Q(is_superuser=True), is_active=True).exclude(pk=user.pk)
    if (role != "admin" or not active) and (user.is_staff or user.is_superuser) and not other_admins.exists():
        raise ValidationError(_("管理者がいなくなるため変更できません"))
    user.is_active = active
    if role != "admin":
        user.is_superuser = False
    user.save(update_fields=["is_active", "is_superuser"])
    _apply_role(user, role)
    return user


@transaction.atomic
def user_set_password(*, user, password: str):
    """An administrator sets a new password (the user's sessions end)."""
    password_check(password, user)
    user.set_password(password)
    user.save(update_fields=["password"])
    return user


class SetupDone(ValidationError):
    """The first administrator exists already: the setup page has nothing left to do."""


def _users_locked() -> None:
    """Nobody else can add a user until the transaction ends, so "no user yet" read after this stays
    true. PostgreSQL: ``SHARE ROW EXCLUSIVE`` conflicts with every insert and with itself, not with
    reads. SQLite: its ``IMMEDIATE`` transactions hold the write lock from the start."""
    User = get_user_model()
    conn = connections[router.db_for_write(User)]
    if conn.vendor == "postgresql":
        with conn.cursor() as cursor:
            cursor.execute(f"LOCK TABLE {conn.ops.quote_name(User._meta.db_table)} IN SHARE ROW EXCLUSIVE MODE")


def first_admin_create(*, username: str, password: str, token: str):
    """The first administrator (a superuser), with the token ``manage.py clubstart`` printed. Exactly
    once however many submissions race: in one transaction the users are locked, "no user yet" is
    read, the token deleted (only one submission can) and the user saved."""
    User = get_user_model()
    user = User(username=username, email="", is_staff=True, is_superuser=True)
    password_check(password, user)
    # hashing takes a while on purpose: done before the transaction, so no lock is held meanwhile
    # (on SQLite the write lock is taken when the transaction begins)
    user.set_password(password)
    with transaction.atomic():
        _users_locked()
        if User.objects.exists():
            raise SetupDone(_("初期設定はすでに済んでいます"))
        if not setup_token_use(token):
            raise ValidationError(_("初期設定の URL が無効です。サーバーを起動し直して、表示された URL を開いてください"))
        user.save()
    return user

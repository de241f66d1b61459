"""Users: the first administrator, logins with a role, role/active changes and password resets.

Every password goes through Django's password validators (``AUTH_PASSWORD_VALIDATORS``) with the
user it is for, so a password like the user name or ``12345678`` is refused wherever it is set.
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
    """Django's validators for ``password`` set on ``user``; ValidationError on ``password``."""
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
    """A login with a role from ``access.ROLES`` (``admin``, ``scorekeeper``, ``member``, …)."""
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
    """Change a user's role and whether they may log in. Refused when it would leave the club with
    no active administrator, or when administrators would lock themselves out."""
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
    """An administrator sets a new password for ``user`` (their sessions end)."""
    password_check(password, user)
    user.set_password(password)
    user.save(update_fields=["password"])
    return user


class SetupDone(ValidationError):
    """The first administrator exists already (made by another submission of the setup URL, or by
    ``createsuperuser``): the setup page has nothing left to do."""


def _users_locked() -> None:
    """Until the transaction ends, nobody else can add a user, so "no user yet" read after this stays
    true until it commits. PostgreSQL: a table lock that conflicts with every insert and with itself
    but not with reading (``SHARE ROW EXCLUSIVE``). SQLite needs nothing: its ``IMMEDIATE``
    transactions hold the database's write lock from the start."""
    User = get_user_model()
    db = router.db_for_write(User)
    conn = connections[db]
    if conn.vendor == "postgresql":
        with conn.cursor() as cursor:
            cursor.execute(f"LOCK TABLE {conn.ops.quote_name(User._meta.db_table)} IN SHARE ROW EXCLUSIVE MODE")


def first_admin_create(*, username: str, password: str, token: str):
    """The first administrator (a superuser), with the setup token ``manage.py clubstart`` printed.

    Exactly once, however many submissions of the URL race (several phones, a double tap): in one
    transaction the users are locked, "no user yet" is read, the token is deleted (only one
    submission can delete it) and the user is saved. A refused try leaves the token alive. Raises
    ``SetupDone`` when an administrator exists already, ``ValidationError`` for a dead token or a
    weak password."""
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

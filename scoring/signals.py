"""The first-run setup token dies as soon as any user exists (also one made by ``createsuperuser``);
a login renamed or deleted (in Django's admin, which manages logins) renews the names' generation."""

from __future__ import annotations

from django.conf import settings
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from . import generations
from .models import SetupToken


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def login_saved(sender, instance, created: bool, update_fields=None, **kwargs) -> None:
    """A new login ends the setup token. Pages kept in the cache name logins (「削除された局」: who deleted
    the hand) under the names' generation; a save of named fields (a login, a password, a role) renames nobody."""
    if created:
        SetupToken.objects.all().delete()
    elif update_fields is None or "username" in update_fields:
        generations.new_generation(generations.NAMES)


@receiver(post_delete, sender=settings.AUTH_USER_MODEL)
def login_deleted(sender, instance, **kwargs) -> None:
    """A deleted login's changes are kept without it (「—」)."""
    generations.new_generation(generations.NAMES)

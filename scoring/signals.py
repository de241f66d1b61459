"""The first-run setup token dies as soon as any user exists (also one made by ``createsuperuser``)."""

from __future__ import annotations

from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import receiver


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def setup_token_expires(sender, instance, created: bool, **kwargs) -> None:
    if created:
        from .models import SetupToken

        SetupToken.objects.all().delete()

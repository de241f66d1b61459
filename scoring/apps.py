from django.apps import AppConfig


class ScoringConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"
    verbose_name = "対局記録"

    def ready(self) -> None:
        from . import checks, signals  # noqa: F401

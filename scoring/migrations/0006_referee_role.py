"""The 審判 (referee) group: officers who rule on disputes (物言い), besides admins."""

from django.db import migrations

REFEREE = "referee"


def forwards(apps, schema_editor):
    apps.get_model("auth", "Group").objects.get_or_create(name=REFEREE)


def backwards(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=REFEREE, user__isnull=True).delete()


class Migration(migrations.Migration):
    dependencies = [("scoring", "0005_history_disputes_boards"), ("auth", "0012_alter_user_first_name_max_length")]
    operations = [migrations.RunPython(forwards, backwards)]

"""The shipped rule-set presets (``rules.PRESETS`` named by ``rules.PRESET_LABELS``) and the
scorekeeper group."""

from django.db import migrations

import rules

SCOREKEEPER = "scorekeeper"


def forwards(apps, schema_editor):
    RuleSet = apps.get_model("scoring", "RuleSet")
    Group = apps.get_model("auth", "Group")
    for key in rules.PRESETS:
        RuleSet.objects.get_or_create(name=rules.PRESET_LABELS.get(key, key),
                                      defaults={"preset": key, "options": {}})
    Group.objects.get_or_create(name=SCOREKEEPER)


def backwards(apps, schema_editor):
    RuleSet = apps.get_model("scoring", "RuleSet")
    RuleSet.objects.filter(name__in=[rules.PRESET_LABELS.get(k, k) for k in rules.PRESETS],
                           options={}, clubday__isnull=True).delete()


class Migration(migrations.Migration):
    dependencies = [("scoring", "0001_initial"), ("auth", "0012_alter_user_first_name_max_length")]
    operations = [migrations.RunPython(forwards, backwards)]

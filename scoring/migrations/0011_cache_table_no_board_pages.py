from django.core.management import call_command
from django.db import migrations


def create_cache_table(apps, schema_editor):
    """The page cache's table (``settings.CACHES``: the database cache), made wherever the database
    is migrated; ``createcachetable`` does nothing when it exists or the cache is Redis."""
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    """Boards are no longer drawn into the database after writes (``BoardPage``): pages keep what
    they draw in the shared cache, keyed by generation (``scoring.generations``)."""

    dependencies = [
        ('scoring', '0010_board_pages'),
    ]

    operations = [
        migrations.DeleteModel(
            name='BoardPage',
        ),
        migrations.RunPython(create_cache_table, migrations.RunPython.noop),
    ]

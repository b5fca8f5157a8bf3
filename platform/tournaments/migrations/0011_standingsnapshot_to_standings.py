"""StandingSnapshot moves to the standings app: removed from this app's state only; its table,
tournaments_standingsnapshot, and every row in it stay (standings.0001_initial takes it over)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0010_matchseat_faction"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="StandingSnapshot")],
            database_operations=[],
        ),
    ]

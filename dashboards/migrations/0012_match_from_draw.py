"""A game statistic's match is the draw app's model now (the same table, tournaments_match):
state only."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("dashboards", "0011_summaries_to_game_plugin"),
        ("draw", "0001_initial"),
    ]

    # Before the tournaments app lets go of Match, so that no state points at a model it no longer has.
    run_before = [("tournaments", "0014_rounds_and_matches_to_draw")]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="gamestat",
                    name="match",
                    field=models.OneToOneField(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="meta_stat",
                        to="draw.match",
                    ),
                ),
            ],
            database_operations=[],
        ),
    ]

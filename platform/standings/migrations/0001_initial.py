"""StandingSnapshot, moved here from the tournaments app: state only. The table keeps its name
(tournaments_standingsnapshot) and its rows; tournaments.0011 removed the model from that app's
state."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("tournaments", "0011_standingsnapshot_to_standings"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="StandingSnapshot",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("order", models.JSONField(help_text="the tiebreak keys used")),
                        (
                            "rows",
                            models.JSONField(
                                help_text="[{rank, registration, name, dropped, metrics}] best first"
                            ),
                        ),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        (
                            "event",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="standing_snapshots",
                                to="tournaments.event",
                            ),
                        ),
                        (
                            "round",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="standings",
                                to="tournaments.round",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_standingsnapshot",
                        "ordering": ["event", "round__number"],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]

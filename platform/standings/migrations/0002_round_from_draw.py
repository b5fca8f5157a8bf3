"""A stored standing's round is the draw app's model now (the same table, tournaments_round):
state only."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("draw", "0001_initial"),
        ("standings", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="standingsnapshot",
                    name="round",
                    field=models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE, related_name="standings", to="draw.round"
                    ),
                ),
            ],
            database_operations=[],
        ),
    ]

"""A report's and a dispute's match is the draw app's model now (the same table,
tournaments_match): state only."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("draw", "0001_initial"),
        ("results", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="dispute",
                    name="match",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="disputes", to="draw.match"
                    ),
                ),
                migrations.AlterField(
                    model_name="manualreport",
                    name="match",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="reports", to="draw.match"
                    ),
                ),
            ],
            database_operations=[],
        ),
    ]

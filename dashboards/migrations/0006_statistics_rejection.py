import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("dashboards", "0005_ended_by_32"),
        ("gamelogs", "0001_initial"),
    ]

    operations = [
        migrations.CreateModel(
            name="StatisticsRejection",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("game", models.CharField(max_length=64)),
                ("schema_version", models.IntegerField(blank=True, null=True)),
                ("engine_version", models.CharField(blank=True, max_length=32)),
                ("problems", models.JSONField(default=list)),
                ("rejected_at", models.DateTimeField(auto_now=True)),
                (
                    "game_log",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="statistics_rejection",
                        to="gamelogs.gamelog",
                    ),
                ),
            ],
            options={"ordering": ["-rejected_at"]},
        ),
    ]

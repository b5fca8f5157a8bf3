import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    """Seats at a table (one to six); seat1 may be empty while its row moves onto the seats (0004)."""

    dependencies = [
        ("play", "0002_tablegame_challenge_ref"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="TableSeat",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("number", models.PositiveSmallIntegerField()),
                ("player", models.CharField(max_length=32)),
                ("team", models.CharField(blank=True, max_length=64)),
                ("controls", models.JSONField(blank=True, default=list)),
                ("confirmed", models.BooleanField(default=False)),
                ("joined_at", models.DateTimeField(blank=True, null=True)),
                (
                    "table",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="seats", to="play.tablegame"
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "ordering": ["table", "number"],
                "constraints": [
                    models.UniqueConstraint(fields=("table", "number"), name="play_one_seat_per_number"),
                    models.CheckConstraint(
                        condition=models.Q(("number__gte", 1), ("number__lte", 6)), name="play_seat_number_1_to_6"
                    ),
                ],
            },
        ),
        migrations.AlterField(
            model_name="tablegame",
            name="seat1",
            field=models.ForeignKey(
                null=True,
                blank=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
    ]

"""Month rollups of dice and matchups over every event and rating band (DiceMonthlyTotal, MatchupMonthlyTotal),
filled from the daily summaries already there, as a rebuild would (``dashboards.summaries``)."""

from django.db import migrations, models


def fill(apps, schema_editor):
    from dashboards import summaries
    from games.battleground import GAME_ID
    from games.battleground.models import DiceMonthlyTotal, MatchupMonthlyTotal

    Stat = apps.get_model("dashboards", "GameStat")
    first, last = (
        Stat.objects.filter(game=GAME_ID)
        .aggregate(a=models.Min("played_on"), b=models.Max("played_on"))
        .values()
    )
    months = []
    while first is not None and summaries.month_of(first) <= last:
        months.append(summaries.month_of(first))
        first = summaries.next_month(months[-1])
    with schema_editor.connection.cursor() as cursor:
        summaries.roll_up(cursor, months, GAME_ID, only=(DiceMonthlyTotal, MatchupMonthlyTotal))


class Migration(migrations.Migration):
    dependencies = [
        ("battleground", "0005_dice_public_only"),
    ]

    operations = [
        migrations.CreateModel(
            name="DiceMonthlyTotal",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("game", models.CharField(max_length=64)),
                ("day", models.DateField()),
                ("content_pack", models.CharField(max_length=100)),
                ("event_ref", models.CharField(blank=True, max_length=200, null=True)),
                ("rating_band", models.IntegerField(blank=True, null=True)),
                ("simulated", models.BooleanField(default=False)),
                ("source", models.CharField(default="log", max_length=8)),
                ("mode", models.CharField(blank=True, default="", max_length=32)),
                ("player_name", models.CharField(max_length=100)),
                ("tests", models.BigIntegerField(default=0)),
                ("dice", models.BigIntegerField(default=0)),
                ("successes", models.BigIntegerField(default=0)),
                ("expected", models.FloatField(default=0)),
            ],
            options={
                "indexes": [models.Index(fields=["game", "day"], name="bg_dicet_game_day")],
            },
        ),
        migrations.CreateModel(
            name="MatchupMonthlyTotal",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("game", models.CharField(max_length=64)),
                ("day", models.DateField()),
                ("content_pack", models.CharField(max_length=100)),
                ("event_ref", models.CharField(blank=True, max_length=200, null=True)),
                ("rating_band", models.IntegerField(blank=True, null=True)),
                ("simulated", models.BooleanField(default=False)),
                ("source", models.CharField(default="log", max_length=8)),
                ("mode", models.CharField(blank=True, default="", max_length=32)),
                ("dimension", models.CharField(max_length=16)),
                ("row_key", models.CharField(max_length=64)),
                ("col_key", models.CharField(max_length=64)),
                ("row_name", models.CharField(max_length=200)),
                ("col_name", models.CharField(max_length=200)),
                ("games", models.BigIntegerField(default=0)),
                ("wins", models.BigIntegerField(default=0)),
                ("draws", models.BigIntegerField(default=0)),
                ("losses", models.BigIntegerField(default=0)),
            ],
            options={
                "indexes": [models.Index(fields=["game", "dimension", "day"], name="bg_matcht_game_dim_day")],
            },
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]

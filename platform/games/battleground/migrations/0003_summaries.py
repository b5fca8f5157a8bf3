"""Battleground's summaries of its per-side rows, taken over from the dashboards app (its migration 0011) with
their tables as they are: the tables keep their names (``db_table``), indexes and every row, so this changes
only Django's picture of the models, and going back gives them back to the dashboards app the same way."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("battleground", "0002_map_stats"),
        ("dashboards", "0011_summaries_to_game_plugin"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="DiceDaily",
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
                        ("kind", models.CharField(max_length=16)),
                        ("tests", models.BigIntegerField(default=0)),
                        ("dice", models.BigIntegerField(default=0)),
                        ("successes", models.BigIntegerField(default=0)),
                        ("expected", models.FloatField(default=0)),
                    ],
                    options={
                        "db_table": "dashboards_dicedaily",
                        "indexes": [
                            models.Index(fields=["game", "day"], name="dash_dice_game_day"),
                            models.Index(fields=["player_name"], name="dash_dice_player"),
                        ],
                    },
                ),
                migrations.CreateModel(
                    name="EntryDaily",
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
                        ("key", models.CharField(max_length=200)),
                        ("name", models.CharField(max_length=420)),
                        ("faction", models.CharField(blank=True, max_length=64)),
                        ("appearances", models.IntegerField(default=0)),
                        ("wins", models.IntegerField(default=0)),
                        ("draws", models.IntegerField(default=0)),
                        ("losses", models.IntegerField(default=0)),
                        ("vp_total", models.BigIntegerField(default=0)),
                        ("vp_objectives", models.BigIntegerField(default=0)),
                        ("vp_missions", models.BigIntegerField(default=0)),
                        ("vp_knockouts", models.BigIntegerField(default=0)),
                        ("knockouts", models.BigIntegerField(default=0)),
                        ("objectives_claimed", models.BigIntegerField(default=0)),
                        ("survived", models.BigIntegerField(default=0)),
                        ("wounds_dealt", models.BigIntegerField(default=0)),
                        ("wounds_taken", models.BigIntegerField(default=0)),
                        ("activations", models.BigIntegerField(default=0)),
                        ("attacks", models.BigIntegerField(default=0)),
                        ("successes", models.BigIntegerField(default=0)),
                        ("wounds", models.BigIntegerField(default=0)),
                        ("uses", models.BigIntegerField(default=0)),
                    ],
                    options={
                        "db_table": "dashboards_entrydaily",
                        "indexes": [
                            models.Index(fields=["game", "dimension", "day"], name="dash_entry_game_dim_day")
                        ],
                    },
                ),
                migrations.CreateModel(
                    name="RoundDaily",
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
                        ("round", models.PositiveSmallIntegerField()),
                        ("result", models.CharField(max_length=8)),
                        ("sides", models.IntegerField(default=0)),
                        ("vp_sum", models.BigIntegerField(default=0)),
                    ],
                    options={
                        "db_table": "dashboards_rounddaily",
                        "indexes": [models.Index(fields=["game", "day"], name="dash_round_game_day")],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]

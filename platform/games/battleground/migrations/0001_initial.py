"""Battleground's per-side statistics models, taken over from the dashboards app (its migration 0009) with
their tables as they are: the tables keep their names (``db_table``) and every row, so this changes only
Django's picture of the models, and going back gives them back to the dashboards app the same way."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("dashboards", "0009_per_side_models_to_game_plugin"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="SideStat",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("player", models.CharField(max_length=32)),
                        ("player_name", models.CharField(max_length=100)),
                        ("faction", models.CharField(max_length=64)),
                        ("faction_name", models.CharField(max_length=200)),
                        ("force_points", models.IntegerField(default=0)),
                        ("first_player", models.BooleanField()),
                        ("result", models.CharField(max_length=8)),
                        ("vp_total", models.IntegerField(default=0)),
                        ("vp_objectives", models.IntegerField(default=0)),
                        ("vp_missions", models.IntegerField(default=0)),
                        ("vp_knockouts", models.IntegerField(default=0)),
                        ("knockouts_dealt", models.IntegerField(default=0)),
                        ("characters_lost", models.IntegerField(default=0)),
                        ("objectives_claimed", models.IntegerField(default=0)),
                        (
                            "game_stat",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="sides",
                                to="dashboards.gamestat",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "dashboards_sidestat",
                    },
                ),
                migrations.CreateModel(
                    name="RoundStat",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("round", models.PositiveSmallIntegerField()),
                        ("vp", models.IntegerField()),
                        (
                            "side",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="rounds",
                                to="battleground.sidestat",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "dashboards_roundstat",
                    },
                ),
                migrations.CreateModel(
                    name="ItemStat",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("character", models.CharField(max_length=64)),
                        ("item", models.CharField(max_length=64)),
                        ("name", models.CharField(max_length=200)),
                        ("item_type", models.CharField(max_length=16)),
                        ("uses", models.IntegerField(default=0)),
                        (
                            "side",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="items",
                                to="battleground.sidestat",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "dashboards_itemstat",
                    },
                ),
                migrations.CreateModel(
                    name="CharacterStat",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("character", models.CharField(max_length=64)),
                        ("name", models.CharField(max_length=200)),
                        ("faction", models.CharField(max_length=64)),
                        ("survived", models.BooleanField()),
                        ("knocked_out_round", models.PositiveSmallIntegerField(blank=True, null=True)),
                        ("wounds_dealt", models.IntegerField(default=0)),
                        ("wounds_taken", models.IntegerField(default=0)),
                        ("activations", models.IntegerField(default=0)),
                        ("objectives_claimed", models.IntegerField(default=0)),
                        (
                            "side",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="characters",
                                to="battleground.sidestat",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "dashboards_characterstat",
                    },
                ),
                migrations.CreateModel(
                    name="TestStat",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("character", models.CharField(max_length=64)),
                        ("kind", models.CharField(max_length=16)),
                        ("stat", models.CharField(max_length=32)),
                        ("tests", models.IntegerField(default=0)),
                        ("dice", models.IntegerField(default=0)),
                        ("successes", models.IntegerField(default=0)),
                        ("expected_successes", models.FloatField(default=0)),
                        (
                            "side",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="tests",
                                to="battleground.sidestat",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "dashboards_teststat",
                    },
                ),
                migrations.CreateModel(
                    name="WeaponStat",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("character", models.CharField(max_length=64)),
                        ("weapon", models.CharField(max_length=64)),
                        ("name", models.CharField(max_length=200)),
                        ("weapon_type", models.CharField(max_length=16)),
                        ("attacks", models.IntegerField(default=0)),
                        ("successes", models.IntegerField(default=0)),
                        ("wounds", models.IntegerField(default=0)),
                        ("knockouts", models.IntegerField(default=0)),
                        (
                            "side",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="weapons",
                                to="battleground.sidestat",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "dashboards_weaponstat",
                    },
                ),
                migrations.AddIndex(
                    model_name="sidestat",
                    index=models.Index(fields=["player_name"], name="dash_side_player"),
                ),
            ],
            database_operations=[],
        ),
    ]

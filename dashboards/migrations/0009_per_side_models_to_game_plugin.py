"""The per-side statistics models (sides and, under them, rounds, characters, weapons, items and dice
tests) leave the dashboards app for the Battleground plugin's app (``games.battleground``, its migration
0001 takes them up). Only Django's picture of the models changes: the tables, their rows, ids, sequences,
indexes and foreign keys stay exactly as they are, under their old names (the models' ``db_table``)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("dashboards", "0008_mode_backfill"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(
                    model_name="itemstat",
                    name="side",
                ),
                migrations.RemoveField(
                    model_name="roundstat",
                    name="side",
                ),
                migrations.RemoveField(
                    model_name="sidestat",
                    name="game_stat",
                ),
                migrations.RemoveField(
                    model_name="teststat",
                    name="side",
                ),
                migrations.RemoveField(
                    model_name="weaponstat",
                    name="side",
                ),
                migrations.DeleteModel(
                    name="CharacterStat",
                ),
                migrations.DeleteModel(
                    name="ItemStat",
                ),
                migrations.DeleteModel(
                    name="RoundStat",
                ),
                migrations.DeleteModel(
                    name="TestStat",
                ),
                migrations.DeleteModel(
                    name="SideStat",
                ),
                migrations.DeleteModel(
                    name="WeaponStat",
                ),
            ],
            database_operations=[],
        ),
    ]

"""Battleground's summaries of its per-side rows (``EntryDaily``, ``RoundDaily``, ``DiceDaily``) leave the
dashboards app for the Battleground plugin's app (its migration 0003 takes them up), as its per-side rows did
(0009). Only Django's picture of the models changes: the tables, their rows, ids, sequences and indexes stay
exactly as they are, under their old names (the models' ``db_table``)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("dashboards", "0010_game_columns_to_game_plugin"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(
                    name="DiceDaily",
                ),
                migrations.DeleteModel(
                    name="EntryDaily",
                ),
                migrations.DeleteModel(
                    name="RoundDaily",
                ),
            ],
            database_operations=[],
        ),
    ]

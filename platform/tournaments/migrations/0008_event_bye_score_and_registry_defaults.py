"""Event.bye_vp becomes bye_score (the game's score, whatever its name) on the same column, and a new
event's game and content pack default to what the game registry offers (games.default_game)."""

import django.db.models
from django.db import migrations

import games


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0007_team_events"),
    ]

    operations = [
        # The column stays "bye_vp": only the model's name for it changes, so nothing is written.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RenameField(model_name="event", old_name="bye_vp", new_name="bye_score"),
                migrations.AlterField(
                    model_name="event",
                    name="bye_score",
                    field=django.db.models.PositiveSmallIntegerField(
                        db_column="bye_vp", default=0, help_text="the game's score a bye is worth"
                    ),
                ),
            ],
            database_operations=[],
        ),
        migrations.AlterField(
            model_name="event",
            name="game",
            field=django.db.models.CharField(default=games.default_game, max_length=64),
        ),
        migrations.AlterField(
            model_name="event",
            name="content_pack",
            field=django.db.models.CharField(default=games.default_pack, max_length=64),
        ),
    ]

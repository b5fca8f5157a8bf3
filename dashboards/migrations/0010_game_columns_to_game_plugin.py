"""GameStat and GameDaily no longer hold a game's map and objectives: the game plugin that has them keeps
them in its own tables (its migration, run before this one, copied them there). Going back gives the columns
back with their defaults, for that migration to fill again."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("dashboards", "0009_per_side_models_to_game_plugin"),
    ]

    operations = [
        migrations.RemoveField(
            model_name="gamedaily",
            name="map",
        ),
        migrations.RemoveField(
            model_name="gamedaily",
            name="objectives_available",
        ),
        migrations.RemoveField(
            model_name="gamedaily",
            name="objectives_claimed",
        ),
        migrations.RemoveField(
            model_name="gamestat",
            name="map",
        ),
        migrations.RemoveField(
            model_name="gamestat",
            name="objectives_available",
        ),
        migrations.RemoveField(
            model_name="gamestat",
            name="objectives_claimed",
        ),
    ]

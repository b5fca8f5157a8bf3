from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0008_event_bye_score_and_registry_defaults"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="game_mode",
            field=models.CharField(
                blank=True, help_text="the game's mode of play (empty: the standard game)", max_length=32
            ),
        ),
        migrations.AddField(
            model_name="event",
            name="placement_points",
            field=models.JSONField(
                blank=True, default=list, help_text="points per place in a pod, 1st first"
            ),
        ),
    ]

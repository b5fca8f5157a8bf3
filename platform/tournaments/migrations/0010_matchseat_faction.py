from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0009_event_game_mode_placement_points"),
    ]

    operations = [
        migrations.AddField(
            model_name="matchseat",
            name="faction",
            field=models.CharField(
                blank=True,
                help_text="the faction dealt to this seat's side at this table (empty: none)",
                max_length=64,
            ),
        ),
    ]

"""The summaries' rows of one event, indexed: the "one event" filter reads them alone, not every row of the game."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("battleground", "0006_dice_and_matchup_total_rollups"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="dicedaily",
            index=models.Index(
                condition=models.Q(("event_ref__isnull", False)),
                fields=["game", "event_ref"],
                name="bg_dice_game_event",
            ),
        ),
        migrations.AddIndex(
            model_name="dicemonthly",
            index=models.Index(
                condition=models.Q(("event_ref__isnull", False)),
                fields=["game", "event_ref"],
                name="bg_dicem_game_event",
            ),
        ),
        migrations.AddIndex(
            model_name="entrydaily",
            index=models.Index(
                condition=models.Q(("event_ref__isnull", False)),
                fields=["game", "event_ref"],
                name="bg_entry_game_event",
            ),
        ),
        migrations.AddIndex(
            model_name="mapdaily",
            index=models.Index(
                condition=models.Q(("event_ref__isnull", False)),
                fields=["game", "event_ref"],
                name="bg_map_game_event",
            ),
        ),
        migrations.AddIndex(
            model_name="matchupdaily",
            index=models.Index(
                condition=models.Q(("event_ref__isnull", False)),
                fields=["game", "event_ref"],
                name="bg_match_game_event",
            ),
        ),
        migrations.AddIndex(
            model_name="matchupmonthly",
            index=models.Index(
                condition=models.Q(("event_ref__isnull", False)),
                fields=["game", "event_ref"],
                name="bg_matchm_game_event",
            ),
        ),
        migrations.AddIndex(
            model_name="rounddaily",
            index=models.Index(
                condition=models.Q(("event_ref__isnull", False)),
                fields=["game", "event_ref"],
                name="bg_round_game_event",
            ),
        ),
    ]

"""Fill ``GameStat.mode`` of games stored before the column existed, from their log's header, and mark
their (game, day) buckets stale so the refresh sweep re-aggregates them under their mode."""

from django.db import migrations


def fill_modes(apps, schema_editor):
    from dashboards import providers
    from dashboards.modes import backfill

    # The game registry the games app registered at ready (migrations run after it): no import of it here.
    def log_mode(game: str, header: dict) -> str:
        return providers.plugin(game).log_mode(header)

    backfill(apps.get_model("dashboards", "GameStat"), apps.get_model("dashboards", "StaleBucket"), log_mode)


class Migration(migrations.Migration):
    # Not one transaction: each chunk of a big table is committed as it is done, and a rerun skips
    # rows that already have their mode.
    atomic = False

    dependencies = [
        ("dashboards", "0007_mode_column"),
        ("gamelogs", "0001_initial"),
    ]

    operations = [migrations.RunPython(fill_modes, migrations.RunPython.noop, elidable=True)]

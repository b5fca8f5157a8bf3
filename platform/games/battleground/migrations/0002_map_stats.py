"""Each game's map and objectives move from the dashboards' GameStat (and GameDaily) to Battleground's own
tables: ``MapStat``, one row per game, copied from GameStat before dashboards 0010 drops its columns, and
``MapDaily``, its summary per bucket, aggregated from those rows as the summaries' refresh does. Going back
(after dashboards 0010 has given the columns back) copies every game's map and objectives back to its
GameStat row and aggregates Battleground's GameDaily rows by map again."""

import django.db.models.deletion
from django.db import migrations, models

BUCKET = "game, day, content_pack, event_ref, rating_band, simulated, source, mode"
BUCKET_SELECT = (
    "g.game, g.played_on, g.content_pack, g.event_ref, g.rating_band, g.simulated, g.source, g.mode"
)


def _tables(apps, schema_editor) -> dict[str, str]:
    quote = schema_editor.connection.ops.quote_name
    names = {
        "game": ("dashboards", "GameStat"),
        "gamedaily": ("dashboards", "GameDaily"),
        "side": ("battleground", "SideStat"),
        "mapstat": ("battleground", "MapStat"),
        "mapdaily": ("battleground", "MapDaily"),
    }
    return {key: quote(apps.get_model(*name)._meta.db_table) for key, name in names.items()}


def copy_from_game_stats(apps, schema_editor):
    t = _tables(apps, schema_editor)
    with schema_editor.connection.cursor() as cursor:
        # Every game that has sides, or a map or objectives: the others held only the defaults.
        cursor.execute(
            f"INSERT INTO {t['mapstat']} (game_stat_id, map, objectives_available, objectives_claimed) "
            f"SELECT g.id, g.map, g.objectives_available, g.objectives_claimed FROM {t['game']} g "
            "WHERE g.map <> '' OR g.objectives_available <> 0 OR g.objectives_claimed <> 0 "
            f"OR EXISTS (SELECT 1 FROM {t['side']} s WHERE s.game_stat_id = g.id) ORDER BY g.id"
        )
        cursor.execute(
            f"INSERT INTO {t['mapdaily']} ({BUCKET}, map, games, objectives_available, objectives_claimed) "
            f"SELECT {BUCKET_SELECT}, b.map, COUNT(*), SUM(b.objectives_available), SUM(b.objectives_claimed) "
            f"FROM {t['mapstat']} b JOIN {t['game']} g ON g.id = b.game_stat_id GROUP BY {BUCKET_SELECT}, b.map"
        )


def copy_back_to_game_stats(apps, schema_editor):
    t = _tables(apps, schema_editor)
    with schema_editor.connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {t['game']} SET map = b.map, objectives_available = b.objectives_available, "
            f"objectives_claimed = b.objectives_claimed FROM {t['mapstat']} b WHERE b.game_stat_id = {t['game']}.id"
        )
        games = f"(SELECT DISTINCT g.game FROM {t['mapstat']} b JOIN {t['game']} g ON g.id = b.game_stat_id)"
        cursor.execute(f"DELETE FROM {t['gamedaily']} WHERE game IN {games}")
        cursor.execute(
            f"INSERT INTO {t['gamedaily']} ({BUCKET}, map, rounds_played, ended_by, outcome, games,"
            " first_player_wins, objectives_available, objectives_claimed) "
            f"SELECT {BUCKET_SELECT}, g.map, g.rounds_played, g.ended_by, g.outcome, COUNT(*),"
            " SUM(CASE WHEN g.winner = g.first_player THEN 1 ELSE 0 END),"
            " SUM(g.objectives_available), SUM(g.objectives_claimed) "
            f"FROM {t['game']} g WHERE g.game IN {games} "
            f"GROUP BY {BUCKET_SELECT}, g.map, g.rounds_played, g.ended_by, g.outcome"
        )


class Migration(migrations.Migration):
    dependencies = [
        ("battleground", "0001_initial"),
    ]
    # The copy reads the columns dashboards 0010 drops; the dashboards app needs to know nothing of this one.
    run_before = [("dashboards", "0010_game_columns_to_game_plugin")]

    operations = [
        migrations.CreateModel(
            name="MapDaily",
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
                ("map", models.CharField(blank=True, max_length=100)),
                ("games", models.IntegerField(default=0)),
                ("objectives_available", models.BigIntegerField(default=0)),
                ("objectives_claimed", models.BigIntegerField(default=0)),
            ],
            options={
                "indexes": [models.Index(fields=["game", "day"], name="bg_map_game_day")],
            },
        ),
        migrations.CreateModel(
            name="MapStat",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("map", models.CharField(blank=True, max_length=100)),
                ("objectives_available", models.PositiveSmallIntegerField(default=0)),
                ("objectives_claimed", models.PositiveSmallIntegerField(default=0)),
                (
                    "game_stat",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="battleground_map",
                        to="dashboards.gamestat",
                    ),
                ),
            ],
        ),
        migrations.RunPython(copy_from_game_stats, copy_back_to_game_stats),
    ]

"""A game plugin registered a grouping its stored verdicts had no rows of (Hoplomachus' dice luck per player name
over every colour, ``hr-dice-player-totals``).

Its rows are each name's ``hr-dice-players`` rows added up over the colours (``meta_groups.dice_player_totals``:
the games from the name's "" row, the dice, hits and expected hits from its colour rows), so on PostgreSQL they are
summed from those rows in SQL, one statement per table (day, month and game rows), instead of reading every stored
verdict again as 0016 did (46 s for 20,000 games on the development machine, against 2 s this way). Elsewhere (SQLite: a development
database) the verdict groups are filled again from the verdicts stored, as 0016 did."""

from importlib import import_module

from django.db import migrations

GAME = "hoplomachus-remastered"
FROM, TO = "hr-dice-players", "hr-dice-player-totals"
BUCKET = "game, day, content_pack, event_ref, rating_band, simulated, source, mode"


def totals_from_players(table: str, keep: str) -> tuple[str, list]:
    """The statement that adds ``table``'s TO rows from its FROM rows, keeping the columns ``keep`` (a bucket, or a
    game's stat row). A key is the JSON list [name, colour] ("" for the game's row); the new key is [name], spelled
    as the platform writes it (``verdictgroups.encode``: no spaces, characters as they are), which PostgreSQL's
    text of a one-element JSON array is."""
    colour = "(key::jsonb ->> 1)"
    return (
        f"INSERT INTO {table} ({keep}, name, key, n0, n1, n2, n3, n4, n5)"  # nosec B608 - table names from the models
        f" SELECT {keep}, %s, jsonb_build_array(key::jsonb ->> 0)::text,"
        f" COALESCE(SUM(n0) FILTER (WHERE {colour} = ''), 0), COALESCE(SUM(n0) FILTER (WHERE {colour} <> ''), 0),"
        f" COALESCE(SUM(n1) FILTER (WHERE {colour} <> ''), 0), COALESCE(SUM(n2) FILTER (WHERE {colour} <> ''), 0),"
        f" 0, 0 FROM {table} WHERE name = %s{' AND game = %s' if keep == BUCKET else ''}"
        f" GROUP BY {keep}, key::jsonb ->> 0",
        [TO, FROM] + ([GAME] if keep == BUCKET else []),
    )


def fill(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor != "postgresql":
        import_module("dashboards.migrations.0016_verdict_groups_public").fill(apps, schema_editor)
        return
    quote = connection.ops.quote_name
    daily, monthly, per_game = (
        quote(apps.get_model("dashboards", name)._meta.db_table)
        for name in ("VerdictGroupDaily", "VerdictGroupMonthly", "VerdictGroupGame")
    )
    with connection.cursor() as cursor:
        for table, keep in ((daily, BUCKET), (monthly, BUCKET), (per_game, "game_stat_id")):
            cursor.execute(f"DELETE FROM {table} WHERE name = %s", [TO])  # nosec B608 - table names from the models
            cursor.execute(*totals_from_players(table, keep))
            cursor.execute(f"ANALYZE {table}")


class Migration(migrations.Migration):
    dependencies = [("dashboards", "0016_verdict_groups_public")]

    operations = [migrations.RunPython(fill, migrations.RunPython.noop)]

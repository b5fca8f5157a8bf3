"""Compress the stored verdicts (gamelogs_gamelog.verdict) with lz4 instead of pglz, where the server
has it (PostgreSQL 14 and later, built with lz4).

After a ruleset release every decided log's verdict is rewritten with its new versions stamped on
(gamelogs.verification, #25): PostgreSQL decompresses and compresses each verdict again (a few KiB
of JSON), and with pglz that was most of the statement's time, which the worker waits for. lz4 takes
about a third of that for a verdict a little larger on disk. Only values written from now on are
compressed with it; those stored before keep pglz until they are written again (both are read as
usual). The uploads keep pglz: written once, read rarely, and smaller with it. Nothing is rewritten
here, and the change is to the catalog only: no table rewrite.
"""

from django.db import migrations

TABLE = "gamelogs_gamelog"


def _has_lz4(schema_editor) -> bool:
    if schema_editor.connection.vendor != "postgresql":
        return False
    with schema_editor.connection.cursor() as cursor:
        # The values the server offers are those it was built with (no such setting before 14).
        cursor.execute(
            "SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY(enumvals)"
        )
        return cursor.fetchone() is not None


def verdicts_in_lz4(apps, schema_editor):
    if _has_lz4(schema_editor):
        schema_editor.execute(f'ALTER TABLE "{TABLE}" ALTER COLUMN "verdict" SET COMPRESSION lz4')


def verdicts_in_default(apps, schema_editor):
    if _has_lz4(schema_editor):
        schema_editor.execute(f'ALTER TABLE "{TABLE}" ALTER COLUMN "verdict" SET COMPRESSION default')


class Migration(migrations.Migration):
    dependencies = [("gamelogs", "0004_drop_redundant_indexes")]

    operations = [migrations.RunPython(verdicts_in_lz4, verdicts_in_default, elidable=False)]

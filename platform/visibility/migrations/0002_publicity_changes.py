"""``PublicityChange``: the logs whose publicity may have changed, written by triggers (PostgreSQL), so the meta's
public-only summaries check those logs alone, not every game against every public log. A log is public while it has
a publication or decides a match of a published or closed round (``visibility.services.public_q``): the triggers
watch exactly those rows. The logs whose games are counted otherwise now (a change no hook saw before this
migration) are queued once here, so nothing counted otherwise is left out of the queue."""

from django.db import migrations, models

TRIGGERS = (
    """
CREATE FUNCTION visibility_publication_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        INSERT INTO visibility_publicitychange (log_id) VALUES (OLD.log_id);
    END IF;
    IF TG_OP <> 'DELETE' THEN
        INSERT INTO visibility_publicitychange (log_id) VALUES (NEW.log_id);
    END IF;
    RETURN NULL;
END $$
""",
    """
CREATE TRIGGER visibility_publication_changed AFTER INSERT OR DELETE OR UPDATE OF log_id
    ON visibility_publishedlog FOR EACH ROW EXECUTE FUNCTION visibility_publication_changed()
""",
    """
CREATE FUNCTION visibility_match_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' AND OLD.game_log_id IS NOT NULL THEN
        INSERT INTO visibility_publicitychange (log_id) VALUES (OLD.game_log_id);
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.game_log_id IS NOT NULL THEN
        INSERT INTO visibility_publicitychange (log_id) VALUES (NEW.game_log_id);
    END IF;
    RETURN NULL;
END $$
""",
    """
CREATE TRIGGER visibility_match_added AFTER INSERT OR DELETE
    ON tournaments_match FOR EACH ROW EXECUTE FUNCTION visibility_match_changed()
""",
    """
CREATE TRIGGER visibility_match_moved AFTER UPDATE OF game_log_id, round_id ON tournaments_match FOR EACH ROW
    WHEN (OLD.game_log_id IS DISTINCT FROM NEW.game_log_id OR OLD.round_id IS DISTINCT FROM NEW.round_id)
    EXECUTE FUNCTION visibility_match_changed()
""",
    """
CREATE FUNCTION visibility_round_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO visibility_publicitychange (log_id)
        SELECT game_log_id FROM tournaments_match WHERE round_id = NEW.id AND game_log_id IS NOT NULL;
    RETURN NULL;
END $$
""",
    """
CREATE TRIGGER visibility_round_changed AFTER UPDATE OF state ON tournaments_round FOR EACH ROW
    WHEN (OLD.state IS DISTINCT FROM NEW.state) EXECUTE FUNCTION visibility_round_changed()
""",
)

DROP = (
    "DROP TRIGGER IF EXISTS visibility_publication_changed ON visibility_publishedlog",
    "DROP TRIGGER IF EXISTS visibility_match_added ON tournaments_match",
    "DROP TRIGGER IF EXISTS visibility_match_moved ON tournaments_match",
    "DROP TRIGGER IF EXISTS visibility_round_changed ON tournaments_round",
    "DROP FUNCTION IF EXISTS visibility_publication_changed()",
    "DROP FUNCTION IF EXISTS visibility_match_changed()",
    "DROP FUNCTION IF EXISTS visibility_round_changed()",
)

# The games counted public or not otherwise than their log is now (``dashboards.providers.publicity_moved``).
COUNTED_OTHERWISE = """
INSERT INTO visibility_publicitychange (log_id)
SELECT g.game_log_id FROM dashboards_gamestat g
WHERE g.game_log_id IS NOT NULL AND g.groups_public <> (
    EXISTS (SELECT 1 FROM visibility_publishedlog p WHERE p.log_id = g.game_log_id)
    OR EXISTS (SELECT 1 FROM tournaments_match mt JOIN tournaments_round r ON r.id = mt.round_id
               WHERE mt.game_log_id = g.game_log_id AND r.state IN ('published', 'closed'))
)
"""


def create(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return  # no queue kept: the meta checks every game
    for sql in TRIGGERS:
        schema_editor.execute(sql)
    schema_editor.execute(COUNTED_OTHERWISE)


def drop(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        for sql in DROP:
            schema_editor.execute(sql)


class Migration(migrations.Migration):
    dependencies = [
        ("visibility", "0001_initial"),
        ("dashboards", "0017_verdict_groups_refill"),
        ("draw", "0003_match_reason_templates_for_stored_rows"),
    ]

    operations = [
        migrations.CreateModel(
            name="PublicityChange",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("log_id", models.BigIntegerField(db_index=True)),
            ],
        ),
        migrations.RunPython(create, drop),
    ]

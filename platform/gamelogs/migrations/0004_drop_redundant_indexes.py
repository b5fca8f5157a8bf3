"""Drop two indexes of gamelogs_gamelog that others already serve, which every lease and verdict paid
for: ``uploader_id`` alone (gamelog_uploader_idx leads with it) and the ``varchar_pattern_ops`` twin
that ``unique=True`` adds to a CharField (nothing looks a hash up by prefix).

On PostgreSQL this is done in place: the indexes are dropped and the field's unique constraint is
renamed to the model's UniqueConstraint. Django's own operations would drop and re-create the foreign
key (a scan of the whole table to validate it) and rebuild the unique index, both under a lock that
stops uploads. Other databases run Django's operations.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

TABLE = "gamelogs_gamelog"

# Found by what they index, not by name: the names depend on how the table got its columns (the
# unique constraint is gamelogs_gamelog_sha256_key when CREATE TABLE made it, …_uniq when a later
# ALTER did).
FORWARD_SQL = f"""
DO $$
DECLARE r record;
BEGIN
  FOR r IN
    SELECT i.relname AS name
    FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
    WHERE x.indrelid = '{TABLE}'::regclass AND x.indnatts = 1
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
      AND (SELECT attname FROM pg_attribute a WHERE a.attrelid = x.indrelid AND a.attnum = x.indkey[0])
          IN ('uploader_id', 'sha256')
  LOOP
    EXECUTE format('DROP INDEX %I', r.name);
  END LOOP;
  FOR r IN
    SELECT c.conname AS name
    FROM pg_constraint c
    WHERE c.conrelid = '{TABLE}'::regclass AND c.contype = 'u'
      AND c.conkey = ARRAY[(SELECT attnum FROM pg_attribute a WHERE a.attrelid = c.conrelid AND a.attname = 'sha256')]
  LOOP
    EXECUTE format('ALTER TABLE {TABLE} RENAME CONSTRAINT %I TO gamelog_sha256_unique', r.name);
  END LOOP;
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = '{TABLE}'::regclass
                 AND conname = 'gamelog_sha256_unique') THEN
    RAISE EXCEPTION '{TABLE} has no unique constraint on sha256 to keep';
  END IF;
END $$;
"""
BACKWARD_SQL = [
    f'ALTER TABLE "{TABLE}" RENAME CONSTRAINT "gamelog_sha256_unique" TO "{TABLE}_sha256_key"',
    f'CREATE INDEX "{TABLE}_sha256_2a71697b_like" ON "{TABLE}" ("sha256" varchar_pattern_ops)',
    f'CREATE INDEX "{TABLE}_uploader_id_9b00a402" ON "{TABLE}" ("uploader_id")',
]


class InPlaceOnPostgreSQL(migrations.SeparateDatabaseAndState):
    """The state operations everywhere; on PostgreSQL the database gets ``database_operations``, on
    other databases the state operations themselves."""

    def _for(self, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            return self.database_operations
        return self.state_operations

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        for operation in self._for(schema_editor):
            to_state = from_state.clone()
            operation.state_forwards(app_label, to_state)
            operation.database_forwards(app_label, schema_editor, from_state, to_state)
            from_state = to_state

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        operations = self._for(schema_editor)
        states = [to_state]
        for operation in operations[:-1]:
            state = states[-1].clone()
            operation.state_forwards(app_label, state)
            states.append(state)
        for operation, before in zip(reversed(operations), reversed(states), strict=True):
            after = before.clone()
            operation.state_forwards(app_label, after)
            operation.database_backwards(app_label, schema_editor, after, before)


class Migration(migrations.Migration):
    dependencies = [
        ("gamelogs", "0003_shadow_runs"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        InPlaceOnPostgreSQL(
            state_operations=[
                migrations.AlterField(
                    model_name="gamelog",
                    name="sha256",
                    field=models.CharField(max_length=64),
                ),
                migrations.AlterField(
                    model_name="gamelog",
                    name="uploader",
                    field=models.ForeignKey(
                        db_index=False,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="uploaded_logs",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                migrations.AddConstraint(
                    model_name="gamelog",
                    constraint=models.UniqueConstraint(fields=("sha256",), name="gamelog_sha256_unique"),
                ),
            ],
            database_operations=[migrations.RunSQL(sql=FORWARD_SQL, reverse_sql=BACKWARD_SQL)],
        ),
    ]

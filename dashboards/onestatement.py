"""Insert a tree of rows (a game's stat row, its sides and their child rows, its seats and their
components) in one PostgreSQL statement.

Through the ORM a legal Battleground verdict's statistics are eight INSERTs, each a round trip to
PostgreSQL inside the verdict's transaction and each waiting for the ids the next one needs; on a
busy machine the round trips cost more than the engine's verification (#14). Here every table is a
data-modifying CTE of one statement: the ids of rows that have children are drawn from their
table's sequence first, so children name their parent's id without waiting for it.

Rows are unsaved model instances and are written as ``Model.objects.create`` would write them
(``pre_save`` and ``get_db_prep_save`` of every field: defaults, ``auto_now_add``, JSON adaptation),
so the ORM path (SQLite, and ``dashboards.ingest`` elsewhere) and this one store the same rows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from django.db import connection, models


@dataclass
class Table:
    """The rows of one model. A child table names its parent table (an index into the list given to
    ``insert_tree``), the foreign key that points to it, and each row's parent (an index into the
    parent's rows)."""

    model: type[models.Model]
    rows: list[models.Model]
    parent: int | None = None
    foreign_key: str = ""
    parents: list[int] = field(default_factory=list)


def insert_tree(tables: list[Table]) -> list[int]:
    """Insert every row of ``tables`` (parents before their children) in one statement; returns the
    ids of the first table's rows (rows of other tables get no id set)."""
    has_children = {t.parent for t in tables if t.parent is not None and t.rows} | {0}
    ctes, params = [], []
    for index, table in enumerate(tables):
        if not table.rows:
            continue
        if index in has_children:
            ctes.append(_ids_cte(index, table, params))
        ctes.append(_insert_cte(index, table, index in has_children, params))
    sql = f"WITH {', '.join(ctes)} SELECT id FROM ids0 ORDER BY ord"
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return [row[0] for row in cursor.fetchall()]


def _ids_cte(index: int, table: Table, params: list) -> str:
    # MATERIALIZED: each row's id is drawn once and read by the table's INSERT and by its children's.
    params += [table.model._meta.db_table, len(table.rows) - 1]
    return (
        f"ids{index} AS MATERIALIZED (SELECT nextval(pg_get_serial_sequence(%s, 'id')) AS id, ord"
        " FROM generate_series(0, %s) AS ord)"
    )


def _insert_cte(index: int, table: Table, with_ids: bool, params: list) -> str:
    fields, prepared, cte = _table_sql(table.model, table.foreign_key, index, table.parent, with_ids)
    # One array per column (as Django's bulk_create does on PostgreSQL): the statement's text depends
    # only on which tables have rows, so psycopg converts it once, not once per verdict.
    ords = list(range(len(table.rows)))
    params += [ords, table.parents if table.parent is not None else [0] * len(ords)]
    for f, plain in zip(fields, prepared, strict=True):
        if plain:
            params.append([getattr(obj, f.attname) for obj in table.rows])
        else:
            params.append([f.get_db_prep_save(f.pre_save(obj, True), connection) for obj in table.rows])
    return cte


# Columns whose value goes to the database as it is (``get_db_prep_save`` only checks or converts
# the Python type, and the statistics rows already hold ints, strings and booleans).
_PLAIN = frozenset({"CharField", "TextField", "IntegerField", "SmallIntegerField", "BigIntegerField",
                    "PositiveIntegerField", "PositiveSmallIntegerField", "BooleanField",
                    "ForeignKey", "OneToOneField"})  # fmt: skip


@lru_cache(maxsize=64)
def _table_sql(model, foreign_key: str, index: int, parent: int | None, with_ids: bool):
    """(fields, whether each is plain, the CTE's SQL) of one table, built once per process."""
    quote = connection.ops.quote_name
    meta = model._meta
    fields = [f for f in meta.concrete_fields if not f.primary_key and f.attname != foreign_key]
    plain = [f.get_internal_type() in _PLAIN and not getattr(f, "auto_now_add", False) for f in fields]
    columns, values, joins = [], [], ""
    if with_ids:
        columns.append(quote(meta.pk.column))
        values.append(f"ids{index}.id")
        joins += f" JOIN ids{index} ON ids{index}.ord = v.ord"
    if parent is not None:
        columns.append(quote(meta.get_field(foreign_key).column))
        values.append(f"ids{parent}.id")
        joins += f" JOIN ids{parent} ON ids{parent}.ord = v.parent"
    columns += [quote(f.column) for f in fields]
    values += [f"v.c{n}" for n in range(len(fields))]
    arrays = ", ".join(["%s::integer[]", "%s::integer[]"] + [f"%s::{_cast(f)}[]" for f in fields])
    names = ", ".join(["ord", "parent"] + [f"c{n}" for n in range(len(fields))])
    cte = (
        f"w{index} AS (INSERT INTO {quote(meta.db_table)} ({', '.join(columns)})"
        f" SELECT {', '.join(values)} FROM unnest({arrays}) AS v({names}){joins} ORDER BY v.ord)"
    )
    return fields, plain, cte


def _cast(field: models.Field) -> str:
    # Text columns take text and refuse what is too long, as an INSERT of the ORM would (a cast to
    # varchar(n) would cut it silently); every other column its own type (a NULL needs one).
    if field.get_internal_type() in ("CharField", "TextField", "SlugField", "EmailField", "URLField"):
        return "text"
    return field.db_type(connection)

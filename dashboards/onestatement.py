"""Insert a tree of rows (a game's stat row, its sides and their child rows, its seats and their
components) in one PostgreSQL statement.

Through the ORM a legal verdict's statistics are an INSERT per table (eight for the game with most), each a round trip to
PostgreSQL inside the verdict's transaction and each waiting for the ids the next one needs; on a
busy machine the round trips cost more than the engine's verification (#14). Here every table is a
data-modifying CTE of one statement: the ids of rows that have children are drawn from their
table's sequence first, so children name their parent's id without waiting for it.

Rows are unsaved model instances, written as ``Model.objects.create`` would write them (``pre_save``
and ``get_db_prep_save`` of every field: defaults, ``auto_now_add``, JSON adaptation), so the ORM path
(SQLite, and ``dashboards.ingest`` elsewhere) and this one store the same rows; or, for the many rows
of a verdict's statistics, dicts of field values (a missing field takes its default), which spares a
model instance per row.
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass, field
from functools import lru_cache

import orjson
from django.db import connection, models
from psycopg.types.json import Json, Jsonb

from dashboards import providers


@dataclass
class Table:
    """The rows of one model. A child table names its parent table (an index into the list given to
    ``insert_tree``), the foreign key that points to it, and each row's parent (an index into the
    parent's rows)."""

    model: type[models.Model]
    rows: list[models.Model] | list[dict]
    parent: int | None = None
    foreign_key: str = ""
    parents: list[int] = field(default_factory=list)


def insert_tree(tables: list[Table]) -> list[int]:
    """Insert every row of ``tables`` (parents before their children) in one statement; returns the
    ids of the first table's rows (rows of other tables get no id set)."""
    return insert_tree_with(tables)[0]


def insert_tree_with(
    tables: list[Table], ctes: tuple[str, ...] = (), columns: str = "", params: tuple = ()
) -> tuple[list[int], tuple]:
    """``insert_tree`` with more of the same statement's work: common table expressions ``ctes``
    (their ``params`` in that order) run beside the inserts, and ``columns`` (SQL over them) are
    read once. Returns (the first table's ids, the values of ``columns``)."""
    more_ctes, more_params = list(ctes), list(params)
    has_children = {t.parent for t in tables if t.parent is not None and t.rows} | {0}
    ctes, params = [], []
    for index, table in enumerate(tables):
        if not table.rows:
            continue
        if index in has_children:
            ctes.append(_ids_cte(index, table, params))
        ctes.append(_insert_cte(index, table, index in has_children, params))
    sql = f"WITH {', '.join(ctes + more_ctes)} SELECT id{', ' + columns if columns else ''} FROM ids0 ORDER BY ord"
    with providers.statement_cursor() as cursor:
        cursor.execute(sql, params + more_params)
        rows = cursor.fetchall()
    return [row[0] for row in rows], tuple(rows[0][1:]) if rows else ()


def _ids_cte(index: int, table: Table, params: list) -> str:
    # MATERIALIZED: each row's id is drawn once and read by the table's INSERT and by its children's.
    params.append(len(table.rows) - 1)
    return (
        f"ids{index} AS MATERIALIZED (SELECT nextval(pg_get_serial_sequence('{table.model._meta.db_table}', 'id'))"
        " AS id, ord FROM generate_series(0, %s::integer) AS ord)"
    )


def _insert_cte(index: int, table: Table, with_ids: bool, params: list) -> str:
    fields, prepared, cte = _table_sql(table.model, table.foreign_key, index, table.parent, with_ids)
    # The table's rows as one JSON parameter, one object per row: psycopg would otherwise adapt every
    # value of every column on its own, which cost more than the rest of the verdict's recording. The
    # statement's text depends only on which tables have rows, so each shape is prepared once.
    parents = table.parents if table.parent is not None else [0] * len(table.rows)
    rows = []
    for ord_, (obj, parent) in enumerate(zip(table.rows, parents, strict=True)):
        row = {"ord": ord_, "parent": parent}
        if isinstance(obj, dict):
            for n, (f, plain) in enumerate(zip(fields, prepared, strict=True)):
                value = obj[f.attname] if f.attname in obj else f.get_default()
                row[f"c{n}"] = value if plain else _prepared(f, value)
        else:
            for n, (f, plain) in enumerate(zip(fields, prepared, strict=True)):
                value = getattr(obj, f.attname) if plain else _prepared(f, f.pre_save(obj, True))
                row[f"c{n}"] = value
        rows.append(row)
    params.append(orjson.dumps(rows, default=_json_value, option=_DATES_BY_DEFAULT).decode())
    return cte


# Dates and times go through ``_json_value`` (isoformat) rather than orjson's own spelling.
_DATES_BY_DEFAULT = orjson.OPT_PASSTHROUGH_DATETIME


def _prepared(field: models.Field, value):
    """``value`` as ``field`` saves it; a non-finite float is refused here, since orjson would write
    it as null (the plain columns hold ints, strings and booleans only)."""
    value = field.get_db_prep_save(value, connection)
    if value.__class__ is float and not math.isfinite(value):
        raise ValueError(f"{field.name} = {value}: not a number a statistics column can hold")
    return value


def _json_value(value):
    """What orjson does not write by itself: dates and times (as ISO 8601, which PostgreSQL
    reads back exactly) and the JSON adapters of JSON columns."""
    if isinstance(value, (dt.date, dt.datetime, dt.time)):
        return value.isoformat()
    if isinstance(value, (Json, Jsonb)):
        return value.obj
    raise TypeError(f"{type(value).__name__} cannot be written as a statistics value")


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
    types = ", ".join(["ord integer", "parent integer"] + [f"c{n} {_cast(f)}" for n, f in enumerate(fields)])
    cte = (
        f"w{index} AS (INSERT INTO {quote(meta.db_table)} ({', '.join(columns)})"
        f" SELECT {', '.join(values)} FROM json_to_recordset(%s::json) AS v({types}){joins} ORDER BY v.ord)"
    )
    return fields, plain, cte


def _cast(field: models.Field) -> str:
    # Text columns take text and refuse what is too long, as an INSERT of the ORM would (a cast to
    # varchar(n) would cut it silently); every other column its own type (a NULL needs one).
    if field.get_internal_type() in ("CharField", "TextField", "SlugField", "EmailField", "URLField"):
        return "text"
    return field.db_type(connection)


def insert_tree_orm(root: models.Model, tables: list[Table]) -> None:
    """The rows of ``tables`` under the saved ``root`` through the ORM, one INSERT per table: the tables
    are placed as ``insert_tree`` places them after the root's (parent 0 is ``root``, 1 the first of
    ``tables``). ``bulk_create`` returns the ids children need on PostgreSQL and SQLite alike."""
    saved: list[list[models.Model]] = [[root]]
    for table in tables:
        parents = saved[table.parent]
        objs = [
            table.model(**{table.foreign_key: parents[p].pk}, **row)
            for row, p in zip(table.rows, table.parents, strict=True)
        ]
        saved.append(table.model.objects.bulk_create(objs) if objs else [])

"""Prepared statements for the few statements every verdict runs (#14).

Django binds parameters on the client (psycopg spells every value into the statement's text) and
never prepares, which keeps connection poolers working: right for the ORM, costly for the handful of
hand-written statements a worker runs once per log. PostgreSQL then parses and plans each of them
from scratch, and the planning and parsing was a third of its time per verdict.

``prepared_cursor()`` is a Django cursor as usual (query logging, execute wrappers, Django's
exceptions) that binds parameters on the server and prepares each statement the first time a
connection runs it. Only statements run through it are prepared: the connection's automatic
preparation stays off. ``ARBITER_DB_PREPARED_STATEMENTS=off`` turns it off, for a transaction-mode
pooler that cannot keep prepared statements (PgBouncer before 1.21).

Statements run here spell out every column (no ``RETURNING *``), so a migration that adds a column
cannot change a prepared statement's result; their parameters are cast where PostgreSQL could not
infer a type.
"""

from __future__ import annotations

from contextlib import contextmanager
from functools import cache

from django.conf import settings
from django.db import connection

# psycopg prepares a statement once it ran this many times: never, unless asked (see PreparingCursor).
_ONLY_WHEN_ASKED = 2**31


def enabled() -> bool:
    return connection.vendor == "postgresql" and getattr(settings, "ARBITER_DB_PREPARED_STATEMENTS", True)


def prepared_cursor(*, binary: bool = False):
    """A cursor whose statements are bound on the server and prepared; Django's own elsewhere.
    ``binary``: results come in PostgreSQL's binary format (a bytea column as its bytes, not
    twice as many hex digits to encode and decode); a statement read that way casts its ``jsonb``
    columns to text (psycopg would decode binary ``jsonb`` itself, unlike Django's cursors)."""
    if not enabled():
        return connection.cursor()
    connection.ensure_connection()
    raw = connection.connection
    if raw.prepare_threshold is None:
        raw.prepare_threshold = _ONLY_WHEN_ASKED
    with connection.wrap_database_errors:
        cursor = _preparing_cursor_class()(raw)
        if binary:
            from psycopg.pq import Format

            cursor.format = Format.BINARY
        # _prepare_cursor wraps it as connection.cursor() would (debug logging, execute wrappers).
        return connection._prepare_cursor(cursor)


@cache
def _preparing_cursor_class():
    from django.db.backends.postgresql.base import ServerBindingCursor  # needs psycopg: PostgreSQL only

    class PreparingCursor(ServerBindingCursor):
        """psycopg's server-binding cursor, preparing every statement it runs."""

        def execute(self, query, params=None, *, prepare=True, binary=None):
            return super().execute(query, params, prepare=prepare, binary=binary)

        def _send_query_prepared(self, name, pgq, *, binary=None):
            # psycopg keeps the statement only when it runs it unprepared; Django's query log
            # (DEBUG, tests' CaptureQueriesContext) reads it from there.
            self._query = pgq
            return super()._send_query_prepared(name, pgq, binary=binary)

    return PreparingCursor


@contextmanager
def begun_with_first_statement():
    """Around the first statement of an outermost ``transaction.atomic()`` block: send the BEGIN that
    psycopg would send and wait for on its own (a round trip per transaction) together with that
    statement, in one pipeline (#25). The statement's results are there once the block is left. A
    no-op elsewhere (SQLite, prepared statements off, a transaction already under way, a pipeline
    already open). The psycopg attributes read here are private: psycopg sends BEGIN before the first
    statement of a transaction when the connection is not in autocommit, and waits for it even in a
    pipeline."""
    raw = connection.connection if enabled() else None
    if (
        raw is None
        or not connection.in_atomic_block
        or raw.autocommit
        or raw._pipeline is not None
        or raw.info.transaction_status.name != "IDLE"
    ):
        yield
        return
    begin = raw._get_tx_start_command()
    raw._autocommit = True  # psycopg sends no BEGIN of its own: the one queued below starts the transaction
    try:
        with connection.wrap_database_errors, raw.pipeline():
            raw.execute(begin)
            yield
    finally:
        raw._autocommit = False


def model_from_row(model, row):
    """An instance of ``model`` from a row of all its concrete columns in their order (a ``RETURNING``
    that names them), converted as a queryset would (JSON columns parsed, SQLite's booleans)."""
    values = list(row)
    for index, column, converters in _converters(model, connection.alias):
        for convert in converters:
            values[index] = convert(values[index], column, connection)
    return model.from_db(connection.alias, None, values)


@cache
def _converters(model, alias: str) -> list[tuple]:
    found = []
    for index, field in enumerate(model._meta.concrete_fields):
        column = field.get_col(model._meta.db_table)
        converters = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
        if converters:
            found.append((index, column, converters))
    return found

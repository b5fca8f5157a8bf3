"""Load many games' stat rows at once (synthetic benchmark and demo data).

GameStat rows, and the rows of a plugin's tables that have rows under them (a game's sides),
go through ``bulk_create`` because their ids are needed for the rows below them; the millions of
rows with none under them go through PostgreSQL's COPY when the database is PostgreSQL, and
``bulk_create`` elsewhere.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable

from django.db import connection, transaction

from dashboards import models as m
from dashboards import providers
from dashboards.filters import rating_band
from dashboards.ingest import game_fields, insert_seats_of, result_game_fields, result_seats
from dashboards.onestatement import Table


def stat_rows(game: str, verdict: dict, fields: dict) -> tuple[dict, object | None, list[dict]]:
    """What ``dashboards.ingest`` stores for a legal verdict of ``game``: (GameStat columns, the rows
    its plugin keeps under the game (``statistics_rows``) or None, the generic result's seats)."""
    plugin = providers.plugin(game)
    if plugin.side_statistics:
        rows = plugin.statistics_rows(verdict["statistics"])
        return game_fields(rows, **fields), rows, result_seats(verdict)
    columns = {**result_game_fields(game, verdict), **fields}
    columns["rating_band"] = rating_band(fields.get("rating"))
    return columns, None, result_seats(verdict)


def insert_games(batch: Iterable[tuple]) -> int:
    """Insert games given as (game id, legal verdict, filter fields for ``ingest.game_fields``[, log]), each
    stored as ingest stores a verified log of its game; with a log (the document the engine verified to give the
    verdict), the log too, stored as the worker leaves a verified upload, its verdict where the summaries read
    it. Returns the count."""
    batch = [(*item, None)[:4] for item in batch]
    stored = [stat_rows(game, verdict, fields) for game, verdict, fields, _ in batch]
    with transaction.atomic():
        logs = _insert_logs([(game, verdict, doc) for game, verdict, _, doc in batch])
        stats = m.GameStat.objects.bulk_create(
            [m.GameStat(**columns, game_log=log) for (columns, _, _), log in zip(stored, logs, strict=True)],
            batch_size=2000,
        )
        insert_tables([(stat, rows.tables() if rows is not None else []) for stat, (_, rows, _) in zip(stats, stored, strict=True)])  # fmt: skip
        insert_seats_of([(stat, seats) for stat, (_, _, seats) in zip(stats, stored, strict=True)])
    return len(stored)


SYNTHETIC_FILENAME = "load_synthetic_meta"  # marks the logs the loader stored, which --replace deletes


def game_log_model():
    """The stored-log model (gamelogs.GameLog), reached through GameStat's foreign key."""
    return m.GameStat._meta.get_field("game_log").related_model


def _insert_logs(games: list[tuple[str, dict, dict | None]]) -> list:
    """GameLog rows of the games that have a log (None for the others), in order: verified and legal, with the
    engine's verdict, as the worker leaves them."""
    from django.utils import timezone

    # The log model as the statistics' foreign key names it: this layer does not import the platform's apps.
    GameLog = game_log_model()
    now = timezone.now()
    made = []
    for game, verdict, doc in games:
        if doc is None:
            continue
        content = json.dumps(doc, separators=(",", ":")).encode()
        result = verdict.get("result") or {}
        made.append(GameLog(
            sha256=hashlib.sha256(content).hexdigest(), game=game, size=len(content), content=content,
            filename=SYNTHETIC_FILENAME, source="demo", simulated=bool(doc.get("simulated", True)),
            players=[{"id": p["id"], "name": p["name"], "faction": p.get("faction")} for p in doc["players"]],
            state="legal", events_total=len(doc.get("events") or []),
            events_verified=len(doc.get("events") or []), verdict=verdict,
            engine_version=str(verdict.get("engine_version", ""))[:32],
            ruleset_version=str(verdict.get("ruleset_version", ""))[:32],
            result_winner=str(result.get("winner") or "")[:32], verified_at=now,
        ))  # fmt: skip
    saved = iter(GameLog.objects.bulk_create(made, batch_size=500))
    return [None if doc is None else next(saved) for _, _, doc in games]


def insert_tables(games: list[tuple[m.GameStat, list[Table]]]) -> None:
    """The plugin tables of many saved games (each list placed after its game's, as in
    ``onestatement.insert_tree``), a table position at a time across all games: one bulk INSERT (or
    COPY) per table, not per game."""
    # ids[g][n]: the ids of game g's rows of table n (0: the game itself).
    ids = [[[stat.pk]] for stat, _ in games]
    for position in range(1, 1 + max((len(tables) for _, tables in games), default=0)):
        groups: dict[tuple, list[tuple[int, int, dict]]] = {}
        for g, (_, tables) in enumerate(games):
            if len(tables) < position:
                continue
            table = tables[position - 1]
            has_children = any(t.parent == position for t in tables)
            key = (table.model, table.foreign_key, has_children)
            groups.setdefault(key, []).extend(
                (g, ids[g][table.parent][p], row) for row, p in zip(table.rows, table.parents, strict=True)
            )
            ids[g].append([])
        for (model, foreign_key, has_children), rows in groups.items():
            if has_children:
                saved = model.objects.bulk_create(
                    [model(**{foreign_key: parent}, **row) for _, parent, row in rows], batch_size=4000
                )
                for (g, _, _), obj in zip(rows, saved, strict=True):
                    ids[g][position].append(obj.pk)
            else:
                _insert_leaves(model, foreign_key, [(parent, row) for _, parent, row in rows])


def _insert_leaves(model, foreign_key: str, children: list[tuple[int, dict]]) -> None:
    if not children:
        return
    fk_column = model._meta.get_field(foreign_key).column
    fields = [f for f in model._meta.concrete_fields if not f.primary_key and f.column != fk_column]
    if connection.vendor == "postgresql":
        quote = connection.ops.quote_name
        names = ", ".join(quote(c) for c in [fk_column, *(f.column for f in fields)])
        connection.ensure_connection()
        with (
            connection.connection.cursor() as cursor,
            cursor.copy(f"COPY {quote(model._meta.db_table)} ({names}) FROM STDIN") as copy,
        ):
            for parent, row in children:
                copy.write_row(
                    [parent, *(row[f.attname] if f.attname in row else f.get_default() for f in fields)]
                )
    else:
        model.objects.bulk_create(
            [model(**{foreign_key: parent}, **row) for parent, row in children], batch_size=2000
        )

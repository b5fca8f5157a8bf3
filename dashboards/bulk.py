"""Load many games' stat rows at once (synthetic benchmark and demo data).

GameStat and SideStat go through ``bulk_create`` because their ids are needed for the rows
below them; the millions of character, weapon, item, test and round rows go through
PostgreSQL's COPY when the database is PostgreSQL, and ``bulk_create`` elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import connection, transaction

from dashboards import models as m
from dashboards.ingest import SIDE_CHILDREN, game_fields
from dashboards.statrows import GameRows


def insert_games(batch: Iterable[tuple[GameRows, dict]]) -> int:
    """Insert games given as (rows, filter fields for ``ingest.game_fields``). Returns the count."""
    batch = list(batch)
    with transaction.atomic():
        games = m.GameStat.objects.bulk_create(
            [m.GameStat(**game_fields(rows, **fields)) for rows, fields in batch], batch_size=2000
        )
        side_objs, side_rows = [], []
        for game, (rows, _) in zip(games, batch, strict=True):
            for s in rows.sides:
                side_objs.append(m.SideStat(game_stat_id=game.pk, **s.side))
                side_rows.append(s)
        sides = m.SideStat.objects.bulk_create(side_objs, batch_size=4000)
        for attr, model in SIDE_CHILDREN:
            children = [
                (side.pk, row) for side, s in zip(sides, side_rows, strict=True) for row in getattr(s, attr)
            ]
            _insert_children(model, children)
    return len(batch)


def _insert_children(model, children: list[tuple[int, dict]]) -> None:
    if not children:
        return
    columns = [f.column for f in model._meta.concrete_fields if not f.primary_key and f.column != "side_id"]
    if connection.vendor == "postgresql":
        quote = connection.ops.quote_name
        names = ", ".join(quote(c) for c in ["side_id", *columns])
        connection.ensure_connection()
        with (
            connection.connection.cursor() as cursor,
            cursor.copy(f"COPY {quote(model._meta.db_table)} ({names}) FROM STDIN") as copy,
        ):
            for side_id, row in children:
                copy.write_row([side_id, *(row[c] for c in columns)])
    else:
        model.objects.bulk_create(
            [model(side_id=side_id, **row) for side_id, row in children], batch_size=2000
        )

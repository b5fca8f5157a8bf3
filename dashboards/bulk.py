"""Load many games' stat rows at once (synthetic benchmark and demo data).

GameStat and SideStat go through ``bulk_create`` because their ids are needed for the rows
below them; the millions of character, weapon, item, test and round rows go through
PostgreSQL's COPY when the database is PostgreSQL, and ``bulk_create`` elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import connection, transaction

from dashboards import models as m
from dashboards import providers
from dashboards.filters import rating_band
from dashboards.ingest import SIDE_CHILDREN, game_fields, insert_seats_of, result_game_fields, result_seats
from dashboards.statrows import GameRows, game_rows


def stat_rows(game: str, verdict: dict, fields: dict) -> tuple[dict, GameRows | None, list[dict]]:
    """What ``dashboards.ingest`` stores for a legal verdict of ``game``: (GameStat columns, the
    per-side rows of a game whose plugin keeps them or None, the generic result's seats)."""
    if providers.plugin(game).side_statistics:
        rows = game_rows(verdict["statistics"])
        return game_fields(rows, **fields), rows, result_seats(verdict)
    columns = {**result_game_fields(game, verdict), **fields}
    columns["rating_band"] = rating_band(fields.get("rating"))
    return columns, None, result_seats(verdict)


def insert_games(batch: Iterable[tuple[str, dict, dict]]) -> int:
    """Insert games given as (game id, legal verdict, filter fields for ``ingest.game_fields``), each
    stored as ingest stores a verified log of its game. Returns the count."""
    stored = [stat_rows(game, verdict, fields) for game, verdict, fields in batch]
    with transaction.atomic():
        stats = m.GameStat.objects.bulk_create(
            [m.GameStat(**columns) for columns, _, _ in stored], batch_size=2000
        )
        side_objs, side_rows = [], []
        for stat, (_, rows, _) in zip(stats, stored, strict=True):
            for s in rows.sides if rows is not None else ():
                side_objs.append(m.SideStat(game_stat_id=stat.pk, **s.side))
                side_rows.append(s)
        sides = m.SideStat.objects.bulk_create(side_objs, batch_size=4000)
        for attr, model in SIDE_CHILDREN:
            children = [
                (side.pk, row) for side, s in zip(sides, side_rows, strict=True) for row in getattr(s, attr)
            ]
            _insert_children(model, children)
        insert_seats_of([(stat, seats) for stat, (_, _, seats) in zip(stats, stored, strict=True)])
    return len(stored)


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

"""Groups a game plugin adds up from its stored verdicts' JSON, kept per bucket (issue #25).

A game whose statistics the core does not turn into rows of its own (Hoplomachus, Fields of Eternia) counts its
data sets from the verdicts' JSON: lists of varying length (units, tactics, dice, combats) that one SQL
statement cannot group alike on PostgreSQL and SQLite. Read per request, that costs a pass over every verdict of
the filter. So the plugin registers each grouping (``providers.VerdictGroups``: a name, the names of its keys
and integer sums, and ``extract(verdict)``, one game's groups), and this module keeps their sums per bucket in
``VerdictGroupDaily`` (a month rollup in ``VerdictGroupMonthly``), filled in the refresh that re-aggregates a
day's summaries (``dashboards.summaries``) by reading that day's verdicts once. A data set then sums the rows of
its filter's buckets (``groups``), and the direct computation over the filter's verdicts (``direct``) adds up the
same ``extract``: the summary's answer is the direct one's, which the tests check on both databases.

Only integer sums are kept, so sums in any order are the same; a plugin keeps a fraction as an exact integer
multiple (ten-thousandths of a hit, twelfths of a mean).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator

from django.db import connection
from django.db.models import QuerySet, Sum

from dashboards import models as m
from dashboards import providers, queries

BUCKET_FIELDS = (
    "game",
    "played_on",
    "content_pack",
    "event_ref",
    "rating_band",
    "simulated",
    "source",
    "mode",
)
# The same columns in the summary tables (``Bucket``: the day played is ``day``), then a group's name and key.
BUCKET_COLUMNS = ("game", "day", "content_pack", "event_ref", "rating_band", "simulated", "source", "mode", "name",
                  "key")  # fmt: skip
VERDICT_PARTS = ("statistics", "result", "players")


def encode(key: tuple) -> str:
    return json.dumps(list(key), separators=(",", ":"), ensure_ascii=False)


def _verdicts(games: QuerySet, *fields: str) -> Iterator[tuple]:
    """(``fields``…, verdict) of the games with a stored log, the verdict holding only the parts the plugins read
    (its statistics, result and players: not the decisions)."""
    parts = [f"game_log__verdict__{p}" for p in VERDICT_PARTS]
    rows = games.filter(game_log__isnull=False).values_list(*fields, *parts)
    for row in rows.iterator(chunk_size=1000):
        yield *row[: len(fields)], dict(zip(VERDICT_PARTS, row[len(fields) :], strict=True))


def add(out: dict, groups: dict[tuple, tuple]) -> None:
    for key, sums in groups.items():
        have = out.get(key)
        out[key] = list(sums) if have is None else [a + b for a, b in zip(have, sums, strict=True)]


def as_rows(source: providers.VerdictGroups, totals: dict[tuple, list]) -> list[dict]:
    """Group dicts (key names, then sum names), in key order (None first)."""
    order = sorted(totals, key=lambda k: tuple((v is not None, v) for v in k))
    return [
        {**dict(zip(source.keys, k, strict=True)), **dict(zip(source.sums, totals[k], strict=True))}
        for k in order
    ]


def direct(source: providers.VerdictGroups, games: QuerySet) -> list[dict]:
    """The groups of ``games`` (GameStat rows), added up from each game's verdict: the answer the summary
    keeps, computed from the verdicts themselves."""
    totals: dict[tuple, list] = {}
    for _id, verdict in _verdicts(games.filter(game=source.game), "id"):
        add(totals, source.extract(verdict))
    return as_rows(source, totals)


def groups(f, name: str) -> list[dict]:
    """The groups ``name`` of the games inside the filter ``f``, summed from the summary rows (whole months from
    the rollup), as :func:`direct` gives them for the filter's games."""
    source = providers.verdict_group(f.game, name)
    columns = m.GROUP_SUMS[: len(source.sums)]
    rows = queries.rolled_up(m.VerdictGroupDaily, f, ["key"], columns, where={"name": name})
    totals = {tuple(json.loads(r["key"])): [int(r[c]) for c in columns] for r in rows}
    return as_rows(source, totals)


def fill(games: Iterable[str] | None = None, days: Iterable | None = None) -> int:
    """Insert the groups of the stored verdicts of ``games`` (every game with groups) played on ``days`` (every
    day): the caller has deleted those buckets' rows. One pass over the verdicts, a day at a time. Returns the
    games read."""
    sources = providers.verdict_groups()
    wanted = {s.game for s in sources} if games is None else {s.game for s in sources} & set(games)
    if not wanted:
        return 0
    qs = m.GameStat.objects.filter(game__in=wanted)
    if days is not None:
        days = sorted(set(days))
        qs = qs.filter(played_on__in=days)
    by_game = {g: [s for s in sources if s.game == g] for g in wanted}
    if any(s.per_game for s in sources):
        m.VerdictGroupGame.objects.filter(game_stat__in=qs)._raw_delete(m.VerdictGroupGame.objects.db)
    if days is None:
        days = qs.filter(game_log__isnull=False).values_list("played_on", flat=True).distinct()
    read = 0
    # A day at a time (index dash_game_game_day): the rows of one day stay in memory, and the verdicts are
    # never sorted.
    for day in sorted(set(days)):
        totals, each = {}, []
        for stat_id, *bucket, verdict in _verdicts(qs.filter(played_on=day), "id", *BUCKET_FIELDS):
            read += 1
            for source in by_game[bucket[0]]:
                for key, sums in source.extract(verdict).items():
                    row = (*bucket, source.name, encode(key))
                    have = totals.get(row)
                    totals[row] = (
                        list(sums) if have is None else [a + b for a, b in zip(have, sums, strict=True)]
                    )
                    if source.per_game:
                        each.append((stat_id, source.name, encode(key), *sums))
        _insert(totals, each)
    if games is None and connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(f"ANALYZE {connection.ops.quote_name(m.VerdictGroupGame._meta.db_table)}")
    return read


def per_game(source: providers.VerdictGroups, games: QuerySet) -> list[dict]:
    """The groups of ``games`` (GameStat rows) from the rows kept per game (``source.per_game``), as
    :func:`direct` adds them up from their verdicts."""
    columns = m.GROUP_SUMS[: len(source.sums)]
    rows = (
        m.VerdictGroupGame.objects.filter(name=source.name, game_stat__in=games.filter(game=source.game))
        .values("key")
        .annotate(**{f"_{c}": Sum(c) for c in columns})
        .order_by()
    )
    totals = {tuple(json.loads(r["key"])): [int(r[f"_{c}"] or 0) for c in columns] for r in rows}
    return as_rows(source, totals)


def _insert(totals: dict[tuple, list], each: list[tuple]) -> None:
    _copy(m.VerdictGroupDaily, BUCKET_COLUMNS, [[*row, *_padded(sums)] for row, sums in totals.items()])
    _copy(
        m.VerdictGroupGame, ("game_stat_id", "name", "key"), [[*row[:3], *_padded(row[3:])] for row in each]
    )


def _padded(sums) -> list:
    return [*sums, *[0] * (len(m.GROUP_SUMS) - len(sums))]


def _copy(model, columns: tuple, rows: list[list]) -> None:
    """Insert ``rows`` (``columns`` then the six sums) into ``model``: COPY on PostgreSQL, else bulk_create."""
    if not rows:
        return
    names = [*columns, *m.GROUP_SUMS]
    if connection.vendor == "postgresql":
        quote = connection.ops.quote_name
        connection.ensure_connection()
        table = quote(model._meta.db_table)
        with (
            connection.connection.cursor() as cursor,
            cursor.copy(f"COPY {table} ({', '.join(quote(n) for n in names)}) FROM STDIN") as copy,
        ):
            for row in rows:
                copy.write_row(row)
        return
    model.objects.bulk_create([model(**dict(zip(names, row, strict=True))) for row in rows], batch_size=2000)

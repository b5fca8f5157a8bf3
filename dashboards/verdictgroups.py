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
from contextlib import contextmanager

import orjson
from django.db import connection, transaction
from django.db.models import QuerySet, Sum

from dashboards import models as m
from dashboards import providers, queries
from dashboards.months import month_of

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
    keeps, computed from the verdicts themselves (for a ``public_only`` grouping, of the public games, keys whose
    sums are all 0 left out)."""
    games = games.filter(game=source.game)
    if source.public_only:
        games = games.filter(queries.public_games())
    totals: dict[tuple, list] = {}
    for _id, verdict in _verdicts(games, "id"):
        add(totals, source.extract(verdict))
    return as_rows(source, _nonzero(source, totals))


def _nonzero(source: providers.VerdictGroups, totals: dict[tuple, list]) -> dict[tuple, list]:
    """A public-only grouping's keys with a sum other than 0 (a key of private games alone is not there)."""
    return {k: v for k, v in totals.items() if any(v)} if source.public_only else totals


def groups(f, name: str) -> list[dict]:
    """The groups ``name`` of the games inside the filter ``f``, summed from the summary rows (whole months from
    the rollup), as :func:`direct` gives them for the filter's games (:func:`totals`, in key order)."""
    return as_rows(providers.verdict_group(f.game, name), totals(f, name))


def totals(f, name: str, keys: Iterable[tuple] | None = None) -> dict[tuple, list]:
    """{key: sums} of the groups ``name`` of the games inside the filter ``f``, unordered (:func:`groups`' rows);
    with ``keys``, of those keys only (a page of a named table: read by the summaries' index on name and key). A
    ``public_only`` grouping's rows count the games that were public when they were written
    (``GameStat.groups_public``); the filter's games public or private since then (a change no hook saw) are added
    or taken off from their rows kept per game."""
    source = providers.verdict_group(f.game, name)
    columns = m.GROUP_SUMS[: len(source.sums)]
    where = {"name": name}
    if keys is not None:
        wanted = {tuple(k) for k in keys}
        where["key__in"] = sorted(encode(k) for k in wanted)
    # Room to hash the groups (thousands of names) and the public logs' ids in memory, not sort them on disk.
    with _hashed_public_ids():
        rows = queries.rolled_up_values(m.VerdictGroupDaily, f, ["key"], columns, where=where)
        # orjson: the keys are JSON that ``encode`` wrote (names, colours, small numbers), read in under half
        # json.loads' time; tens of thousands of them for a grouping of names.
        found = {tuple(orjson.loads(key)): sums for (key,), sums in rows.items()}
        if not source.public_only:
            return found
        games = queries.game_stats(f).filter(game_log__isnull=False)
        gained, lost = (list(q.values_list("id", flat=True)) for q in providers.publicity_moved(games))
    for sign, changed in ((1, gained), (-1, lost)):
        if not changed:
            continue
        for key, sums in _per_game_sums(source, m.GameStat.objects.filter(id__in=changed)).items():
            if keys is not None and key not in wanted:
                continue
            have = found.setdefault(key, [0] * len(columns))
            for i, v in enumerate(sums):
                have[i] += sign * v
    return _nonzero(source, found)


@contextmanager
def _hashed_public_ids():
    """Room for PostgreSQL to hash the public logs' ids (``providers.public_in_q``) once: with more of them than
    ``work_mem`` holds (a few hundred thousand), each row would scan the list again (a plain subplan); and to group
    rows by many keys in memory."""
    if connection.vendor != "postgresql":
        yield
        return
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL work_mem = '256MB'")
        yield
        # SET LOCAL would last to the end of an enclosing transaction (a page's whole request); on an error the
        # savepoint's rollback undoes it.
        cursor.execute("SET LOCAL work_mem TO DEFAULT")


def fill(games: Iterable[str] | None = None, days: Iterable | None = None) -> int:
    """Insert the groups of the stored verdicts of ``games`` (every game with groups) played on ``days`` (every
    day): the caller has deleted those buckets' rows. One pass over the verdicts, a day at a time. A
    ``public_only`` grouping's bucket rows count the games public now (marked ``GameStat.groups_public``), and
    every game's are kept per game. Returns the games read."""
    sources = providers.verdict_groups()
    wanted = {s.game for s in sources} if games is None else {s.game for s in sources} & set(games)
    if not wanted:
        return 0
    qs = m.GameStat.objects.filter(game__in=wanted)
    if days is not None:
        days = sorted(set(days))
        qs = qs.filter(played_on__in=days)
    by_game = {g: [s for s in sources if s.game == g] for g in wanted}
    public_only = {s.game for s in sources if s.public_only}
    if public_only:
        m.VerdictGroupGame.objects.filter(game_stat__in=qs)._raw_delete(m.VerdictGroupGame.objects.db)
    if days is None:
        days = qs.filter(game_log__isnull=False).values_list("played_on", flat=True).distinct()
    read = 0
    # A day at a time (index dash_game_game_day): the rows of one day stay in memory, and the verdicts are
    # never sorted.
    for day in sorted(set(days)):
        totals, each = {}, []
        of_day = qs.filter(played_on=day)
        public = set()
        if public_only:
            public = set(
                of_day.filter(game__in=public_only, game_log__isnull=False)
                .filter(providers.public_in_q("game_log"))
                .values_list("id", flat=True)
            )
        for stat_id, *bucket, verdict in _verdicts(of_day, "id", *BUCKET_FIELDS):
            read += 1
            for source in by_game[bucket[0]]:
                counted = not source.public_only or stat_id in public
                for key, sums in source.extract(verdict).items():
                    if source.public_only:
                        each.append((stat_id, source.name, encode(key), *sums))
                    if not counted:
                        continue
                    row = (*bucket, source.name, encode(key))
                    have = totals.get(row)
                    totals[row] = (
                        list(sums) if have is None else [a + b for a, b in zip(have, sums, strict=True)]
                    )
        _insert(totals, each)
        if public_only:
            _mark_public(of_day.filter(game__in=public_only), public)
    if games is None and connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(f"ANALYZE {connection.ops.quote_name(m.VerdictGroupGame._meta.db_table)}")
    return read


def reconcile(games: QuerySet | None = None) -> int:
    """Add the groups of ``games`` (GameStat rows; every game by default) whose log is public now but was not
    counted so to the ``public_only`` groupings' bucket rows (day and month), and take off those of the games
    counted public whose log is private now, from their rows kept per game; then mark them as counted. The
    caller holds the refresh lock (``summaries.publicity_changed``). Returns the games changed."""
    sources = [s for s in providers.verdict_groups() if s.public_only]
    if not sources:
        return 0
    base = (m.GameStat.objects.all() if games is None else games).filter(
        game__in={s.game for s in sources}, game_log__isnull=False
    )
    gained, lost = (set(q.values_list("id", flat=True)) for q in providers.publicity_moved(base))
    if not gained and not lost:
        return 0
    rows = m.VerdictGroupGame.objects.filter(
        game_stat_id__in=gained | lost, name__in=[s.name for s in sources]
    ).values_list("game_stat_id", *(f"game_stat__{f}" for f in BUCKET_FIELDS), "name", "key", *m.GROUP_SUMS)
    daily: dict[tuple, list] = {}
    monthly: dict[tuple, list] = {}
    for stat_id, *row in rows.iterator(chunk_size=2000):
        sign = 1 if stat_id in gained else -1
        bucket, sums = row[: len(BUCKET_COLUMNS)], row[len(BUCKET_COLUMNS) :]
        month = list(bucket)
        month[1] = month_of(month[1])
        for out, key in ((daily, tuple(bucket)), (monthly, tuple(month))):
            have = out.setdefault(key, [0] * len(m.GROUP_SUMS))
            for i, v in enumerate(sums):
                have[i] += sign * v
    _add_to(m.VerdictGroupDaily, daily)
    _add_to(m.VerdictGroupMonthly, monthly)
    m.GameStat.objects.filter(id__in=gained).update(groups_public=True)
    m.GameStat.objects.filter(id__in=lost).update(groups_public=False)
    return len(gained) + len(lost)


def _add_to(model, deltas: dict[tuple, list]) -> None:
    """Add each delta to its row of ``model`` (bucket columns, name and key), made when missing: the rows of the
    deltas' days and names are read once, deleted and written again with their new sums (COPY on PostgreSQL), so a
    sweep over thousands of games costs a few statements. A row whose sums all come to 0 is not written again (a
    fill writes none for a key no counted game has)."""
    deltas = {key: sums for key, sums in deltas.items() if any(sums)}
    if not deltas:
        return
    rows = model.objects.filter(
        game__in={k[0] for k in deltas}, day__in={k[1] for k in deltas}, name__in={k[8] for k in deltas}
    ).values_list("id", *BUCKET_COLUMNS, *m.GROUP_SUMS)
    found: dict[tuple, tuple[int, list]] = {}
    for row_id, *row in rows.iterator(chunk_size=2000):
        key = tuple(row[: len(BUCKET_COLUMNS)])
        if key in deltas:
            found[key] = (row_id, row[len(BUCKET_COLUMNS) :])
    ids = [row_id for row_id, _ in found.values()]
    for start in range(0, len(ids), 5000):
        model.objects.filter(id__in=ids[start : start + 5000])._raw_delete(model.objects.db)
    written = []
    for key, sums in deltas.items():
        have = found.get(key, (None, [0] * len(m.GROUP_SUMS)))[1]
        total = [a + b for a, b in zip(have, sums, strict=True)]
        if any(total):
            written.append([*key, *total])
    _copy(model, BUCKET_COLUMNS, written)


def _mark_public(games: QuerySet, public: set) -> None:
    """``groups_public`` of ``games`` set to whether their id is in ``public`` (only the rows that change)."""
    games.filter(groups_public=True).exclude(id__in=public).update(groups_public=False)
    if public:
        games.filter(groups_public=False, id__in=public).update(groups_public=True)


def _per_game_sums(source: providers.VerdictGroups, games: QuerySet) -> dict[tuple, list]:
    """{key: sums} of ``games`` (GameStat rows) from the rows kept per game (``source.public_only``)."""
    columns = m.GROUP_SUMS[: len(source.sums)]
    rows = (
        m.VerdictGroupGame.objects.filter(name=source.name, game_stat__in=games.filter(game=source.game))
        .values("key")
        .annotate(**{f"_{c}": Sum(c) for c in columns})
        .order_by()
    )
    return {tuple(json.loads(r["key"])): [int(r[f"_{c}"] or 0) for c in columns] for r in rows}


def per_game(source: providers.VerdictGroups, games: QuerySet) -> list[dict]:
    """The groups of ``games`` (GameStat rows) from the rows kept per game (``source.public_only``), as
    :func:`direct` adds them up from their verdicts."""
    return as_rows(source, _per_game_sums(source, games))


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

"""Refresh the daily summary tables from the stat rows with SQL ``INSERT … SELECT``.

A refresh names the buckets that changed (a game and the days its logs were played on),
deletes their summary rows and re-aggregates them from the stat rows, inside one
transaction. A full rebuild is the same statements without the WHERE. The SQL is plain
SQL-92 (CASE, COUNT(DISTINCT), ``||``, CAST) so it runs on PostgreSQL and on the SQLite
demo database alike; only the lock that serialises refreshes is PostgreSQL-specific.

The core aggregates the generic rows (``GameDaily``, ``ScoreDaily``); a game plugin that keeps rows of its
own registers the summaries it makes of them (``dashboards.providers.Summary``, in its plugin
folder), run in the same transaction over the same buckets.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from django.db import connection, transaction
from django.db.models import F, Max, Min
from django.utils import timezone

from dashboards import models as m
from dashboards import providers, verdictgroups
from dashboards.months import month_of, next_month

BUCKET = ("game", "day", "content_pack", "event_ref", "rating_band", "simulated", "source", "mode")
# The bucket columns as selected from GameStat (alias ``g``), in BUCKET's order: a plugin's summary
# statements (dashboards.providers.Summary) select them too.
BUCKET_SELECT = (
    "g.game, g.played_on, g.content_pack, g.event_ref, g.rating_band, g.simulated, g.source, g.mode"
)

# An arbitrary constant: the PostgreSQL advisory lock that lets one refresh run at a time, so
# two workers refreshing the same day cannot both delete and then both insert.
_LOCK_KEY = 5_000_512_301


def table(model) -> str:
    """A model's table name, quoted for SQL."""
    return connection.ops.quote_name(model._meta.db_table)


_t = table


def _game_daily_sql(where: str) -> str:
    return (
        f"INSERT INTO {_t(m.GameDaily)} ({', '.join(BUCKET)}, rounds_played, ended_by, outcome, games,"
        " first_player_wins) "
        f"SELECT {BUCKET_SELECT}, g.rounds_played, g.ended_by, g.outcome, COUNT(*),"
        " SUM(CASE WHEN g.winner = g.first_player THEN 1 ELSE 0 END) "
        f"FROM {_t(m.GameStat)} g WHERE {where or '1 = 1'} "
        f"GROUP BY {BUCKET_SELECT}, g.rounds_played, g.ended_by, g.outcome"
    )


def _score_daily_sql(where: str) -> list[str]:
    """Seats and their score by outcome (component ''), then each score component by outcome."""
    columns = f"INSERT INTO {_t(m.ScoreDaily)} ({', '.join(BUCKET)}, outcome, component, seats, total) "
    seat_join = f"{_t(m.SeatStat)} st JOIN {_t(m.GameStat)} g ON g.id = st.game_stat_id"
    return [
        columns + f"SELECT {BUCKET_SELECT}, st.outcome, '', COUNT(*), SUM(COALESCE(st.score, 0)) "
        f"FROM {seat_join} WHERE {where or '1 = 1'} GROUP BY {BUCKET_SELECT}, st.outcome",
        columns + f"SELECT {BUCKET_SELECT}, st.outcome, c.component, COUNT(*), SUM(c.value) "
        f"FROM {_t(m.ComponentStat)} c JOIN {_t(m.SeatStat)} st ON st.id = c.seat_id"
        f" JOIN {_t(m.GameStat)} g ON g.id = st.game_stat_id WHERE {where or '1 = 1'} "
        f"GROUP BY {BUCKET_SELECT}, st.outcome, c.component",
    ]


def _solo_sql(verdict: str) -> str:
    """True when the stored verdict's result names a difficulty (a game against the game, FE-18), as the ORM's
    ``verdict__result__has_key="difficulty"`` reads it; false without a log or a verdict."""
    if connection.vendor == "postgresql":
        return f"CASE WHEN jsonb_exists({verdict} -> 'result', 'difficulty') THEN TRUE ELSE FALSE END"
    return f'CASE WHEN JSON_TYPE({verdict}, \'$."result"."difficulty"\') IS NOT NULL THEN 1 ELSE 0 END'


def team_daily_statements(where: str) -> list[str]:
    """Teams per game by result (``TeamDaily``): COUNT(DISTINCT game) per bucket and team, so a team that
    several seats share counts once, as the teams data set has always counted them."""
    log = table(m.GameStat._meta.get_field("game_log").related_model)
    solo = _solo_sql("l.verdict")
    return [
        f"INSERT INTO {_t(m.TeamDaily)} ({', '.join(BUCKET)}, team, solo, games, wins, draws) "  # nosec B608 - names from the models and code, values bound as parameters
        f"SELECT {BUCKET_SELECT}, st.team, {solo}, COUNT(DISTINCT g.id),"
        " COUNT(DISTINCT CASE WHEN st.outcome = 'win' THEN g.id END),"
        " COUNT(DISTINCT CASE WHEN st.outcome = 'draw' THEN g.id END) "
        f"FROM {_t(m.SeatStat)} st JOIN {_t(m.GameStat)} g ON g.id = st.game_stat_id"
        f" LEFT JOIN {log} l ON l.id = g.game_log_id WHERE {where or '1 = 1'} "
        f"GROUP BY {BUCKET_SELECT}, st.team, {solo}"
    ]


# The core's summaries with a month rollup are registered like a plugin's (``dashboards.apps``).
TEAM_SUMMARY = providers.Summary(
    m.TeamDaily,
    team_daily_statements,
    sources=(m.SeatStat,),
    rollup=providers.Rollup(m.TeamMonthly, keys=("team", "solo"), sums=("games", "wins", "draws")),
)

# The plugins' verdict groups (``dashboards.verdictgroups``): filled in Python from the verdicts, not by SQL.
VERDICT_GROUP_SUMMARY = providers.Summary(
    m.VerdictGroupDaily,
    lambda where: [],
    rollup=providers.Rollup(m.VerdictGroupMonthly, keys=("name", "key"), sums=m.GROUP_SUMS),
)

SUMMARY_MODELS = (m.GameDaily, m.ScoreDaily)


def _statements(where: str) -> list[str]:
    generic = [_game_daily_sql(where), *_score_daily_sql(where)]
    return generic + [sql for summary in providers.summaries() for sql in summary.statements(where)]


def summary_models() -> tuple:
    """The core's summary tables and those the game plugins keep (their month rollups aside)."""
    return SUMMARY_MODELS + tuple(summary.model for summary in providers.summaries())


def _rollups() -> list[tuple]:
    """(summary, rollup) of every month rollup (``Summary.rollups``)."""
    return [(summary, rollup) for summary in providers.summaries() for rollup in summary.rollups()]


def _rollup_sql(summary, rollup, *, one_game: bool) -> str:
    """Sum one month of a summary's daily rows into its rollup ``rollup``. Parameters: the month (the rows'
    day), the month again and the next month (the days read), then the game when ``one_game``."""
    q = connection.ops.quote_name
    if not set(rollup.merges) <= set(providers.MERGEABLE):
        raise ValueError(f"{rollup.model.__name__}: only {providers.MERGEABLE} can be merged")
    others = [c for c in BUCKET if c != "day" and c not in rollup.merges]
    columns = [*BUCKET, *rollup.keys, *rollup.sums, *rollup.maxes]
    select = [("%s" if c == "day" else "NULL" if c in rollup.merges else q(c)) for c in BUCKET]
    select += [q(c) for c in rollup.keys]
    select += [f"SUM({q(c)})" for c in rollup.sums] + [f"MAX({q(c)})" for c in rollup.maxes]
    return (
        f"INSERT INTO {_t(rollup.model)} ({', '.join(q(c) for c in columns)}) "  # nosec B608 - names from the models and code, values bound as parameters
        f"SELECT {', '.join(select)} FROM {_t(summary.model)} WHERE day >= %s AND day < %s"
        + (" AND game = %s" if one_game else "")
        + f" GROUP BY {', '.join(q(c) for c in [*others, *rollup.keys])}"
    )


def roll_up(cursor, months: Iterable[dt.date], game: str | None, only: Iterable[type] | None = None) -> None:
    """Re-sum the rollups of ``months`` (first days) from their daily rows, for ``game`` or every game; with
    ``only``, of those rollup models alone (a migration that fills its own new rollups: the others may not
    exist yet at that point of the migration graph, or hold rows already)."""
    wanted = None if only is None else set(only)
    for summary, rollup in _rollups():
        if wanted is not None and rollup.model not in wanted:
            continue
        sql = _rollup_sql(summary, rollup, one_game=game is not None)
        for month in sorted(set(months)):
            if game is not None:
                cursor.execute(f"DELETE FROM {_t(rollup.model)} WHERE game = %s AND day = %s", [game, month])
            cursor.execute(sql, [month, month, next_month(month), *([game] if game is not None else [])])


def _public_summaries(game: str | None = None) -> list:
    """The summaries that count public games only (``Summary.public_game``), of ``game`` or of every game."""
    return [s for s in providers.summaries() if s.public_game and (game is None or s.public_game == game)]


def mark_public(games) -> None:
    """Mark ``games`` (GameStat rows) with a log as counted public (``groups_public``) when their log is public
    now, and the others as not: what a public-only summary's statements read (``Summary.public_game``)."""
    gained, lost = providers.publicity_moved(games.filter(game_log__isnull=False), everything=True)
    lost.update(groups_public=False)
    gained.update(groups_public=True)


def _reaggregate_public(cursor, game: str, days: list) -> None:
    """Aggregate again ``game``'s public-only summaries for ``days``, their games marked as they are now, and
    their month rollups."""
    public = _public_summaries(game)
    placeholders = ", ".join(["%s"] * len(days))
    for summary in public:
        cursor.execute(
            f"DELETE FROM {_t(summary.model)} WHERE game = %s AND day IN ({placeholders})", [game, *days]
        )
    mark_public(m.GameStat.objects.filter(game=game, played_on__in=days))
    where = f"g.game = %s AND g.played_on IN ({placeholders})"
    for summary in public:
        for sql in summary.statements(where):
            cursor.execute(sql, [game, *days])
    rollups = [rollup.model for s in public for rollup in s.rollups()]
    if rollups:
        roll_up(cursor, {month_of(day) for day in days}, game, only=rollups)


def _lock(cursor, *, big: bool = False) -> None:
    if connection.vendor == "postgresql":
        cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_LOCK_KEY])
        if big:
            # COUNT(DISTINCT …) sorts; a full rebuild's sorts should stay in memory, not spill to disk.
            cursor.execute("SET LOCAL work_mem = '256MB'")
    # SQLite takes a database-wide write lock for the transaction anyway.


def refresh_buckets(game: str, days: Iterable[dt.date]) -> int:
    """Re-aggregate one game's summaries for the given days. Returns the number of days done."""
    days = sorted(set(days))
    if not days:
        return 0
    with transaction.atomic(), connection.cursor() as cursor:
        _lock(cursor)
        placeholders = ", ".join(["%s"] * len(days))
        for model in summary_models():
            cursor.execute(
                f"DELETE FROM {_t(model)} WHERE game = %s AND day IN ({placeholders})", [game, *days]
            )
        if _public_summaries(game):
            mark_public(m.GameStat.objects.filter(game=game, played_on__in=days))
        where = f"g.game = %s AND g.played_on IN ({placeholders})"
        for sql in _statements(where):
            cursor.execute(sql, [game, *days])
        verdictgroups.fill([game], days)
        roll_up(cursor, {month_of(day) for day in days}, game)
        bump_version(game)
    return len(days)


def refresh_stale(game: str, days: Iterable[dt.date] = ()) -> int:
    """Drain ``game``'s stale-bucket marks and re-aggregate those days (and ``days``), in one
    transaction: if the refresh fails, the marks are still there for the retry."""
    with transaction.atomic():
        stale = list(m.StaleBucket.objects.select_for_update(skip_locked=True).filter(game=game))
        m.StaleBucket.objects.filter(pk__in=[b.pk for b in stale]).delete()
        return refresh_buckets(game, [b.day for b in stale] + list(days))


def rebuild_all(fill=None) -> None:
    """Throw the summaries away and aggregate every stat row again (after bulk loads). ``fill``: what fills the
    verdict groups in place of ``verdictgroups.fill()`` (a bulk loader that knows its games' groups already)."""
    with transaction.atomic(), connection.cursor() as cursor:
        _lock(cursor, big=True)
        queued = _queued_changes()  # every game is counted as its log is found now
        if connection.vendor == "postgresql":
            sources = [model for summary in providers.summaries() for model in summary.sources]
            for model in dict.fromkeys((m.GameStat, m.SeatStat, m.ComponentStat, *sources)):
                cursor.execute(f"ANALYZE {_t(model)}")  # plans for the rows just loaded, not for empty tables
        for model in summary_models() + tuple(rollup.model for _, rollup in _rollups()):
            cursor.execute(f"DELETE FROM {_t(model)}")
        for game in {s.public_game for s in _public_summaries()}:
            mark_public(m.GameStat.objects.filter(game=game))
        for sql in _statements(""):
            cursor.execute(sql)
        (fill or verdictgroups.fill)()
        first, last = m.GameStat.objects.aggregate(a=Min("played_on"), b=Max("played_on")).values()
        months = []
        while first is not None and month_of(first) <= last:
            months.append(month_of(first))
            first = next_month(month_of(first))
        roll_up(cursor, months, None)
        for game in m.GameStat.objects.values_list("game", flat=True).distinct():
            bump_version(game)
        if connection.vendor == "postgresql":
            # Fresh planner statistics: the first page view after a bulk load should not
            # run on estimates made for empty tables.
            for model in summary_models() + tuple(rollup.model for _, rollup in _rollups()):
                cursor.execute(f"ANALYZE {_t(model)}")
        _forget_changes(queued)


def publicity_changed(logs: Iterable[int] | None = None) -> int:
    """Logs (ids; every log by default) made public or private: their games' groups are added to or taken off
    the public-only groupings' bucket rows at once (``verdictgroups.reconcile``), under the refresh lock, in the
    caller's transaction. Returns the games changed. The logs queued as changed (``providers.publicity_changes``:
    only their games can be counted otherwise) are taken off the queue once counted."""
    logs = None if logs is None else list(logs)
    games = None if logs is None else m.GameStat.objects.filter(game_log_id__in=logs)
    with transaction.atomic(), connection.cursor() as cursor:
        _lock(cursor)
        # Read before the games are checked: a change committed after this stays queued for the next check.
        queued = _queued_changes(logs)
        changed = verdictgroups.reconcile(games)
        if changed:
            for game in {s.game for s in providers.verdict_groups() if s.public_only}:
                bump_version(game)
        for game in sorted({s.public_game for s in _public_summaries()}):
            moved = _counted_otherwise(m.GameStat.objects.all() if games is None else games, game)
            if moved:
                # The public-only summaries (``Summary.public_game``) of those games' days, aggregated again.
                _reaggregate_public(cursor, game, sorted({day for _, day in moved}))
                bump_version(game)
                changed += len(moved)
        _forget_changes(queued)
    return changed


def _queued_changes(logs: list | None = None) -> list[int]:
    """The ids of the queued publicity changes (``providers.publicity_changes``) of ``logs`` (of every log)."""
    changes = providers.publicity_changes()
    if changes is None:
        return []
    if logs is not None:
        changes = changes.filter(log_id__in=logs)
    return list(changes.values_list("id", flat=True))


def _forget_changes(ids: list[int]) -> None:
    """Take the publicity changes ``ids`` off the queue: their logs' games are counted as they are now."""
    changes = providers.publicity_changes()
    for start in range(0, len(ids), 10_000):
        changes.filter(id__in=ids[start : start + 10_000])._raw_delete(changes.db)


def _counted_otherwise(games, game: str) -> list[tuple]:
    """(id, day) of ``game``'s ``games`` with a log whose mark (``groups_public``) is not what their log is now."""
    gained, lost = providers.publicity_moved(games.filter(game=game, game_log__isnull=False))
    return [*gained.values_list("id", "played_on"), *lost.values_list("id", "played_on")]


def bump_version(game: str) -> None:
    """Invalidate every cached statistic of ``game``: the version is part of the cache key."""
    now = timezone.now()
    if not m.SummaryVersion.objects.filter(game=game).update(version=F("version") + 1, refreshed_at=now):
        obj, created = m.SummaryVersion.objects.get_or_create(
            game=game, defaults={"version": 1, "refreshed_at": now}
        )
        if not created:
            m.SummaryVersion.objects.filter(game=game).update(version=F("version") + 1, refreshed_at=now)

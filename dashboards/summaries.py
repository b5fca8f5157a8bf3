"""Refresh the daily summary tables from the stat rows with SQL ``INSERT … SELECT``.

A refresh names the buckets that changed (a game and the days its logs were played on),
deletes their summary rows and re-aggregates them from the stat rows, inside one
transaction. A full rebuild is the same statements without the WHERE. The SQL is plain
SQL-92 (CASE, COUNT(DISTINCT), ``||``, CAST) so it runs on PostgreSQL and on the SQLite
demo database alike; only the lock that serialises refreshes is PostgreSQL-specific.

Each entry dimension is one small class: the rows it reads, its key and name, and which
measures it sums. Adding a dimension is adding a class to ``DIMENSIONS``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from dashboards import models as m
from dashboards import providers

BUCKET = ("game", "day", "content_pack", "event_ref", "rating_band", "simulated", "source", "mode")
# The bucket columns as selected from GameStat (alias ``g``), in BUCKET's order: a plugin's summary
# statements (dashboards.providers.Summary) select them too.
BUCKET_SELECT = (
    "g.game, g.played_on, g.content_pack, g.event_ref, g.rating_band, g.simulated, g.source, g.mode"
)
_BUCKET_SELECT = BUCKET_SELECT

# The measure columns of EntryDaily, in insert order; a dimension fills those it knows.
ENTRY_MEASURES = (
    "vp_total", "vp_objectives", "vp_missions", "vp_knockouts", "knockouts", "objectives_claimed",
    "survived", "wounds_dealt", "wounds_taken", "activations", "attacks", "successes", "wounds", "uses",
)  # fmt: skip

# An arbitrary constant: the PostgreSQL advisory lock that lets one refresh run at a time, so
# two workers refreshing the same day cannot both delete and then both insert.
_LOCK_KEY = 5_000_512_301


def table(model) -> str:
    """A model's table name, quoted for SQL."""
    return connection.ops.quote_name(model._meta.db_table)


_t = table


def _count(result: str | None, distinct: str | None) -> str:
    """COUNT of rows (or of distinct ids) whose side had ``result``; all rows if result is None."""
    if distinct:
        inner = distinct if result is None else f"CASE WHEN s.result = '{result}' THEN {distinct} END"
        return f"COUNT(DISTINCT {inner})"
    return "COUNT(*)" if result is None else f"SUM(CASE WHEN s.result = '{result}' THEN 1 ELSE 0 END)"


class Dimension:
    """One entry dimension of EntryDaily: override the class attributes, not the SQL."""

    key: str  # EntryDaily.dimension
    source: str  # FROM … JOIN side s … (the game join is added)
    key_expr: str
    name_expr: str
    group_by: str  # columns identifying an entry (besides the bucket)
    faction_expr: str = "''"
    distinct: str | None = None  # count distinct sides when one side can hold the entry twice
    measures: dict[str, str] = {}
    where: str = ""

    def sql(self, where: str) -> str:
        measures = [self.measures.get(name, "0") for name in ENTRY_MEASURES]
        conditions = " AND ".join(c for c in (self.where, where) if c) or "1 = 1"
        return (
            f"INSERT INTO {_t(m.EntryDaily)} ({', '.join(BUCKET)}, dimension, key, name, faction, appearances,"
            f" wins, draws, losses, {', '.join(ENTRY_MEASURES)}) "
            f"SELECT {_BUCKET_SELECT}, '{self.key}', {self.key_expr}, {self.name_expr}, {self.faction_expr},"
            f" {_count(None, self.distinct)}, {_count('win', self.distinct)}, {_count('draw', self.distinct)},"
            f" {_count('loss', self.distinct)}, {', '.join(measures)} "
            f"FROM {self.source.format(**_tables())} JOIN {_t(m.GameStat)} g ON g.id = s.game_stat_id "
            f"WHERE {conditions} "
            f"GROUP BY {_BUCKET_SELECT}, {self.group_by}"
        )


def _tables() -> dict[str, str]:
    sides = providers.side_models()
    return {
        "side": _t(sides.side),
        "character": _t(sides.character),
        "weapon": _t(sides.weapon),
        "item": _t(sides.item),
    }


class Faction(Dimension):
    key = "faction"
    source = "{side} s"
    key_expr, name_expr, faction_expr, group_by = "s.faction", "MAX(s.faction_name)", "s.faction", "s.faction"
    measures = {
        "vp_total": "SUM(s.vp_total)",
        "vp_objectives": "SUM(s.vp_objectives)",
        "vp_missions": "SUM(s.vp_missions)",
        "vp_knockouts": "SUM(s.vp_knockouts)",
        "knockouts": "SUM(s.knockouts_dealt)",
        "objectives_claimed": "SUM(s.objectives_claimed)",
    }


class Result(Faction):
    """Sides by their own result: the VP-sources chart compares winners with losers."""

    key = "result"
    key_expr, name_expr, faction_expr, group_by = "s.result", "s.result", "''", "s.result"


class Seat(Faction):
    """First player against second: the initiative chart and its binomial test."""

    key = "seat"
    key_expr = "CASE WHEN s.first_player THEN 'first' ELSE 'second' END"
    name_expr = "CASE WHEN s.first_player THEN 'First player' ELSE 'Second player' END"
    faction_expr, group_by = "''", "s.first_player"


class Character(Dimension):
    key = "character"
    source = "{character} c JOIN {side} s ON s.id = c.side_id"
    key_expr, name_expr, faction_expr, group_by = (
        "c.character",
        "MAX(c.name)",
        "MAX(c.faction)",
        "c.character",
    )
    distinct = "s.id"
    measures = {
        "survived": "SUM(CASE WHEN c.survived THEN 1 ELSE 0 END)",
        "wounds_dealt": "SUM(c.wounds_dealt)",
        "wounds_taken": "SUM(c.wounds_taken)",
        "activations": "SUM(c.activations)",
        "objectives_claimed": "SUM(c.objectives_claimed)",
    }


class Pair(Dimension):
    """Two characters in the same force, each unordered pair once (a.character < b.character)."""

    key = "pair"
    source = (
        "{character} a JOIN {character} b ON b.side_id = a.side_id AND a.character < b.character"
        " JOIN {side} s ON s.id = a.side_id"
    )
    key_expr = "a.character || '+' || b.character"
    name_expr = "MAX(a.name) || ' + ' || MAX(b.name)"
    faction_expr, group_by = "MAX(a.faction)", "a.character, b.character"
    distinct = "s.id"


class KnockoutRound(Dimension):
    """Characters knocked out, by the round it happened in (appearances = characters here)."""

    key = "knockout_round"
    source = "{character} c JOIN {side} s ON s.id = c.side_id"
    key_expr = "CAST(c.knocked_out_round AS VARCHAR(8))"
    name_expr = "CAST(c.knocked_out_round AS VARCHAR(8))"
    group_by = "c.knocked_out_round"
    where = "c.knocked_out_round IS NOT NULL"


class Weapon(Dimension):
    key = "weapon"
    source = "{weapon} w JOIN {side} s ON s.id = w.side_id"
    key_expr, name_expr, group_by = "w.weapon", "MAX(w.name)", "w.weapon"
    distinct = "s.id"
    measures = {
        "attacks": "SUM(w.attacks)",
        "successes": "SUM(w.successes)",
        "wounds": "SUM(w.wounds)",
        "knockouts": "SUM(w.knockouts)",
    }


class WeaponType(Weapon):
    key = "weapon_type"
    key_expr, name_expr, group_by = "w.weapon_type", "w.weapon_type", "w.weapon_type"


class Item(Dimension):
    key = "item"
    source = "{item} i JOIN {side} s ON s.id = i.side_id"
    key_expr, name_expr, group_by = "i.item", "MAX(i.name)", "i.item"
    distinct = "s.id"
    measures = {"uses": "SUM(i.uses)"}


DIMENSIONS: dict[str, Dimension] = {
    d.key: d() for d in (Faction, Result, Seat, Character, Pair, KnockoutRound, Weapon, WeaponType, Item)
}


def _game_daily_sql(where: str) -> str:
    return (
        f"INSERT INTO {_t(m.GameDaily)} ({', '.join(BUCKET)}, rounds_played, ended_by, outcome, games,"
        " first_player_wins) "
        f"SELECT {_BUCKET_SELECT}, g.rounds_played, g.ended_by, g.outcome, COUNT(*),"
        " SUM(CASE WHEN g.winner = g.first_player THEN 1 ELSE 0 END) "
        f"FROM {_t(m.GameStat)} g WHERE {where or '1 = 1'} "
        f"GROUP BY {_BUCKET_SELECT}, g.rounds_played, g.ended_by, g.outcome"
    )


def _round_daily_sql(where: str) -> str:
    return (
        f"INSERT INTO {_t(m.RoundDaily)} ({', '.join(BUCKET)}, round, result, sides, vp_sum) "
        f"SELECT {_BUCKET_SELECT}, r.round, s.result, COUNT(*), SUM(r.vp) "
        f"FROM {_t(providers.side_models().round)} r JOIN {_t(providers.side_models().side)} s ON s.id = r.side_id"
        f" JOIN {_t(m.GameStat)} g ON g.id = s.game_stat_id WHERE {where or '1 = 1'} "
        f"GROUP BY {_BUCKET_SELECT}, r.round, s.result"
    )


def _dice_daily_sql(where: str) -> str:
    # Seeded games draw every die from a published seed: they are fair by construction and
    # would only dilute what players actually rolled.
    conditions = " AND ".join(c for c in ("g.randomness = 'recorded'", where) if c)
    return (
        f"INSERT INTO {_t(m.DiceDaily)} ({', '.join(BUCKET)}, player_name, kind, tests, dice, successes, expected) "
        f"SELECT {_BUCKET_SELECT}, s.player_name, t.kind, SUM(t.tests), SUM(t.dice), SUM(t.successes),"
        " SUM(t.expected_successes) "
        f"FROM {_t(providers.side_models().test)} t JOIN {_t(providers.side_models().side)} s ON s.id = t.side_id"
        f" JOIN {_t(m.GameStat)} g ON g.id = s.game_stat_id WHERE {conditions} "
        f"GROUP BY {_BUCKET_SELECT}, s.player_name, t.kind"
    )


def _score_daily_sql(where: str) -> list[str]:
    """Seats and their score by outcome (component ''), then each score component by outcome."""
    columns = f"INSERT INTO {_t(m.ScoreDaily)} ({', '.join(BUCKET)}, outcome, component, seats, total) "
    seat_join = f"{_t(m.SeatStat)} st JOIN {_t(m.GameStat)} g ON g.id = st.game_stat_id"
    return [
        columns + f"SELECT {_BUCKET_SELECT}, st.outcome, '', COUNT(*), SUM(COALESCE(st.score, 0)) "
        f"FROM {seat_join} WHERE {where or '1 = 1'} GROUP BY {_BUCKET_SELECT}, st.outcome",
        columns + f"SELECT {_BUCKET_SELECT}, st.outcome, c.component, COUNT(*), SUM(c.value) "
        f"FROM {_t(m.ComponentStat)} c JOIN {_t(m.SeatStat)} st ON st.id = c.seat_id"
        f" JOIN {_t(m.GameStat)} g ON g.id = st.game_stat_id WHERE {where or '1 = 1'} "
        f"GROUP BY {_BUCKET_SELECT}, st.outcome, c.component",
    ]


SUMMARY_MODELS = (m.EntryDaily, m.GameDaily, m.RoundDaily, m.DiceDaily, m.ScoreDaily)


def _statements(where: str) -> list[str]:
    generic = [_game_daily_sql(where), *_score_daily_sql(where)]
    plugins = [sql for summary in providers.summaries() for sql in summary.statements(where)]
    if not providers.has_side_models():  # no installed plugin keeps per-side rows
        return generic + plugins
    return [d.sql(where) for d in DIMENSIONS.values()] + [
        generic[0],
        _round_daily_sql(where),
        _dice_daily_sql(where),
        *generic[1:],
        *plugins,
    ]


def summary_models() -> tuple:
    """The core's summary tables and those the game plugins keep."""
    return SUMMARY_MODELS + tuple(summary.model for summary in providers.summaries())


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
        where = f"g.game = %s AND g.played_on IN ({placeholders})"
        for sql in _statements(where):
            cursor.execute(sql, [game, *days])
        bump_version(game)
    return len(days)


def refresh_stale(game: str, days: Iterable[dt.date] = ()) -> int:
    """Drain ``game``'s stale-bucket marks and re-aggregate those days (and ``days``), in one
    transaction: if the refresh fails, the marks are still there for the retry."""
    with transaction.atomic():
        stale = list(m.StaleBucket.objects.select_for_update(skip_locked=True).filter(game=game))
        m.StaleBucket.objects.filter(pk__in=[b.pk for b in stale]).delete()
        return refresh_buckets(game, [b.day for b in stale] + list(days))


def rebuild_all() -> None:
    """Throw the summaries away and aggregate every stat row again (after bulk loads)."""
    with transaction.atomic(), connection.cursor() as cursor:
        _lock(cursor, big=True)
        if connection.vendor == "postgresql":
            sides = providers.side_models().all() if providers.has_side_models() else ()
            sources = [model for summary in providers.summaries() for model in summary.sources]
            for model in dict.fromkeys((m.GameStat, m.SeatStat, m.ComponentStat, *sides, *sources)):
                cursor.execute(f"ANALYZE {_t(model)}")  # plans for the rows just loaded, not for empty tables
        for model in summary_models():
            cursor.execute(f"DELETE FROM {_t(model)}")
        for sql in _statements(""):
            cursor.execute(sql)
        for game in m.GameStat.objects.values_list("game", flat=True).distinct():
            bump_version(game)
        if connection.vendor == "postgresql":
            # Fresh planner statistics: the first page view after a bulk load should not
            # run on estimates made for empty tables.
            for model in summary_models():
                cursor.execute(f"ANALYZE {_t(model)}")


def bump_version(game: str) -> None:
    """Invalidate every cached statistic of ``game``: the version is part of the cache key."""
    now = timezone.now()
    if not m.SummaryVersion.objects.filter(game=game).update(version=F("version") + 1, refreshed_at=now):
        obj, created = m.SummaryVersion.objects.get_or_create(
            game=game, defaults={"version": 1, "refreshed_at": now}
        )
        if not created:
            m.SummaryVersion.objects.filter(game=game).update(version=F("version") + 1, refreshed_at=now)

"""Store the statistics of one verified log as stat rows (and take them away again).

Called from the ``log_verified`` receiver in the worker process. Idempotent: a log's rows
are replaced whole, so a verdict announced twice (the worker may die between commit and
acknowledgement) or a re-verification by a newer engine leaves exactly one copy. A verdict
that is not legal removes the log's rows: only verified games count in the meta.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass, field

import orjson
from django.db import connection, transaction
from django.utils import timezone

import engine
from dashboards import models as m
from dashboards import providers, stalemarks
from dashboards.filters import rating_band
from dashboards.modes import stored_mode
from dashboards.onestatement import Table, insert_tree_orm, insert_tree_with
from dashboards.statrows import StatisticsError, contract_problems

logger = logging.getLogger(__name__)

# A header date outside this window is a typo or a joke; the upload day is used instead.
_EARLIEST_PLAYED = dt.date(2000, 1, 1)


@dataclass(frozen=True)
class Touched:
    """The summary buckets a change touched: refresh these (game, day) pairs. ``marked``: the games
    whose buckets the statement that stored the rows already marked stale, with what that statement
    found ((version bumped, a refresh to send), ``dashboards.stalemarks``)."""

    buckets: frozenset[tuple[str, dt.date]]
    marked: Mapping[str, tuple[bool, bool]] = field(default_factory=dict, compare=False)

    def by_game(self) -> dict[str, list[dt.date]]:
        out: dict[str, list[dt.date]] = {}
        for game, day in sorted(self.buckets):
            out.setdefault(game, []).append(day)
        return out


def header_of(game_log) -> dict:
    """The log's header fields the meta filters on ({} if the stored upload cannot be read)."""
    try:
        raw = game_log.raw_bytes()
        try:
            doc = orjson.loads(raw)  # under half json.loads' time (#25)
        except orjson.JSONDecodeError:
            doc = json.loads(raw)  # what orjson refuses and json reads (NaN); the engine judges the rest
    except (ValueError, TypeError, AttributeError):
        return {}
    return (
        {
            "created": doc.get("created"),
            "reference": doc.get("reference") or {},
            "setup": doc.get("setup") or {},
        }
        if isinstance(doc, dict)
        else {}
    )


def played_on(header: dict, fallback: dt.datetime | None) -> dt.date:
    """The day the game was played: the header's ``created`` when it is a sane ISO date,
    else the day the log was uploaded."""
    fallback_day = (fallback or timezone.now()).date()
    raw = header.get("created")
    if isinstance(raw, str) and len(raw) >= 10:
        try:
            day = dt.date.fromisoformat(raw[:10])
        except ValueError:
            day = None
        if day and _EARLIEST_PLAYED <= day <= fallback_day + dt.timedelta(days=1):
            return day
    return fallback_day


def event_ref_of(header: dict) -> str | None:
    event = (header.get("reference") or {}).get("event")
    return str(event).strip()[:200] or None if event else None


def store_verdict(game_log, verdict: dict, *, earlier: bool = True) -> Touched:
    """Replace ``game_log``'s stat rows with those of ``verdict`` (or delete them if it is not
    legal). Returns the buckets whose summaries are now stale. ``earlier=False``: the caller knows
    the log has no rows nor rejection yet (the verdict's interest checks), so none are looked for."""
    rows = None
    legal = verdict.get("status") == "legal"
    seats = result_seats(verdict) if legal else []
    # Every legal verdict's statistics are held to the schema its game registers (issue #9). One
    # that breaks it is not counted at all, not even by its generic result: the verdict stands, the
    # log gets no stat rows, and the rejection is kept for staff to list.
    problems = statistics_problems(game_log, verdict) if legal else []
    if problems:
        legal, seats = False, []
    # A game whose plugin keeps per-side statistics is counted only when its plugin can turn them
    # into rows (GamePlugin.statistics_rows); any other game is counted from the generic result.
    plugin = providers.plugin(game_log.game)
    side_statistics = plugin.side_statistics
    if legal and side_statistics and verdict.get("statistics"):
        try:
            rows = plugin.statistics_rows(verdict["statistics"])
        except StatisticsError as exc:
            # The verdict stands; its statistics cannot be counted. Old rows go too, since
            # they describe a verdict that no longer holds.
            problems = [f"/: {exc}"]
            legal, seats = False, []
    counted = rows is not None or (legal and not side_statistics and bool(seats))
    header = header_of(game_log) if counted else {}
    touched: set[tuple[str, dt.date]] = set()
    marked = {}
    # No savepoint of its own: inside the verdict's transaction (gamelogs.outbox) a failure rolls
    # the whole verdict back anyway, and a savepoint is two more statements per verdict.
    with transaction.atomic(savepoint=False):
        old_pk, old_game, old_day, rejected_pk = earlier_rows(game_log) if earlier else (None,) * 4
        if old_pk is not None:
            touched.add((old_game, old_day))
            m.GameStat.objects.filter(pk=old_pk).delete()
        if counted:
            filters = {
                "played_on": played_on(header, game_log.created_at),
                "event_ref": event_ref_of(header),
                "mode": stored_mode(game_log.game, plugin.log_mode(header), verdict),
                "simulated": bool(verdict.get("simulated") or game_log.simulated),
                "verified_at": game_log.verified_at,
                "engine_version": verdict.get("engine_version", ""),
            }
            if rows is not None:
                stat = m.GameStat(game_log=game_log, **game_fields(rows, rating=None, **filters))
            else:
                stat = m.GameStat(game_log=game_log, **result_game_fields(game_log.game, verdict), **filters)
            touched.add((stat.game, stat.played_on))
            if stalemarks.in_statement():
                # The game's buckets are marked stale by the statement that stores its rows (#25).
                days = [day for game, day in touched if game == stat.game]
                marked[stat.game] = write_game(stat, rows, seats, marks=(stat.game, days))
            else:
                write_game(stat, rows, seats)
        if problems:
            record_rejection(game_log, verdict, problems)
        elif rejected_pk is not None:  # a later verdict follows the contract: the flag goes
            m.StatisticsRejection.objects.filter(pk=rejected_pk).delete()
    return Touched(frozenset(touched), marked)


def earlier_rows(game_log) -> tuple:
    """(GameStat pk, game, day played, StatisticsRejection pk) of an earlier verdict of ``game_log``,
    None where there is none: one SELECT, since every statement is a round trip inside the verdict's
    transaction (#14)."""
    found = (
        type(game_log)
        .objects.filter(pk=game_log.pk)
        .values_list("meta_stat__pk", "meta_stat__game", "meta_stat__played_on", "statistics_rejection__pk")
        .first()
    )
    return found or (None, None, None, None)


def statistics_problems(game_log, verdict: dict) -> list[str]:
    """How a legal verdict's statistics break its game's schema ([] if they follow it, or if the
    verdict carries none), logged once per verdict so an operator sees it without asking."""
    if verdict.get("statistics") is None:
        return []
    problems = contract_problems(game_log.game, verdict["statistics"])
    if problems:
        logger.warning(
            "log %s (%s): statistics do not follow the game's statistics schema; not counted: %s",
            game_log.pk,
            game_log.game,
            "; ".join(problems[:5]) + (f" (and {len(problems) - 5} more)" if len(problems) > 5 else ""),
        )
    return problems


def record_rejection(game_log, verdict: dict, problems: list[str]) -> None:
    """Keep the flag staff list with ``manage.py statistics_rejections`` (one per log, the latest)."""
    version = None
    with contextlib.suppress(engine.GameNotAvailable, KeyError, ValueError):
        version = engine.game(game_log.game).statistics_version
    m.StatisticsRejection.objects.update_or_create(
        game_log=game_log,
        defaults={
            "game": game_log.game,
            "schema_version": version,
            "engine_version": str(verdict.get("engine_version", ""))[:32],
            "problems": problems[:50],
        },
    )


def insert_game(rows, *, game_log=None, played_on: dt.date, event_ref=None, rating=None,
                simulated=False, verified_at=None, engine_version="", mode="") -> m.GameStat:  # fmt: skip
    """Write one game's rows (a plugin's ``statistics_rows``) through the ORM, one INSERT per table;
    bulk loads of many games use ``dashboards.bulk``."""
    stat = m.GameStat.objects.create(game_log=game_log, **game_fields(rows, played_on=played_on, event_ref=event_ref,
                                     rating=rating, simulated=simulated, verified_at=verified_at,
                                     engine_version=engine_version, mode=mode))  # fmt: skip
    insert_tree_orm(stat, rows.tables())
    return stat


def write_game(stat: m.GameStat, rows, seats: list[dict], *, marks: tuple | None = None):
    """Store the unsaved ``stat`` with the rows its plugin keeps under it (``rows.tables()``, or none)
    and its seats: in one statement on PostgreSQL (``dashboards.onestatement``, #14), through the ORM
    elsewhere; the same rows either way. ``marks``: (game, days) whose summary buckets the same
    statement marks stale, bumping the game's version (PostgreSQL only, ``stalemarks.in_statement``);
    then returns ``stalemarks.outcome``."""
    if connection.vendor != "postgresql":
        stat.save(force_insert=True)
        if rows is not None:
            insert_tree_orm(stat, rows.tables())
        insert_seats(stat, seats)
        return
    tables = [Table(m.GameStat, [stat])]
    if rows is not None:
        tables += rows.tables()
    seat_rows = seat_stats(seats)
    if seat_rows:
        seats_at = len(tables)
        tables.append(
            Table(m.SeatStat, [seat for seat, _ in seat_rows], 0, "game_stat_id", [0] * len(seat_rows))
        )
        components = [(n, c) for n, (_, comps) in enumerate(seat_rows) for c in comps]
        tables.append(
            Table(
                m.ComponentStat, [c for _, c in components], seats_at, "seat_id", [n for n, _ in components]
            )
        )
    parts = stalemarks.marks(*marks, bump=True) if marks else stalemarks.Marks([], "", [])
    (stat.pk,), found = insert_tree_with(tables, tuple(parts.ctes), parts.columns, tuple(parts.params))
    stat._state.adding, stat._state.db = False, connection.alias
    return stalemarks.outcome(*found) if marks else None


def result_seats(verdict: dict) -> list[dict]:
    """The generic result's seats (every game's verdict carries them), or none."""
    seats = (verdict.get("result") or {}).get("seats")
    return [s for s in seats if isinstance(s, dict)] if isinstance(seats, list) else []


def insert_seats(stat: m.GameStat, seats: list[dict]) -> None:
    """A SeatStat per seat of the generic result, and a ComponentStat per score component: one
    INSERT for the seats and one for all their components."""
    insert_seats_of([(stat, seats)])


def insert_seats_of(games: list[tuple[m.GameStat, list[dict]]], batch_size: int = 4000) -> None:
    """``insert_seats`` for many games at once (the bulk re-verification path)."""
    pairs = []
    for stat, seats in games:
        for seat, comps in seat_stats(seats):
            seat.game_stat = stat
            pairs.append((seat, comps))
    rows = m.SeatStat.objects.bulk_create([seat for seat, _ in pairs], batch_size=batch_size)
    components = []
    for row, (_, comps) in zip(rows, pairs, strict=True):
        for component in comps:
            component.seat = row
        components += comps
    if components:
        m.ComponentStat.objects.bulk_create(components, batch_size=batch_size)


def seat_stats(seats: list[dict]) -> list[tuple[m.SeatStat, list[m.ComponentStat]]]:
    """Unsaved SeatStat rows (no game yet) of the generic result's seats, each with its components."""
    pairs = []
    for seat in seats:
        row = m.SeatStat(
            seat=str(seat.get("seat", ""))[:32],
            team=str(seat.get("team") or "")[:32],
            outcome=str(seat.get("outcome", ""))[:8],
            rank=seat.get("rank") if isinstance(seat.get("rank"), int) else None,
            score=seat.get("score") if isinstance(seat.get("score"), int) else None,
        )
        values = seat.get("components") if isinstance(seat.get("components"), dict) else {}
        components = [m.ComponentStat(component=str(k)[:64], value=int(v))
                      for k, v in values.items() if isinstance(v, int)]  # fmt: skip
        pairs.append((row, components))
    return pairs


def result_game_fields(game: str, verdict: dict) -> dict:
    """GameStat columns from the generic result, for a game without per-side statistics."""
    result = verdict.get("result") or {}
    pack = verdict.get("content_pack") or {}
    outcomes = {s.get("outcome") for s in result_seats(verdict)}
    winners = [s for s in result_seats(verdict) if s.get("outcome") == "win"]
    return {
        "game": game,
        "content_pack": "@".join(str(p) for p in (pack.get("id"), pack.get("version")) if p)[:100],
        "randomness": "",
        "rounds_played": result.get("rounds_played") or 0,
        "first_player": "",
        "winner": str(winners[0].get("seat"))[:32] if len(winners) == 1 else None,
        "outcome": "draw" if outcomes <= {"draw"} else "win",
        "ended_by": str(result.get("ended_by") or "")[: m.GameStat._meta.get_field("ended_by").max_length],
    }


def game_fields(
    rows, *, played_on, event_ref, rating, simulated, verified_at, engine_version, mode=""
) -> dict:
    """GameStat columns for one game: those its plugin's rows give (``rows.game``) plus the filter columns."""
    return {
        **rows.game,
        "played_on": played_on,
        "event_ref": event_ref,
        "rating": rating,
        "rating_band": rating_band(rating),
        "simulated": simulated,
        "verified_at": verified_at,
        "engine_version": engine_version,
        "mode": mode,
    }

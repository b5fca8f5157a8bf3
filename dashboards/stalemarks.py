"""A game's stale summary buckets marked (and its summary version bumped) as parts of one PostgreSQL
statement, for ``dashboards.freshness`` to run on their own or for the statement that stores a verdict's
stat rows to carry (#25: each statement is a round trip inside the verdict's transaction).

Every part reads the snapshot taken before the statement: ``on_its_way`` is what the marks were, the
UPDATE flips the unscheduled marks that existed, and new marks go in already flipped (a mark that
exists by then, committed or not, is left to the UPDATE or to the receiver that made it).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.conf import settings
from django.db import connection
from django.utils import timezone

from dashboards.models import StaleBucket, SummaryVersion


@dataclass(frozen=True)
class Marks:
    """The parts of a statement that marks ``game``'s ``days`` stale: common table expressions
    (``ctes``, their ``params`` in that order) and the three columns of the result (``columns``)
    that ``outcome`` reads."""

    ctes: list[str]
    columns: str
    params: list


def in_statement() -> bool:
    """Marks are made by one statement (PostgreSQL, summaries refreshed by a task), so another
    statement of the verdict's can carry them."""
    return connection.vendor == "postgresql" and not getattr(settings, "ARBITER_META_REFRESH_INLINE", False)


def marks(game: str, days: list[dt.date], *, bump: bool) -> Marks:
    """With ``bump``, also ``summaries.bump_version`` where the game's version row exists."""
    table = connection.ops.quote_name(StaleBucket._meta.db_table)
    versions = connection.ops.quote_name(SummaryVersion._meta.db_table)
    now = timezone.now()
    ctes, params = [], []
    if bump:
        ctes.append(
            f"bumped AS (UPDATE {versions} SET version = version + 1, refreshed_at = %s WHERE game = %s RETURNING 1)"  # nosec B608 - table names from the models, values bound
        )
        params += [now, game]
    ctes += [
        f"on_its_way AS (SELECT EXISTS (SELECT 1 FROM {table} WHERE game = %s AND scheduled) AS yes)",  # nosec B608 - table names from the models, values bound
        f"flipped AS (UPDATE {table} SET scheduled = TRUE WHERE game = %s AND NOT scheduled RETURNING 1)",
        f"marked AS (INSERT INTO {table} (game, day, scheduled, created_at)"
        " SELECT %s::text, day, TRUE, %s FROM unnest(%s::date[]) AS day ON CONFLICT DO NOTHING RETURNING 1)",
    ]
    params += [game, game, game, now, sorted(set(days))]
    columns = (
        "(SELECT yes FROM on_its_way), (SELECT COUNT(*) FROM flipped) + (SELECT COUNT(*) FROM marked), "
        + ("(SELECT COUNT(*) FROM bumped)" if bump else "0")
    )
    return Marks(ctes, columns, params)


def outcome(on_its_way: bool, changed: int, bumps: int) -> tuple[bool, bool]:
    """(version bumped, this caller must send the refresh) from the three columns of ``Marks``."""
    return bumps > 0, not on_its_way and changed > 0

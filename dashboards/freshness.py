"""Stat rows changed: bump the game's data version and have the summaries of the touched buckets refreshed.

Called by what stores stat rows (the platform's ``log_verified`` receiver and reported results,
``meta.receivers`` and ``meta.reported``), inside the transaction that stores them. The refresh task is
sent only once that transaction has committed: a worker that picked it up earlier would find the rows
not there yet, and a rolled-back transaction must send nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from django.conf import settings
from django.db import connection, transaction
from kombu.exceptions import OperationalError as BrokerError

from dashboards import ingest, providers, stalemarks, summaries
from dashboards.models import StaleBucket

# Verdicts arriving within this many seconds of each other share one summary refresh.
REFRESH_DELAY_S = 2


logger = logging.getLogger(__name__)


def touched_changed(touched: ingest.Touched) -> None:
    """Stat rows of these buckets changed: cached statistics are stale now (player histories read
    the rows themselves), and the buckets' summaries are to be refreshed."""
    if stalemarks.in_statement():
        # The version bump rides in the statement that marks the buckets stale (#14: each statement
        # is a round trip inside the verdict's transaction), which the statement that stored the
        # stat rows may have carried already (``touched.marked``); a game's first bump creates its row.
        for game, days in touched.by_game().items():
            if game in touched.marked:
                bumped, send = touched.marked[game]
            else:
                bumped, send = _mark_stale_in_one_statement(game, sorted(set(days)), bump=True)
            if not bumped:
                summaries.bump_version(game)
            if send:
                transaction.on_commit(lambda game=game: send_refresh(game))
        return
    for game in touched.by_game():
        summaries.bump_version(game)
    enqueue_refresh(touched)


def enqueue_refresh(touched: ingest.Touched) -> None:
    """Mark the touched buckets stale and make sure one refresh per game is on its way.

    A new mark is unscheduled; the receiver that flips marks to scheduled sends the refresh. The task
    first unflags its game's marks, then drains all of them: a mark made before the unflagging is
    drained by that task; one made after it finds no refresh on its way and sends the next. No mark is
    left behind. (A refresh message the broker loses, or one a worker dies before sending, is caught
    by the periodic sweep.)

    ``ARBITER_META_REFRESH_INLINE = True`` (tests) refreshes in this process. A broker that cannot
    take the message is not a reason to leave the meta stale: this code already runs in a worker,
    so it does the refresh itself.
    """
    for game, days in touched.by_game().items():
        if getattr(settings, "ARBITER_META_REFRESH_INLINE", False):
            summaries.refresh_buckets(game, days)
        elif mark_stale(game, days):
            transaction.on_commit(lambda game=game: send_refresh(game))


def mark_stale(game: str, days: Iterable) -> bool:
    """Add scheduled marks for ``game``'s ``days`` and flip its unscheduled ones; True if no refresh
    was on its way before, so this caller must send one."""
    days = sorted(set(days))
    if connection.vendor == "postgresql":
        return _mark_stale_in_one_statement(game, days)[1]
    StaleBucket.objects.bulk_create([StaleBucket(game=game, day=d) for d in days], ignore_conflicts=True)
    if StaleBucket.objects.filter(game=game, scheduled=True).exists():
        StaleBucket.objects.filter(game=game, scheduled=False).update(scheduled=True)
        return False  # a refresh is already on its way and will drain these marks too
    # Zero: another receiver flipped them first and sends the refresh.
    return bool(StaleBucket.objects.filter(game=game, scheduled=False).update(scheduled=True))


def _mark_stale_in_one_statement(game: str, days: list, *, bump: bool = False) -> tuple[bool, bool]:
    """``mark_stale`` as one PostgreSQL statement (three round trips fewer per verdict), with ``bump``
    also ``summaries.bump_version`` where the game's version row exists. Returns (version bumped,
    this caller must send the refresh); see ``dashboards.stalemarks``."""
    parts = stalemarks.marks(game, days, bump=bump)
    with providers.statement_cursor() as cursor:
        cursor.execute(f"WITH {', '.join(parts.ctes)} SELECT {parts.columns}", parts.params)
        return stalemarks.outcome(*cursor.fetchone())


def send_refresh(game: str) -> None:
    """Send ``game``'s refresh (after the verdict committed), or refresh here if the broker is away."""
    from dashboards.tasks import refresh_meta_summaries  # the Celery app is only needed here

    try:
        refresh_meta_summaries.apply_async(args=[game], countdown=REFRESH_DELAY_S)
    except BrokerError:
        logger.warning("broker unavailable: refreshing %s meta summaries inline", game, exc_info=True)
        summaries.refresh_stale(game)

"""Celery tasks that keep the meta summaries fresh. Thin: the work is in ``dashboards.summaries``.

``refresh_meta_summaries`` is enqueued by the ``log_verified`` receiver after a log's stat rows
change, at most one at a time per game; it re-aggregates only the (game, day) buckets marked stale
since the last run, so it stays cheap at any archive size and a burst of verdicts costs one
refresh. It is idempotent (delete + re-insert of whole buckets) and safe to run twice.
"""

from __future__ import annotations

import datetime as dt

from celery import shared_task
from django.db import InterfaceError, OperationalError

from dashboards import summaries
from dashboards.models import StaleBucket

REFRESH_META_SUMMARIES = "dashboards.tasks.refresh_meta_summaries"


@shared_task(acks_late=True, autoretry_for=(OperationalError, InterfaceError), retry_backoff=2, max_retries=5)
def refresh_meta_summaries(game: str, days: list[str] | None = None) -> int:
    """Re-aggregate ``game``'s stale days (and the ISO ``days`` given); returns how many days."""
    # Unflag first, then drain: a mark made before the drain is drained now; a receiver that marks after
    # the unflagging finds no refresh on its way and sends the next one (dashboards.freshness).
    StaleBucket.objects.filter(game=game).update(scheduled=False)
    return summaries.refresh_stale(game, [dt.date.fromisoformat(d) for d in days or ()])


@shared_task(acks_late=True, autoretry_for=(OperationalError, InterfaceError), retry_backoff=2, max_retries=5)
def refresh_all_stale() -> int:
    """Periodic safety net: drain every game's stale marks (e.g. after a lost refresh message), and count the
    logs made public or private since as such in the public-only groupings (``summaries.publicity_changed``)."""
    games = sorted(set(StaleBucket.objects.values_list("game", flat=True)))
    done = sum(summaries.refresh_stale(game) for game in games)
    # Logs made public or private by a change no hook saw (a round published, a match's log replaced): the
    # data sets correct for them as they read, this keeps what they correct few.
    summaries.publicity_changed()
    return done


@shared_task(acks_late=True, autoretry_for=(OperationalError, InterfaceError), retry_backoff=5, max_retries=3)
def rebuild_meta_summaries() -> None:
    """Rebuild every summary from the stat rows (after a bulk load or a summary schema change)."""
    summaries.rebuild_all()

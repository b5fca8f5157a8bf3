"""The ``log_verified`` receiver: store a verdict's statistics, then have the summaries refreshed.

Connected in ``DashboardsConfig.ready``. It runs in the worker process, after the verdict is
committed; ``gamelogs`` sends it with ``send_robust``, so an error here is logged there and
never undoes the verdict.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.cache import cache
from kombu.exceptions import OperationalError as BrokerError

from dashboards import ingest, summaries
from dashboards.models import StaleBucket

# Verdicts arriving within this many seconds of each other share one summary refresh.
REFRESH_DELAY_S = 2
# How long "a refresh is scheduled" is believed without the task confirming it: if that task was
# lost, the next verdict after this schedules another (and the periodic sweep drains in between).
SCHEDULED_TTL_S = 30


def scheduled_key(game: str) -> str:
    return f"arbiter:meta-refresh-scheduled:{game}"


logger = logging.getLogger(__name__)


def on_log_verified(sender, game_log, verdict: dict, **kwargs) -> None:
    touched = ingest.store_verdict(game_log, verdict)
    for game in touched.by_game():
        summaries.bump_version(game)  # stat rows changed: cached player histories are stale now
    enqueue_refresh(touched)


def enqueue_refresh(touched: ingest.Touched) -> None:
    """Mark the touched buckets stale and make sure one refresh per game is on its way.

    The mark is a row (``StaleBucket``) written before the "scheduled" flag is checked, and the task
    clears the flag before it drains the rows: a bucket marked after the drain finds the flag gone
    and schedules the next refresh, so no mark is ever left behind.

    ``ARBITER_META_REFRESH_INLINE = True`` (tests) refreshes in this process. A broker that cannot
    take the message is not a reason to leave the meta stale: this code already runs in a worker,
    so it does the refresh itself.
    """
    from dashboards.tasks import refresh_meta_summaries  # the Celery app is only needed here

    for game, days in touched.by_game().items():
        if getattr(settings, "ARBITER_META_REFRESH_INLINE", False):
            summaries.refresh_buckets(game, days)
            continue
        StaleBucket.objects.bulk_create([StaleBucket(game=game, day=d) for d in days], ignore_conflicts=True)
        if not cache.add(scheduled_key(game), 1, timeout=SCHEDULED_TTL_S):
            continue  # a refresh is already on its way and will drain these marks too
        try:
            refresh_meta_summaries.apply_async(args=[game], countdown=REFRESH_DELAY_S)
        except BrokerError:
            logger.warning("broker unavailable: refreshing %s meta summaries inline", game, exc_info=True)
            cache.delete(scheduled_key(game))
            summaries.refresh_stale(game)

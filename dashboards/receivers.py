"""The ``log_verified`` receiver: store a verdict's statistics, then have the summaries refreshed.

Connected in ``DashboardsConfig.ready``. It runs in the worker process, after the verdict is
committed; ``gamelogs`` sends it with ``send_robust``, so an error here is logged there and
never undoes the verdict.
"""

from __future__ import annotations

import logging

from django.conf import settings
from kombu.exceptions import OperationalError as BrokerError

from dashboards import ingest, summaries

logger = logging.getLogger(__name__)


def on_log_verified(sender, game_log, verdict: dict, **kwargs) -> None:
    touched = ingest.store_verdict(game_log, verdict)
    for game in touched.by_game():
        summaries.bump_version(game)  # stat rows changed: cached player histories are stale now
    enqueue_refresh(touched)


def enqueue_refresh(touched: ingest.Touched) -> None:
    """Queue one summary refresh per game touched; refresh here if asked to or if the broker is down.

    ``ARBITER_META_REFRESH_INLINE = True`` (tests, the SQLite demo) refreshes in this process.
    A broker that cannot take the message is not a reason to leave the meta stale: this code
    already runs in a worker, so it does the (small) refresh itself.
    """
    from dashboards.tasks import refresh_meta_summaries  # the Celery app is only needed here

    for game, days in touched.by_game().items():
        if getattr(settings, "ARBITER_META_REFRESH_INLINE", False):
            summaries.refresh_buckets(game, days)
            continue
        try:
            refresh_meta_summaries.apply_async(args=[game, [d.isoformat() for d in days]])
        except BrokerError:
            logger.warning("broker unavailable: refreshing %s meta summaries inline", game, exc_info=True)
            summaries.refresh_buckets(game, days)

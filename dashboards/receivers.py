"""The ``log_verified`` receiver: store a verdict's statistics, then have the summaries refreshed.

Connected in ``DashboardsConfig.ready``. It runs in the worker process inside the verdict's own
transaction (``gamelogs.outbox``): the stat rows commit with the verdict or not at all. If it
raises, the verdict commits without its effects and the outbox runs the receivers again.
"""

from __future__ import annotations

import logging

from django.conf import settings
from kombu.exceptions import OperationalError as BrokerError

from dashboards import ingest, summaries
from dashboards.models import StaleBucket

# Verdicts arriving within this many seconds of each other share one summary refresh.
REFRESH_DELAY_S = 2


logger = logging.getLogger(__name__)


def on_log_verified(sender, game_log, verdict: dict, **kwargs) -> None:
    touched = ingest.store_verdict(game_log, verdict)
    for game in touched.by_game():
        summaries.bump_version(game)  # stat rows changed: cached player histories are stale now
    enqueue_refresh(touched)


def enqueue_refresh(touched: ingest.Touched) -> None:
    """Mark the touched buckets stale and make sure one refresh per game is on its way.

    A new mark is unscheduled; the receiver that flips marks to scheduled sends the refresh. The task
    first unflags its game's marks, then drains all of them: a mark made before the unflagging is
    drained by that task; one made after it finds no refresh on its way and sends the next. No mark is
    left behind. (A refresh message the broker loses is caught by the periodic sweep.)

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
        if StaleBucket.objects.filter(game=game, scheduled=True).exists():
            StaleBucket.objects.filter(game=game, scheduled=False).update(scheduled=True)
            continue  # a refresh is already on its way and will drain these marks too
        if not StaleBucket.objects.filter(game=game, scheduled=False).update(scheduled=True):
            continue  # another receiver flipped them first and sends the refresh
        try:
            refresh_meta_summaries.apply_async(args=[game], countdown=REFRESH_DELAY_S)
        except BrokerError:
            logger.warning("broker unavailable: refreshing %s meta summaries inline", game, exc_info=True)
            summaries.refresh_stale(game)

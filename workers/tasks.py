"""Thin Celery tasks over gamelogs.verification and gamelogs.queue.

``verify_log`` is acknowledged late and rejected (so re-delivered) if its worker dies, and it is
idempotent by (log hash, engine version), so a message delivered twice costs at most one more
engine run and never a second verdict. It retries with backoff on infrastructure errors only;
an illegal or unreadable log is a verdict, not an error, and is never retried.
"""

from __future__ import annotations

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import InterfaceError, OperationalError
from kombu.exceptions import OperationalError as BrokerOperationalError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from gamelogs import queue, verification
from workers.celery import app

INFRASTRUCTURE_ERRORS = (
    OperationalError,
    InterfaceError,
    BrokerOperationalError,
    RedisConnectionError,
    RedisTimeoutError,
)


@app.task(
    bind=True,
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=INFRASTRUCTURE_ERRORS,
    retry_backoff=2,
    retry_backoff_max=300,
    retry_jitter=True,
    max_retries=8,
)
def verify_log(self, log_id: int, force: bool = False, reason: str = "upload") -> str:
    """Verify one stored log and record its verdict; returns the log's new state."""
    try:
        return verification.verify_stored_log(
            log_id, force=force, reason=reason, reraise=(SoftTimeLimitExceeded,)
        )
    except SoftTimeLimitExceeded:
        return verification.record_timeout(log_id, settings.CELERY_TASK_SOFT_TIME_LIMIT)


@app.task(acks_late=True, autoretry_for=INFRASTRUCTURE_ERRORS, retry_backoff=5, max_retries=3)
def sweep_pending() -> dict:
    """Send again every log the broker never received or a worker never finished (periodic)."""
    sent, failed = queue.requeue_pending()
    return {"sent": sent, "failed": failed}


@app.task(acks_late=True, autoretry_for=INFRASTRUCTURE_ERRORS, retry_backoff=5, max_retries=3)
def reverify_logs(game: str | None = None, limit: int | None = None, force: bool = False) -> int:
    """Queue re-verification of logs decided by an older engine version (or all, with ``force``),
    newest first; each runs as its own ``verify_log`` task and records what changed."""
    return queue.enqueue_reverification(game=game, limit=limit, force=force)

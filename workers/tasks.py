"""Thin Celery tasks over gamelogs.verification, gamelogs.queue and gamelogs.outbox.

``verify_log`` is acknowledged late and rejected (so re-delivered) if its worker dies, and it is
idempotent by (log hash, engine version, ruleset version), so a message delivered twice costs at
most one more engine run and never a second verdict. It retries with backoff on infrastructure
errors only; an illegal or unreadable log is a verdict, not an error, and is never retried. A
verdict PostgreSQL refuses, and a log that keeps failing, end in a terminal verdict with a reason.
"""

from __future__ import annotations

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import InterfaceError, OperationalError
from kombu.exceptions import OperationalError as BrokerOperationalError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from gamelogs import outbox, queue, verification
from workers.celery import REVERIFY_BATCH, REVERIFY_LOGS, SWEEP_PENDING, VERIFY_LOG, app

INFRASTRUCTURE_ERRORS = (
    OperationalError,
    InterfaceError,
    BrokerOperationalError,
    RedisConnectionError,
    RedisTimeoutError,
)


@app.task(
    name=VERIFY_LOG,
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
            log_id, force=force, reason=reason, reraise=(SoftTimeLimitExceeded,), owner=self.request.id or ""
        )
    except SoftTimeLimitExceeded:
        return verification.record_timeout(log_id, settings.CELERY_TASK_SOFT_TIME_LIMIT)


@app.task(
    name=REVERIFY_BATCH,
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=INFRASTRUCTURE_ERRORS,
    retry_backoff=5,
    retry_backoff_max=300,
    max_retries=8,
)
def reverify_batch(log_ids: list[int], force: bool = False) -> int:
    """Re-verify many stored logs in one transaction with bulk writes; returns how many were written."""
    return len(verification.reverify_batch(log_ids, force=force))


@app.task(
    name=SWEEP_PENDING, acks_late=True, autoretry_for=INFRASTRUCTURE_ERRORS, retry_backoff=5, max_retries=3
)
def sweep_pending() -> dict:
    """Periodic: send again every log the broker never received or a dead worker held, give up on
    logs that used all their attempts, and complete verdict effects left in the outbox."""
    sent, failed = queue.requeue_pending()
    effects_done, effects_failing = outbox.complete_pending()
    return {"sent": sent, "failed": failed, "effects_done": effects_done, "effects_failing": effects_failing}


@app.task(
    name=REVERIFY_LOGS, acks_late=True, autoretry_for=INFRASTRUCTURE_ERRORS, retry_backoff=5, max_retries=3
)
def reverify_logs(game: str | None = None, limit: int | None = None, force: bool = False) -> int:
    """Queue re-verification of logs with a stale verdict (or all, with ``force``), newest first,
    as ``reverify_batch`` tasks; each records what changed. Returns how many logs were queued."""
    return queue.enqueue_reverification(game=game, limit=limit, force=force)

"""Handing logs to the workers, and finding the ones the broker never got.

A log row is the source of truth, the broker message only a wake-up call: if the broker is down
when a log is uploaded, the log stays ``queued`` with ``enqueued_at`` empty and the sweeper
(``requeue_pending``: a periodic task and a management command) sends it once the broker is back.
Sending a log twice is harmless because verification is idempotent.

How fast a log comes back (deploy/README.md, "Worker tunables"): a log held by a worker that died
is re-sent once its lease (``ARBITER_LEASE_SECONDS``) has run out, at the next sweep
(``ARBITER_SWEEP_SECONDS``); a message the broker lost, once the queue is empty and the log has waited
``ARBITER_REQUEUE_AFTER_SECONDS`` since it was sent. A log handed out ``ARBITER_MAX_ATTEMPTS`` times
without a verdict is given up (a terminal verdict, and an alert for staff) instead of sent again.
"""

from __future__ import annotations

import base64
import json
import logging
from datetime import timedelta

from amqp.exceptions import ChannelError
from celery import current_app
from django.conf import settings
from django.db.models import Q
from django.utils import timezone
from kombu.exceptions import KombuError
from redis.exceptions import RedisError

from gamelogs.models import FINAL_STATES, GameLog, LogState
from gamelogs.task_names import REVERIFY_BATCH, REVERIFY_LOGS, VERIFY_LOG
from gamelogs.verification import give_up, logs_to_reverify

# The site's Celery app (built by the workers package, which the site package loads first:
# arbiter_site/__init__.py); the tasks are sent, or run here, by name.
app = current_app

logger = logging.getLogger(__name__)

BROKER_ERRORS = (KombuError, RedisError, OSError)

# A log created this recently may still be on its way to the broker from the upload request.
IN_FLIGHT = timedelta(seconds=10)


def enqueue_verification(log_id: int, *, force: bool = False, reason: str = "upload") -> bool:
    """Send ``workers.tasks.verify_log`` for one log. Returns False (and logs why) if the broker
    refused; the log then waits for the sweeper.

    With the setting ``ARBITER_VERIFY_INLINE`` true, the same task function runs in this process
    instead (``simulate_event --eager``; never in a web process).
    """
    if getattr(settings, "ARBITER_VERIFY_INLINE", False):
        verify_log = registered_task(VERIFY_LOG)
        verify_log.apply(args=[log_id], kwargs={"force": force, "reason": reason}, throw=True)
        return True
    try:
        app.send_task(VERIFY_LOG, args=[log_id], kwargs={"force": force, "reason": reason})
    except BROKER_ERRORS as exc:
        logger.warning("broker unavailable, log %s stays queued for the sweeper: %s", log_id, exc)
        return False
    GameLog.objects.filter(pk=log_id, state__in=[LogState.QUEUED, LogState.VERIFYING]).update(
        enqueued_at=timezone.now()
    )
    return True


def registered_task(name: str):
    """The task registered under ``name``, its module imported first if this process has not yet
    (a web or management process: the workers' modules are the app's ``include``)."""
    if name not in app.tasks:
        app.loader.import_default_modules()
    return app.tasks[name]


def pending_logs(*, stale_after: timedelta | None = None):
    """Logs that need sending again: queued and never accepted by the broker, queued for longer than
    ``stale_after`` (a lost message), or verifying by a worker whose lease ran out (a dead worker)."""
    now = timezone.now()
    stale_after = (
        stale_after if stale_after is not None else timedelta(seconds=settings.ARBITER_REQUEUE_AFTER_SECONDS)
    )
    cutoff = now - stale_after
    return (
        GameLog.objects.exclude(state__in=FINAL_STATES)
        .filter(
            Q(
                state=LogState.QUEUED,
                enqueued_at__isnull=True,
                created_at__lte=now - min(IN_FLIGHT, stale_after),
            )
            | Q(state=LogState.QUEUED, enqueued_at__lte=cutoff)
            | Q(state=LogState.VERIFYING, lease_until__lt=now)
            # A log taken before leases existed: by its start time, as before.
            | Q(state=LogState.VERIFYING, lease_until__isnull=True, started_at__lte=cutoff)
        )
        .order_by("created_at")
    )


def broker_backlog() -> int | None:
    """Messages waiting in the verification queue (0 if none), or None if the broker is down."""
    try:
        with app.connection_for_write() as conn:
            return conn.default_channel.queue_declare(app.conf.task_default_queue, passive=True).message_count
    except ChannelError:
        return 0  # Redis drops an empty queue's key: nothing waiting
    except BROKER_ERRORS:
        return None


# Reading the queue's messages to find the lost ones costs one LRANGE per priority; past this many
# waiting messages the sweeper does not read them and waits for the queue to drain instead.
READ_QUEUE_UP_TO = 5000


def waiting_log_ids(backlog: int) -> set[int] | None:
    """The logs whose verification message is waiting in the queue, read from Redis; None when they
    cannot be read (another broker, a long queue, Redis gone)."""
    if backlog > READ_QUEUE_UP_TO:
        return None
    try:
        with app.connection_for_write() as conn:
            channel = conn.default_channel
            if not hasattr(channel, "_q_for_pri"):
                return None  # not Redis (the demo's filesystem broker)
            queue = app.conf.task_default_queue
            ids: set[int] = set()
            for priority in channel.priority_steps:
                for raw in channel.client.lrange(channel._q_for_pri(queue, priority), 0, -1):
                    ids.update(_log_ids_of(raw))
            return ids
    except BROKER_ERRORS:
        return None


def _log_ids_of(raw: bytes) -> list[int]:
    try:
        message = json.loads(raw)
        headers = message.get("headers") or {}
        if headers.get("task") not in (VERIFY_LOG,):
            return []
        body = message["body"]
        if message.get("properties", {}).get("body_encoding") == "base64":
            body = base64.b64decode(body)
        args = json.loads(body)[0]
        return [int(args[0])] if args else []
    except (ValueError, KeyError, IndexError, TypeError):
        return []


def requeue_pending(*, limit: int = 1000, stale_after: timedelta | None = None) -> tuple[int, int]:
    """Send every pending log again, oldest first. Returns (sent, failed).

    A log queued long ago whose message is still waiting in the queue is left alone; one whose
    message is not there any more (held by a worker that was killed, or lost with Redis) is sent
    again, even behind a backlog. Where the queue cannot be read, such a log is only re-sent once
    the queue is empty. Logs the broker never accepted are always sent."""
    sent = failed = 0
    pending = pending_logs(stale_after=stale_after)
    exhausted = pending.filter(attempts__gte=settings.ARBITER_MAX_ATTEMPTS)
    for log_id in exhausted.values_list("pk", flat=True)[:limit]:
        give_up(log_id)
    pending = pending.filter(attempts__lt=settings.ARBITER_MAX_ATTEMPTS)
    backlog = broker_backlog()
    if backlog is None:
        return 0, pending.count()
    if backlog:
        waiting = waiting_log_ids(backlog)
        if waiting is None:
            pending = pending.exclude(state=LogState.QUEUED, enqueued_at__isnull=False)
        else:
            pending = pending.exclude(state=LogState.QUEUED, enqueued_at__isnull=False, pk__in=waiting)
    for log_id in pending.values_list("pk", flat=True)[:limit]:
        if enqueue_verification(log_id, reason="sweep"):
            sent += 1
        else:
            failed += 1
            break  # the broker is down: the next sweep will try again
    return sent, failed


def enqueue_reverification(*, game: str | None = None, limit: int | None = None, force: bool = False) -> int:
    """Queue re-verification of stored logs, newest first (see gamelogs.verification), as
    ``workers.tasks.reverify_batch`` tasks of ``ARBITER_REVERIFY_BATCH_SIZE`` logs. Returns how
    many logs were queued."""
    ids = list(logs_to_reverify(game=game, limit=limit, include_current=force).values_list("pk", flat=True))
    size = max(1, settings.ARBITER_REVERIFY_BATCH_SIZE)
    sent = 0
    for start in range(0, len(ids), size):
        batch = ids[start : start + size]
        try:
            # Lowest priority: uploads sent meanwhile are taken first (Redis reads a queue's priority
            # lists in order), so an archive being re-verified never keeps a new log waiting.
            app.send_task(
                REVERIFY_BATCH,
                args=[batch],
                kwargs={"force": force},
                priority=settings.ARBITER_REVERIFY_PRIORITY,
            )
        except BROKER_ERRORS as exc:
            logger.warning("broker unavailable, re-verification stopped after %s log(s): %s", sent, exc)
            break
        sent += len(batch)
    return sent


def enqueue_reverify_sweep(*, game: str | None = None, limit: int | None = None, force: bool = False) -> bool:
    """Ask a worker to run the re-verification sweep (``workers.tasks.reverify_logs``)."""
    try:
        app.send_task(REVERIFY_LOGS, kwargs={"game": game, "limit": limit, "force": force})
    except BROKER_ERRORS as exc:
        logger.warning("broker unavailable, re-verification not queued: %s", exc)
        return False
    return True

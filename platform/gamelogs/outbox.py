"""The effects of a verdict, exactly once: ``log_verified`` receivers inside the verdict's transaction,
and a durable outbox for the ones that fail there.

``run_effects`` runs every receiver inside the caller's transaction (the one that writes the
verdict), in a savepoint. Statistics rows and match results then commit with the verdict or not at
all: a database that goes away between the verdict and its statistics rolls both back and the task
is retried. A receiver that fails for any other reason (a bug, data it cannot store) is rolled back
to the savepoint and leaves a ``VerdictOutbox`` row committed with the verdict; ``complete_pending``
(run by the sweeper) announces that log's current verdict again until every receiver succeeds,
backing off between attempts and alerting staff when a row keeps failing.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.db import InterfaceError, OperationalError, transaction
from django.utils import timezone

from gamelogs.alerts import alert_staff
from gamelogs.models import FINAL_STATES, GameLog, VerdictOutbox
from gamelogs.signals import log_verified

logger = logging.getLogger(__name__)

# The database itself is gone: nothing can be recorded now, the whole task is retried.
CONNECTION_ERRORS = (OperationalError, InterfaceError)
RETRY_BASE = timedelta(seconds=30)
RETRY_MAX = timedelta(hours=1)


def run_effects(game_log: GameLog, verdict: dict) -> bool:
    """Send ``log_verified`` inside the current transaction. Returns True when every receiver
    succeeded; False when one failed and an outbox row now holds the work."""
    failure = _send(game_log, verdict)
    if failure is None:
        return True
    VerdictOutbox.objects.update_or_create(
        log_id=game_log.pk,
        defaults={"last_error": _describe(failure), "next_attempt_at": timezone.now() + RETRY_BASE},
    )
    return False


def complete_pending(*, limit: int = 100) -> tuple[int, int]:
    """Run the receivers of due outbox rows again, each in its own transaction. Returns
    (completed, still failing)."""
    done = failed = 0
    due = VerdictOutbox.objects.filter(next_attempt_at__lte=timezone.now()).values_list("pk", flat=True)
    for row_id in list(due[:limit]):
        if complete(row_id):
            done += 1
        else:
            failed += 1
    return done, failed


def complete(row_id: int) -> bool:
    """One outbox row: announce its log's current verdict; delete the row once that succeeded."""
    with transaction.atomic():
        row = VerdictOutbox.objects.select_for_update(skip_locked=True).filter(pk=row_id).first()
        if row is None:
            return True  # done meanwhile, or another sweeper holds it
        log = GameLog.objects.select_for_update().filter(pk=row.log_id).first()
        if log is not None and log.state in FINAL_STATES and log.verdict:
            failure = _send(log, log.verdict)
            if failure is not None:
                _postpone(row, failure)
                return False
        # Done; or a re-verification is running, whose own verdict brings its own effects.
        row.delete()
        return True


def _send(game_log: GameLog, verdict: dict) -> Exception | None:
    try:
        with transaction.atomic():
            log_verified.send(sender=GameLog, game_log=game_log, verdict=verdict)
    except CONNECTION_ERRORS:
        raise
    except Exception as exc:  # noqa: BLE001 - any receiver's failure is recorded, never lost
        logger.exception("log_verified receivers failed for log %s; the outbox keeps the work", game_log.pk)
        return exc
    return None


def _postpone(row: VerdictOutbox, failure: Exception) -> None:
    row.attempts += 1
    row.last_error = _describe(failure)
    row.next_attempt_at = timezone.now() + min(RETRY_BASE * 2**row.attempts, RETRY_MAX)
    row.save(update_fields=["attempts", "last_error", "next_attempt_at"])
    if row.attempts == settings.ARBITER_MAX_ATTEMPTS:
        alert_staff(
            f"the effects of log {row.log_id}'s verdict keep failing",
            f"statistics and match results of log {row.log_id} failed {row.attempts} times "
            f"({row.last_error}); they are retried at most hourly. See Verdict outbox in the admin.",
        )


def _describe(exc: Exception) -> str:
    return f"{type(exc).__name__}: {exc}"[:2000]

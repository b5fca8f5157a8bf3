"""The effects of a verdict, exactly once: ``log_verified`` receivers inside the verdict's transaction,
and a durable outbox for the ones that fail there.

``run_effects`` runs every receiver inside the caller's transaction (the one that writes the
verdict). Statistics rows and match results then commit with the verdict or not at all: a database
that goes away between the verdict and its statistics rolls both back and the task is retried. A
receiver that fails for any other reason (a bug, data it cannot store) raises ``EffectsFailed``: the
caller rolls back and writes the verdict again with a ``VerdictOutbox`` row instead
(``postpone_effects``; no savepoint costs the common case anything). ``complete_pending`` (run by
the sweeper) announces that log's current verdict again until every receiver succeeds, backing off
between attempts and alerting staff when a row keeps failing.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from functools import lru_cache

from django.conf import settings
from django.db import InterfaceError, OperationalError, connection, transaction
from django.db.models import Exists
from django.utils import timezone

from arbiter_site.prepared import prepared_cursor
from gamelogs.alerts import alert_staff
from gamelogs.models import FINAL_STATES, GameLog, VerdictOutbox
from gamelogs.signals import INTERESTS, log_verified

logger = logging.getLogger(__name__)

# The database itself is gone: nothing can be recorded now, the whole task is retried.
CONNECTION_ERRORS = (OperationalError, InterfaceError)
RETRY_BASE = timedelta(seconds=30)
RETRY_MAX = timedelta(hours=1)


class EffectsFailed(Exception):
    """A ``log_verified`` receiver failed; ``error`` is what it raised."""

    def __init__(self, error: Exception):
        super().__init__(str(error))
        self.error = error


_UNREAD = object()


def run_effects(game_log: GameLog, verdict: dict, *, interested=_UNREAD) -> None:
    """Send ``log_verified`` inside the current transaction. Raises EffectsFailed (the caller rolls
    back and calls ``postpone_effects``) when a receiver fails other than by losing the database.
    ``interested``: the receivers' interest checks, when the caller read them already (in the
    statement that wrote the verdict, gamelogs.verification); read here otherwise."""
    try:
        found = interests(game_log) if interested is _UNREAD else interested
        log_verified.send(sender=GameLog, game_log=game_log, verdict=verdict, interested=found)
    except CONNECTION_ERRORS:
        raise
    except Exception as exc:  # noqa: BLE001 - any receiver's failure is recorded, never lost
        logger.exception("log_verified receivers failed for log %s; the outbox keeps the work", game_log.pk)
        raise EffectsFailed(exc) from exc


def interests(game_log: GameLog) -> dict[str, bool] | None:
    """Which receivers have something to do for this log (``signals.register_interest``), in one
    query; None if none registered a check."""
    checks = interest_checks()
    if not checks:
        return None
    sql, params = interests_query(checks)
    with prepared_cursor() as cursor:
        cursor.execute(sql, [*params, game_log.pk])
        row = cursor.fetchone()
    if row is None:
        return None
    return dict(zip(INTERESTS, map(bool, row), strict=True))


def interest_checks() -> tuple:
    """The registered checks, as (receiver's name, rows for the log) pairs."""
    return tuple(INTERESTS.items())


def interests_query(checks: tuple) -> tuple[str, tuple]:
    """(SQL, parameters) of one row with a boolean column per check, the log's id left for the
    caller to append as the last parameter."""
    sql, params = _interests_query(checks, connection.alias)
    return sql, params[:-1]


_LOG_ID = -4_242_424  # stands for the log's id in the compiled query


@lru_cache(maxsize=8)
def _interests_query(checks: tuple, alias: str) -> tuple[str, tuple]:
    # Compiled once per process: building six subqueries through the ORM cost more than running them.
    exists = {f"interest_{n}": Exists(rows()) for n, (_, rows) in enumerate(checks)}
    query = GameLog.objects.filter(pk=_LOG_ID).annotate(**exists).values_list(*exists).order_by()
    sql, params = query.query.sql_with_params()
    assert params and params[-1] == _LOG_ID, "the log's id is the query's last parameter"  # nosec B101 - a programming invariant, not input validation
    return sql, tuple(params)


def postpone_effects(game_log: GameLog, failed: EffectsFailed) -> None:
    """Leave the effects of ``game_log``'s verdict to the sweeper (inside the verdict's transaction)."""
    VerdictOutbox.objects.update_or_create(
        log_id=game_log.pk,
        defaults={"last_error": _describe(failed.error), "next_attempt_at": timezone.now() + RETRY_BASE},
    )


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
            failed = run_effects_in_savepoint(log, log.verdict)
            if failed is not None:
                _postpone(row, failed.error)
                return False
        # Done; or a re-verification is running, whose own verdict brings its own effects.
        row.delete()
        return True


def run_effects_in_savepoint(game_log: GameLog, verdict: dict) -> EffectsFailed | None:
    """``run_effects`` rolled back to a savepoint if a receiver fails (returned, not raised): for
    callers that write several logs' verdicts in one transaction, and for the sweeper."""
    try:
        with transaction.atomic():
            run_effects(game_log, verdict)
    except EffectsFailed as failed:
        return failed
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

"""Signals other apps subscribe to.

``log_verified`` — sent with ``sender=GameLog`` and kwargs:

    game_log   the gamelogs.models.GameLog with its new verdict (saved, not yet committed)
    verdict    the engine verdict as a JSON-ready dict (``engine.Verdict.to_dict()``)

It is sent from the worker inside the verdict's own transaction (gamelogs.outbox.run_effects), so
what receivers write commits with the verdict or not at all: on the first verdict, and on a
re-verification that decides something new (or any forced one). Receivers must be idempotent (key
their rows on the log id): a receiver that raises rolls every receiver back to a savepoint, the
verdict still commits, and the sweeper sends the signal again from the outbox (VerdictOutbox) until
all succeed. A database connection error instead rolls the verdict back too and the task is
retried. Receivers may not swallow errors they want retried. Tournaments and dashboards use it to
update results and statistics.

The signal also carries ``interested``: {receiver's name: bool} from ``register_interest``, read in
one query before the receivers run (gamelogs.outbox.interests). A receiver whose entry is False
has nothing to do for this log and returns at once; one that finds no entry (None, or its name
missing) looks for itself. Each check is a superset of what the receiver acts on: a True only
means "look".
"""

from collections.abc import Callable

from django.dispatch import Signal

log_verified = Signal()

# name -> a function returning a queryset over the log (``OuterRef("pk")``, ``OuterRef("created_at")``
# …, a GameLog's fields); the log is of interest to that receiver if the queryset has a row.
INTERESTS: dict[str, Callable] = {}


def register_interest(name: str, rows_for_log: Callable) -> None:
    """Let the receiver called ``name`` skip logs for which ``rows_for_log()`` has no row. Every check is read in the same query inside the verdict's transaction (#14: each
    receiver's own "anything for this log?" query was a round trip per verdict)."""
    INTERESTS[name] = rows_for_log


def interested(kwargs: dict, name: str) -> bool:
    """False only if the checks ran and ``name``'s found nothing for this log."""
    found = kwargs.get("interested")
    return found is None or found.get(name, True)

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
"""

from django.dispatch import Signal

log_verified = Signal()

"""Signals other apps subscribe to.

``log_verified`` — sent with ``sender=GameLog`` and kwargs:

    game_log   the gamelogs.models.GameLog, already saved with its new verdict
    verdict    the engine verdict as a JSON-ready dict (``engine.Verdict.to_dict()``)

It is sent from the worker after the verdict is committed (``transaction.on_commit``), once per
verification run: on the first verdict, on every re-verification, and again when a task for an
already-decided log is delivered twice (a worker can die between commit and acknowledgement).
Receivers must therefore be idempotent (key their rows on the log id and
``verdict["engine_version"]``). It is sent with ``send_robust``: a failing receiver is logged and
never undoes the verdict. Tournaments and dashboards use it to update results and statistics.
"""

from django.dispatch import Signal

log_verified = Signal()

"""The ``log_verified`` receiver: store a verdict's statistics, then have the summaries refreshed.

Connected in ``MetaConfig.ready``. It runs in the worker process inside the verdict's own transaction
(``gamelogs.outbox``): the stat rows commit with the verdict or not at all. If it raises, the verdict
commits without its effects and the outbox runs the receivers again (``dashboards.freshness`` sends the
refresh once that transaction has committed).
"""

from __future__ import annotations

from django.db.models import OuterRef

from dashboards import ingest
from dashboards import models as m
from dashboards.freshness import touched_changed
from gamelogs.signals import interested, register_interest


def on_log_verified(sender, game_log, verdict: dict, **kwargs) -> None:
    earlier = interested(kwargs, "dashboards.rows") or interested(kwargs, "dashboards.rejection")
    touched_changed(ingest.store_verdict(game_log, verdict, earlier=earlier))


def register_interests() -> None:
    """An earlier verdict's rows to replace: read only for a log that has some (#14)."""
    register_interest("dashboards.rows", lambda: m.GameStat.objects.filter(game_log_id=OuterRef("pk")))
    register_interest(
        "dashboards.rejection", lambda: m.StatisticsRejection.objects.filter(game_log_id=OuterRef("pk"))
    )

"""Celery tasks that keep the meta summaries fresh. Thin: the work is in ``dashboards.summaries``.

``refresh_meta_summaries`` is enqueued by the ``log_verified`` receiver after a log's stat rows
change; it re-aggregates only the (game, day) buckets that log touched, so it stays cheap at any
archive size. It is idempotent (delete + re-insert of whole buckets) and safe to run twice.
"""

from __future__ import annotations

import datetime as dt

from django.db import InterfaceError, OperationalError

from dashboards import summaries
from workers.celery import app

REFRESH_META_SUMMARIES = "dashboards.tasks.refresh_meta_summaries"


@app.task(acks_late=True, autoretry_for=(OperationalError, InterfaceError), retry_backoff=2, max_retries=5)
def refresh_meta_summaries(game: str, days: list[str]) -> int:
    """Re-aggregate ``game``'s summaries for the ISO ``days`` given; returns how many days."""
    return summaries.refresh_buckets(game, [dt.date.fromisoformat(d) for d in days])


@app.task(acks_late=True, autoretry_for=(OperationalError, InterfaceError), retry_backoff=5, max_retries=3)
def rebuild_meta_summaries() -> None:
    """Rebuild every summary from the stat rows (after a bulk load or a summary schema change)."""
    summaries.rebuild_all()

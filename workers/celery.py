"""The Celery app. Broker from CELERY_BROKER_URL (Redis in production, kombu's filesystem
transport in the one-machine demo); no result backend: tasks write verdicts into PostgreSQL."""

from celery import Celery
from celery.signals import task_postrun

app = Celery("arbiter", include=["workers.tasks"])
app.config_from_object("django.conf:settings", namespace="CELERY")

# Task names, for code that enqueues without importing the task module (the web process).
VERIFY_LOG = "workers.tasks.verify_log"
SWEEP_PENDING = "workers.tasks.sweep_pending"
REVERIFY_LOGS = "workers.tasks.reverify_logs"
REVERIFY_BATCH = "workers.tasks.reverify_batch"


@task_postrun.connect
def drop_broken_connections(task=None, **kwargs) -> None:
    """Workers keep their database connection across tasks (CELERY_DB_REUSE_MAX: Celery's Django
    fix-up would otherwise open a new one per task). Drop one a task left broken or older than
    CONN_MAX_AGE, so that a database restart costs one retried task, not a broken worker."""
    from django.db import connections

    if task is not None and getattr(task.request, "is_eager", False):
        return  # run in the caller's process (tests, inline runs): its connection is not ours
    for connection in connections.all(initialized_only=True):
        if not connection.in_atomic_block:
            connection.close_if_unusable_or_obsolete()

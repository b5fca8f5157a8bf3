"""The Celery app as the worker processes run it: the project's app (arbiter_site.celery) with the
workers' own tunings: connections kept across tasks, commits without waiting for the disk."""

from celery.signals import task_postrun, worker_init, worker_process_init

from arbiter_site.celery import app

# Task names, for code that enqueues without importing the task module (the web process).
from gamelogs.task_names import REVERIFY_BATCH, REVERIFY_LOGS, SWEEP_PENDING, VERIFY_LOG
from workers.liveness import Heartbeat

__all__ = ["REVERIFY_BATCH", "REVERIFY_LOGS", "SWEEP_PENDING", "VERIFY_LOG", "app"]

# The heartbeat the deployment's liveness checks read (workers.liveness).
app.steps["consumer"].add(Heartbeat)


@task_postrun.connect
def drop_broken_connections(task=None, **kwargs) -> None:
    """Workers keep their database connection across tasks (CELERY_DB_REUSE_MAX: Celery's Django
    fix-up would otherwise open a new one per task). Drop one a task left broken or older than
    CONN_MAX_AGE, so that a database restart costs one retried task, not a broken worker; keep one
    that answered without an error, unchecked until a statement of the next task fails."""
    from django.db import connections

    if task is not None and getattr(task.request, "is_eager", False):
        return  # run in the caller's process (tests, inline runs): its connection is not ours
    for connection in connections.all(initialized_only=True):
        if not connection.in_atomic_block:
            connection.close_if_unusable_or_obsolete()
            if connection.connection is not None and not connection.errors_occurred:
                # It answered this task without an error: the next task does not ask it first
                # (CONN_HEALTH_CHECKS' "SELECT 1", a round trip per task). A server that went away
                # meanwhile fails the next task's first statement, which marks the connection
                # broken: the task is retried and the connection dropped here.
                connection.health_check_done = True


@worker_init.connect
@worker_process_init.connect
def commit_without_waiting_for_the_disk(**kwargs) -> None:
    """Worker connections commit with ``synchronous_commit = off`` (ARBITER_WORKER_SYNCHRONOUS_COMMIT).

    Waiting for the WAL flush costs about 6 ms per commit on the development machine, more than the
    engine spends on a log. Without it, a crash of PostgreSQL itself (not of a worker) can forget
    the last fraction of a second of verdicts, never half of one: a verdict and its effects share
    one transaction, and the log falls back to queued or verifying, so the sweeper sends it again
    when its lease runs out. Uploads are committed by the web processes, which keep waiting."""
    from django.conf import settings
    from django.db.backends.signals import connection_created

    if getattr(settings, "ARBITER_WORKER_SYNCHRONOUS_COMMIT", "on") != "off":
        return
    connection_created.connect(set_asynchronous_commit, dispatch_uid="workers.asynchronous_commit")


def set_asynchronous_commit(sender, connection, **kwargs) -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SET synchronous_commit TO off")


@worker_init.connect
@worker_process_init.connect
def plan_prepared_statements_once(**kwargs) -> None:
    """Worker connections run the verdict's prepared statements (``arbiter_site.prepared``) on a plan
    made once, not planned again at every verdict.

    PostgreSQL keeps planning a prepared statement for its parameters ("custom plans") while the plan
    it would keep for any parameters looks costlier; the statement that stores a verdict's stat rows
    (``dashboards.onestatement``) always looked so, since the row counts it draws ids for are
    parameters, and its planning was about half a millisecond of PostgreSQL's time per verdict (#25).
    Only prepared statements follow this setting (Django plans its own queries every time), and the
    worker's all read or write a few rows by key, for which one plan fits every parameter."""
    from django.db.backends.signals import connection_created

    connection_created.connect(set_generic_plans, dispatch_uid="workers.generic_plans")


def set_generic_plans(sender, connection, **kwargs) -> None:
    from arbiter_site.prepared import enabled

    if connection.vendor == "postgresql" and enabled():
        with connection.cursor() as cursor:
            cursor.execute("SET plan_cache_mode TO force_generic_plan")

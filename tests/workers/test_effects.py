"""The effects of a verdict (statistics rows, match results) happen exactly once: in the verdict's
own transaction, or from the outbox a sweeper completes. And a verdict costs one transaction that
never writes the raw upload again."""

import json
import logging
from datetime import timedelta

import psycopg
import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

import dashboards.ingest
from dashboards.models import GameStat
from gamelogs import outbox, verification
from gamelogs.models import GameLog, LogVerification, VerdictOutbox
from gamelogs.services import submit_log
from gamelogs.signals import log_verified
from tests.support.logs import legal_simulated_log
from workers import tasks


@pytest.fixture
def legal_log(user):
    log, verdict = legal_simulated_log(first_seed=4)
    return submit_log(user, json.dumps(log).encode()).log


def kill_this_connection() -> None:
    """Terminate the Django connection's PostgreSQL session from outside, as a restart would."""
    params = connection.get_connection_params()
    pid = connection.connection.info.backend_pid
    with psycopg.connect(
        dbname=params.get("dbname"), user=params.get("user"), host=params.get("host"),
        port=params.get("port"), password=params.get("password"), autocommit=True,
    ) as admin:  # fmt: skip
        admin.execute("SELECT pg_terminate_backend(%s)", [pid])


@pytest.mark.django_db(transaction=True)
def test_a_database_killed_between_verdict_and_statistics_loses_nothing(legal_log, monkeypatch):
    real_store = dashboards.ingest.store_verdict
    kills = []

    def store_after_an_outage(game_log, verdict, **kwargs):
        if not kills:
            kills.append(game_log.pk)
            kill_this_connection()  # the verdict row is written, its statistics are next
        return real_store(game_log, verdict, **kwargs)

    monkeypatch.setattr(dashboards.ingest, "store_verdict", store_after_an_outage)
    assert tasks.verify_log.apply(args=[legal_log.pk]).get() == "legal"
    assert kills == [legal_log.pk]
    log = GameLog.objects.get(pk=legal_log.pk)
    assert log.state == "legal" and log.attempts == 2  # the retry is a second hand-out
    assert GameStat.objects.filter(game_log=log).count() == 1
    assert LogVerification.objects.filter(log=log).count() == 1
    assert not VerdictOutbox.objects.exists()


@pytest.fixture
def failing_receiver(request):
    """A log_verified receiver that fails while ``broken`` holds True."""
    state = {"broken": True, "calls": 0}

    def receiver(sender, game_log, verdict, **kwargs):
        state["calls"] += 1
        if state["broken"]:
            raise RuntimeError("match results service is confused")

    log_verified.connect(receiver, weak=False, dispatch_uid="tests.failing_receiver")
    request.addfinalizer(lambda: log_verified.disconnect(dispatch_uid="tests.failing_receiver"))
    return state


@pytest.mark.django_db
def test_a_failing_receiver_leaves_the_work_in_the_outbox_and_the_sweeper_completes_it(
    legal_log, failing_receiver
):
    assert tasks.verify_log.apply(args=[legal_log.pk]).get() == "legal"  # the verdict stands
    row = VerdictOutbox.objects.get(log=legal_log)
    assert "RuntimeError: match results service is confused" in row.last_error
    assert not GameStat.objects.filter(game_log=legal_log).exists()  # all effects or none

    assert outbox.complete_pending() == (0, 0)  # not due yet
    VerdictOutbox.objects.update(next_attempt_at=timezone.now())
    assert outbox.complete_pending() == (0, 1)
    row.refresh_from_db()
    assert row.attempts == 1 and row.next_attempt_at > timezone.now()

    failing_receiver["broken"] = False
    VerdictOutbox.objects.update(next_attempt_at=timezone.now())
    assert tasks.sweep_pending.apply().get()["effects_done"] == 1
    assert not VerdictOutbox.objects.exists()
    assert GameStat.objects.filter(game_log=legal_log).count() == 1


@pytest.mark.django_db
def test_effects_that_keep_failing_alert_staff_once(legal_log, failing_receiver, caplog):
    caplog.set_level(logging.ERROR, logger="arbiter.alerts")
    tasks.verify_log.apply(args=[legal_log.pk])
    for _ in range(settings.ARBITER_MAX_ATTEMPTS + 1):
        VerdictOutbox.objects.update(next_attempt_at=timezone.now())
        outbox.complete_pending()
    alerts = [r.getMessage() for r in caplog.records if r.name == "arbiter.alerts"]
    assert len(alerts) == 1 and f"log {legal_log.pk}" in alerts[0]
    assert VerdictOutbox.objects.get().attempts == settings.ARBITER_MAX_ATTEMPTS + 1


@pytest.mark.django_db
def test_a_verdict_is_one_transaction_that_reads_the_upload_once_and_never_writes_it(legal_log):
    with CaptureQueriesContext(connection) as queries:
        assert verification.verify_stored_log(legal_log.pk) == "legal"
    statements = [q["sql"] for q in queries.captured_queries]
    # Statements that read a column of the log's row or write it (a join through the log to its
    # statistics rows reads none of the log's own columns).
    on_logs = [
        s
        for s in statements
        if ("gamelogs_gamelog" in s.split(" SET ", 1)[0] and "UPDATE" in s.split(" SET ", 1)[0])
        or '"gamelogs_gamelog".' in s.split(" FROM ", 1)[0]
    ]
    # The lease is taken and the upload read in one statement; the verdict is one UPDATE without
    # the upload, which also adds its history row (#14), inside one transaction (a savepoint in the
    # test's own) with its statistics.
    assert on_logs[0].startswith("UPDATE gamelogs_gamelog SET state")
    assert '"content"' in on_logs[0].split(" RETURNING ", 1)[1]
    assert len(on_logs) == 2 and 'UPDATE "gamelogs_gamelog" SET' in on_logs[1]
    assert 'INSERT INTO "gamelogs_logverification"' in on_logs[1]
    assert '"content"' not in on_logs[1]
    assert statements[1].startswith("SAVEPOINT") and statements[-1].startswith("RELEASE SAVEPOINT")
    assert sum(s.startswith("SAVEPOINT") for s in statements[:4]) == 1
    assert any('INSERT INTO "dashboards_gamestat"' in s for s in statements[2:-1])  # inside the savepoint


def test_workers_keep_their_database_connection_across_tasks():
    from workers.celery import app

    assert app.conf.get("CELERY_DB_REUSE_MAX") == settings.CELERY_DB_REUSE_MAX >= 100


@pytest.mark.django_db
def test_outbox_rows_of_logs_being_verified_again_are_dropped(legal_log, failing_receiver):
    tasks.verify_log.apply(args=[legal_log.pk])
    GameLog.objects.filter(pk=legal_log.pk).update(state="verifying")
    VerdictOutbox.objects.update(next_attempt_at=timezone.now() - timedelta(seconds=1))
    assert outbox.complete_pending() == (1, 0) and not VerdictOutbox.objects.exists()


@pytest.mark.django_db
def test_worker_connections_commit_without_waiting_for_the_disk(settings):
    from django.db.backends.signals import connection_created

    from workers import celery as worker_app

    def connected():
        return any(entry[0][0] == "workers.asynchronous_commit" for entry in connection_created.receivers)

    try:
        settings.ARBITER_WORKER_SYNCHRONOUS_COMMIT = "on"
        worker_app.commit_without_waiting_for_the_disk()
        assert not connected()
        settings.ARBITER_WORKER_SYNCHRONOUS_COMMIT = "off"
        worker_app.commit_without_waiting_for_the_disk()
        assert connected()
        worker_app.set_asynchronous_commit(None, connection)
        with connection.cursor() as cursor:
            cursor.execute("SHOW synchronous_commit")
            assert cursor.fetchone()[0] == "off"
    finally:
        connection_created.disconnect(dispatch_uid="workers.asynchronous_commit")
        with connection.cursor() as cursor:
            cursor.execute("SET synchronous_commit TO on")

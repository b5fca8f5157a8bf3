"""workers.tasks run in-process (no broker): verification, idempotency, retries, history, signal."""

import importlib
import json

import pytest
from django.db import OperationalError

import engine
from gamelogs import verification
from gamelogs.models import GameLog, LogState, LogVerification
from gamelogs.services import submit_log
from gamelogs.signals import log_verified
from tests.support.logs import legal_simulated_log, with_die_of_seven
from workers import tasks
from workers.celery import app

pytestmark = pytest.mark.django_db


@pytest.fixture
def legal_log(user):
    log, verdict = legal_simulated_log()
    return submit_log(user, json.dumps(log).encode()).log, verdict


@pytest.fixture
def received(request):
    """The log_verified signals sent, as (log id, verdict status)."""
    calls = []

    def receiver(sender, game_log, verdict, **kwargs):
        calls.append((game_log.pk, verdict["status"]))

    log_verified.connect(receiver)
    request.addfinalizer(lambda: log_verified.disconnect(receiver))
    return calls


def test_task_options_make_delivery_safe():
    assert tasks.verify_log.acks_late is True
    assert tasks.verify_log.reject_on_worker_lost is True
    assert app.conf.worker_prefetch_multiplier == 1
    assert app.conf.task_acks_late is True
    assert app.conf.task_always_eager is False
    visibility = app.conf.broker_transport_options["visibility_timeout"]
    assert visibility > app.conf.task_time_limit


def test_legal_log_is_verified_with_result_and_statistics(
    legal_log, received, django_capture_on_commit_callbacks
):
    log, expected = legal_log
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.verify_log.apply(args=[log.pk]).get() == "legal"
    log.refresh_from_db()
    assert log.state == LogState.LEGAL and log.verified_at and log.attempts == 1
    assert log.summary == expected.summary() and log.summary.startswith("LEGAL")
    assert log.result == expected.result and log.statistics == expected.statistics
    assert log.engine_version == engine.ENGINE_VERSION
    assert log.content_pack_sha == expected.content_pack["sha256"]
    assert log.result_winner == (expected.result["winner"] or "")
    assert log.events_verified == log.events_total == len(json.loads(log.raw_bytes())["events"])
    history = LogVerification.objects.get(log=log)
    assert history.status == "legal" and history.changed is False and history.reason == "upload"
    assert received == [(log.pk, "legal")]


def test_illegal_log_records_the_first_bad_event(user, django_capture_on_commit_callbacks):
    log_doc, _ = legal_simulated_log()
    mutated, index = with_die_of_seven(log_doc)
    log = submit_log(user, json.dumps(mutated).encode()).log
    assert tasks.verify_log.apply(args=[log.pk]).get() == "illegal"
    log.refresh_from_db()
    assert log.error_event_index == index
    assert log.error_rule == engine.verify(mutated).error.rule and log.error_rule
    assert log.error["message"] and log.result is None


def test_unreadable_verdict_for_a_log_that_passes_the_envelope_only(stored_log):
    assert tasks.verify_log.apply(args=[stored_log.pk]).get() in ("unreadable", "illegal")
    stored_log.refresh_from_db()
    assert stored_log.is_final and stored_log.error_rule


def test_second_delivery_does_not_verify_again(
    legal_log, received, monkeypatch, django_capture_on_commit_callbacks
):
    log, _ = legal_log
    with django_capture_on_commit_callbacks(execute=True):
        tasks.verify_log.apply(args=[log.pk])
    monkeypatch.setattr(engine, "verify", lambda *a, **k: pytest.fail("verified twice"))
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.verify_log.apply(args=[log.pk]).get() == verification.ALREADY_VERIFIED
    assert LogVerification.objects.filter(log=log).count() == 1
    # The effects were committed with the verdict: a repeated delivery has nothing to announce.
    assert received == [(log.pk, "legal")]


def test_only_one_of_two_racing_workers_writes(legal_log):
    log, expected = legal_log
    verdict = expected.to_dict()
    assert verification.record_verdict(log.pk, verdict, reason="upload", force=False) == "legal"
    assert (
        verification.record_verdict(log.pk, verdict, reason="upload", force=False)
        == verification.ALREADY_VERIFIED
    )
    assert LogVerification.objects.filter(log=log).count() == 1


def test_missing_log_is_not_an_error():
    assert tasks.verify_log.apply(args=[987654]).get() == verification.MISSING


def test_infrastructure_errors_are_retried_with_backoff(stored_log, monkeypatch):
    calls = []

    def flaky(*args, **kwargs):
        calls.append(1)
        if len(calls) < 3:
            raise OperationalError("server closed the connection unexpectedly")
        return "legal"

    monkeypatch.setattr(verification, "verify_stored_log", flaky)
    assert tasks.verify_log.apply(args=[stored_log.pk]).get() == "legal"
    assert len(calls) == 3
    assert tasks.verify_log.retry_backoff and tasks.verify_log.max_retries == 8


def test_a_verdict_is_never_retried(user, monkeypatch):
    log_doc, _ = legal_simulated_log()
    mutated, _ = with_die_of_seven(log_doc)
    log = submit_log(user, json.dumps(mutated).encode()).log
    calls = []
    real = engine.verify
    monkeypatch.setattr(engine, "verify", lambda data, **options: calls.append(1) or real(data, **options))
    result = tasks.verify_log.apply(args=[log.pk])
    assert result.get() == "illegal" and result.state == "SUCCESS" and len(calls) == 1


def test_engine_defect_becomes_a_verdict_not_a_crash(stored_log, monkeypatch):
    def broken(data):
        raise KeyError("boom")

    monkeypatch.setattr(engine, "verify", broken)
    assert tasks.verify_log.apply(args=[stored_log.pk]).get() == "unreadable"
    stored_log.refresh_from_db()
    assert stored_log.error_rule == "ENGINE-DEFECT"


def test_time_limit_is_recorded_as_a_verdict(stored_log, monkeypatch):
    from celery.exceptions import SoftTimeLimitExceeded

    def slow(data, **options):
        raise SoftTimeLimitExceeded()

    monkeypatch.setattr(engine, "verify", slow)
    assert tasks.verify_log.apply(args=[stored_log.pk]).get() == "unreadable"
    stored_log.refresh_from_db()
    assert stored_log.error_rule == "PLATFORM-TIMEOUT"


def test_worker_that_died_mid_task_is_taken_over(legal_log):
    log, _ = legal_log
    GameLog.objects.filter(pk=log.pk).update(state=LogState.VERIFYING, attempts=1)
    assert tasks.verify_log.apply(args=[log.pk]).get() == "legal"
    log.refresh_from_db()
    assert log.attempts == 2 and LogVerification.objects.filter(log=log).count() == 1


def test_sweep_task_reports_what_it_sent(stored_log, published):
    from datetime import timedelta

    from django.utils import timezone

    GameLog.objects.filter(pk=stored_log.pk).update(created_at=timezone.now() - timedelta(minutes=5))
    assert tasks.sweep_pending.apply().get() == {
        "sent": 1,
        "failed": 0,
        "effects_done": 0,
        "effects_failing": 0,
    }


def test_progress_is_written_while_verifying_and_the_verdict_has_the_final_count(legal_log, monkeypatch):
    log, expected = legal_log
    seen = []
    real_writer = verification.progress_writer

    def recording_writer(log_id, interval=0.5):
        write = real_writer(log_id, interval=0)

        def report(done, total):
            write(done, total)
            seen.append(GameLog.objects.values_list("state", "events_verified").get(pk=log_id))

        return report

    monkeypatch.setattr(verification, "progress_writer", recording_writer)
    monkeypatch.setattr(importlib.import_module("engine.verify"), "PROGRESS_EVERY", 20)
    assert tasks.verify_log.apply(args=[log.pk]).get() == "legal"
    total = len(json.loads(bytes(log.content))["events"])
    assert seen[:2] == [(LogState.VERIFYING, 20), (LogState.VERIFYING, 40)]
    assert seen[-1] == (LogState.VERIFYING, seen[-2][1])  # the last report leaves the count to the verdict
    log.refresh_from_db()
    assert log.state == LogState.LEGAL and log.events_verified == total


def test_progress_is_not_written_once_the_log_is_final(stored_log):
    stored_log.state = LogState.LEGAL
    stored_log.events_verified = 7
    stored_log.save()
    verification.progress_writer(stored_log.pk, interval=0)(3, 10)
    stored_log.refresh_from_db()
    assert stored_log.events_verified == 7


def test_the_stored_verdict_is_the_engines_to_dict():
    """verification.verdict_dict skips to_dict's deep copy; it must give the same document."""
    log_doc, legal = legal_simulated_log()
    illegal = engine.verify(with_die_of_seven(log_doc)[0])
    unreadable = engine.verify(b'{"a": NaN}')
    for verdict in (legal, illegal, unreadable):
        assert verification.verdict_dict(verdict) == verdict.to_dict()
        assert json.dumps(verification.verdict_dict(verdict), sort_keys=True) == json.dumps(
            verdict.to_dict(), sort_keys=True
        )


@pytest.mark.django_db(transaction=True)
def test_a_connection_that_answered_the_last_task_is_not_asked_select_1_by_the_next():
    from django.db import connection

    from workers.celery import drop_broken_connections

    connection.ensure_connection()
    connection.close_at = None  # not older than CONN_MAX_AGE (a slow test setup could make it so)
    drop_broken_connections()
    assert connection.connection is not None and connection.health_check_done
    asked = []
    real_is_usable = connection.is_usable
    connection.is_usable = lambda: asked.append(1) or real_is_usable()
    try:
        GameLog.objects.exists()
    finally:
        del connection.is_usable
    assert asked == []


@pytest.mark.django_db(transaction=True)
def test_a_connection_a_task_left_broken_is_dropped_after_it():
    from django.db import connection

    from workers.celery import drop_broken_connections

    connection.ensure_connection()
    connection.errors_occurred = True
    connection.is_usable = lambda: False
    try:
        drop_broken_connections()
    finally:
        del connection.is_usable
    assert connection.connection is None

"""Every accepted log reaches a verdict or a terminal verdict with a reason, never a retry loop.

The triggers of the "logs that never get a verdict" report, one test each: NaN/Infinity in a stored
upload, NUL and lone surrogates quoted by a verdict, a verdict PostgreSQL refuses, and a log that keeps
failing (the attempt cap). Leases: a log whose worker is alive is not taken twice; one whose worker died
is taken over and re-sent."""

import hashlib
import json
import logging
import re
from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

import engine
from gamelogs import queue, verification
from gamelogs.models import GameLog, LogState, LogVerification
from gamelogs.services import submit_log
from tests.support.logs import legal_simulated_log
from workers import tasks

pytestmark = pytest.mark.django_db


def store_raw(user, text: str) -> GameLog:
    """A log stored before strict JSON was enforced at upload (straight into the table)."""
    data = text.encode("utf-8", "surrogatepass")
    return GameLog.objects.create(
        uploader=user, sha256=hashlib.sha256(data).hexdigest(), game="motu-battleground", size=len(data),
        content=data, events_total=1,
    )  # fmt: skip


@pytest.fixture
def alerts(caplog):
    caplog.set_level(logging.ERROR, logger="arbiter.alerts")
    return lambda: [r.getMessage() for r in caplog.records if r.name == "arbiter.alerts"]


@pytest.mark.parametrize("token", ["NaN", "Infinity", "-Infinity"])
def test_a_stored_log_with_a_non_finite_number_gets_a_storable_verdict(user, token):
    log_doc, _ = legal_simulated_log()
    text, count = re.subn(r'"facing": -?\d+', f'"facing": {token}', json.dumps(log_doc), count=1)
    assert count == 1
    log = store_raw(user, text)
    assert tasks.verify_log.apply(args=[log.pk]).get() == "unreadable"
    log.refresh_from_db()
    assert log.error_rule == "LOG-1.3" and f"{token} is not a JSON number" in log.summary
    assert LogVerification.objects.filter(log=log, status="unreadable").count() == 1


def fake_illegal_verdict(event: dict):
    def verify(data, **options):
        return engine.Verdict(
            status="illegal",
            engine_version=engine.ENGINE_VERSION,
            game="motu-battleground",
            ruleset_version=engine.ruleset_version("motu-battleground"),
            error=engine.Violation(
                rule="BG-4.1", message=f"cannot move to {event.get('to')}", event_index=0, event=event
            ),
        )

    return verify


def test_a_verdict_quoting_unstorable_values_is_stored_with_them_replaced(stored_log, monkeypatch):
    event = {"type": "move", "facing": float("nan"), "range": float("-inf"), "to": "a\x00b", "who": "\ud800x"}
    monkeypatch.setattr(engine, "verify", fake_illegal_verdict(event))
    assert tasks.verify_log.apply(args=[stored_log.pk]).get() == "illegal"
    stored = GameLog.objects.get(pk=stored_log.pk)  # read back from PostgreSQL
    assert stored.error["event"] == {
        "type": "move",
        "facing": None,
        "range": None,
        "to": "a\ufffdb",
        "who": "\ufffdx",
    }
    assert stored.summary == "ILLEGAL at event 0: cannot move to a\ufffdb (BG-4.1)"


def test_a_verdict_postgresql_refuses_ends_in_a_terminal_verdict_not_a_retry(stored_log, monkeypatch, alerts):
    # Without the storable_with_text() guard the verdict reaches PostgreSQL as it is and is refused (DataError).
    monkeypatch.setattr(verification, "storable_with_text", lambda verdict: (verdict, None))
    monkeypatch.setattr(engine, "verify", fake_illegal_verdict({"type": "move", "to": "a\x00b"}))
    result = tasks.verify_log.apply(args=[stored_log.pk])
    assert result.state == "SUCCESS" and result.get() == "unreadable"
    stored_log.refresh_from_db()
    assert stored_log.error_rule == "PLATFORM-UNSTORABLE" and "staff have been told" in stored_log.summary
    assert LogVerification.objects.get(log=stored_log).reason == "unstorable"
    assert any(f"log {stored_log.pk} could not be stored" in line for line in alerts())


def test_a_log_that_used_every_attempt_is_given_up_by_the_task(stored_log, monkeypatch, alerts):
    GameLog.objects.filter(pk=stored_log.pk).update(attempts=settings.ARBITER_MAX_ATTEMPTS)
    monkeypatch.setattr(engine, "verify", lambda *a, **k: pytest.fail("verified a log given up on"))
    assert tasks.verify_log.apply(args=[stored_log.pk]).get() == "unreadable"
    stored_log.refresh_from_db()
    assert stored_log.is_final and stored_log.error_rule == "PLATFORM-GAVE-UP"
    assert f"after {settings.ARBITER_MAX_ATTEMPTS} attempts" in stored_log.summary
    assert LogVerification.objects.get(log=stored_log).reason == "gave-up"
    assert any(f"log {stored_log.pk} given up" in line for line in alerts())


def test_the_sweeper_gives_up_instead_of_sending_a_log_forever(stored_log, published, alerts):
    long_ago = timezone.now() - timedelta(hours=1)
    GameLog.objects.filter(pk=stored_log.pk).update(
        state=LogState.VERIFYING,
        started_at=long_ago,
        lease_until=long_ago,
        attempts=settings.ARBITER_MAX_ATTEMPTS,
    )
    assert queue.requeue_pending() == (0, 0)
    assert published == []
    stored_log.refresh_from_db()
    assert stored_log.state == LogState.UNREADABLE and stored_log.error_rule == "PLATFORM-GAVE-UP"
    assert len(alerts()) == 1
    assert queue.requeue_pending() == (0, 0) and len(alerts()) == 1  # terminal: not given up twice


def test_each_hand_out_counts_as_an_attempt_until_the_cap(user, published, monkeypatch):
    log_doc, _ = legal_simulated_log()
    log = submit_log(user, json.dumps(log_doc).encode()).log

    def worker_dies(data, **options):
        raise SystemExit("killed")  # not an exception the task handles: the message is left unfinished

    monkeypatch.setattr(engine, "verify", worker_dies)
    for attempt in range(1, settings.ARBITER_MAX_ATTEMPTS + 1):
        with pytest.raises(SystemExit):
            verification.verify_stored_log(log.pk, owner=f"task-{attempt}")
        GameLog.objects.filter(pk=log.pk).update(lease_until=timezone.now() - timedelta(seconds=1))
        log.refresh_from_db()
        assert log.attempts == attempt and log.state == LogState.VERIFYING
    assert queue.requeue_pending() == (0, 0)
    log.refresh_from_db()
    assert log.error_rule == "PLATFORM-GAVE-UP"


def test_a_log_held_by_a_live_worker_is_not_taken_twice(stored_log, monkeypatch):
    assert verification.take_lease(stored_log.pk, "first")
    monkeypatch.setattr(
        engine, "verify", lambda *a, **k: pytest.fail("verified while another worker holds it")
    )
    assert tasks.verify_log.apply(args=[stored_log.pk]).get() == verification.LEASED
    stored_log.refresh_from_db()
    assert stored_log.attempts == 1 and stored_log.lease_owner == "first"


def test_a_retry_of_the_same_task_takes_its_own_lease_back(stored_log):
    assert verification.take_lease(stored_log.pk, "task-1")
    assert verification.take_lease(stored_log.pk, "task-1")
    assert not verification.take_lease(stored_log.pk, "task-2")


def test_a_dead_workers_lease_runs_out_and_the_sweeper_sends_the_log_again(stored_log, published):
    GameLog.objects.filter(pk=stored_log.pk).update(enqueued_at=timezone.now())
    assert verification.take_lease(stored_log.pk, "dead")
    assert queue.requeue_pending() == (0, 0)  # the holder may still be working
    GameLog.objects.filter(pk=stored_log.pk).update(lease_until=timezone.now() - timedelta(seconds=1))
    assert queue.requeue_pending() == (1, 0)
    assert published[0]["args"] == [stored_log.pk]
    assert tasks.verify_log.apply(args=[stored_log.pk]).get() in ("unreadable", "illegal")
    stored_log.refresh_from_db()
    assert stored_log.attempts == 2 and stored_log.lease_until is None and stored_log.lease_owner == ""


def test_progress_renews_the_lease(stored_log):
    assert verification.take_lease(stored_log.pk, "slow")
    GameLog.objects.filter(pk=stored_log.pk).update(lease_until=timezone.now() + timedelta(seconds=1))
    verification.progress_writer(stored_log.pk, interval=0)(5, 100)
    stored_log.refresh_from_db()
    assert stored_log.events_verified == 5
    assert stored_log.lease_until > timezone.now() + timedelta(seconds=settings.ARBITER_LEASE_SECONDS - 5)


def test_recovery_settings_are_consistent():
    """A dead worker's log is re-sent within a minute, a lost message within two, and Redis's own
    re-delivery never runs a slow verification twice."""
    sweep = settings.CELERY_BEAT_SCHEDULE["requeue-pending-logs"]["schedule"]
    assert settings.ARBITER_LEASE_SECONDS + sweep <= 60
    assert settings.ARBITER_REQUEUE_AFTER_SECONDS + sweep <= 120
    assert settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"] > settings.CELERY_TASK_TIME_LIMIT
    assert settings.ARBITER_LEASE_SECONDS > 2 * verification.PROGRESS_INTERVAL_S

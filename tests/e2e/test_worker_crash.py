"""A worker killed in the middle of a verification loses nothing: the message was not yet
acknowledged, Redis gives it to the next worker, and the log ends with one verdict. With the default
(long) visibility timeout, the lease brings the log back sooner: the sweeper re-sends it once the dead
worker's lease has run out."""

import json
import sys
import time

import pytest

from gamelogs import queue
from gamelogs.models import GameLog, LogVerification
from tests.support.logs import legal_simulated_log
from tests.support.waiting import wait_for
from tests.support.workers import WorkerProcess, purge_queue

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.postgres,
    pytest.mark.redis,
    pytest.mark.django_db(transaction=True),
]


def test_killed_worker_loses_nothing(token_client):
    purge_queue()
    slow = WorkerProcess(
        "slow", launcher=[sys.executable, "-m", "tests.e2e.slow_worker"], SLOW_VERIFY_SECONDS="120"
    )
    slow.start()
    replacement = None
    try:
        log, _ = legal_simulated_log(first_seed=11)
        response = token_client.post(
            "/api/logs/", data=json.dumps(log).encode(), content_type="application/json"
        )
        log_id = response.json()["id"]
        wait_for(
            lambda: GameLog.objects.get(pk=log_id).state == "verifying",
            timeout=30,
            message="the slow worker to start",
        )

        slow.kill()  # SIGKILL mid-task: no acknowledgement, no clean-up
        assert GameLog.objects.get(pk=log_id).state == "verifying"

        # Redis hands unacknowledged messages back after the visibility timeout (short here).
        replacement = WorkerProcess(
            "replacement",
            ARBITER_VISIBILITY_TIMEOUT="2",
            ARBITER_UNACKED_RESTORE_INTERVAL="1",
            ARBITER_UNACKED_RESTORE_THROTTLE="1",
        ).start()
        wait_for(
            lambda: GameLog.objects.get(pk=log_id).state == "legal",
            timeout=60,
            message="the message to be re-delivered",
        )
        stored = GameLog.objects.get(pk=log_id)
        assert stored.attempts == 2
        assert LogVerification.objects.filter(log_id=log_id).count() == 1
    finally:
        slow.kill()
        if replacement:
            replacement.stop()
        purge_queue()


def test_a_dead_workers_log_is_sent_again_when_its_lease_runs_out(token_client):
    purge_queue()
    slow = WorkerProcess(
        "slow-leased",
        launcher=[sys.executable, "-m", "tests.e2e.slow_worker"],
        SLOW_VERIFY_SECONDS="120",
        ARBITER_LEASE_SECONDS="5",
    )
    slow.start()
    replacement = None
    try:
        log, _ = legal_simulated_log(first_seed=13)
        response = token_client.post(
            "/api/logs/", data=json.dumps(log).encode(), content_type="application/json"
        )
        log_id = response.json()["id"]
        wait_for(
            lambda: GameLog.objects.get(pk=log_id).state == "verifying",
            timeout=30,
            message="the slow worker to start",
        )
        slow.kill()
        killed_at = time.monotonic()
        assert queue.requeue_pending() == (0, 0)  # the lease has not run out yet: the holder may live
        # Redis would hand the message back only after the visibility timeout (15 minutes by default).
        replacement = WorkerProcess("replacement-leased").start()

        def sweep_until_sent():
            return queue.requeue_pending()[0] == 1

        wait_for(
            sweep_until_sent,
            timeout=30,
            interval=0.5,
            message="the lease to run out and the sweeper to re-send",
        )
        wait_for(
            lambda: GameLog.objects.get(pk=log_id).state == "legal",
            timeout=30,
            message="the re-sent log to be verified",
        )
        assert time.monotonic() - killed_at < 60
        stored = GameLog.objects.get(pk=log_id)
        assert stored.attempts == 2 and stored.lease_until is None
        assert LogVerification.objects.filter(log_id=log_id).count() == 1
    finally:
        slow.kill()
        if replacement:
            replacement.stop()
        purge_queue()

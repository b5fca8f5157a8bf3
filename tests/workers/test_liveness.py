"""The worker's heartbeat (workers.liveness): a real worker touches it while it consumes; the check
the deployment runs fails once it goes stale or never came."""

from __future__ import annotations

import os
import time

import pytest

from workers.liveness import check, main


def test_a_fresh_heartbeat_passes_and_a_stale_or_missing_one_fails(tmp_path):
    beat = tmp_path / "alive"
    assert "has not consumed" in check(beat, 90)
    beat.touch()
    assert check(beat, 90) is None
    os.utime(beat, (time.time() - 120, time.time() - 120))
    assert "stopped consuming" in check(beat, 90)
    assert main(["--file", str(beat), "--max-age", "90"]) == 1
    assert main(["--file", str(beat), "--max-age", "300"]) == 0


@pytest.mark.e2e
def test_a_running_worker_keeps_its_heartbeat_fresh(tmp_path, django_db_setup):
    from tests.support.workers import WorkerProcess

    beat = tmp_path / "alive"
    worker = WorkerProcess("liveness", ARBITER_WORKER_HEARTBEAT_FILE=str(beat)).start()
    try:
        deadline = time.monotonic() + 30
        while not beat.exists() and time.monotonic() < deadline:
            time.sleep(0.5)
        assert check(beat, 90) is None
        first = beat.stat().st_mtime
        time.sleep(12)  # one INTERVAL and a little: the loop touched it again
        assert beat.stat().st_mtime > first
    finally:
        worker.stop()

"""Real Celery worker processes for end-to-end and browser tests.

The worker runs ``celery -A workers worker`` from the repository root with the test settings,
pointed at the database pytest-django created for this run and at this run's own queue, so it
sees exactly the rows the test committed (tests using it need ``transactional_db`` or
``live_server``) and never a message from another run.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote

from django.conf import settings
from django.db import connection

REPO = Path(__file__).resolve().parents[2]
LOG_DIR = REPO / "var" / "test-logs"
READY_MARK = "ready."
_RECEIVED = re.compile(r"Task [\w.]+\[([0-9a-f-]+)\] received")
_FINISHED = re.compile(r"Task [\w.]+\[([0-9a-f-]+)\] (?:succeeded|raised|retry|failed|rejected)")


def database_url() -> str:
    """A DATABASE_URL for the test database this process is using right now."""
    db = connection.settings_dict
    auth = quote(db["USER"] or "", safe="")
    if db.get("PASSWORD"):
        auth += ":" + quote(db["PASSWORD"], safe="")
    host = db.get("HOST") or "127.0.0.1"
    port = db.get("PORT") or 5432
    return f"postgres://{auth}@{host}:{port}/{db['NAME']}"


def worker_environment(**overrides: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="arbiter_site.settings.test",
        DATABASE_URL=database_url(),
        CELERY_BROKER_URL=settings.CELERY_BROKER_URL,
        ARBITER_TASK_QUEUE=settings.CELERY_TASK_DEFAULT_QUEUE,
        PYTHONUNBUFFERED="1",
    )
    env.update(overrides)
    return env


class WorkerProcess:
    """One worker process; ``start()`` returns once Celery says it is ready."""

    def __init__(
        self, name: str = "worker", *, pool: str = "solo", launcher: list[str] | None = None, **env: str
    ):
        self.name = name
        self.pool = pool
        self.launcher = launcher or [sys.executable, "-m", "celery"]
        self.env = worker_environment(**env)
        LOG_DIR.mkdir(parents=True, exist_ok=True)
        self.log_path = LOG_DIR / f"{name}-{os.getpid()}-{time.monotonic_ns()}.log"
        self.process: subprocess.Popen | None = None

    def command(self) -> list[str]:
        return [
            *self.launcher,
            "-A",
            "workers",
            "worker",
            "--pool",
            self.pool,
            "--concurrency",
            "1",
            "--loglevel",
            "INFO",
            "--without-gossip",
            "--without-mingle",
            "--hostname",
            f"{self.name}-{os.getpid()}@%h",
        ]

    def start(self, timeout: float = 45) -> WorkerProcess:
        with open(self.log_path, "wb") as out:
            self.process = subprocess.Popen(
                self.command(),
                cwd=REPO,
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"worker exited with {self.process.returncode}:\n{self.output()}")
            if READY_MARK in self.output():
                return self
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"worker not ready after {timeout}s:\n{self.output()}")

    def output(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def busy_with(self) -> set[str]:
        """Ids of the tasks this worker received and has not finished (from its log)."""
        text = self.output()
        return set(_RECEIVED.findall(text)) - set(_FINISHED.findall(text))

    def wait_idle(self, timeout: float = 30) -> None:
        """Wait until nothing is queued and this worker has finished what it received, so a test
        does not empty the database under a running task."""
        from gamelogs.queue import broker_backlog

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not self.busy_with() and not broker_backlog():
                time.sleep(0.2)  # a task received just now shows up in the log
                if not self.busy_with() and not broker_backlog():
                    return
            time.sleep(0.1)

    @property
    def pid(self) -> int:
        return self.process.pid

    def kill(self) -> None:
        """SIGKILL the worker and everything it started: a crash, no chance to clean up."""
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self, timeout: float = 20) -> None:
        """Warm shutdown (SIGTERM), then SIGKILL if it does not exit in time."""
        if not self.process or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()


def purge_queue() -> None:
    """Drop every message waiting in this run's queue."""
    from workers.celery import app

    with app.connection_for_write() as conn:
        conn.default_channel.queue_purge(app.conf.task_default_queue)

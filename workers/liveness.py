"""Is this worker still consuming? A heartbeat the deployment can check, and the check itself.

A worker process can be up and useless: stuck reconnecting to a broker that came back, or having lost
its consumer. ``Heartbeat`` is a consumer bootstep: every ``INTERVAL`` seconds, from the worker's own
event loop, while its broker connection is up and its task consumer holds queues, it touches
``ARBITER_WORKER_HEARTBEAT_FILE`` (and tells systemd's watchdog, under a unit with ``WatchdogSec``).
The loop does not turn while the worker is reconnecting, so the file goes stale then too.

    python -m workers.liveness [--max-age 90] [--file PATH]

exits 0 if the file was touched within ``--max-age`` seconds, else 1 with the reason: the liveness
probe of the Kubernetes manifests and the compose healthcheck (deploy/). The default age outlasts a
short broker outage, so a Redis restart does not restart every worker; a worker that stays stuck is.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import socket
import sys
import time
from pathlib import Path

from celery import bootsteps

INTERVAL = 10
DEFAULT_MAX_AGE = 90
DEFAULT_FILE = "/tmp/arbiter-worker-alive"  # nosec B108 - a per-container liveness marker, not a secret


def heartbeat_file() -> Path:
    return Path(os.environ.get("ARBITER_WORKER_HEARTBEAT_FILE", DEFAULT_FILE))


def consuming(consumer) -> bool:
    connection = getattr(consumer, "connection", None)
    task_consumer = getattr(consumer, "task_consumer", None)
    return bool(
        connection is not None and connection.connected and task_consumer is not None and task_consumer.queues
    )


def notify_systemd(message: bytes) -> None:
    """sd_notify without a dependency: a datagram to $NOTIFY_SOCKET, when systemd gave one."""
    address = os.environ.get("NOTIFY_SOCKET")
    if not address:
        return
    if address.startswith("@"):
        address = "\0" + address[1:]
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock, contextlib.suppress(OSError):
        sock.sendto(message, address)


class Heartbeat(bootsteps.StartStopStep):
    requires = {"celery.worker.consumer.tasks:Tasks"}

    def __init__(self, parent, **kwargs):
        super().__init__(parent, **kwargs)
        self.timer_entry = None

    def start(self, consumer):
        self.beat(consumer)
        self.timer_entry = consumer.timer.call_repeatedly(INTERVAL, self.beat, (consumer,), priority=10)

    def stop(self, consumer):
        if self.timer_entry is not None:
            self.timer_entry.cancel()
            self.timer_entry = None

    shutdown = stop

    def beat(self, consumer) -> None:
        if not consuming(consumer):
            return
        path = heartbeat_file()
        path.touch()
        os.utime(path)
        notify_systemd(b"WATCHDOG=1")


def check(path: Path, max_age: float, now: float | None = None) -> str | None:
    """None if the heartbeat is fresh, else why not."""
    try:
        age = (now if now is not None else time.time()) - path.stat().st_mtime
    except FileNotFoundError:
        return f"no heartbeat at {path}: the worker has not consumed since it started"
    if age > max_age:
        return f"last heartbeat {age:.0f} s ago (more than {max_age:.0f} s): the worker stopped consuming"
    return None


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Exit 1 if this host's Celery worker stopped consuming.")
    parser.add_argument("--max-age", type=float, default=DEFAULT_MAX_AGE)
    parser.add_argument("--file", type=Path, default=None)
    args = parser.parse_args(argv)
    problem = check(args.file or heartbeat_file(), args.max_age)
    if problem:
        print(problem, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

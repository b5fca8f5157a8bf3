"""Small helpers for tests that start real server processes (gunicorn, nginx)."""

from __future__ import annotations

import socket
import subprocess
import time
import urllib.request
from contextlib import closing, suppress


def free_port() -> int:
    with closing(socket.socket()) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_http(port: int, path: str = "/healthz", timeout: float = 30.0, statuses=(200,)) -> None:
    """Return once ``path`` on ``port`` answers with one of ``statuses``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=2) as response:
                if response.status in statuses:
                    return
        except urllib.error.HTTPError as exc:
            if exc.code in statuses:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise AssertionError(f"nothing answered {statuses} on port {port}{path} within {timeout} s")


def stop(process: subprocess.Popen) -> None:
    process.terminate()
    with suppress(subprocess.TimeoutExpired):
        process.wait(timeout=10)
        return
    process.kill()
    process.wait(timeout=10)

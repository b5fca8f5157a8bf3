"""The site served as deployed for live streams: Django's ASGI application under uvicorn in a thread of this
process (static files served too), so that each table page's EventSource (play.live, server-sent events on
Redis pub/sub) stays open and the page draws each new version from its stream instead of polling.

``serve()`` is used by the ``asgi_site`` fixture and by benchmarks/recorder_taps_chromium.py; the settings'
``ARBITER_LIVE_URL`` (the broker's Redis) carries the stream, its channels named by the database.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


@contextmanager
def serve() -> Iterator[str]:
    """The site's address while it is served; afterwards every connection its threads opened is ended (the
    database it used may then be dropped)."""
    import uvicorn
    from asgiref.sync import SyncToAsync
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
    from django.core.asgi import get_asgi_application
    from django.db import connections

    from play import live

    live._client, live._paused_until = None, 0.0
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    config = uvicorn.Config(
        ASGIStaticFilesHandler(get_asgi_application()),
        log_level="warning",
        lifespan="off",
        timeout_graceful_shutdown=1,
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    ends = time.monotonic() + 30
    while not server.started and time.monotonic() < ends:
        time.sleep(0.05)
    assert server.started
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(15)
        # Each request ran in a thread of its own (Django's ASGI handler) that kept its connection
        # (CONN_MAX_AGE) and is gone, so those connections are ended from here, this database's only.
        SyncToAsync.single_thread_executor.submit(connections.close_all).result()
        live._renders.clear()
        live.close_renderer()
        ports = own_client_ports()
        with connections["default"].cursor() as cursor:
            cursor.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database()"
                " AND pid <> pg_backend_pid() AND client_port = ANY(%s)",
                [sorted(ports)],
            )
        live._client, live._paused_until = None, 0.0


def own_client_ports() -> set[int]:
    """The local ports of this process's TCP sockets (Linux' /proc): the connections to end are this
    process's, never another's on the same database (a worker process's, which verifies the logs)."""
    inodes = set()
    for fd in Path("/proc/self/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    ports = set()
    for table in ("/proc/self/net/tcp", "/proc/self/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if fields[9] in inodes:
                ports.add(int(fields[1].rsplit(":", 1)[1], 16))
    return ports


@pytest.fixture
def asgi_site():
    """The site under uvicorn (see ``serve``) for a test whose data is committed; its address."""
    with serve() as url:
        yield url

"""Slow clients cannot freeze the site behind the deploy's nginx (deploy/nginx/arbiter.conf.template).

Real processes: gunicorn with two sync workers on this run's test database, and Debian's nginx
running the deploy's server block in front of it. Six clients that stall (three declare a body
larger than they send, three never finish their headers) hold nginx connections only, so
``/healthz`` through nginx still answers in under a second. The same six clients sent straight to
gunicorn hold both workers, and ``/healthz`` gets no answer: that is what the proxy is for.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from string import Template

import pytest

from tests.support.processes import free_port, stop, wait_for_http
from tests.support.workers import REPO, worker_environment

NGINX = shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if os.access(p, os.X_OK)), None)
TEMPLATE = REPO / "deploy" / "nginx" / "arbiter.conf.template"
GUNICORN_WORKERS = 2

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.postgres,
    pytest.mark.redis,
    pytest.mark.skipif(
        NGINX is None, reason="nginx is not installed (Debian: apt-get install nginx; .ci/run does)"
    ),
]


@pytest.fixture
def gunicorn(transactional_db, tmp_path):
    port = free_port()
    log = open(tmp_path / "gunicorn.log", "wb")  # noqa: SIM115 — closed below
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "arbiter_site.wsgi", "--pythonpath", "platform",
         "--bind", f"127.0.0.1:{port}", "--workers", str(GUNICORN_WORKERS), "--timeout", "30"],
        cwd=REPO, env=worker_environment(), stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        wait_for_http(port)
        yield port
    finally:
        stop(process)
        log.close()


@pytest.fixture
def nginx(gunicorn, tmp_path):
    port = free_port()
    server = Template(TEMPLATE.read_text()).safe_substitute(
        ARBITER_UPSTREAM=f"127.0.0.1:{gunicorn}", ARBITER_LISTEN_PORT=str(port)
    )
    (tmp_path / "arbiter.conf").write_text(server)
    temp = {name: tmp_path / name for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi")}
    for folder in temp.values():
        folder.mkdir()
    # Only the main context is the test's own: the server block is the deploy's, unchanged.
    main = f"""
{"user root;" if os.geteuid() == 0 else ""}
worker_processes 1;
pid {tmp_path}/nginx.pid;
error_log {tmp_path}/error.log warn;
events {{ worker_connections 512; }}
http {{
    access_log off;
    client_body_temp_path {temp["body"]};
    proxy_temp_path {temp["proxy"]};
    fastcgi_temp_path {temp["fastcgi"]};
    uwsgi_temp_path {temp["uwsgi"]};
    scgi_temp_path {temp["scgi"]};
    include {tmp_path}/arbiter.conf;
}}
"""
    (tmp_path / "nginx.conf").write_text(main)
    process = subprocess.Popen(
        [NGINX, "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf"), "-e", str(tmp_path / "error.log"),
         "-g", "daemon off;"],
        stdout=subprocess.DEVNULL, stderr=open(tmp_path / "nginx.stderr", "wb"),  # noqa: SIM115
    )  # fmt: skip
    try:
        wait_for_http(port)
        yield port
    finally:
        stop(process)


def _stalled_clients(port: int) -> list[socket.socket]:
    """Three clients that declare a 100 kB body and send 10 bytes of it, three that never finish
    their headers; all anonymous, against the login form."""
    clients = []
    for _ in range(3):
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(
            b"POST /accounts/login/ HTTP/1.1\r\nHost: localhost\r\n"
            b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\nusername=a"
        )
        clients.append(s)
    for _ in range(3):
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(b"GET /accounts/login/ HTTP/1.1\r\nHost: localhost\r\nX-Still-Typing: ")
        clients.append(s)
    time.sleep(0.5)  # let the server take them all in
    return clients


def _healthz_seconds(port: int, timeout: float) -> float:
    started = time.monotonic()
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=timeout) as response:
        assert response.status == 200
    return time.monotonic() - started


def test_slow_clients_cannot_freeze_the_site_behind_nginx(nginx, gunicorn):
    clients = _stalled_clients(nginx)
    try:
        for _ in range(3):
            assert _healthz_seconds(nginx, timeout=5) < 1.0
    finally:
        for s in clients:
            s.close()

    # Without the proxy the same clients hold every sync worker and /healthz waits behind them.
    clients = _stalled_clients(gunicorn)
    try:
        with pytest.raises((TimeoutError, urllib.error.URLError)):
            _healthz_seconds(gunicorn, timeout=2)
    finally:
        for s in clients:
            s.close()

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
        ARBITER_UPSTREAM=f"127.0.0.1:{gunicorn}",
        ARBITER_LIVE_UPSTREAM=f"127.0.0.1:{gunicorn}",  # the streams' process: not what this test is about
        ARBITER_LISTEN_PORT=str(port),
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


MIB = 1024 * 1024
# Around every edge: the upload cap (4 MiB), the request cap Django reads (4 MiB + 64 KiB) and nginx's
# client_max_body_size (the same), and well past them.
UPLOAD_SIZES = [1 * MIB, 2 * MIB, 3 * MIB, 4 * MIB - 1024, 4 * MIB + 1024, 4 * MIB + 60 * 1024,
                int(4.1 * MIB), int(4.5 * MIB), 5 * MIB, int(5.5 * MIB), 6 * MIB]  # fmt: skip


def _post(port: int, path: str, body: bytes, token: str) -> tuple[int, dict, bytes]:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=body, method="POST")
    request.add_header("Authorization", f"Token {token}")
    request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_upload_size_sweep_through_nginx_answers_json_never_502(nginx, django_user_model):
    import json

    from rest_framework.authtoken.models import Token

    from tests.support import logs
    from tests.support.workers import purge_queue

    token = Token.objects.create(user=django_user_model.objects.create_user("sweeper", password="p")).key
    answers = {}
    try:
        for size in UPLOAD_SIZES:
            log = logs.encode(logs.envelope_log(f"size-{size}"))
            body = log + b" " * (size - len(log))
            status, headers, content = _post(nginx, "/api/logs/", body, token)
            answers[size] = status
            assert headers.get("Content-Type", "").startswith("application/json"), (
                size,
                status,
                content[:200],
            )
            payload = json.loads(content)
            if size <= 4 * MIB:
                assert status == 201, (size, payload)
            else:
                assert status == 413 and payload["error"]["code"] == "too_large", (size, status, payload)
    finally:
        purge_queue()
    print("upload size sweep through nginx:", {f"{s // 1024} KiB": a for s, a in answers.items()})
    assert 502 not in answers.values()

"""A real database outage: gunicorn running the site against a PostgreSQL address where nothing
listens. Uploads (token authenticated) get 503 in the API's JSON error shape with Retry-After, a
page gets a short 503 page, and /healthz says "error" without naming the host or port."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.error
import urllib.request

import pytest

from tests.support.processes import free_port, stop, wait_for_http
from tests.support.workers import REPO, worker_environment

pytestmark = [pytest.mark.e2e, pytest.mark.redis]


@pytest.fixture
def site_without_database(tmp_path):
    port, dead = free_port(), free_port()  # nothing listens on ``dead``
    log = open(tmp_path / "gunicorn.log", "wb")  # noqa: SIM115 — closed below
    env = worker_environment(DATABASE_URL=f"postgres://postgres@127.0.0.1:{dead}/arbiter")
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "arbiter_site.wsgi", "--pythonpath", "platform",
         "--bind", f"127.0.0.1:{port}", "--workers", "1"],
        cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        wait_for_http(port, statuses=(503,))
        yield port, dead
    finally:
        stop(process)
        log.close()


def _request(port: int, path: str, **kwargs) -> tuple[int, dict, bytes]:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", **kwargs)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read()


def test_uploads_during_an_outage_get_a_503_they_can_retry(site_without_database, envelope_bytes):
    port, dead = site_without_database
    for _ in range(5):
        status, headers, body = _request(
            port, "/api/logs/", data=envelope_bytes(1), method="POST",
            headers={"Authorization": "Token 0123456789abcdef", "Content-Type": "application/json"},
        )  # fmt: skip
        assert status == 503 and headers["Content-Type"] == "application/json"
        assert headers["Retry-After"].isdigit()
        assert json.loads(body)["error"]["code"] == "unavailable"
        assert str(dead).encode() not in body


def test_pages_and_healthz_during_an_outage(site_without_database):
    port, dead = site_without_database
    status, headers, body = _request(port, "/logs/", headers={"Cookie": "sessionid=" + "a" * 32})
    assert status == 503 and headers["Content-Type"].startswith("text/html")
    assert b"briefly unavailable" in body
    status, _, body = _request(port, "/healthz")
    assert status == 503 and json.loads(body) == {"status": "error"}

"""GET /healthz: database and broker, 200 when both answer, 503 otherwise."""

import pytest

from arbiter_site import health

pytestmark = pytest.mark.django_db


def test_healthy_when_database_and_redis_answer(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["database"]["ok"] and body["database"]["vendor"] == "postgresql"
    assert body["broker"]["ok"]


def test_unhealthy_when_the_broker_is_down(client, monkeypatch):
    real_connection = health.app.connection_for_write
    monkeypatch.setattr(
        health.app,
        "connection_for_write",
        lambda url=None, **kw: real_connection("redis://127.0.0.1:9/0", **kw),
    )
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "error" and body["database"]["ok"] and not body["broker"]["ok"]
    assert "Connection refused" in body["broker"]["error"] or "Error" in body["broker"]["error"]


def test_unhealthy_when_the_database_is_down(client, monkeypatch):
    def broken():
        return {"ok": False, "error": "OperationalError: connection refused"}

    monkeypatch.setattr(health, "check_database", broken)
    assert client.get("/healthz").status_code == 503

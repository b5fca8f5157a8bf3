"""GET /healthz: database and broker, 200 when both answer, 503 otherwise. Anyone gets the status;
only staff get the details (error text names hosts, ports and server states)."""

import pytest
from django.test import Client

from arbiter_site import health

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(make_user):
    client = Client()
    client.force_login(make_user("root", is_staff=True))
    return client


@pytest.fixture
def broker_down(monkeypatch):
    real_connection = health.app.connection_for_write
    monkeypatch.setattr(
        health.app,
        "connection_for_write",
        lambda url=None, **kw: real_connection("redis://127.0.0.1:9/0", **kw),
    )


def test_healthy_when_database_and_redis_answer(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


def test_staff_see_the_details(staff_client):
    body = staff_client.get("/healthz").json()
    assert body["status"] == "ok"
    assert body["database"]["ok"] and body["database"]["vendor"] == "postgresql"
    assert body["broker"]["ok"] and body["engine_version"]


def test_unhealthy_when_the_broker_is_down(client, staff_client, broker_down):
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {"status": "error"}
    assert b"127.0.0.1" not in response.content
    body = staff_client.get("/healthz").json()
    assert body["status"] == "error" and body["database"]["ok"] and not body["broker"]["ok"]
    assert "Error" in body["broker"]["error"]


def test_unhealthy_when_the_database_is_down(client, monkeypatch):
    def broken():
        return {"ok": False, "error": "OperationalError: connection to server at 10.0.0.5, port 5432 refused"}

    monkeypatch.setattr(health, "check_database", broken)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {"status": "error"}


def test_a_signed_in_non_staff_user_gets_no_details(client, user):
    client.force_login(user)
    assert client.get("/healthz").json() == {"status": "ok"}


def test_live_answers_without_looking_at_the_database(client, monkeypatch):
    def broken():
        raise AssertionError("liveness must not depend on the database")

    monkeypatch.setattr(health, "check_database", broken)
    monkeypatch.setattr(health, "check_broker", broken)
    response = client.get("/healthz/live")
    assert response.status_code == 200 and response.json() == {"status": "ok"}

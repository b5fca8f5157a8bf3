"""A database that does not answer: 503 with Retry-After, in the API's JSON error shape under
/api/ (wherever the failure happens: in a view, in authentication, in a middleware), and a short
HTML page elsewhere. Other server errors stay 500, also in the JSON shape under /api/."""

from __future__ import annotations

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.db import OperationalError
from django.test import Client
from rest_framework.authentication import TokenAuthentication

from gamelogs.api import views as log_api

pytestmark = pytest.mark.django_db

OUTAGE = OperationalError('connection to server at "db" (10.0.0.5), port 5432 failed: Connection refused')


def _refuse(*args, **kwargs):
    raise OUTAGE


@pytest.fixture
def quiet_client(user):
    """A signed-in client that gets the site's error responses instead of re-raised exceptions."""
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def _assert_unavailable_json(response):
    assert response.status_code == 503
    assert response["Content-Type"] == "application/json"
    assert response["Retry-After"].isdigit()
    error = response.json()["error"]
    assert error["code"] == "unavailable" and "try again" in error["message"]
    assert "10.0.0.5" not in response.content.decode()


def test_an_upload_during_an_outage_is_a_503_in_the_error_shape(quiet_client, envelope_bytes, monkeypatch):
    monkeypatch.setattr(log_api, "submit_log", _refuse)
    response = quiet_client.post("/api/logs/", data=envelope_bytes(1), content_type="application/json")
    _assert_unavailable_json(response)


def test_token_authentication_during_an_outage_is_a_503(monkeypatch):
    monkeypatch.setattr(TokenAuthentication, "authenticate_credentials", _refuse)
    client = Client(raise_request_exception=False, HTTP_AUTHORIZATION="Token abc")
    _assert_unavailable_json(client.get("/api/logs/"))


def test_a_session_that_cannot_be_read_is_a_503_in_the_api_and_on_pages(quiet_client, monkeypatch):
    monkeypatch.setattr(SessionStore, "load", _refuse)
    _assert_unavailable_json(quiet_client.get("/api/logs/"))
    page = quiet_client.get("/logs/")
    assert page.status_code == 503 and page["Content-Type"].startswith("text/html")
    assert b"briefly unavailable" in page.content and b"10.0.0.5" not in page.content


def test_any_other_failure_under_the_api_is_a_500_in_the_error_shape(quiet_client, monkeypatch):
    monkeypatch.setattr(log_api, "submit_log", lambda *a, **k: 1 / 0)
    response = quiet_client.post("/api/logs/", data=b"{}", content_type="application/json")
    assert response.status_code == 500
    assert response.json()["error"]["code"] == "server_error"
    assert "ZeroDivision" not in response.content.decode()

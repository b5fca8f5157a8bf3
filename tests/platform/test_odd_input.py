"""Odd but well-formed input gets a 400 that says what is wrong, never a 500."""

from __future__ import annotations

import pytest

from accounts.models import OrganizerRequest


@pytest.mark.parametrize(
    "value",
    [
        "2026-02-30",  # no such day
        "0000-01-01",  # no year 0
        "2026-13-01",
        "2026-01-01T25:00:00",
        "2026-02-30T12:00:00Z",
        "0001-01-01T00:00:00+23:59",  # before year 1 once in UTC
        "9999-12-31T23:59:59-23:59",  # after year 9999 once in UTC
        "yesterday",
    ],
)
def test_impossible_dates_are_a_400_naming_the_parameter(token_client, value):
    answer = token_client.get("/api/logs/", {"created_after": value})
    assert answer.status_code == 400, answer.content
    assert answer.json()["error"]["fields"] == {"created_after": answer.json()["error"]["message"]}
    assert token_client.get("/api/logs/", {"created_before": value}).status_code == 400


@pytest.mark.parametrize("value", ["0153-01-18T22:03:53-19:17", "2026-03-01T00:00:00+15:30", "2026-03-01"])
def test_dates_python_and_postgresql_read_differently_are_compared_in_utc(token_client, stored_log, value):
    answer = token_client.get("/api/logs/", {"created_after": value})
    assert answer.status_code == 200, answer.content


@pytest.mark.parametrize("body", ['["a"]', '"a reason"', "42", "null", "[]"])
def test_an_organizer_request_body_that_is_not_an_object_is_refused(token_client, user, body):
    answer = token_client.post("/api/accounts/organizer-request/", body, content_type="application/json")
    assert answer.status_code == 400, answer.content
    assert answer.json()["error"]["code"] == "invalid"
    assert not OrganizerRequest.objects.filter(user=user).exists()


@pytest.mark.parametrize("reason", [["a"], {"text": "a"}, True])
def test_a_reason_that_is_not_text_is_refused_not_stored_as_its_python_spelling(token_client, user, reason):
    answer = token_client.post("/api/accounts/organizer-request/", {"reason": reason}, format="json")
    assert answer.status_code == 400, answer.content
    assert "reason" in answer.json()["error"]["fields"]
    assert not OrganizerRequest.objects.filter(user=user).exists()


def test_a_text_reason_is_still_taken(token_client, user):
    answer = token_client.post(
        "/api/accounts/organizer-request/", {"reason": "I run the Tuesday club"}, format="json"
    )
    assert answer.status_code == 201, answer.content
    assert OrganizerRequest.objects.get(user=user).reason == "I run the Tuesday club"
    assert answer.json()["request"]["decided_by"] is None


def test_a_decision_body_that_is_not_an_object_is_refused(make_user, user):
    from rest_framework.test import APIClient

    waiting = OrganizerRequest.objects.create(user=user, reason="club")
    staff = APIClient()
    staff.force_authenticate(make_user("boss", is_staff=True))
    url = f"/api/accounts/organizer-requests/{waiting.pk}/decision/"
    assert staff.post(url, ["grant"], format="json").status_code == 400
    assert staff.post(url, {"decision": ["grant"]}, format="json").status_code == 400
    assert staff.post(url, {"decision": "grant", "note": "welcome"}, format="json").status_code == 200


def test_a_username_longer_than_any_is_a_failed_sign_in_not_a_500(api_client, db):
    answer = api_client.post("/api/auth/token/", {"username": "u" * 300, "password": "x"}, format="json")
    assert answer.status_code == 400, answer.content

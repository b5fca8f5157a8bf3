"""POST/GET /api/logs/: uploads, the quick checks, duplicates, privacy, lists and filters."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from gamelogs.models import GameLog, LogState, LogSubmission
from tests.support.logs import envelope_log

pytestmark = pytest.mark.django_db


def upload_json(client, data: bytes, **extra):
    return client.post("/api/logs/", data=data, content_type="application/json", **extra)


def upload_file(client, data: bytes, name: str = "game.json"):
    return client.post(
        "/api/logs/", {"file": SimpleUploadedFile(name, data, "application/json")}, format="multipart"
    )


def test_token_obtained_with_username_and_password(api_client, user):
    response = api_client.post(
        "/api/auth/token/", {"username": "alice", "password": "correct horse battery"}, format="json"
    )
    assert response.status_code == 200
    assert len(response.json()["token"]) == 40


def test_token_refused_for_a_wrong_password(api_client, user):
    response = api_client.post("/api/auth/token/", {"username": "alice", "password": "nope"}, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid"


def test_raw_json_upload_is_stored_and_queued(token_client, envelope_bytes, user):
    data = envelope_bytes(1)
    response = upload_json(token_client, data)
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["state"] == "queued" and body["duplicate"] is False and body["final"] is False
    assert body["url"].endswith(f"/api/logs/{body['id']}/")
    log = GameLog.objects.get(pk=body["id"])
    assert log.raw_bytes() == data  # stored verbatim
    assert log.uploader == user and log.source == "api" and log.game == "motu-battleground"
    assert [p["name"] for p in log.players] == ["Alice", "Bob"]
    assert log.events_total == 1 and log.simulated is True


def test_multipart_upload_keeps_the_file_name(token_client, envelope_bytes):
    response = upload_file(token_client, envelope_bytes(2), "round-3.json")
    assert response.status_code == 201, response.content
    assert GameLog.objects.get(pk=response.json()["id"]).filename == "round-3.json"


def test_upload_is_queued_for_a_worker_after_commit(
    token_client, envelope_bytes, published, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = upload_json(token_client, envelope_bytes(3))
    log_id = response.json()["id"]
    assert published == [
        {"name": "workers.tasks.verify_log", "args": [log_id], "kwargs": {"force": False, "reason": "upload"}}
    ]
    assert GameLog.objects.get(pk=log_id).enqueued_at is not None


def test_upload_never_verifies_in_the_request(token_client, envelope_bytes, monkeypatch):
    import engine

    monkeypatch.setattr(engine, "verify", lambda *a, **k: pytest.fail("verify() ran in the web process"))
    assert upload_json(token_client, envelope_bytes(4)).status_code == 201


def test_duplicate_upload_points_to_the_existing_log(token_client, envelope_bytes):
    first = upload_json(token_client, envelope_bytes(5)).json()
    again = upload_json(token_client, envelope_bytes(5))
    assert again.status_code == 200
    assert again.json()["duplicate"] is True and again.json()["id"] == first["id"]
    assert GameLog.objects.count() == 1


def test_duplicate_from_another_player_is_shared_not_stored_twice(
    token_client, api_client, other_user, envelope_bytes
):
    first = upload_json(token_client, envelope_bytes(6)).json()
    api_client.force_authenticate(other_user)
    again = upload_file(api_client, envelope_bytes(6))
    assert again.status_code == 200 and again.json()["id"] == first["id"]
    assert GameLog.objects.count() == 1
    assert LogSubmission.objects.filter(log_id=first["id"]).count() == 2
    assert api_client.get(f"/api/logs/{first['id']}/").status_code == 200  # both submitters can see it


def test_oversized_upload_is_refused_with_413(token_client, settings):
    data = b'{"pad": "' + b"x" * (4 * 1024 * 1024) + b'"}'
    response = upload_file(token_client, data)
    assert response.status_code == 413
    error = response.json()["error"]
    assert error["code"] == "too_large" and "limit is 4,194,304 bytes" in error["message"]
    assert GameLog.objects.count() == 0


def test_oversized_request_is_refused_from_its_content_length(token_client):
    # Declared far over the cap: answered before the body is read.
    response = upload_json(token_client, b"{}", CONTENT_LENGTH=str(50 * 1024 * 1024))
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "too_large"


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"this is not json", "not_json"),
        (b"\xff\xfe\x00garbage", "not_utf8"),
        (b"[1, 2, 3]", "not_a_log"),
        (b"", "empty"),
        (json.dumps({"format": "arbiter-log"}).encode(), "invalid_log"),
    ],
)
def test_bad_input_is_refused_with_a_readable_error(token_client, data, code):
    response = upload_file(token_client, data) if data else upload_json(token_client, data)
    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert error["code"] == code and error["message"]
    assert GameLog.objects.count() == 0


def test_unknown_game_is_refused(token_client):
    log = envelope_log(7, game="chess")
    response = upload_json(token_client, json.dumps(log).encode())
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "unknown_game"
    assert "motu-battleground" in error["message"]


def test_multipart_without_a_file_field(token_client):
    response = token_client.post("/api/logs/", {"other": "x"}, format="multipart")
    assert response.status_code == 400 and response.json()["error"]["code"] == "empty"


def test_anonymous_requests_are_refused(api_client, envelope_bytes):
    assert upload_json(api_client, envelope_bytes(8)).status_code == 401
    response = api_client.get("/api/logs/")
    assert response.status_code == 401 and response.json()["error"]["code"] == "not_authenticated"


def test_someone_elses_log_is_not_found(api_client, other_user, stored_log):
    api_client.force_authenticate(other_user)
    response = api_client.get(f"/api/logs/{stored_log.pk}/")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"
    assert api_client.get("/api/logs/").json()["count"] == 0


def test_staff_see_every_log(api_client, make_user, stored_log):
    api_client.force_authenticate(make_user("referee", is_staff=True))
    assert api_client.get(f"/api/logs/{stored_log.pk}/").status_code == 200


def test_detail_has_state_verdict_result_and_statistics(token_client, stored_log):
    verdict = {
        "status": "legal",
        "summary": "LEGAL — Alice win 40–20 after 4 rounds",
        "engine_version": "9.9.9",
        "result": {"outcome": "win", "winner": "p1", "vp": {"p1": {"total": 40}, "p2": {"total": 20}}},
        "statistics": {"sides": [{"player": "p1", "attacks": 3}]},
        "error": None,
    }
    GameLog.objects.filter(pk=stored_log.pk).update(
        state=LogState.LEGAL, verdict=verdict, summary=verdict["summary"]
    )
    body = token_client.get(f"/api/logs/{stored_log.pk}/").json()
    assert body["state"] == "legal" and body["final"] is True
    assert body["result"]["winner"] == "p1"
    assert body["statistics"] == {"sides": [{"player": "p1", "attacks": 3}]}
    assert body["verdict"]["engine_version"] == "9.9.9"
    assert body["summary"].startswith("LEGAL")
    assert body["progress"] == {"events_total": 1, "events_verified": 0}


def test_list_is_paginated_and_filterable(token_client, user, envelope_bytes):
    from gamelogs.services import submit_log

    logs = [submit_log(user, envelope_bytes(f"list-{n}")).log for n in range(30)]
    GameLog.objects.filter(pk__in=[log.pk for log in logs[:4]]).update(state=LogState.ILLEGAL)
    GameLog.objects.filter(pk=logs[5].pk).update(simulated=False)

    page = token_client.get("/api/logs/").json()
    assert page["count"] == 30 and len(page["results"]) == 25 and page["next"]
    assert "statistics" not in page["results"][0]
    assert token_client.get("/api/logs/?state=illegal").json()["count"] == 4
    assert token_client.get("/api/logs/?state=illegal,queued").json()["count"] == 30
    assert token_client.get("/api/logs/?simulated=false").json()["count"] == 1
    assert token_client.get("/api/logs/?game=motu-battleground").json()["count"] == 30
    assert token_client.get("/api/logs/?game=hoplomachus-remastered").json()["count"] == 0
    assert token_client.get("/api/logs/?created_after=2000-01-01").json()["count"] == 30
    assert token_client.get("/api/logs/?created_before=2000-01-01T00:00:00Z").json()["count"] == 0


@pytest.mark.parametrize("query", ["state=lost", "simulated=maybe", "created_after=yesterday"])
def test_bad_filters_are_refused(token_client, query):
    response = token_client.get(f"/api/logs/?{query}")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid"


def test_cli_uploads_are_labelled(token_client, envelope_bytes):
    response = upload_json(token_client, envelope_bytes(9), HTTP_USER_AGENT="arbiter-cli/0.1.0")
    assert GameLog.objects.get(pk=response.json()["id"]).source == "cli"


@pytest.mark.parametrize(
    ("token", "words"),
    [
        ("NaN", "NaN is not a JSON number"),
        ("Infinity", "Infinity is not a JSON number"),
        ("-Infinity", "-Infinity is not a JSON number"),
        ('"\\u0000"', "NUL character"),
        ('"\\ud800"', "lone surrogate"),
        ('"north\\u0000east"', "NUL character"),
    ],
)
def test_values_no_database_can_store_are_refused_at_upload(token_client, token, words):
    """LOG-1.3 strict JSON: an upload that reached PostgreSQL with these would never get a verdict."""
    text = json.dumps(envelope_log("strict"), indent=1).replace('"nonce": "strict"', f'"facing": {token}')
    assert token in text
    response = upload_json(token_client, text.encode())
    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert error["code"] == "not_json" and words in error["message"]
    assert not GameLog.objects.exists()


def test_a_paired_surrogate_escape_is_ordinary_text(token_client):
    text = json.dumps(envelope_log("emoji"), indent=1).replace('"emoji"', '"\\ud83d\\ude00"')
    assert upload_json(token_client, text.encode()).status_code == 201

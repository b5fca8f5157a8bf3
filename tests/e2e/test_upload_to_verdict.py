"""Upload through the API → a real worker verifies → the API shows the verdict.

Needs PostgreSQL and Redis. Logs come from the engine's simulator; the illegal one is a legal
simulated log with one attack die changed to 7.
"""

import json

import pytest
from django.core.management import call_command

import engine
from gamelogs.models import GameLog, LogVerification
from tests.support.logs import legal_simulated_log, with_die_of_seven
from tests.support.waiting import wait_for

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.postgres,
    pytest.mark.redis,
    pytest.mark.django_db(transaction=True),
]


def upload(client, log: dict):
    response = client.post("/api/logs/", data=json.dumps(log).encode(), content_type="application/json")
    assert response.status_code in (200, 201), response.content
    return response.json()


def final_state(client, log_id: int, timeout: float = 30) -> dict:
    def fetch():
        body = client.get(f"/api/logs/{log_id}/").json()
        return body if body["final"] else None

    return wait_for(fetch, timeout=timeout, message=f"log {log_id} to be verified")


def test_worker_verifies_a_legal_and_an_illegal_upload(celery_worker, token_client):
    legal_log, expected = legal_simulated_log(randomness="recorded")
    illegal_log, bad_index = with_die_of_seven(legal_log)
    expected_illegal = engine.verify(illegal_log)

    legal_id = upload(token_client, legal_log)["id"]
    illegal_id = upload(token_client, illegal_log)["id"]

    legal = final_state(token_client, legal_id)
    assert legal["state"] == "legal", legal["summary"]
    assert legal["result"] == expected.result
    assert legal["result_winner"] == (expected.result["winner"] or "")
    assert legal["summary"] == expected.summary()
    assert legal["statistics"] == expected.statistics
    assert legal["progress"]["events_verified"] == len(legal_log["events"])

    illegal = final_state(token_client, illegal_id)
    assert illegal["state"] == "illegal", illegal["summary"]
    assert illegal["error_event_index"] == bad_index
    assert illegal["error"]["event_index"] == bad_index
    assert illegal["error_rule"] == expected_illegal.error.rule and illegal["error_rule"].startswith("BG-")
    assert illegal["summary"].startswith(f"ILLEGAL at event {bad_index}")


def test_seeded_log_is_verified_too(celery_worker, token_client):
    log, expected = legal_simulated_log(first_seed=5, randomness="seeded")
    body = final_state(token_client, upload(token_client, log)["id"])
    assert body["state"] == "legal" and body["result"] == expected.result


def test_duplicate_upload_is_not_verified_twice(celery_worker, token_client):
    log, _ = legal_simulated_log(first_seed=3)
    first = upload(token_client, log)
    final_state(token_client, first["id"])
    again = upload(token_client, log)
    assert again["duplicate"] is True and again["id"] == first["id"] and again["state"] == "legal"
    assert LogVerification.objects.filter(log_id=first["id"]).count() == 1


def test_broker_down_at_upload_then_the_sweeper_sends_it(celery_worker, token_client, broker_down):
    log, _ = legal_simulated_log(first_seed=7)
    body = upload(token_client, log)
    assert body["state"] == "queued"
    stored = GameLog.objects.get(pk=body["id"])
    assert stored.enqueued_at is None  # stored, not lost, waiting for the broker

    broker_down()  # the broker is back
    call_command("requeue_pending", "--older-than", "0")
    assert final_state(token_client, body["id"])["state"] == "legal"


def test_reverification_by_a_worker_records_the_change(celery_worker, token_client):
    log, _ = legal_simulated_log(first_seed=9)
    log_id = upload(token_client, log)["id"]
    final_state(token_client, log_id)
    stored = GameLog.objects.get(pk=log_id)
    GameLog.objects.filter(pk=log_id).update(
        state="illegal",
        engine_version="0.0.1",
        verdict=dict(stored.verdict, status="illegal", engine_version="0.0.1", result=None),
    )
    call_command("reverify_logs", "--enqueue")

    def changed():
        return LogVerification.objects.filter(log_id=log_id, reason="reverify").first()

    run = wait_for(changed, timeout=30, message="the re-verification")
    assert run.changed and run.changes == ["status: illegal → legal"]
    assert GameLog.objects.get(pk=log_id).engine_version == engine.ENGINE_VERSION

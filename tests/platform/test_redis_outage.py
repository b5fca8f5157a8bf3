"""Redis down (cache and broker both): the API still stores uploads exactly once and says so,
throttles fail open with a warning, and the sweeper sends what was stored meanwhile."""

from __future__ import annotations

import logging
from datetime import timedelta

import pytest
from django.test import RequestFactory, override_settings
from django.utils import timezone
from redis.exceptions import ConnectionError as RedisConnectionError

from arbiter_site.cache import FailOpenRedisCache
from gamelogs import queue
from gamelogs.models import GameLog, LogState

CLOSED = "redis://127.0.0.1:9/0"  # the discard port: nothing listens there
REDIS_DOWN_CACHES = {
    "default": {
        "BACKEND": "arbiter_site.cache.FailOpenRedisCache",
        "LOCATION": CLOSED,
        "FAIL_OPEN_SECONDS": 5,
        "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
    }
}


@pytest.fixture
def redis_down(broker_down):
    """The cache and the broker both aimed at a closed port; returns the broker's "come back"."""
    with override_settings(CACHES=REDIS_DOWN_CACHES):
        yield broker_down


def test_upload_while_redis_is_down_is_stored_once_and_answered_queued(
    token_client, envelope_bytes, redis_down, django_capture_on_commit_callbacks, caplog, monkeypatch
):
    data = envelope_bytes("redis-down")
    with caplog.at_level(logging.WARNING), django_capture_on_commit_callbacks(execute=True):
        answer = token_client.post("/api/logs/", data, content_type="application/json")
    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert body["state"] == "queued" and body["duplicate"] is False
    log = GameLog.objects.get()
    assert log.pk == body["id"] and log.state == LogState.QUEUED and log.enqueued_at is None
    warnings = " ".join(r.getMessage() for r in caplog.records if r.levelno == logging.WARNING)
    assert "cache unavailable" in warnings  # the throttle failed open, and said so
    assert "broker unavailable" in warnings

    # Sent again while Redis is still down: the same log, not a second one.
    with django_capture_on_commit_callbacks(execute=True):
        again = token_client.post("/api/logs/", data, content_type="application/json")
    assert again.status_code == 200 and again.json()["duplicate"] is True
    assert again.json()["id"] == log.pk and GameLog.objects.count() == 1

    listed = token_client.get("/api/logs/")
    assert listed.status_code == 200 and [row["id"] for row in listed.json()["results"]] == [log.pk]

    # Redis is back: the next sweep sends the log stored meanwhile.
    redis_down()
    sent = []
    monkeypatch.setattr(queue.app, "send_task", lambda name, args=None, **kw: sent.append(list(args)))
    monkeypatch.setattr(queue, "broker_backlog", lambda: 0)
    GameLog.objects.filter(pk=log.pk).update(created_at=timezone.now() - timedelta(minutes=1))
    assert queue.requeue_pending() == (1, 0)
    assert sent == [[log.pk]]
    log.refresh_from_db()
    assert log.enqueued_at is not None


def test_read_endpoints_answer_while_the_cache_is_down(token_client, stored_log):
    with override_settings(CACHES=REDIS_DOWN_CACHES):
        for path in ("/api/logs/", f"/api/logs/{stored_log.pk}/", "/api/meta/"):
            answer = token_client.get(path)
            assert answer.status_code < 500, (path, answer.status_code, answer.content[:200])


def test_the_cache_fails_open_and_stops_knocking_for_a_while(caplog):
    cache = FailOpenRedisCache(CLOSED, {"FAIL_OPEN_SECONDS": 60, "OPTIONS": {"socket_connect_timeout": 0.5}})
    with caplog.at_level(logging.WARNING, logger="arbiter_site.cache"):
        assert cache.get("k", "fallback") == "fallback"
        assert cache.add("k", 1) is False
        assert cache.set("k", 1) is None
        assert cache.get_many(["a", "b"]) == {}
        assert cache.set_many({"a": 1}) == ["a"]
        with pytest.raises(ValueError):
            cache.incr("k")
    # One warning for the outage, not one per call: the circuit is open for 60 s.
    assert len([r for r in caplog.records if "cache unavailable" in r.getMessage()]) == 1
    assert not cache._available()


def test_the_cache_knocks_again_after_the_pause(monkeypatch):
    cache = FailOpenRedisCache(CLOSED, {"FAIL_OPEN_SECONDS": 0, "OPTIONS": {"socket_connect_timeout": 0.5}})
    calls = []
    monkeypatch.setattr(
        "django.core.cache.backends.redis.RedisCache.get",
        lambda self, key, default=None, version=None: calls.append(key) or "live",
    )
    cache._failed("get", RedisConnectionError("down"))
    assert cache.get("k") == "live" and calls == ["k"]


def test_an_uncaught_redis_error_is_a_json_503_with_retry_after():
    from arbiter_site.errors import server_error

    request = RequestFactory().get("/api/logs/")
    try:
        raise RedisConnectionError("Error 111 connecting to redis:6379. Connection refused.")
    except RedisConnectionError:
        response = server_error(request)
    assert response.status_code == 503 and response["Retry-After"]
    assert response["Content-Type"].startswith("application/json")
    assert b'"unavailable"' in response.content

"""Live updates of a table: each new version of a table is published on Redis pub/sub, and every phone at
the table hears it through a server-sent event stream (``stream``), then reads the state as a poll would.

The message is small: the table's version, ``{"version": N}``; the state itself is read by the page
(``state.json``), so what a phone sees is checked as ever (its seat, its offers). Nothing here is
needed: with no Redis (``ARBITER_LIVE_URL`` empty, as in ``make run``), with Redis down, or on a WSGI
server (a sync worker held by a stream would serve nobody else), the stream answers 204 at once, the
page's EventSource stops there and the page polls as before. Publishing never fails a post: a Redis
error is logged, and publishing pauses for ``PAUSE_SECONDS``.

The stream is an async view (Django's async StreamingHttpResponse under ASGI, redis.asyncio), served by
the ASGI process of the deployment (deploy/README.md): one open stream costs a Redis connection and a
coroutine, never a worker.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import time
from functools import partial

import redis
import redis.asyncio
from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connections, transaction
from django.http import HttpResponse, HttpResponseNotFound, StreamingHttpResponse
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

KEEPALIVE_SECONDS = 15  # a comment line this often keeps proxies from closing a quiet stream
LIFETIME_SECONDS = 600  # then the stream ends and the page's EventSource opens a new one
RETRY_MILLISECONDS = 2000  # how soon the EventSource reconnects after a cut stream
PAUSE_SECONDS = 30  # no publishing for this long after Redis failed
TIMEOUT_SECONDS = 0.5  # connecting to and answering from Redis: a post never waits longer

_lock = threading.Lock()
_client: tuple[str, redis.Redis] | None = None  # (its address, the client)
_paused_until = 0.0


def enabled() -> bool:
    return bool(settings.ARBITER_LIVE_URL)


def channel(code: str) -> str:
    """The table's channel; the database's name in it keeps a test's or a benchmark's tables apart from
    the site's on a shared Redis (pub/sub channels ignore Redis' database number)."""
    return f"arbiter:{connections['default'].settings_dict['NAME']}:table:{code.upper()}"


def _publisher() -> redis.Redis:
    """The process's client (thread-safe, its connections pooled), for the address configured now."""
    global _client
    url = settings.ARBITER_LIVE_URL
    with _lock:
        if _client is None or _client[0] != url:
            _client = (
                url,
                redis.Redis.from_url(
                    url, socket_connect_timeout=TIMEOUT_SECONDS, socket_timeout=TIMEOUT_SECONDS
                ),
            )
        return _client[1]


def publish(code: str, version: int) -> None:
    """Tell the phones at table ``code`` that it is now at ``version`` (nothing when live updates are off
    or paused after a Redis failure)."""
    global _paused_until
    if not enabled() or time.monotonic() < _paused_until:
        return
    try:
        _publisher().publish(channel(code), json.dumps({"version": version}))
    except RedisError as exc:
        _paused_until = time.monotonic() + PAUSE_SECONDS
        log.warning("live updates paused for %ss: %s", PAUSE_SECONDS, exc)


def changed(code: str, version: int) -> None:
    """Publish ``version`` of table ``code`` once the caller's transaction commits (at once outside one):
    a phone told of a version reads it committed."""
    transaction.on_commit(partial(publish, code, version))


def _message(version: int) -> str:
    return f"data: {json.dumps({'version': version})}\n\n"


async def _events(pubsub, client, version: int | None):
    """The stream: the version now (a reconnecting page catches up), then every version published."""
    loop = asyncio.get_running_loop()
    try:
        yield f"retry: {RETRY_MILLISECONDS}\n" + _message(version or 0)
        ends = loop.time() + LIFETIME_SECONDS
        while loop.time() < ends:
            message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=KEEPALIVE_SECONDS)
            if message is None:
                yield ": still here\n\n"
                continue
            try:
                version = int(json.loads(message["data"])["version"])
            except (ValueError, KeyError, TypeError):
                continue
            yield _message(version)
    finally:
        await pubsub.aclose()
        await client.aclose()


def _nothing() -> HttpResponse:
    """No stream here: an EventSource answered 204 does not reconnect, and the page polls."""
    return HttpResponse(status=204)


async def stream(request, code: str):
    """The server-sent events of table ``code`` for a phone seated there (404 for anyone else)."""
    from play.models import TableGame, TableSeat

    code = code.upper()
    user = await request.auser()
    if not (user.is_authenticated and await TableSeat.objects.filter(table__code=code, user=user).aexists()):
        return HttpResponseNotFound()  # bare: a page rendered for an EventSource is read by nobody
    if not enabled() or not isinstance(request, ASGIRequest):
        return _nothing()
    client = redis.asyncio.Redis.from_url(
        settings.ARBITER_LIVE_URL, socket_connect_timeout=TIMEOUT_SECONDS, socket_keepalive=True
    )
    pubsub = client.pubsub()
    try:
        await pubsub.subscribe(channel(code))  # before the version is read: no change falls in between
    except (RedisError, OSError) as exc:
        log.warning("no live stream for table %s: %s", code, exc)
        await pubsub.aclose()
        await client.aclose()
        return _nothing()
    version = await TableGame.objects.filter(code=code).values_list("version", flat=True).afirst()
    # The stream reads the database no more: its connection (this request's thread's) is not held open
    # for the stream's ten minutes, or every phone would hold one of PostgreSQL's few.
    await sync_to_async(connections.close_all)()
    response = StreamingHttpResponse(_events(pubsub, client, version), content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx passes each event on at once
    return response

"""Live updates of a table: each new version of a table is published on Redis pub/sub, and every phone at
the table hears it through a server-sent event stream (``stream``) that carries the new state itself.

What is published is small: ``{"version": N, "kept": K, "by": account}``, the table's version, how many
of the previous version's events it keeps (all of them after a post, fewer after an undo) and the account
whose change it is. Each stream renders the state its phone is shown (play.services.seat_payload, the
same JSON as ``state.json``) for the seats that phone holds, so a phone needs no second request: a
seat's view leaves out what the rules hide from it (another player's face-down units, HR-17.2.8) and its
offers are its own. Rendering is done once per table, version, seats and language in this process
(``_rendering``), however many phones hold those seats, on one thread of its own whose database
connection is kept (CONN_MAX_AGE), never on a stream's. The message carries only the events after the
``K`` kept (``"since": N - 1``): a page at version N - 1 adds them, a page further behind (a message
missed) reads ``state.json`` as before. The poster's own stream says only the version (its page has the
state from its post's answer), and so does a stream whose render failed.

Nothing here is needed: with no Redis (``ARBITER_LIVE_URL`` empty, as in ``make run``), with Redis down,
or on a WSGI server (a sync worker held by a stream would serve nobody else), the stream answers 204 at
once, the page's EventSource stops there and the page polls as before. Publishing never fails a post: a
Redis error is logged, and publishing pauses for ``PAUSE_SECONDS``.

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
from collections import OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial

import redis
import redis.asyncio
from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.core.serializers.json import DjangoJSONEncoder
from django.db import close_old_connections, connections, transaction
from django.http import HttpResponse, HttpResponseNotFound, StreamingHttpResponse
from django.utils import translation
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

KEEPALIVE_SECONDS = 15  # a comment line this often keeps proxies from closing a quiet stream
LIFETIME_SECONDS = 600  # then the stream ends and the page's EventSource opens a new one
RETRY_MILLISECONDS = 2000  # how soon the EventSource reconnects after a cut stream
PAUSE_SECONDS = 30  # no publishing for this long after Redis failed
TIMEOUT_SECONDS = 0.5  # connecting to and answering from Redis: a post never waits longer
RENDERS_KEPT = 512  # states rendered for streams, kept per (table, version, seats, language)

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


def publish(code: str, version: int, kept: int | None = None, by: int | None = None) -> None:
    """Tell the phones at table ``code`` that it is now at ``version``, which keeps ``kept`` of the
    previous version's events, changed by account ``by`` (nothing when live updates are off or paused
    after a Redis failure)."""
    global _paused_until
    if not enabled() or time.monotonic() < _paused_until:
        return
    message = {"version": version}
    if kept is not None:
        message["kept"] = kept
    if by is not None:
        message["by"] = by
    try:
        _publisher().publish(channel(code), json.dumps(message))
    except RedisError as exc:
        _paused_until = time.monotonic() + PAUSE_SECONDS
        log.warning("live updates paused for %ss: %s", PAUSE_SECONDS, exc)


def changed(code: str, version: int, *, kept: int | None = None, by=None) -> None:
    """Publish ``version`` of table ``code`` once the caller's transaction commits (at once outside one):
    a phone told of a version reads it committed. ``kept``: how many events of the previous version this
    one keeps (every one of them unless events were added or taken back); ``by``: the account whose
    change it is (its page has the new state from its answer already)."""
    by_id = getattr(by, "pk", by)
    transaction.on_commit(partial(publish, code, version, kept, by_id))


@dataclass(frozen=True)
class Viewer:
    """Who a stream renders for: the account, the seats it holds (header player → seat number) and the
    language of its page."""

    user_id: int
    seats: tuple[tuple[str, int], ...]
    language: str


# One thread renders the states for every stream of this process: rendering is Python (one core at a
# time anyway), and its one database connection is kept from render to render.
_render_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="table-state")
_renders: OrderedDict[tuple, Future] = OrderedDict()
_renders_lock = threading.Lock()


def _render(
    render, code: str, seats: dict[str, int], language: str, version: int | None = None
) -> tuple[int, str, list] | None:
    """The state of table ``code`` at ``version`` or later for the phone holding ``seats`` (``render``:
    play.services.table_state, which reads the row once for every seat told of that version): (its
    version, the state as JSON without its events, the events). On the render thread."""
    close_old_connections()  # a connection broken or past CONN_MAX_AGE is replaced
    with translation.override(language):
        payload = render(code, seats, version)
        if payload is None:
            return None
        events = payload.pop("events")
        return payload["version"], json.dumps(payload, cls=DjangoJSONEncoder), events


def _rendering(render, code: str, version: int, viewer: Viewer) -> Future:
    """The render of ``version`` of table ``code`` for ``viewer``'s seats: one for every phone holding
    them (a render under way is shared, a finished one kept)."""
    key = (code, version, tuple(sorted(n for _, n in viewer.seats)), viewer.language)
    with _renders_lock:
        future = _renders.get(key)
        if future is None:
            future = _render_pool.submit(_render, render, code, dict(viewer.seats), viewer.language, version)
            _renders[key] = future
            while len(_renders) > RENDERS_KEPT:
                _renders.popitem(last=False)
        return future


def close_renderer() -> None:
    """Close the render thread's database connection (a test's database can then be dropped)."""
    _render_pool.submit(connections.close_all).result()


def _message(data: dict) -> str:
    return f"data: {json.dumps(data)}\n\n"


async def _state_message(render, code: str, published: dict, viewer: Viewer) -> tuple[int, str]:
    """The message telling ``viewer``'s page of the version ``published``: the state for its seats with
    the events added since the version before (all of them when that is not known), or only the version
    for the phone whose change it is and when rendering failed. (The version said, the message.)"""
    version = published["version"]
    if published.get("by") == viewer.user_id:
        return version, _message({"version": version})
    try:
        rendered = await asyncio.wrap_future(_rendering(render, code, version, viewer))
    except Exception:  # noqa: BLE001 — the page then reads the state itself
        log.exception("table %s: no state rendered for version %s", code, version)
        rendered = None
    if rendered is None:
        return version, _message({"version": version})
    at, state, events = rendered
    kept = published.get("kept")
    if at == version and isinstance(kept, int) and 0 <= kept <= len(events):
        head = f'"version": {at}, "since": {version - 1}, "kept": {kept}, "events": '
        return at, f'data: {{{head}{json.dumps(events[kept:])}, "state": {state}}}\n\n'
    return at, f'data: {{"version": {at}, "events": {json.dumps(events)}, "state": {state}}}\n\n'


async def _events(pubsub, client, render, code: str, version: int | None, viewer: Viewer):
    """The stream: the version now (a reconnecting page catches up), then every version published, with
    its state for this phone's seats."""
    loop = asyncio.get_running_loop()
    said = version or 0
    try:
        yield f"retry: {RETRY_MILLISECONDS}\n" + _message({"version": said})
        ends = loop.time() + LIFETIME_SECONDS
        while loop.time() < ends:
            message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=KEEPALIVE_SECONDS)
            if message is None:
                yield ": still here\n\n"
                continue
            try:
                published = json.loads(message["data"])
                published["version"] = int(published["version"])
            except (ValueError, KeyError, TypeError):
                continue
            if published["version"] <= said:
                continue  # told already (a render found the table further on)
            said, text = await _state_message(render, code, published, viewer)
            yield text
    finally:
        await pubsub.aclose()
        await client.aclose()


def _nothing() -> HttpResponse:
    """No stream here: an EventSource answered 204 does not reconnect, and the page polls."""
    return HttpResponse(status=204)


async def stream(request, code: str, render):
    """The server-sent events of table ``code`` for a phone seated there (404 for anyone else), each
    version's state by ``render(code, seats)`` (play.services.table_state, handed in by the views: this
    module sits below play.services, which publishes through it)."""
    from play.models import TableSeat

    code = code.upper()
    user = await request.auser()
    seats = []
    if user.is_authenticated:
        held = TableSeat.objects.filter(table__code=code, user=user).order_by("number")
        seats = [(player, number) async for player, number in held.values_list("player", "number")]
    if not seats:
        return HttpResponseNotFound()  # bare: a page rendered for an EventSource is read by nobody
    return await _open(request, code, render, user.pk, tuple(seats))


SPECTATOR = 0  # a spectator's stream's account: none (no account's id is 0), so every change is told in full


async def watch_stream(request, token: str, render):
    """The server-sent events of the table whose spectator link has the secret ``token`` (play:watch),
    for anyone holding the link: each version's state for no seat by ``render`` (play.services.watch_state:
    nothing any seat keeps hidden, HR-17.2.8, and no offers), rendered once per version and language for
    every spectator. 404 for any other token."""
    from play.models import TableGame

    code = await TableGame.objects.filter(watch_token=token).values_list("code", flat=True).afirst()
    if code is None:
        return HttpResponseNotFound()
    return await _open(request, code, render, SPECTATOR, ())


async def _open(request, code: str, render, user_id: int, seats: tuple):
    """The stream of table ``code`` for account ``user_id`` holding ``seats`` (204 with no live updates)."""
    from play.models import TableGame

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
    viewer = Viewer(user_id, seats, getattr(request, "LANGUAGE_CODE", "") or translation.get_language())
    response = StreamingHttpResponse(
        _events(pubsub, client, render, code, version, viewer), content_type="text/event-stream"
    )
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx passes each event on at once
    return response

"""Live updates at the table (play.live): a stored event is published on Redis and heard on the table's
server-sent event stream at once; with no Redis, Redis down, or a WSGI server the stream answers 204 and
the page polls, and posts are stored as ever."""

from __future__ import annotations

import asyncio
import json

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.test import AsyncClient

from play import finish, live, tables

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.redis]

GAME = "motu-battleground"


@pytest.fixture(autouse=True)
def fresh_publisher():
    """Each test's own Redis address: the publisher and its pause are the process's."""
    live._client, live._paused_until = None, 0.0
    yield
    live._client, live._paused_until = None, 0.0


@pytest.fixture
def table(user, other_user):
    created = tables.create_game(
        user,
        game=GAME,
        seats=[tables.Seating("Alice", "first-game-ew"), tables.Seating("Mallory", "first-game-motu")],
        first_player_seat=1,
    )
    return tables.join(created.code, other_user)


async def _next_message(stream) -> dict:
    """The next event of the stream (keep-alive comments skipped), read within 5 s."""
    while True:
        chunk = await asyncio.wait_for(anext(stream), timeout=5)
        text = chunk.decode() if isinstance(chunk, bytes) else chunk
        data = [line[len("data: ") :] for line in text.splitlines() if line.startswith("data: ")]
        if data:
            return json.loads(data[0])


def test_a_stored_event_is_heard_on_the_other_phones_stream(table, user, other_user):
    async def scenario():
        client = AsyncClient()
        await client.aforce_login(other_user)
        response = await client.get(f"/play/{table.code}/stream")
        assert response.status_code == 200 and response["Content-Type"] == "text/event-stream"
        stream = aiter(response.streaming_content)
        try:
            assert await _next_message(stream) == {"version": table.version}  # where the table is now
            stored = await sync_to_async(finish.post_event)(
                table.code, user, {"type": "deal", "player": "p1"}, table.version
            )
            assert stored.version == table.version + 1
            assert await _next_message(stream) == {"version": stored.version}
        finally:
            await stream.aclose()

    async_to_sync(scenario)()


def test_a_stranger_gets_no_stream(table, make_user):
    eve = make_user("eve")

    async def scenario():
        client = AsyncClient()
        await client.aforce_login(eve)
        assert (await client.get(f"/play/{table.code}/stream")).status_code == 404
        assert (await AsyncClient().get(f"/play/{table.code}/stream")).status_code == 404

    async_to_sync(scenario)()


def test_without_redis_the_stream_answers_204_and_the_page_polls(table, user, settings):
    settings.ARBITER_LIVE_URL = ""  # as `make run`: no Redis

    async def scenario():
        client = AsyncClient()
        await client.aforce_login(user)
        return (await client.get(f"/play/{table.code}/stream")).status_code

    assert async_to_sync(scenario)() == 204
    stored = finish.post_event(table.code, user, {"type": "deal", "player": "p1"}, table.version)
    assert len(stored.entries) == 2  # Bob's deal follows, logged by the site


def test_with_redis_down_posts_are_stored_and_the_stream_answers_204(table, user, settings):
    settings.ARBITER_LIVE_URL = "redis://127.0.0.1:9/0"  # nothing listens there

    async def scenario():
        client = AsyncClient()
        await client.aforce_login(user)
        return (await client.get(f"/play/{table.code}/stream")).status_code

    assert async_to_sync(scenario)() == 204
    stored = finish.post_event(table.code, user, {"type": "deal", "player": "p1"}, table.version)
    assert stored.version == table.version + 1 and len(stored.entries) == 2
    assert live._paused_until > 0  # publishing pauses instead of trying again at every post


def test_a_wsgi_server_answers_204(client, table, user):
    client.force_login(user)
    assert client.get(f"/play/{table.code}/stream").status_code == 204


def test_the_table_page_names_its_stream(client, table, user):
    client.force_login(user)
    assert f'data-stream-url="/play/{table.code}/stream"' in client.get(f"/play/{table.code}/").text

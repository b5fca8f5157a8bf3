"""Live updates at the table (play.live): a stored event is published on Redis and heard on the table's
server-sent event stream at once, with the state that phone is shown (its seat's view and offers, the
events added), rendered once per seat; a seat never hears another seat's hidden information (HR-17.2.8);
with no Redis, Redis down, or a WSGI server the stream answers 204 and the page polls, and posts are
stored as ever."""

from __future__ import annotations

import asyncio
import json

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.test import AsyncClient

import engine
from play import finish, live, services
from tests.platform.test_play_alliance import alliance_table, face_down_seen
from tests.support.phones import battleground_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.redis]

GAME = "motu-battleground"


@pytest.fixture(autouse=True)
def fresh_publisher():
    """Each test's own Redis address: the publisher and its pause are the process's."""
    live._client, live._paused_until = None, 0.0
    yield
    live._client, live._paused_until = None, 0.0
    live._renders.clear()
    live.close_renderer()  # its database connection: the test database is dropped at the end


@pytest.fixture
def table(user, other_user):
    return battleground_table(user, other_user)


async def _next_message(stream) -> dict:
    """The next event of the stream (keep-alive comments skipped), read within 5 s."""
    while True:
        chunk = await asyncio.wait_for(anext(stream), timeout=5)
        text = chunk.decode() if isinstance(chunk, bytes) else chunk
        data = [line[len("data: ") :] for line in text.splitlines() if line.startswith("data: ")]
        if data:
            return json.loads(data[0])


async def _open(user, code: str):
    client = AsyncClient()
    await client.aforce_login(user)
    response = await client.get(f"/play/{code}/stream")
    assert response.status_code == 200 and response["Content-Type"] == "text/event-stream"
    return aiter(response.streaming_content)


def _as_state_json(payload: dict) -> dict:
    return json.loads(json.dumps(payload))


def test_a_stored_event_is_heard_with_the_new_state_on_the_other_phones_stream(table, user, other_user):
    async def scenario():
        theirs, mine = await _open(other_user, table.code), await _open(user, table.code)
        try:
            assert await _next_message(theirs) == {"version": table.version}  # where the table is now
            assert await _next_message(mine) == {"version": table.version}
            stored = await sync_to_async(finish.post_event)(
                table.code, user, {"type": "deal", "player": "p1"}, table.version
            )
            assert stored.version == table.version + 1
            heard = await _next_message(theirs)
            # The poster's page has the state from its post's answer: its stream says the version only.
            assert await _next_message(mine) == {"version": stored.version}
            return stored, heard
        finally:
            await theirs.aclose()
            await mine.aclose()

    stored, heard = async_to_sync(scenario)()
    expected = _as_state_json(services.state_payload(services.load(table.code), other_user))
    assert heard["version"] == stored.version and heard["since"] == stored.version - 1
    assert heard["kept"] == len(table.entries) == 0  # the events the page at the version before keeps
    assert heard["events"] == expected.pop("events")  # the deal and Mallory's deal the site logged
    assert len(heard["events"]) == 2 and heard["events"][0]["seat"] == 1
    assert heard["state"] == expected  # what state.json answers Mallory: no second request needed
    assert heard["state"]["my_seats"] == [2] and heard["state"]["player"] == "p2"
    assert len(json.dumps(heard)) < 20_000  # small: the events before are not sent again


def test_phones_holding_the_same_seat_cost_one_render(table, user, other_user, monkeypatch):
    renders = []
    render = services.seat_payload
    monkeypatch.setattr(
        services, "seat_payload", lambda t, mine, **kw: renders.append(mine) or render(t, mine, **kw)
    )

    async def scenario():
        phones = [await _open(other_user, table.code) for _ in range(3)]  # three tabs of Mallory's
        try:
            for phone in phones:
                await _next_message(phone)
            await sync_to_async(finish.post_event)(
                table.code, user, {"type": "deal", "player": "p1"}, table.version
            )
            return [await _next_message(phone) for phone in phones]
        finally:
            for phone in phones:
                await phone.aclose()

    heard = async_to_sync(scenario)()
    assert heard[0] == heard[1] == heard[2] and "state" in heard[0]
    assert renders == [{"p2": 2}]


def test_the_seats_shown_one_version_share_the_engines_work(table, monkeypatch):
    """Who is to act (the engine's legal events) is worked out once a version, however many seats'
    states are rendered (play.services._once), each seat still shown as its own."""
    calls = []
    to_act = engine.session.to_act
    monkeypatch.setattr(engine.session, "to_act", lambda replay: calls.append(1) or to_act(replay))
    first = services.table_state(table.code, {"p1": 1})
    second = services.table_state(table.code, {"p2": 2})
    assert len(calls) == 1 and first["to_act"] == second["to_act"] == ["p1", "p2"]  # BG-4.6: both deal
    assert (first["my_seats"], second["my_seats"]) == ([1], [2])
    assert [o["event"]["player"] for o in first["offers"]] == ["p1"]
    assert [o["event"]["player"] for o in second["offers"]] == ["p2"]


def test_the_row_of_a_published_version_is_read_once_for_every_seat_told_of_it(table, user, other_user):
    """The stream's process did not take the post: the first seat told of the version reads the row once
    (one query, with its seats); the other seat's state is rendered from that read, no query, and is
    still its own."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    offer = services.state_payload(table, user)["offers"][0]["event"]
    version = finish.post_event(table.code, user, offer, table.version).version
    services._seen.clear()  # as in the stream's process
    services._recent.clear()
    with CaptureQueriesContext(connection) as first_seat:
        first = services.table_state(table.code, {"p1": 1}, version)
    with CaptureQueriesContext(connection) as second_seat:
        second = services.table_state(table.code, {"p2": 2}, version)
    assert len(first_seat) == 2 and len(second_seat) == 0  # the row, its seats; then nothing
    assert first["version"] == second["version"] == version
    assert (first["my_seats"], second["my_seats"]) == ([1], [2])
    assert (
        first["events"] == second["events"] and first["events"][0]["seat"] == 1
    )  # the event, with any forced steps
    # A later version is read again.
    offer = next(o["event"] for o in second["offers"])
    later = finish.post_event(table.code, other_user, offer, version).version
    with CaptureQueriesContext(connection) as again:
        assert services.table_state(table.code, {"p1": 1}, later)["version"] == later
    assert len(again) >= 1


def test_each_seat_of_an_alliance_hears_its_own_view_never_another_seats_face_down_units(four):
    """HR-17.2.8: each player's six units lie face down in their camp, hidden from every other player,
    their teammate too, until deployed: the message to a seat names its own and no other's; its offers
    are its own."""
    phones, table = alliance_table(four)
    chosen = table.header["setup"]["units"]
    by_player = {s.player: s.user for s in table.seat_list()}
    poster, offer = next(
        (by_player[p], o["event"])
        for p in ("p1", "p2", "p3", "p4")
        for o in services.state_payload(table, by_player[p])["offers"][:1]
    )

    async def scenario():
        streams = {p: await _open(u, table.code) for p, u in by_player.items() if u != poster}
        try:
            for stream in streams.values():
                await _next_message(stream)
            await sync_to_async(finish.post_event)(
                table.code, poster, offer, None, expected_events=len(table.entries)
            )
            return {p: await _next_message(stream) for p, stream in streams.items()}
        finally:
            for stream in streams.values():
                await stream.aclose()

    heard = async_to_sync(scenario)()
    assert len(heard) == 3
    replay = services.replay_of(services.load(table.code))
    for player, message in heard.items():
        state = message["state"]
        assert state["player"] == player and state["version"] == table.version + 1
        seen = face_down_seen(state, chosen)
        assert seen[player] == set(chosen[player]) - {
            u["unit"] for u in state["view"]["units"] if u["zone"] == "arena"
        }  # its own, face down (but for one just deployed)
        text = json.dumps(message)
        for other, ids in chosen.items():
            if other != player:
                in_camp = {f"{other}:{i}" for i in ids} - {u["uid"] for u in state["view"]["units"]}
                assert in_camp and not any(f'"{uid}"' in text for uid in in_camp), (player, other)
        assert all(player in engine.session.actors(replay, o["event"]) for o in state["offers"])


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


def test_the_spectators_stream_hears_each_event_with_the_state_for_no_seat(four):
    """The spectator link's stream (play:watch, no login) hears a stored event at once, with the state
    for no seat: no offers, and none of the face-down units every seat keeps from the others (HR-17.2.8).
    Another token gets no stream."""
    phones, table = alliance_table(four)
    chosen = table.header["setup"]["units"]
    by_player = {s.player: s.user for s in table.seat_list()}
    poster, offer = next(
        (by_player[p], o["event"])
        for p in ("p1", "p2", "p3", "p4")
        for o in services.state_payload(table, by_player[p])["offers"][:1]
    )

    async def scenario():
        client = AsyncClient()
        assert (await client.get(f"/play/watch/{table.watch_token}x/stream")).status_code == 404
        response = await client.get(f"/play/watch/{table.watch_token}/stream")
        assert response.status_code == 200 and response["Content-Type"] == "text/event-stream"
        stream = aiter(response.streaming_content)
        try:
            first = await _next_message(stream)
            await sync_to_async(finish.post_event)(
                table.code, poster, offer, None, expected_events=len(table.entries)
            )
            return first, await _next_message(stream)
        finally:
            await stream.aclose()

    first, heard = async_to_sync(scenario)()
    assert first == {"version": table.version}
    state = heard["state"]
    assert heard["version"] == table.version + 1 and len(heard["events"]) >= 1
    assert state["offers"] == [] and state["my_seats"] == [] and state["code"] is None
    deployed = {u["uid"] for u in state["view"]["units"]}
    text = json.dumps(heard)
    for owner, ids in chosen.items():
        in_camp = {f"{owner}:{i}" for i in ids} - deployed
        assert in_camp and not any(f'"{uid}"' in text for uid in in_camp), owner
    assert table.code not in text

"""The table recorder's services and JSON: only the engine's offers, checked before stored, one winner
when two phones post at once, undo until confirmed, and a finished game verified through the pipeline."""

from __future__ import annotations

import json
import random

import pytest

import engine
from gamelogs.verification import verify_stored_log
from play import finish, services, tables
from play.models import TableGame

pytestmark = pytest.mark.django_db

GAME = "motu-battleground"


@pytest.fixture
def table(user, other_user):
    created = tables.create_game(
        user,
        game=GAME,
        seats=[tables.Seating("Alice", "first-game-ew"), tables.Seating("Mallory", "first-game-motu")],
        first_player_seat=1,
    )
    return tables.join(created.code, other_user)


def users_by_player(table):
    return {"p1": table.holder(1), "p2": table.holder(2)}


def play_offered(table, rng, *, limit=2000):
    """Post offered events, picked at random, as whichever player is to act, until the game ends."""
    posted = []
    for _ in range(limit):
        table.refresh_from_db()
        if table.status != "playing":
            break
        for person in users_by_player(table).values():
            payload = services.state_payload(table, person)
            if payload["offers"]:
                event = rng.choice(payload["offers"])["event"]
                table = finish.post_event(table.code, person, event, table.version)
                posted.append(event)
                break
        else:
            raise AssertionError("nobody is offered anything, but the game is not over")
    return posted


def test_a_new_game_shows_the_commitment_never_the_seed(table, user):
    payload = services.state_payload(table, user, with_board=True)
    assert payload["randomness"]["commitment"] == table.header["randomness"]["commitment"]
    assert payload["randomness"]["seed"] is None and table.seed not in json.dumps(payload)
    assert "seed" not in services.log_document(table)["randomness"]
    assert payload["board"]["hexes"] and payload["status"] == "playing"


def test_each_player_is_offered_only_their_own_choices(table, user, other_user):
    first = services.state_payload(table, user)["offers"]
    second = services.state_payload(table, other_user)["offers"]
    assert first and second  # both deal at once (BG-4.6)
    assert {o["event"]["player"] for o in first} == {"p1"} and {o["event"]["player"] for o in second} == {
        "p2"
    }


def test_an_event_for_the_other_player_is_refused(table, user):
    with pytest.raises(services.NotYourTurn):
        finish.post_event(table.code, user, {"type": "deal", "player": "p2"}, table.version)


def dealt(table, user, other_user):
    table = finish.post_event(table.code, user, {"type": "deal", "player": "p1"}, table.version)
    return finish.post_event(table.code, other_user, {"type": "deal", "player": "p2"}, table.version)


# A Masters of the Universe card: never in the Evil Warriors' hand (BG-6.2 selects from one's own hand).
NOT_IN_HAND = {"type": "select", "player": "p1", "card": "motu-fate-02"}


def test_an_illegal_event_is_refused_with_its_rule_and_nothing_is_stored(table, user, other_user):
    table = dealt(table, user, other_user)
    before = (table.version, list(table.entries))
    with pytest.raises(services.Refused) as refused:
        finish.post_event(table.code, user, NOT_IN_HAND, table.version)
    assert refused.value.rule.startswith("BG-") and refused.value.url.startswith(f"/rules/{GAME}/")
    table.refresh_from_db()
    assert (table.version, table.entries) == before


def test_two_phones_posting_against_one_version_one_wins(table, user, other_user):
    version = table.version
    finish.post_event(table.code, user, {"type": "deal", "player": "p1"}, version)
    with pytest.raises(services.Stale):
        finish.post_event(table.code, other_user, {"type": "deal", "player": "p2"}, version)
    table.refresh_from_db()
    assert len(table.entries) == 1


def test_a_resent_event_is_stored_once(table, user):
    finish.post_event(table.code, user, {"type": "deal", "player": "p1"}, table.version, cid="abc")
    finish.post_event(table.code, user, {"type": "deal", "player": "p1"}, 0, cid="abc")  # the answer was lost
    table.refresh_from_db()
    assert len(table.entries) == 1


def test_undo_until_the_opponent_confirms(table, user, other_user):
    table = finish.post_event(table.code, user, {"type": "deal", "player": "p1"}, table.version)
    with pytest.raises(services.TableError):
        services.undo(table.code, other_user, table.version)  # not theirs to undo
    table = services.undo(table.code, user, table.version)
    assert table.entries == []
    table = finish.post_event(table.code, user, {"type": "deal", "player": "p1"}, table.version)
    table = services.confirm_last(table.code, other_user, table.version)
    with pytest.raises(services.TableError):
        services.undo(table.code, user, table.version)


def test_a_whole_game_of_offered_events_ends_in_a_verified_log_equal_to_the_events(table, user, other_user):
    posted = play_offered(table, random.Random(7))
    table.refresh_from_db()
    assert table.status == "over" and table.game_log is not None
    document = services.log_document(table)
    assert document["events"] == posted
    assert engine.session.with_seed(table.header, table.seed)["randomness"] == document["randomness"]
    assert verify_stored_log(table.game_log.pk) == "legal"
    # Both players have the log among theirs; the seed is revealed now, and both confirm the result.
    from gamelogs.services import logs_visible_to

    assert logs_visible_to(user).filter(pk=table.game_log.pk).exists()
    assert logs_visible_to(other_user).filter(pk=table.game_log.pk).exists()
    assert services.state_payload(table, user)["randomness"]["seed"] == table.seed
    services.confirm_result(table.code, user)
    assert services.confirm_result(table.code, other_user).status == "confirmed"


def test_the_json_endpoints(client, table, user, other_user):
    client.force_login(user)
    state = client.get(f"/play/{table.code}/state.json?board=1").json()
    assert state["board"] and state["offers"]
    assert client.get(f"/play/{table.code}/state.json?since={state['version']}").json() == {
        "version": state["version"],
        "changed": False,
    }
    body = {"event": state["offers"][0]["event"], "version": state["version"], "cid": "x1"}
    answer = client.post(f"/play/{table.code}/events", body, content_type="application/json")
    assert answer.status_code == 200 and len(answer.json()["state"]["events"]) == 1
    stale = client.post(f"/play/{table.code}/events", body | {"cid": "x3"}, content_type="application/json")
    assert stale.status_code == 409 and stale.json()["state"]["version"] == state["version"] + 1
    assert client.get(f"/play/{table.code}/log.json").json()["events"] == [state["offers"][0]["event"]]
    table.refresh_from_db()
    table = finish.post_event(table.code, other_user, {"type": "deal", "player": "p2"}, table.version)
    refused = client.post(
        f"/play/{table.code}/events",
        {"event": NOT_IN_HAND, "version": table.version, "cid": "x4"},
        content_type="application/json",
    )
    assert refused.status_code == 422 and refused.json()["error"]["rule"].startswith("BG-")
    assert refused.json()["error"]["title"] and len(refused.json()["state"]["events"]) == 2
    assert client.get(f"/play/{table.code}/qr.svg").content.startswith(b"<svg")


def test_without_a_login_a_poll_learns_only_that_nothing_changed(client, table):
    assert client.get(f"/play/{table.code}/state.json?since={table.version}").json()["changed"] is False
    assert client.get(f"/play/{table.code}/state.json?since={table.version + 1}").status_code == 401
    assert client.get(f"/play/{table.code}/state.json").status_code == 401


def test_strangers_do_not_see_a_table(client, table, make_user):
    client.force_login(make_user("eve"))
    assert client.get(f"/play/{table.code}/").status_code == 404
    assert client.get(f"/play/{table.code}/state.json").status_code == 404


def test_the_start_page_creates_a_game_and_the_second_player_joins_by_code(client, user, other_user):
    client.force_login(user)
    page = client.post(
        "/play/",
        {
            "action": "new",
            "my_name": "Alice",
            "my_force": "first-game-ew",
            "their_name": "Bob",
            "their_force": "first-game-motu",
            "first": "2",
            "dice": "seeded",
        },
    )
    table = TableGame.objects.get()
    assert page.status_code == 302 and page.url == f"/play/{table.code}/"
    assert table.header["setup"]["first_player"] == "p2" and table.status == "waiting"
    client.force_login(other_user)
    joined = client.post("/play/", {"action": "join", "code": table.code.lower()})
    assert joined.status_code == 302
    table.refresh_from_db()
    assert table.holder(2) == other_user and table.status == "playing"
    assert (
        client.post("/play/", {"action": "join", "code": "ZZZZZZ"}).status_code == 200
    )  # says: no such game

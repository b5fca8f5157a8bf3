"""The table recorder's services and JSON: only the engine's offers, checked before stored, one winner
when two phones post at once, undo until confirmed, and a finished game verified through the pipeline."""

from __future__ import annotations

import json
import random

import pytest

import engine
from gamelogs.verification import verify_stored_log
from play import finish, services
from play.models import TableGame
from tests.support.phones import battleground_table, entered_events

pytestmark = pytest.mark.django_db

GAME = "motu-battleground"


@pytest.fixture
def table(user, other_user):
    return battleground_table(user, other_user)


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
    """Alice deals (BG-4.6); Bob's deal is then the only event left, which the site logs without asking."""
    return finish.post_event(table.code, user, {"type": "deal", "player": "p1"}, table.version)


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


def test_a_step_the_rules_leave_no_choice_in_is_logged_by_the_site(table, user, other_user):
    table = dealt(table, user, other_user)
    assert [(e["event"], e["seat"]) for e in table.entries] == [
        ({"type": "deal", "player": "p1"}, 1),
        ({"type": "deal", "player": "p2"}, services.SITE),
    ]
    assert services.state_payload(table, other_user)["offers"]  # Bob's next choice, not his deal


def test_two_phones_posting_at_once_one_wins(table, user, other_user):
    seen = len(table.entries)
    finish.post_event(table.code, user, {"type": "deal", "player": "p1"}, None, expected_events=seen)
    with pytest.raises(services.Stale):
        finish.post_event(
            table.code, other_user, {"type": "deal", "player": "p2"}, None, expected_events=seen
        )
    table.refresh_from_db()
    assert [e["seat"] for e in table.entries] == [1, services.SITE]


def test_a_change_that_is_no_event_does_not_make_a_tap_stale(table, user, other_user):
    """A version bump without a new event (a seat joined, a log attached) leaves the tap standing."""
    seen = len(table.entries)
    TableGame.objects.filter(pk=table.pk).update(version=table.version + 5)
    table = finish.post_event(table.code, user, {"type": "deal", "player": "p1"}, None, expected_events=seen)
    assert table.entries[0]["event"] == {"type": "deal", "player": "p1"}


def test_a_resent_event_is_stored_once(table, user):
    finish.post_event(table.code, user, {"type": "deal", "player": "p1"}, table.version, cid="abc")
    finish.post_event(table.code, user, {"type": "deal", "player": "p1"}, 0, cid="abc")  # the answer was lost
    table.refresh_from_db()
    assert entered_events(table) == [{"type": "deal", "player": "p1"}]


def test_undo_of_ones_own_event_until_the_next_event(table, user, other_user):
    table = finish.post_event(table.code, user, {"type": "deal", "player": "p1"}, table.version)
    with pytest.raises(services.TableError):
        services.undo(table.code, other_user, table.version)  # not theirs to undo
    table = services.undo(table.code, user, table.version)
    assert table.entries == []  # the site's step after it went with it
    table = finish.post_event(table.code, user, {"type": "deal", "player": "p1"}, table.version)
    assert services.state_payload(table, user)["can_undo"]
    offer = services.state_payload(table, other_user)["offers"][0]
    table = finish.post_event(table.code, other_user, offer["event"], table.version)
    assert not services.state_payload(table, user)["can_undo"]
    with pytest.raises(services.TableError):
        services.undo(table.code, user, table.version)


def test_a_whole_game_of_offered_events_ends_in_a_verified_log_equal_to_the_events(table, user, other_user):
    posted = play_offered(table, random.Random(7))
    table.refresh_from_db()
    assert table.status == "over" and table.game_log is not None
    document = services.log_document(table)
    assert entered_events(table) == posted and document["events"] == table.events
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
    assert answer.status_code == 200 and len(answer.json()["state"]["events"]) == 2  # Bob's deal: the site's
    stale = client.post(f"/play/{table.code}/events", body | {"cid": "x3"}, content_type="application/json")
    assert stale.status_code == 409 and stale.json()["state"]["version"] == state["version"] + 1
    assert client.get(f"/play/{table.code}/log.json").json()["events"][0] == state["offers"][0]["event"]
    table.refresh_from_db()
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

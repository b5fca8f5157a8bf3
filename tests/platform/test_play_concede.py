"""Conceding at the table (docs/recorder.md): the log format's ``concede`` event (Hoplomachus: a player
leaves; Skirmish, the other side wins; Pandemonium, that player is out) is never among the offers, so the
page offers it apart, for each of the phone's players the engine lets concede now; the stored log then
verifies legal. Eternia's log has no concession: none is offered."""

from __future__ import annotations

import pytest

from gamelogs.verification import verify_stored_log
from play import finish, services, tables
from tests.platform.test_play_hoplomachus_eternia import fe_table, hr_table

pytestmark = pytest.mark.django_db

HR = "hoplomachus-remastered"


def test_a_hoplomachus_player_concedes_from_the_page_and_the_log_verifies_legal(client, user, other_user):
    table = hr_table(user, other_user)
    # The phone of whoever is to act (the seed may have the other player start): it has offers to look at.
    (first,) = services.state_payload(table, user)["to_act"]
    phone, players = (user, ("Alice", "Mallory")) if first == "p1" else (other_user, ("Mallory", "Alice"))
    client.force_login(phone)
    state = client.get(f"/play/{table.code}/state.json").json()
    assert state["offers"] and all(o["event"]["type"] != "concede" for o in state["offers"])
    assert state["concede"] == [
        {"event": {"type": "concede", "player": first}, "player": first, "name": players[0]}
    ]  # only this phone's own player, never the other's
    body = {"event": state["concede"][0]["event"], "cid": "c1", "events": len(state["events"])}
    answer = client.post(f"/play/{table.code}/events", body, content_type="application/json")
    assert answer.status_code == 200, answer.content
    after = answer.json()["state"]
    assert after["status"] == "over" and after["concede"] == []
    assert after["result"]["winners"] == [players[1]]
    assert after["result"]["score_label"] == "Favour"  # what the scores count (HR-15.5: crowd favour)
    client.cookies["django_language"] = "it"
    again = client.get(f"/play/{table.code}/state.json").json()
    assert again["result"]["score_label"] == "Favore"  # said in the reader's language
    table.refresh_from_db()
    assert table.events[-1] == {"type": "concede", "player": first}
    assert verify_stored_log(table.game_log.pk) == "legal"


def test_the_other_player_may_concede_out_of_turn(user, other_user):
    table = hr_table(user, other_user)
    mallory = table.header["players"][1]["id"]
    state = services.state_payload(table, other_user)
    assert [c["player"] for c in state["concede"]] == [mallory]
    table = finish.post_event(table.code, other_user, state["concede"][0]["event"], table.version)
    assert table.status == "over"
    assert verify_stored_log(table.game_log.pk) == "legal"


def test_a_pandemonium_player_who_concedes_is_out_and_the_others_play_on(user, other_user, make_user):
    third = make_user("carol")
    created = tables.create_game(
        user,
        game=HR,
        seats=[
            tables.Seating("Alice", "kunlun", {"faction": "kunlun"}),
            tables.Seating("Bruno", "amazons", {"faction": "amazons"}),
            tables.Seating("Carol", "plutos-refugees", {"faction": "plutos-refugees"}),
        ],
        first_player_seat=1,
        setup={"mode": "pandemonium", "arena": "pozzuoli"},
    )
    tables.join(created.code, other_user)
    table = tables.join(created.code, third)
    carol = table.header["players"][2]["id"]
    state = services.state_payload(table, third)
    assert [c["player"] for c in state["concede"]] == [carol]
    table = finish.post_event(table.code, third, state["concede"][0]["event"], table.version)
    assert table.status == "playing"
    assert services.state_payload(table, third)["concede"] == []  # out: nothing more to concede
    assert [c["name"] for c in services.state_payload(table, user)["concede"]] == ["Alice"]


def test_an_eternia_table_offers_no_concession(user, other_user):
    table = fe_table(user, other_user)
    assert services.state_payload(table, user)["concede"] == []

"""The table recorder with real dice (recorded randomness, LOG-4): the players roll at the table and enter
the faces; the engine says what each event rolls (engine.session.dice_needed) and checks the entered faces
before anything is stored; the finished log verifies legal."""

from __future__ import annotations

import copy

import pytest

import engine
from gamelogs.verification import verify_stored_log
from play import finish, services, tables
from play.models import DiceMode, TableGame

pytestmark = pytest.mark.django_db

GAME = "motu-battleground"


def recorded_table(user, other_user, log: dict | None = None) -> TableGame:
    created = tables.create_game(
        user,
        game=GAME,
        seats=[tables.Seating("Alice", "first-game-ew"), tables.Seating("Mallory", "first-game-motu")],
        first_player_seat=1,
        mode=DiceMode.RECORDED,
    )
    if log is not None:  # play a game the simulator wrote: its header (forces, deployment), its choices
        created.header = {k: v for k, v in log.items() if k != "events"} | {"simulated": False}
        created.save(update_fields=["header"])
    return tables.join(created.code, other_user)


def _at(event: dict, path: list):
    for key in path:
        event = event[key]
    return event


def _put(event: dict, path: list, value) -> None:
    for key in path[:-1]:
        event = event[key]
    event[path[-1]] = value


def without_outcomes(event: dict) -> dict:
    """The event as a player chooses it: no dice, no cards drawn (the page's offer)."""
    return {k: v for k, v in event.items() if k not in ("attack", "defence", "draw", "additional", "expect")}


def test_a_recorded_game_has_no_seed_and_says_so(user, other_user):
    table = recorded_table(user, other_user)
    assert table.seed == "" and table.header["randomness"] == {"mode": "recorded"}
    payload = services.state_payload(table, user)
    assert payload["randomness"] == {"mode": "recorded", "commitment": None, "seed": None}


def test_faces_entered_as_the_engine_asks_make_a_log_that_verifies_legal(user, other_user):
    """LOG-4 recorded: every event is entered as a player's choice plus the faces the engine asked for (dice
    per test, BG-8.2; cards per draw, BG-4.6 and BG-5.2.1); the stored game verifies legal."""
    log = engine.simulate(GAME, 3, randomness="recorded")
    table = recorded_table(user, other_user, log)
    people = {"p1": user, "p2": other_user}
    rolled = 0
    for index, event in enumerate(log["events"]):
        table.refresh_from_db()
        if index < len(table.entries):  # the site logged it: the rules left no choice
            assert table.events[index] == event
            continue
        actor = engine.session.actors(services.replay_of(table), event)[0]
        chosen = without_outcomes(event)
        answer = services.dice_needed(table.code, people[actor], chosen)
        filled = copy.deepcopy(answer["event"])
        for need in answer["needs"]:
            seen = _at(event, need["path"])  # what the table showed, in the simulated game
            if need["kind"] == "dice":
                assert need["dice"] == len(seen["dice"]) and need["threshold"] >= 2
                rolled += 1
            else:
                assert need["count"] == len(seen)
            _put(filled, need["path"], seen)
        assert filled == event
        table = finish.post_event(table.code, people[actor], filled, table.version)
    assert rolled > 10
    table.refresh_from_db()
    assert table.status == "over" and table.game_log is not None
    document = services.log_document(table)
    assert document["randomness"] == {"mode": "recorded"} and document["events"] == log["events"]
    assert engine.verify(document).legal
    assert verify_stored_log(table.game_log.pk) == "legal"


def test_a_wrong_number_of_dice_is_refused_with_the_engines_reason_and_nothing_is_stored(
    client, user, other_user
):
    """BG-8.2: a roll with a die missing is refused (422, the rule and the engine's words); undo still works
    for the event that was stored before it."""
    log = engine.simulate(GAME, 3, randomness="recorded")
    table = recorded_table(user, other_user, log)
    people = {"p1": user, "p2": other_user}
    index = next(i for i, e in enumerate(log["events"]) if e["type"] == "attack")
    for event in log["events"][:index]:
        table.refresh_from_db()
        actor = engine.session.actors(services.replay_of(table), event)[0]
        table = finish.post_event(table.code, people[actor], event, table.version)
    attack = log["events"][index]
    attacker = people[engine.session.actors(services.replay_of(table), attack)[0]]
    client.force_login(attacker)
    asked = client.post(
        f"/play/{table.code}/dice", {"event": without_outcomes(attack)}, content_type="application/json"
    )
    assert asked.status_code == 200
    assert [n["path"] for n in asked.json()["needs"]] == [["attack"], ["defence"]]
    short = copy.deepcopy(attack)
    short["attack"]["dice"] = short["attack"]["dice"][:-1]
    short["attack"].pop("mana_rerolls", None)
    short["attack"].pop("explosions", None)
    before = (table.version, len(table.entries))
    refused = client.post(
        f"/play/{table.code}/events",
        {"event": short, "version": table.version, "cid": "r1"},
        content_type="application/json",
    )
    assert refused.status_code == 422
    error = refused.json()["error"]
    assert error["rule"] == "BG-8.2" and "dice are rolled but the log records" in error["message"]
    table.refresh_from_db()
    assert (table.version, len(table.entries)) == before
    stored = client.post(
        f"/play/{table.code}/events",
        {"event": attack, "version": table.version, "cid": "r2"},
        content_type="application/json",
    )
    assert stored.status_code == 200
    last = stored.json()["state"]["events"][-1]
    assert [r["rolled"] for r in last["rolls"]] == [attack["attack"]["dice"], attack["defence"]["dice"]]
    # The other phone sees the entered faces with the event; the one who entered it may take it back.
    client.force_login(people["p1"] if attacker == people["p2"] else people["p2"])
    seen = client.get(f"/play/{table.code}/state.json").json()["events"][-1]
    assert seen["rolls"] == last["rolls"]
    table.refresh_from_db()
    assert services.undo(table.code, attacker, table.version).entries == table.entries[:-1]


def test_asking_for_the_other_players_event_or_an_illegal_one_is_refused(user, other_user):
    table = recorded_table(user, other_user)
    with pytest.raises(services.NotYourTurn):
        services.dice_needed(table.code, user, {"type": "deal", "player": "p2"})
    deal = services.dice_needed(table.code, user, {"type": "deal", "player": "p1"})
    assert deal["needs"][0]["kind"] == "cards" and deal["needs"][0]["count"] == 5  # BG-4.6
    assert sum(card["copies"] for card in deal["needs"][0]["deck"]) > 5
    with pytest.raises(services.Refused):
        services.dice_needed(table.code, user, {"type": "select", "player": "p1", "card": "ew-fate-01"})


def test_the_start_page_offers_real_dice(client, user):
    client.force_login(user)
    form = {
        "action": "new",
        "my_name": "Alice",
        "my_force": "first-game-ew",
        "their_name": "Bob",
        "their_force": "first-game-motu",
        "first": "1",
        "dice": "recorded",
    }
    assert "We roll real dice" in client.get("/play/").content.decode()
    assert client.post("/play/", form).status_code == 302
    table = TableGame.objects.get()
    assert table.mode == "recorded" and table.header["randomness"] == {"mode": "recorded"}
    assert "you roll at the table and enter the faces" in client.get(f"/play/{table.code}/").content.decode()

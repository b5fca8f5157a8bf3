"""A Fields of Eternia team game with two players a team (FE-2.1: a team of fewer than three players shares
its three heroes out, each player controlling one or more): set up on the start page with each player's
heroes, joined seat by seat by four accounts, played to its end through the table's JSON, each phone
offered and allowed only its own heroes' events, and stored as one log that verifies legal."""

from __future__ import annotations

import pytest

import engine
from gamelogs.verification import verify_stored_log
from play import services
from play.models import TableGame
from tests.support.phones import logged_in, post_event

pytestmark = pytest.mark.django_db

FE = "motu-fields-of-eternia"
FORM = {
    "action": "new", "mode": "standard", "scenario": "standard-1", "my_name": "Anna", "my_team": "motu",
    "my_heroes": ["he-man", "teela", "stratos"], "mate2_name": "Bruno", "mate2_heroes": ["teela"],
    "their_name": "Cleo", "their_heroes": ["skeletor", "mer-man", "beast-man"],
    "their2_name": "Dario", "their2_heroes": ["mer-man", "beast-man"], "first": "2", "dice": "seeded",
}  # fmt: skip
TEAMMATE = {"alice": "bruno", "bruno": "alice", "cleo": "dario", "dario": "cleo"}
CONTROLS = {
    "alice": {"he-man", "stratos"},
    "bruno": {"teela"},
    "cleo": {"skeletor"},
    "dario": {"mer-man", "beast-man"},
}


def test_fe_2_1_four_phones_two_a_team_play_a_team_game_to_a_log_that_verifies(four):
    alice, bruno, cleo, dario = four
    phones = {u.username: logged_in(u) for u in four}
    page = phones["alice"].get(f"/play/?game={FE}").content.decode()
    assert 'name="mate2_heroes"' in page and 'name="their3_name"' in page
    assert phones["alice"].post(f"/play/?game={FE}", FORM).status_code == 302
    table = TableGame.objects.get()
    assert [(p["id"], p["name"], p["faction"], p["force"]) for p in table.header["players"]] == [
        ("p1", "Anna", "motu", ["he-man", "stratos"]), ("p2", "Bruno", "motu", ["teela"]),
        ("p3", "Cleo", "ew", ["skeletor"]), ("p4", "Dario", "ew", ["mer-man", "beast-man"]),
    ]  # fmt: skip
    assert table.header["setup"]["starting_team"] == "ew"  # "My opponent goes first": Cleo's team (FE-4.2.5)
    assert table.status == "waiting"

    for name, seat in (("bruno", 2), ("cleo", 3), ("dario", 4)):
        assert phones[name].post(f"/play/join/{table.code}/", {"seat": str(seat)}).status_code == 302
    table.refresh_from_db()
    assert table.status == "playing"
    assert [(s.number, s.user, s.team, s.controls) for s in table.seat_list()] == [
        (1, alice, "motu", ["he-man", "stratos"]), (2, bruno, "motu", ["teela"]),
        (3, cleo, "ew", ["skeletor"]), (4, dario, "ew", ["mer-man", "beast-man"]),
    ]  # fmt: skip

    owner = {hero: name for name, heroes in CONTROLS.items() for hero in heroes}
    game = engine.simulate(FE, 6, from_header=engine.session.with_seed(table.header, table.seed))
    refusals, offered = 0, {name: set() for name in phones}
    for i, event in enumerate(game["events"]):
        table.refresh_from_db()
        if i < len(table.entries):  # the site logged it: the rules left no choice
            assert table.events[i] == event
            continue
        if i < 40:  # each phone is offered only its own heroes' events
            for user in four:
                heroes = {o["event"].get("hero") for o in services.state_payload(table, user)["offers"]}
                offered[user.username] |= heroes - {None}
                assert heroes - {None} <= CONTROLS[user.username], (user.username, heroes)
        hero = event.get("hero")
        if hero in owner and refusals < 3:  # the teammate's phone may not enter this hero's event
            answer = post_event(phones[TEAMMATE[owner[hero]]], table, event)
            assert answer.status_code == 403 and answer.json()["error"]["code"] == "not_your_turn"
            assert TableGame.objects.get(pk=table.pk).version == table.version  # nothing stored
            refusals += 1
        for phone in [phones[owner[hero]]] if hero in owner else phones.values():
            answer = post_event(phone, table, event)
            if answer.status_code == 200:
                break
            assert answer.status_code == 403, answer.json()
        else:
            raise AssertionError(f"no phone may enter {event}")
    table.refresh_from_db()
    assert refusals == 3 and table.status == "over" and table.game_log is not None
    assert any(offered.values())
    assert {s.user for s in table.game_log.submissions.all()} == set(four)
    assert services.log_document(table)["events"] == game["events"]
    assert verify_stored_log(table.game_log.pk) == "legal"
    table.game_log.refresh_from_db()
    teams = {t["team"]: t["seats"] for t in table.game_log.verdict["result"]["teams"]}
    assert teams == {"motu": ["p1", "p2"], "ew": ["p3", "p4"]}  # FE-2.4: each team's players share its result


def test_fe_2_1_the_start_page_refuses_a_split_of_a_team_s_heroes_that_breaks_the_rule(four):
    phone = logged_in(four[0])
    refusals = {
        "Name this player of the team.": {"mate2_name": ""},
        "Pick the heroes this player controls (FE-2.1).": {"their2_heroes": []},
        "Pick among your team&#x27;s three heroes.": {"mate2_heroes": ["skeletor"]},
        "Pick among their team&#x27;s three heroes.": {"their2_heroes": ["teela"]},
        "Each hero is controlled by one player (FE-2.1).": {"mate3_name": "Eva", "mate3_heroes": ["teela"]},
        "Keep one or more of the heroes for yourself (FE-2.1).": {
            "mate3_name": "Eva", "mate3_heroes": ["he-man", "stratos"],
        },
        "Keep one or more of the heroes for the other team&#x27;s first player (FE-2.1).": {
            "their3_name": "Eva", "their3_heroes": ["skeletor"],
        },
        "More players a team are for the team game (FE-2.1).": {"mode": "skirmish", "scenario": "skirmish-1"},
    }  # fmt: skip
    for message, extra in refusals.items():
        refused = phone.post(f"/play/?game={FE}", {**FORM, **extra})
        assert refused.status_code == 200 and message in refused.content.decode(), message
    assert not TableGame.objects.exists()


def test_a_team_game_with_one_player_a_team_is_still_two_phones(four):
    phone = logged_in(four[0])
    alone = {k: v for k, v in FORM.items() if not k.startswith(("mate", "their2"))}
    assert phone.post(f"/play/?game={FE}", alone).status_code == 302
    table = TableGame.objects.get()
    assert [(s.number, s.controls) for s in table.seat_list()] == [
        (1, ["he-man", "teela", "stratos"]), (2, ["skeletor", "mer-man", "beast-man"])
    ]  # fmt: skip
    assert table.header["setup"]["starting_team"] == "ew"

"""A table of more than two seats: Hoplomachus' Pandemonium (HR-16, three or four players each for
themselves, HR-12) set up on the start page, joined seat by seat by four accounts through the join link,
played to its end through the table's JSON (each phone entering only its own player's events) and stored
as one log for all four; every seat then confirms the result."""

from __future__ import annotations

import pytest
from django.test import Client

import engine
from play import services
from play.models import TableGame
from tests.support.phones import logged_in, post_event

pytestmark = pytest.mark.django_db

HR = "hoplomachus-remastered"
FACTIONS = ("kunlun", "plutos-refugees", "amazons", "faction-4")


def _pandemonium(phone: Client, **extra) -> TableGame:
    made = phone.post(
        f"/play/?game={HR}",
        {
            "action": "new", "mode": "pandemonium", "arena": "pozzuoli",
            "my_name": "Alice", "my_faction": FACTIONS[0], "their_name": "Bruno", "their_faction": FACTIONS[1],
            "third_name": "Cleo", "third_faction": FACTIONS[2], "fourth_name": "Dario", "fourth_faction": FACTIONS[3],
            "dice": "seeded", **extra,
        },
    )  # fmt: skip
    assert made.status_code == 302, made.content.decode()[:2000]
    return TableGame.objects.get()


def test_four_phones_join_a_pandemonium_table_and_play_it_to_a_stored_log(four):
    alice, bruno, cleo, dario = four
    phones = {u.username: logged_in(u) for u in four}
    assert b"Pandemonium" in phones["alice"].get(f"/play/?game={HR}").content
    table = _pandemonium(phones["alice"])
    assert table.status == "waiting" and [p["id"] for p in table.header["players"]] == [
        "p1",
        "p2",
        "p3",
        "p4",
    ]
    assert [(s.number, s.player, s.user) for s in table.seat_list()] == [
        (1, "p1", alice), (2, "p2", None), (3, "p3", None), (4, "p4", None)
    ]  # fmt: skip

    # The join link lists the free seats; each phone takes one, and one account holds one seat.
    page = phones["bruno"].get(f"/play/join/{table.code}/").content.decode()
    assert 'id="take-seat-1"' not in page and all(f'id="take-seat-{n}"' in page for n in (2, 3, 4))
    assert "Cleo" in page and "held by alice" in page
    assert phones["bruno"].post(f"/play/join/{table.code}/", {"seat": "3"}).status_code == 302
    refused = phones["bruno"].post(f"/play/join/{table.code}/", {"seat": "4"})
    assert refused.status_code == 404 and "You already hold seat 3" in refused.content.decode()
    assert (
        phones["cleo"].post("/play/", {"action": "join", "code": table.code}).url
        == f"/play/join/{table.code}/"
    )
    phones["cleo"].post(f"/play/join/{table.code}/", {"seat": "2"})
    table.refresh_from_db()
    assert table.status == "waiting"
    assert phones["dario"].get(f"/play/join/{table.code}/").url == f"/play/{table.code}/"  # the last seat
    table.refresh_from_db()
    assert table.status == "playing"
    assert [s.user for s in table.seat_list()] == [alice, cleo, bruno, dario]
    stranger = logged_in(type(alice).objects.create_user("eve", password="x"))
    assert "Every seat of this game is taken" in stranger.post(f"/play/join/{table.code}/").content.decode()

    state = phones["bruno"].get(f"/play/{table.code}/state.json").json()
    assert state["my_seats"] == [3] and state["player"] == "p3"
    assert [(s["number"], s["name"], s["account"], s["mine"]) for s in state["seats"]] == [
        (1, "Alice", "alice", False), (2, "Bruno", "cleo", False), (3, "Cleo", "bruno", True), (4, "Dario", "dario", False)
    ]  # fmt: skip

    by_player = {s.player: phones[s.user.username] for s in table.seat_list()}
    game = engine.simulate(HR, 3, from_header=engine.session.with_seed(table.header, table.seed))
    refusals = 0
    for index, event in enumerate(game["events"]):
        table.refresh_from_db()
        if index < len(table.entries):  # the site logged it: the rules left no choice
            assert table.events[index] == event and table.entries[index]["seat"] == services.SITE
            continue
        actor = event.get("player")
        if actor in by_player and refusals < 3:  # a phone that does not play the actor is refused
            other = next(p for pid, p in by_player.items() if pid != actor)
            answer = post_event(other, table, event)
            assert answer.status_code == 403 and answer.json()["error"]["code"] == "not_your_turn"
            assert TableGame.objects.get(pk=table.pk).version == table.version  # nothing stored
            refusals += 1
        for phone in [by_player[actor]] if actor in by_player else by_player.values():
            answer = post_event(phone, table, event)
            if answer.status_code == 200:
                break
            assert answer.status_code == 403, answer.json()
        else:
            raise AssertionError(f"no phone may enter {event}")
    table.refresh_from_db()
    assert refusals == 3 and table.status == "over" and table.game_log is not None
    assert len(table.entries) == len(game["events"])
    assert {s.user for s in table.game_log.submissions.all()} == set(four)  # each player has the log

    # Every seat confirms the result; three of four do not make it confirmed.
    for name in ("alice", "bruno", "cleo"):
        phones[name].post(f"/play/{table.code}/result", "{}", content_type="application/json")
    table.refresh_from_db()
    assert table.status == "over" and sorted(s.number for s in table.seat_list() if s.confirmed) == [1, 2, 3]
    done = phones["dario"].post(f"/play/{table.code}/result", "{}", content_type="application/json").json()
    assert done["state"]["status"] == "confirmed" and done["state"]["result_confirmed"] == [1, 2, 3, 4]


def test_one_phone_may_hold_every_seat_when_its_creator_says_so(four):
    alice = four[0]
    table = _pandemonium(logged_in(alice), one_phone="on")
    assert table.status == "playing" and [s.user for s in table.seat_list()] == [alice] * 4
    state = services.state_payload(table, alice)
    assert state["my_seats"] == [1, 2, 3, 4] and state["offers"]  # whoever is to act, this phone enters it


def test_pandemonium_needs_a_third_player_and_a_skirmish_has_no_third(four):
    phone = logged_in(four[0])
    base = {
        "action": "new", "arena": "pozzuoli", "my_name": "A", "my_faction": FACTIONS[0],
        "their_name": "B", "their_faction": FACTIONS[1], "dice": "seeded",
    }  # fmt: skip
    alone = phone.post(f"/play/?game={HR}", {**base, "mode": "pandemonium"})
    assert alone.status_code == 200 and b"played by three or four players (HR-12)" in alone.content
    crowded = phone.post(
        f"/play/?game={HR}", {**base, "mode": "skirmish", "third_name": "C", "third_faction": FACTIONS[2]}
    )
    assert crowded.status_code == 200 and b"Skirmish has no third player" in crowded.content
    assert not TableGame.objects.exists()


FE = "motu-fields-of-eternia"


def test_eternia_co_op_players_may_bring_their_own_phones_each_entering_their_own_heroes(four):
    """FE-18.1.2: a co-op player controls the heroes given to them; at a table where each co-op player
    joins with their own phone, a phone is offered, and may enter, only its own heroes' choices."""
    anna, bruno = four[0], four[1]
    phone_a, phone_b = logged_in(anna), logged_in(bruno)
    made = phone_a.post(
        f"/play/?game={FE}",
        {
            "action": "new", "mode": "solo", "scenario": "solo-1", "my_name": "Anna", "my_team": "motu",
            "difficulty": "beginner", "my_heroes": ["he-man", "teela", "stratos"], "first": "1",
            "coop2_name": "Bruno", "coop2_heroes": ["teela"], "coop_phones": "on", "dice": "seeded",
        },
    )  # fmt: skip
    assert made.status_code == 302
    table = TableGame.objects.get()
    assert table.status == "waiting"
    assert [(s.number, s.user, s.team, s.controls) for s in table.seat_list()] == [
        (1, anna, "motu", ["he-man", "stratos"]), (2, None, "motu", ["teela"])
    ]  # fmt: skip
    phone_b.get(f"/play/join/{table.code}/")
    table.refresh_from_db()
    assert table.status == "playing"
    phones = {anna: phone_a, bruno: phone_b}
    for _ in range(60):  # on to the first choice of a hero (the game's own steps come first)
        table.refresh_from_db()
        offers = {user: services.state_payload(table, user)["offers"] for user in phones}
        heroes_of = {
            u.username: {o["event"]["hero"] for o in offers[u] if o["event"].get("hero")} for u in phones
        }
        assert heroes_of["alice"] <= {"he-man", "stratos"} and heroes_of["bruno"] <= {"teela"}
        owner = next((u for u in phones if heroes_of[u.username]), None)
        if owner is not None:
            break
        user = next(u for u in phones if offers[u])
        assert post_event(phones[user], table, offers[user][0]["event"]).status_code == 200
    else:
        raise AssertionError("no hero's choice was offered")
    event = next(o["event"] for o in offers[owner] if o["event"].get("hero"))
    other = phone_b if owner == anna else phone_a
    answer = post_event(other, table, event)
    assert answer.status_code == 403 and answer.json()["error"]["code"] == "not_your_turn"
    assert post_event(phones[owner], table, event).status_code == 200


def test_a_battleground_game_on_one_phone_enters_both_players_events(four):
    alice = four[0]
    phone = logged_in(alice)
    made = phone.post(
        "/play/",
        {
            "action": "new", "my_name": "Alice", "my_force": "first-game-ew", "their_name": "Bob",
            "their_force": "first-game-motu", "first": "1", "dice": "seeded", "one_phone": "on",
        },
    )  # fmt: skip
    assert made.status_code == 302
    table = TableGame.objects.get()
    assert table.status == "playing" and [s.user for s in table.seat_list()] == [alice, alice]
    assert post_event(phone, table, {"type": "deal", "player": "p1"}).status_code == 200
    table.refresh_from_db()  # Bob's deal was then the only event left: the site logged it
    offers = phone.get(f"/play/{table.code}/state.json").json()["offers"]
    bobs = next(o["event"] for o in offers if o["event"].get("player") == "p2")
    assert post_event(phone, table, bobs).status_code == 200
    table.refresh_from_db()
    assert [e["seat"] for e in table.entries][:3] == [1, services.SITE, 2]  # each as its own seat's

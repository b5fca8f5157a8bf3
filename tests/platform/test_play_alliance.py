"""A Hoplomachus Alliance at the table (HR-17: two teams of two, HR-12): set up on the start page with
each player's faction and chosen units (HR-17.2.8), the teams and the heroes on their tracks (HR-17.2.1,
HR-17.2.5), joined seat by seat by four accounts, each seat on its team; each phone is offered and may
enter only its own troop's events, and the game is stored as one log that verifies legal."""

from __future__ import annotations

import json

import pytest

import engine
from gamelogs.verification import verify_stored_log
from play import services
from play.models import TableGame
from tests.support.phones import logged_in, post_event

pytestmark = pytest.mark.django_db

HR = "hoplomachus-remastered"
FACTIONS = ("kunlun", "plutos-refugees", "amazons", "faction-4")
BASE = {
    "action": "new", "mode": "alliance", "arena": "pozzuoli",
    "my_name": "Alice", "my_faction": FACTIONS[0], "their_name": "Bruno", "their_faction": FACTIONS[1],
    "third_name": "Cleo", "third_faction": FACTIONS[2], "fourth_name": "Dario", "fourth_faction": FACTIONS[3],
    "dice": "seeded",
}  # fmt: skip


def test_four_phones_play_an_alliance_of_two_teams_to_a_stored_legal_log(four):
    phones = {u.username: logged_in(u) for u in four}
    page = phones["alice"].get(f"/play/?game={HR}").content.decode()
    assert "Alliance" in page and 'name="teams"' in page and 'name="fourth_units"' in page
    made = phones["alice"].post(
        f"/play/?game={HR}",
        {
            **BASE, "teams": "24", "track_heroes": "32",
            "my_units": "Warrior, Marksman, Mountain Radical, Kunlun unit 4, Kunlun unit 5, Kunlun unit 6",
        },
    )  # fmt: skip
    assert made.status_code == 302, made.content.decode()[:2000]
    table = TableGame.objects.get()
    setup = table.header["setup"]
    assert setup["teams"] == {"red": ["p2", "p4"], "blue": ["p1", "p3"]}  # HR-17.2.1
    assert setup["track_hero"] == {"red": "p2", "blue": "p3"}  # HR-17.2.5
    assert setup["units"]["p1"][:3] == ["kunlun-warrior", "kunlun-marksman", "kunlun-mountain-radical"]
    assert all(len(units) == 6 for units in setup["units"].values())  # HR-17.2.8: the rest drawn
    for name, seat in (("bruno", 2), ("cleo", 3), ("dario", 4)):
        assert phones[name].post(f"/play/join/{table.code}/", {"seat": str(seat)}).status_code == 302
    table.refresh_from_db()
    assert table.status == "playing"
    assert [(s.number, s.player, s.team, s.user.username) for s in table.seat_list()] == [
        (1, "p1", "blue", "alice"), (2, "p2", "red", "bruno"), (3, "p3", "blue", "cleo"), (4, "p4", "red", "dario")
    ]  # fmt: skip

    by_player = {s.player: s.user for s in table.seat_list()}
    game = engine.simulate(HR, 11, from_header=engine.session.with_seed(table.header, table.seed))
    replay = engine.session.start(engine.session.with_seed(table.header, table.seed))
    refused = checked_offers = 0
    for index, event in enumerate(game["events"]):
        table.refresh_from_db()
        if index < len(table.entries):  # the site logged it: the rules left no choice
            assert table.events[index] == event
            engine.session.step(replay, event)
            continue
        actors = engine.session.actors(replay, event)
        assert actors, event
        if checked_offers < 5:  # a phone is offered only what its own troop may enter
            for player, user in by_player.items():
                offered = services.state_payload(table, user)["offers"]
                assert all(player in engine.session.actors(replay, o["event"]) for o in offered)
            checked_offers += 1
        if not refused:
            other = next(u for p, u in by_player.items() if p not in actors)
            answer = post_event(phones[other.username], table, event)
            assert answer.status_code == 403 and answer.json()["error"]["code"] == "not_your_turn"
            assert TableGame.objects.get(pk=table.pk).version == table.version  # nothing stored
            refused += 1
        answer = post_event(phones[by_player[actors[0]].username], table, event)
        assert answer.status_code == 200, answer.json()
        engine.session.step(replay, event)
    table.refresh_from_db()
    assert refused == 1 and table.status == "over" and table.game_log is not None
    assert len(table.entries) == len(game["events"])
    assert {s.user for s in table.game_log.submissions.all()} == set(four)
    assert verify_stored_log(table.game_log.pk) == "legal"


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        (
            {"fourth_name": "", "fourth_faction": ""},
            "An Alliance is played by four players, two teams of two (HR-12).",
        ),
        ({"my_units": "Warrior, Marksman"}, "Alice chooses exactly 6 units of Kunlun, not 2 (HR-17.2.8)."),
        ({"their_units": "Warrior, a, b, c, d, e"}, "is not one (HR-17.2.8)."),
        ({"arena": "colosseum"}, "is played in Pozzuoli (HR-12)."),
    ],
)
def test_a_bad_alliance_choice_is_shown_on_the_form(four, extra, words):
    answer = logged_in(four[0]).post(f"/play/?game={HR}", {**BASE, **extra})
    assert answer.status_code == 200 and words in answer.content.decode().replace("&#x27;", "'")
    assert not TableGame.objects.exists()


def alliance_table(four) -> tuple[dict, TableGame]:
    """An Alliance set up on the start page by alice (units drawn, HR-17.2.8) and joined seat by seat:
    the phones by account name, and the table playing."""
    phones = {u.username: logged_in(u) for u in four}
    made = phones["alice"].post(f"/play/?game={HR}", {**BASE, "teams": "24", "track_heroes": "32"})
    assert made.status_code == 302, made.content.decode()[:2000]
    table = TableGame.objects.get()
    for name, seat in (("bruno", 2), ("cleo", 3), ("dario", 4)):
        assert phones[name].post(f"/play/join/{table.code}/", {"seat": str(seat)}).status_code == 302
    return phones, services.load(table.code)


def face_down_seen(state: dict, chosen: dict) -> dict[str, set]:
    """The chosen units (HR-17.2.8) each troop has in camp in a state.json's view, by owner."""
    return {
        owner: {u["unit"] for u in state["view"]["units"] if u["owner"] == owner and u["zone"] == "camp"}
        & set(ids)
        for owner, ids in chosen.items()
    }


def test_no_seat_sees_another_players_face_down_units_until_deployed(four):
    """HR-17.2.8: each player's six units lie face down in their camp, hidden from every other player,
    their teammate too, until deployed: neither a phone's state nor the log it downloads mid-game names
    them; a deployed unit is in everyone's view."""
    phones, table = alliance_table(four)
    chosen = table.header["setup"]["units"]
    players = {"alice": "p1", "bruno": "p2", "cleo": "p3", "dario": "p4"}
    for name, player in players.items():
        state = phones[name].get(f"/play/{table.code}/state.json").json()
        seen = face_down_seen(state, chosen)
        assert seen[player] == set(chosen[player])  # one's own, face down, in sight
        assert all(not units for owner, units in seen.items() if owner != player), (name, seen)
        assert {p: t.get("face_down") for p, t in state["view"]["troops"].items() if p in chosen} == {
            p: 6 for p in chosen
        }  # how many each has face down: the units themselves are not named
        header = json.loads(phones[name].get(f"/play/{table.code}/log.json").content)
        assert header["setup"]["units"] == {player: chosen[player]}  # LOG: the rest once the game ends
        assert "seed" not in header["randomness"]
    # A deployed unit is face up for everyone from then on.
    name, deploy = next(
        (n, o["event"])
        for n, p in players.items()
        for o in services.state_payload(table, four[int(p[1]) - 1])["offers"]
        if o["event"]["type"] == "deploy"
    )
    assert post_event(phones[name], table, deploy).status_code == 200
    owner = players[name]
    deployed = next(
        u["unit"]
        for u in phones[name].get(f"/play/{table.code}/state.json").json()["view"]["units"]
        if u["owner"] == owner and u["zone"] == "arena" and u["unit"] in chosen[owner]
    )
    for other in players:
        units = phones[other].get(f"/play/{table.code}/state.json").json()["view"]["units"]
        assert any(u["unit"] == deployed and u["zone"] == "arena" for u in units), other

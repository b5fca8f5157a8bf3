"""Co-op against the game (FE-18.1.2): two or three players share the one team's three heroes, each
controlling one or more. The recorder's header (``engine.games.eternia.table.new_header``) names each
player with the heroes they control; the game is the solo game ("there is no other difference between
solo and co-op"), and every player shares the team's result (FE-2.4)."""

from __future__ import annotations

import pytest

import engine
from engine.games.eternia import RULESET
from engine.games.eternia.table import new_header

GAME = "motu-fields-of-eternia"
SEED = "ab" * 32


def coop(*forces, faction="motu", **kwargs):
    players = [
        {"name": f"Player {i + 1}", "faction": faction, "force": list(f)} for i, f in enumerate(forces)
    ]
    return new_header(players=players, mode="solo", scenario="solo-1", difficulty="novice", **kwargs)


@pytest.mark.parametrize(
    "forces",
    [(["he-man", "teela"], ["stratos"]), (["he-man"], ["teela"], ["stratos"])],
    ids=["two players", "three players"],
)
def test_a_coop_header_names_who_controls_which_hero_and_its_game_verifies(forces):
    """FE-18.1.2: the header lists every co-op player, each with the heroes they control; the engine sets
    the one team up with the three heroes, each hero remembering its player; a game played from that
    header verifies legal and every player shares the team's result (FE-2.4, FE-18.7)."""
    head = coop(*forces, seed_hex=SEED)
    assert [p["force"] for p in head["players"]] == [list(f) for f in forces]
    assert {p["faction"] for p in head["players"]} == {"motu"}
    assert head["setup"] == {
        "scenario": "solo-1",
        "starting_team": "motu",
        "mode": "solo",
        "difficulty": "novice",
    }

    g = RULESET.start(engine.session.with_seed(head, SEED))
    team = g.s.teams["motu"]
    assert team.players == [f"p{i + 1}" for i in range(len(forces))]
    assert sorted(team.heroes) == ["he-man", "stratos", "teela"]
    for i, force in enumerate(forces):
        assert all(g.s.heroes[h].player == f"p{i + 1}" for h in force)

    log = engine.simulate(GAME, 4, from_header={**engine.session.with_seed(head, SEED), "simulated": False})
    verdict = engine.verify(log)
    assert verdict.status == "legal", verdict.violations
    result = verdict.result
    assert [s["seat"] for s in result["seats"]] == [f"p{i + 1}" for i in range(len(forces))]
    assert len({(s["outcome"], s["score"]) for s in result["seats"]}) == 1
    assert result["teams"][0]["seats"] == [s["seat"] for s in result["seats"]]
    assert result["against_game"]["outcome"] == result["seats"][0]["outcome"]


def test_one_player_still_controls_all_three_heroes():
    """FE-18.1.2: in solo play one player controls all three."""
    head = coop(["he-man", "teela", "stratos"])
    assert [p["force"] for p in head["players"]] == [["he-man", "teela", "stratos"]]


@pytest.mark.parametrize(
    ("forces", "faction", "words"),
    [
        ((["he-man"], ["teela"], ["stratos"], []), "motu", "one to 3 players"),
        ((["he-man", "teela"], []), "motu", "one or more of the team's heroes"),
        ((["he-man", "teela"], ["teela"]), "motu", "3 different heroes"),
        ((["he-man"], ["teela"]), "motu", "3 different heroes"),
        ((["he-man", "teela"], ["stratos", "man-at-arms"]), "motu", "3 different heroes"),
    ],
    ids=["four players", "a player without a hero", "a hero twice", "two heroes", "four heroes"],
)
def test_a_coop_team_that_is_not_three_heroes_shared_by_one_to_three_players_is_refused(
    forces, faction, words
):
    with pytest.raises(ValueError, match=words):
        coop(*forces, faction=faction)


def test_a_coop_log_with_a_player_who_controls_no_hero_is_refused():
    """FE-18.1.2: up to three players share the three heroes; a player with none (a fourth, or one left
    out) is not one of them, whatever wrote the log."""
    head = coop(["he-man", "teela"], ["stratos"], seed_hex=SEED)
    head["players"].append({"id": "p3", "name": "Player 3", "faction": "motu", "force": []})
    error = engine.verify({**engine.session.with_seed(head, SEED), "events": []}).error
    assert error.rule == "FE-18.1.2" and "Player 3 controls no hero" in error.message


def test_coop_players_are_all_on_the_one_team():
    players = [
        {"name": "A", "faction": "motu", "force": ["he-man", "teela"]},
        {"name": "B", "faction": "ew", "force": ["skeletor"]},
    ]
    with pytest.raises(ValueError, match="one team against the game"):
        new_header(players=players, mode="solo", scenario="solo-1", difficulty="novice")


def test_the_team_game_still_needs_two_teams_of_three_heroes_each():
    """FE-4.1.1, FE-2.1: a team game's header has two teams, each fielding three heroes."""
    players = [
        {"name": "A", "faction": "motu", "force": ["he-man", "teela"]},
        {"name": "B", "faction": "ew", "force": ["skeletor", "mer-man", "beast-man"]},
    ]
    with pytest.raises(ValueError, match="3 different heroes"):
        new_header(players=players)
    with pytest.raises(ValueError, match="two teams"):
        new_header(players=[{**players[0], "force": ["he-man", "teela", "stratos"]}])

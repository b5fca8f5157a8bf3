"""The team game's header with several players a team (FE-2.1): two teams of three heroes, each of one
to three players, each player controlling one or more of the team's heroes, as the caller splits them or
dealt in turn by default; a split that breaks FE-2.1 is refused with the rule."""

from __future__ import annotations

import pytest

import engine
from engine.games.eternia import RULESET
from engine.games.eternia.table import new_header

GAME = "motu-fields-of-eternia"
SEED = "cd" * 32
MOTU = ["he-man", "teela", "stratos"]
EW = ["skeletor", "mer-man", "beast-man"]


def player(name, faction, force=None):
    return {"name": name, "faction": faction, **({"force": force} if force is not None else {})}


def test_fe_2_1_each_player_controls_the_heroes_the_caller_gives_them_and_the_game_verifies():
    players = [
        player("Anna", "motu", ["he-man", "stratos"]),
        player("Bruno", "motu", ["teela"]),
        player("Cleo", "ew", ["skeletor"]),
        player("Dario", "ew", ["mer-man", "beast-man"]),
    ]
    head = new_header(players=players, first_player="p3", seed_hex=SEED)
    assert [(p["id"], p["faction"], p["force"]) for p in head["players"]] == [
        ("p1", "motu", ["he-man", "stratos"]), ("p2", "motu", ["teela"]),
        ("p3", "ew", ["skeletor"]), ("p4", "ew", ["mer-man", "beast-man"]),
    ]  # fmt: skip
    assert head["setup"] == {"scenario": "standard-1", "starting_team": "ew"}  # FE-4.2.5: p3's team

    g = RULESET.start(engine.session.with_seed(head, SEED))
    assert g.s.teams["motu"].players == ["p1", "p2"] and g.s.teams["ew"].players == ["p3", "p4"]
    assert g.s.heroes["teela"].player == "p2" and g.s.heroes["beast-man"].player == "p4"
    # Each hero's event is entered by the player who controls it, not by the teammate.
    assert g.actors({"type": "move", "hero": "teela"}) == ["p2"]
    assert g.actors({"type": "move", "hero": "he-man"}) == ["p1"]

    log = engine.simulate(GAME, 5, from_header={**engine.session.with_seed(head, SEED), "simulated": False})
    verdict = engine.verify(log)
    assert verdict.status == "legal", verdict.violations
    teams = {t["team"]: t["seats"] for t in verdict.result["teams"]}
    assert teams == {"motu": ["p1", "p2"], "ew": ["p3", "p4"]}


@pytest.mark.parametrize(
    ("counts", "forces"),
    [
        ((2, 1), [["he-man", "stratos"], ["teela"], EW]),
        ((3, 3), [["he-man"], ["teela"], ["stratos"], ["skeletor"], ["mer-man"], ["beast-man"]]),
        ((1, 2), [MOTU, ["skeletor", "beast-man"], ["mer-man"]]),
    ],
    ids=["three players", "six players", "one and two"],
)
def test_fe_2_1_a_team_game_seats_two_to_six_players_one_to_three_a_team(counts, forces):
    factions = ["motu"] * counts[0] + ["ew"] * counts[1]
    players = [player(f"P{i}", f, force) for i, (f, force) in enumerate(zip(factions, forces, strict=True))]
    head = new_header(players=players, seed_hex=SEED)
    assert [p["force"] for p in head["players"]] == forces
    g = RULESET.start(engine.session.with_seed(head, SEED))  # the engine sets the game up from it
    assert [len(g.s.teams[f].players) for f in ("motu", "ew")] == list(counts)
    assert all(g.s.heroes[h].player == p["id"] for p in head["players"] for h in p["force"])


def test_fe_2_1_without_a_split_the_team_s_heroes_are_dealt_in_turn_in_seat_order():
    """The team's first player lists its three heroes and the others none: the first hero goes to the
    first player, the second to the second, and so on round the team's players."""
    players = [
        player("Anna", "motu", MOTU),
        player("Bruno", "motu"),
        player("Cleo", "ew", EW),
        player("Dario", "ew", None),
        player("Eva", "ew", None),
    ]
    head = new_header(players=players)
    assert [p["force"] for p in head["players"]] == [
        ["he-man", "stratos"], ["teela"], ["skeletor"], ["mer-man"], ["beast-man"]
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("players", "words"),
    [
        (
            [player(n, "motu", [h]) for n, h in zip("ABCD", [*MOTU, "man-at-arms"], strict=True)]
            + [player("E", "ew", EW)],
            r"a team has one to 3 players.*\(FE-2\.1\); this one has 4",
        ),
        (
            [player("A", "motu", MOTU), player("B", "motu", []), player("C", "ew", EW)],
            r"B controls no hero: every player controls one or more of the team's 3 heroes \(FE-2\.1\)",
        ),
        (
            [player("A", "motu", ["he-man", "teela"]), player("B", "motu", ["teela", "stratos"]),
             player("C", "ew", EW)],
            r"3 different heroes, each controlled by one of its players \(FE-4\.1\.1, FE-2\.1\)",
        ),
        (
            [player("A", "motu", ["he-man"]), player("B", "motu", ["teela"]), player("C", "ew", EW)],
            r"3 different heroes.*\(FE-4\.1\.1, FE-2\.1\)",
        ),
        (
            [player("A", "motu", ["he-man", "teela"]), player("B", "motu"), player("C", "ew", EW)],
            r"each team fields 3 different heroes \(FE-4\.1\.1\)",
        ),
        ([player("A", "motu", MOTU), player("B", "motu")], r"two teams.*\(FE-2\.1\)"),
    ],
    ids=["four a team", "a player with no hero", "a hero twice", "two heroes", "two heroes dealt", "one team"],
)  # fmt: skip
def test_fe_2_1_a_split_that_breaks_the_rule_is_refused_in_words_with_its_rule(players, words):
    with pytest.raises(ValueError, match=words):
        new_header(players=players)


def test_the_skirmish_keeps_one_player_a_team():
    players = [
        player("A", "motu", ["he-man"]),
        player("B", "motu", ["teela", "stratos"]),
        player("C", "ew", EW),
    ]
    with pytest.raises(ValueError, match="3 different heroes"):
        new_header(players=players, mode="skirmish")

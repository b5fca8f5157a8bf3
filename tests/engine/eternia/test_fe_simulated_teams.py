"""The simulator seats teams of several players (FE-2.1: a team fields three heroes, split among its
1–3 players), in the order asked, so a team event's game can be simulated for the players at its table."""

from __future__ import annotations

import pytest

import engine

GAME = "motu-fields-of-eternia"


def test_fe_2_1_each_team_s_three_heroes_are_dealt_among_its_players():
    log = engine.simulate(GAME, 4, teams=(("ew", 2), ("motu", 3)))
    players = log["players"]
    assert [(p["id"], p["faction"], len(p["force"])) for p in players] == [
        ("p1", "ew", 2), ("p2", "ew", 1), ("p3", "motu", 1), ("p4", "motu", 1), ("p5", "motu", 1)
    ]  # fmt: skip
    for faction in ("ew", "motu"):
        heroes = [h for p in players if p["faction"] == faction for h in p["force"]]
        assert len(heroes) == len(set(heroes)) == 3
    verdict = engine.verify(log).to_dict()
    assert verdict["status"] == "legal"
    # FE-2.4: a team wins or loses as one; every player of a team shares its outcome and VP.
    teams = {t["team"]: t for t in verdict["result"]["teams"]}
    assert teams["ew"]["seats"] == ["p1", "p2"] and teams["motu"]["seats"] == ["p3", "p4", "p5"]
    for seat in verdict["result"]["seats"]:
        team = teams[seat["team"]]
        assert (seat["outcome"], seat["score"]) == (team["outcome"], team["score"])


def test_without_teams_the_simulated_header_is_one_player_per_faction():
    log = engine.simulate(GAME, 4)
    assert [(p["id"], p["faction"], len(p["force"])) for p in log["players"]] == [
        ("p1", "motu", 3),
        ("p2", "ew", 3),
    ]


@pytest.mark.parametrize(
    "teams", [(("motu", 4), ("ew", 1)), (("motu", 1), ("orcs", 1)), (("motu", 0), ("ew", 1))]
)
def test_fe_2_1_a_team_is_a_faction_of_one_to_three_players(teams):
    with pytest.raises(ValueError, match="1 to 3 players"):
        engine.simulate(GAME, 4, teams=teams)

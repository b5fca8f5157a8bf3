"""Mirror matches: both armies field the same characters (BG-DIS-21: either player may take either
faction). Events then name a character "p1:he-man"; a bare name is read from context."""

import pytest

import engine
from engine.games.battleground.scenario import Scenario

MOTU = "masters-of-the-universe"


def mirror() -> Scenario:
    sc = Scenario(factions=(MOTU, MOTU))
    sc.place("p1", "he-man", ["sword-of-power"], "K14", facing=3)
    sc.place("p2", "he-man", ["sword-of-power"], "K16", facing=0)
    hand = ["motu-fate-01", "motu-fate-02", "motu-fate-03", "motu-fate-04", "motu-fate-05"]
    sc.deal(
        {"p1": hand, "p2": ["motu-fate-06", "motu-fate-07", "motu-fate-08", "motu-fate-09", "motu-fate-10"]}
    )
    sc.select("motu-fate-01", "motu-fate-06")
    return sc


def test_bg_1_1_same_character_in_both_armies_is_accepted_and_qualified():
    sc = mirror().add("activate", player="p1", character="p1:he-man", bonus="mana")
    game = sc.game()
    assert set(game.units) == {"p1:he-man", "p2:he-man"}
    assert game.frame().unit.player == "p1"


def test_bare_name_means_the_acting_players_character_and_the_enemy_target():
    sc = mirror()
    sc.add("activate", player="p1", character="he-man", bonus="mana")
    sc.add("move", character="he-man", path=["K15"])
    sc.add(
        "attack",
        character="he-man",
        weapon="sword-of-power",
        target="he-man",
        attack={"dice": [6, 5, 4, 1, 2], "explosions": [3]},
        defence={"dice": [1, 2, 3, 1]},
    )
    game = sc.game()
    assert game.units["p2:he-man"].wounds == 2  # BG-EX-09: 3 net successes → 2 wounds
    assert game.units["p1:he-man"].hex == game.board.parse("K15")


def test_bg_6_4_1_the_other_players_copy_cannot_be_activated():
    sc = mirror().add("activate", player="p1", character="p2:he-man", bonus="mana")
    with pytest.raises(Exception) as err:
        sc.game()
    assert getattr(err.value, "rule", None) == "BG-6.4.1"


@pytest.mark.parametrize("force", ["first-game-motu", "first-game-ew"])
@pytest.mark.parametrize("randomness", ["seeded", "recorded"])
def test_simulated_mirror_games_verify_legal(force, randomness):
    for seed in range(3):
        log = engine.simulate("motu-battleground", seed, randomness=randomness, forces=(force, force))
        verdict = engine.verify(log)
        assert verdict.legal, verdict.summary()
        names = {p["name"] for p in log["players"]}
        assert any(n in verdict.summary() for n in names) or verdict.result["outcome"] == "draw"

"""The game plugin registry: found by game id, generic defaults for a game without a folder,
and a plugin registered by a test alone changes what the generic parts read."""

import pytest

import games
from games import DrawBreak, GamePlugin
from tournaments.algorithms.elimination import EliminationBracket
from tournaments.algorithms.players import ResultRecord
from tournaments.algorithms.tiebreaks import METRICS, component_metric, metrics_for

VERDICT = {
    "result": {
        "seats": [
            {
                "seat": "p1",
                "team": None,
                "outcome": "win",
                "rank": 1,
                "score": 7,
                "components": {"gold": 5, "fame": 2},
            },
            {"seat": "p2", "team": None, "outcome": "loss", "rank": 2, "score": 3, "components": {"gold": 3}},
        ]
    }
}


class Toy(GamePlugin):
    game_id = "toy-game"
    name = "Toy Game"
    score_label = "Crowns"
    score_components = {"gold": "Gold", "fame": "Fame"}
    draw_breaks = (DrawBreak("more_gold", "More gold advances", ("gold",)),)


@pytest.fixture
def toy():
    plugin = games.register(Toy())
    yield plugin
    games.unregister("toy-game")
    METRICS.pop("toy_gold", None)


def test_battleground_is_found_by_its_id():
    bg = games.plugin("motu-battleground")
    assert bg.score_label == "VP" and list(bg.score_components) == ["objectives", "missions", "knockouts"]
    assert bg.runs_events and "bg-core-starter" in bg.pack_ids()
    assert games.event_games() == [
        ("hoplomachus-remastered", "Hoplomachus: Remastered"),
        ("motu-battleground", "Masters of the Universe: Battleground"),
        ("motu-fields-of-eternia", "Masters of the Universe: Fields of Eternia"),
    ]


def test_the_default_game_is_chosen_from_the_registered_games_that_run_events(settings):
    """Issue #9: no generic app names a game; the default comes from the registry (the setting picks)."""
    assert games.default_game() == "motu-battleground" and games.default_pack() == "bg-core-starter"
    settings.ARBITER_DEFAULT_GAME = "hoplomachus-remastered"
    assert games.default_game() == "hoplomachus-remastered" and games.default_pack() == "hr-core-starter"
    settings.ARBITER_DEFAULT_GAME = "chess"  # not registered: the first registered game that runs events
    assert games.default_game() == games.event_games()[0][0]


def test_a_game_without_a_plugin_gets_the_generic_defaults():
    plain = games.GamePlugin.generic("hoplomachus-remastered")  # what a game without a plugin folder gets
    assert (plain.label, plain.score_label, plain.runs_events) == ("Hoplomachus: Remastered", "Favour", False)
    assert [rule.key for rule in plain.all_draw_breaks()] == ["higher_seed", "more_score"]
    with pytest.raises(games.UnknownPack, match="cannot be checked"):
        plain.load_pack("any")
    # Components straight from the generic result, nothing added.
    assert plain.seat_components({}, VERDICT["result"]["seats"][0]) == {"gold": 5, "fame": 2}


def test_a_registered_toy_game_declares_its_draw_breaks_tiebreaks_and_result_columns(toy):
    assert games.plugin("toy-game") is toy
    rule = toy.draw_break("more_gold")
    drawn = ResultRecord(1, ("B", "A"), "draw", (1, 9), ({"gold": 4}, {"gold": 2}))
    assert EliminationBracket(["A", "B"], rule.compare).winner(drawn) == "B"  # more gold beats the seed
    with pytest.raises(KeyError, match="unknown draw rule 'more_knockouts' for Toy Game"):
        toy.draw_break("more_knockouts")

    component_metric("toy_gold", "Gold", "gold", games={"toy-game"})
    assert "toy_gold" in metrics_for("toy-game") and "toy_gold" not in metrics_for("motu-battleground")
    assert "knockouts" not in metrics_for("toy-game")

    rows = toy.result_rows([{"id": "p1", "name": "Ann"}, {"id": "p2", "name": "Bob"}], VERDICT["result"])
    assert [(r["name"], r["sources"], r["total"], r["winner"]) for r in rows] == [
        ("Ann", [5, 2], 7, True),
        ("Bob", [3, 0], 3, False),
    ]


def test_battleground_keeps_knockouts_dealt_beside_the_vp_sources():
    verdict = {**VERDICT, "statistics": {"sides": [{"player": "p1", "knockouts_dealt": 3}]}}
    bg = games.plugin("motu-battleground")
    assert bg.seat_components(verdict, verdict["result"]["seats"][0])["knockouts_dealt"] == 3
    assert bg.seat_components(verdict, verdict["result"]["seats"][1])["knockouts_dealt"] == 0


def test_a_game_registered_with_the_engine_alone_is_named_and_scored_as_the_engine_says():
    from dashboards.datasets import ScoreComponents, meta_games
    from engine import register, unregister
    from tests.engine.conformance.dice_race.game import GAME

    assert "dice-race" not in meta_games() and games.plugin("dice-race").label == "dice-race"
    register(GAME)
    try:
        plain = games.plugin("dice-race")
        assert (plain.label, plain.score_label, plain.runs_events) == ("Dice race", "Squares", False)
        assert plain.score_components == {"distance": "Distance", "sixes": "Sixes"}
        assert "dice-race" in meta_games() and "dice-race" in games.game_ids()
        assert ScoreComponents("dice-race").title == "Squares by source"
    finally:
        unregister("dice-race")
    assert "dice-race" not in meta_games()

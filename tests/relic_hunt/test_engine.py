"""Relic hunt through the engine, installed by its entry point only: listed, simulated and verified like
the built-in games, and its rules (RH-1 … RH-9) held to their text."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import engine
from engine.core.ruleset import ReplayBase
from tests.relic_hunt.installed import HERE, pythonpath

pytestmark = pytest.mark.usefixtures("relic_hunt")


def header(mode="duel", players=2, first="p1", dice="recorded"):
    seed = "ab" * 16 if dice == "seeded" else None
    names = [{"name": f"Hunter {n + 1}"} for n in range(players)]
    doc = engine.game("relic-hunt").ruleset.new_header(
        players=names, first_player=first, seed_hex=seed, mode=mode
    )
    if seed:
        doc["randomness"]["seed"] = seed
    return {**doc, "events": []}


def play(doc, *events):
    hunt = engine.session.start(doc)
    for event in events:
        hunt.apply(hunt.events_applied, event)
    return hunt


def test_the_game_is_listed_by_the_engine_and_its_command_line():
    info = engine.game("relic-hunt")
    assert info.ruleset_version == "rh-1.0.0" and info.seats.max_seats == 4
    assert "relic-hunt" in {g.id for g in engine.games()}
    assert engine.builtin_packs("relic-hunt") == ["relic-hunt-basic"]
    # Another process finds it the same way: by the installed distribution's entry point.
    out = subprocess.run(
        [sys.executable, "-m", "engine", "simulate", "--game", "relic-hunt", "--seed", "3"],
        capture_output=True, text=True, env={**os.environ, "PYTHONPATH": pythonpath()}, cwd=HERE.parents[1], check=True,
    )  # fmt: skip
    log = json.loads(out.stdout)
    assert log["game"] == "relic-hunt" and engine.verify(log).status == "legal"


@pytest.mark.parametrize("randomness", ["seeded", "recorded"])
def test_simulated_hunts_of_every_mode_are_legal_and_score_relics(randomness):
    modes = set()
    for seed in range(30):
        log = engine.simulate("relic-hunt", seed, randomness=randomness)
        verdict = engine.verify(log)
        assert verdict.status == "legal", verdict.summary()
        seats = verdict.result["seats"]
        assert len(seats) == len(log["players"])
        assert all(s["score"] == s["components"]["relics"] for s in seats)
        modes.add(log["setup"]["mode"])
    assert modes == {"duel", "melee", "pairs"}


def test_the_replay_inherits_the_kernel_defaults_and_declares_its_board():
    hunt = play(header())
    assert isinstance(hunt, ReplayBase)
    board = engine.session.board(hunt)
    assert len(board["hexes"]) == 19 and {"rock"} == {t for h in board["hexes"] for t in h["tags"]}


def test_rh_4_the_movement_roll_is_the_only_offer_and_comes_first():
    hunt = play(header(dice="seeded"))
    assert hunt.legal_events() == [{"type": "roll", "player": "p1"}]  # a forced step: nothing to choose
    recorded = play(header())
    assert [o["event"] for o in engine.session.offers(recorded, recorded=True)] == [
        {"type": "roll", "player": "p1"}
    ]
    with pytest.raises(engine.IllegalEvent) as refused:
        recorded.apply(0, {"type": "move", "player": "p1", "to": "-1,0"})
    assert refused.value.rule == "RH-4"
    needs = engine.session.dice_needed(recorded, {"type": "roll", "player": "p1"})["needs"]
    assert needs == [{"path": ["dice"], "kind": "d6", "count": 1, "what": "The movement die (RH-4)"}]


def test_rh_5_the_move_offers_every_open_hex_within_half_the_roll():
    # p1 starts on -2,0; a 5 gives 3 steps. Rocks (1,-1 and -1,1) and the other hunters' hexes are closed.
    hunt = play(header(players=4, mode="melee"), {"type": "roll", "player": "p1", "dice": [5]})
    targets = {e["to"] for e in hunt.legal_events() if e["type"] == "move"}
    assert "-2,0" in targets  # staying is a move of no step
    assert "1,-1" not in targets and "-1,1" not in targets  # rocks
    assert "-1,-1" not in targets  # p3 stands there
    assert "1,0" in targets and "2,0" not in targets  # three steps, and p2's hex
    assert len(targets) > 5  # a decision with several options
    with pytest.raises(engine.IllegalEvent) as refused:
        hunt.apply(1, {"type": "move", "player": "p1", "to": "2,-2"})  # four steps away
    assert refused.value.rule == "RH-5" and "cannot reach 2,-2 in 3 step(s)" in refused.value.message


def test_rh_6_a_dig_on_the_packs_number_takes_a_relic_and_off_a_ruin_the_turn_ends():
    doc = header()
    hunt = play(
        doc, {"type": "roll", "player": "p1", "dice": [3]}, {"type": "move", "player": "p1", "to": "0,0"}
    )
    assert {e["type"] for e in hunt.legal_events()} == {"dig", "pass", "concede"}
    hunt.apply(2, {"type": "dig", "player": "p1", "dice": [4]})  # the pack's dig_success is 4
    assert hunt.relics["p1"] == 1 and hunt.relics_left["0,0"] == 2 and hunt.turn == "p2"
    hunt.apply(3, {"type": "roll", "player": "p2", "dice": [1]})
    hunt.apply(4, {"type": "move", "player": "p2", "to": "1,0"})  # no ruin: the turn ends
    assert hunt.turn == "p1" and hunt.round == 2
    hunt.apply(5, {"type": "roll", "player": "p1", "dice": [1]})
    hunt.apply(6, {"type": "move", "player": "p1", "to": "0,0"})  # staying on the ruin
    hunt.apply(7, {"type": "dig", "player": "p1", "dice": [3]})  # under the number: nothing
    assert hunt.relics["p1"] == 1
    with pytest.raises(engine.IllegalEvent) as refused:
        play(doc, {"type": "roll", "player": "p1", "dice": [1]}, {"type": "move", "player": "p1", "to": "-1,0"},
             {"type": "dig", "player": "p1", "dice": [6]})  # fmt: skip
    assert refused.value.rule == "RH-3"  # the turn went on to p2


def test_rh_7_and_rh_1_pairs_add_the_teams_relics_and_a_tie_is_a_draw():
    hunt = play(header(players=4, mode="pairs"))
    hunt.relics.update({"p1": 2, "p2": 1, "p3": 0, "p4": 1})
    hunt.winner_ended = "rounds"
    result = hunt.result()
    assert [(t["team"], t["score"], t["outcome"]) for t in result["teams"]] == [
        ("team1", 2, "draw"),
        ("team2", 2, "draw"),
    ]
    assert {s["seat"]: s["team"] for s in result["seats"]} == {
        "p1": "team1",
        "p2": "team2",
        "p3": "team1",
        "p4": "team2",
    }


def test_rh_8_a_concession_loses_whatever_the_relics():
    hunt = play(header(players=3, mode="melee"))
    hunt.relics.update({"p1": 3})
    hunt.apply(0, {"type": "concede", "player": "p1"})
    seats = {s["seat"]: (s["outcome"], s["rank"]) for s in hunt.result()["seats"]}
    assert seats == {"p1": ("loss", 3), "p2": ("draw", 1), "p3": ("draw", 1)}
    assert hunt.is_over() and hunt.to_act() == []


def test_rh_9_and_rh_1_bad_logs_are_refused_with_the_rule_that_decides():
    bad_mode = header()
    bad_mode["setup"]["mode"] = "melee"  # a melee of two
    verdict = engine.verify(bad_mode | {"events": [{"type": "concede", "player": "p1"}]})
    assert verdict.status == "illegal" and verdict.error.rule == "RH-1"
    seeded = header(dice="seeded")
    verdict = engine.verify(seeded | {"events": [{"type": "roll", "player": "p1", "dice": [6]}]})
    assert verdict.error.rule == "RH-9" and "seed rolls them" in verdict.error.message

"""The toy dice race's own rules (DR-1…DR-8), verified through engine.verify as a plugin's game would be."""

from __future__ import annotations

import pytest

import engine
from engine.core import registry
from tests.engine.conformance.dice_race.game import GAME


@pytest.fixture(autouse=True)
def dice_race():
    with registry.registered(GAME):
        yield


def race(*events, first="p1", mode="recorded") -> dict:
    log = engine.simulate(GAME.id, 0, randomness=mode)
    log["setup"]["first_player"] = first
    log["events"] = [dict(e) for e in events]
    return log


def roll(player, die=None):
    return {"type": "roll", "player": player} | ({} if die is None else {"die": die})


def test_dr_1_the_first_player_must_be_one_of_the_two():
    verdict = engine.verify(race(roll("p1", 3), first="p3"))
    assert verdict.status == "illegal" and verdict.error.rule == "DR-1" and verdict.error.event_index is None


def test_dr_2_only_the_player_whose_turn_it_is_rolls():
    verdict = engine.verify(race(roll("p1", 3), roll("p1", 2)))
    assert (verdict.error.rule, verdict.error.event_index) == ("DR-2", 1)
    assert "Racer p2's turn" in verdict.error.message


@pytest.mark.parametrize("die", [0, 7, 2.5, "6", True])
def test_dr_3_a_recorded_die_shows_one_to_six(die):
    verdict = engine.verify(race(roll("p1", die)))
    assert (verdict.status, verdict.error.rule, verdict.error.event_index) == ("illegal", "DR-3", 0)


def test_dr_4_a_six_rolls_again_and_dr_5_the_end_of_the_track_wins():
    events = [roll("p1", 6), roll("p1", 6), roll("p1", 6), roll("p1", 2)]  # 6 + 6 + 6 + 2 = 20
    verdict = engine.verify(race(*events))
    assert verdict.legal, verdict.summary()
    seats = {s["seat"]: s for s in verdict.result["seats"]}
    assert seats["p1"]["outcome"] == "win" and seats["p1"]["components"] == {"distance": 20, "sixes": 3}
    assert verdict.summary() == "LEGAL — Racer p1 win 20–0 (distance 20, sixes 3), ended by finish"


def test_dr_5_nothing_may_follow_the_finish():
    events = [roll("p1", 6), roll("p1", 6), roll("p1", 6), roll("p1", 2), roll("p2", 1)]
    verdict = engine.verify(race(*events))
    assert (verdict.error.rule, verdict.error.event_index) == ("DR-5", 4)


def test_dr_6_a_seeded_log_carries_no_dice():
    verdict = engine.verify(race(roll("p1", 4), mode="seeded"))
    assert (verdict.error.rule, verdict.error.event_index) == ("DR-6", 0)


def test_dr_7_two_rests_per_race():
    rest = {"type": "rest"}
    events = [rest | {"player": "p1"}, rest | {"player": "p2"}, rest | {"player": "p1"}, roll("p2", 1)]
    verdict = engine.verify(race(*events, rest | {"player": "p1"}))
    assert (verdict.error.rule, verdict.error.event_index) == ("DR-7", 4)


def test_dr_8_either_player_may_concede_at_any_moment():
    verdict = engine.verify(race(roll("p1", 3), {"type": "concede", "player": "p1"}))
    assert verdict.legal and verdict.result["ended_by"] == "concession"
    assert [s["outcome"] for s in verdict.result["seats"]] == ["loss", "win"]


def test_an_unfinished_race_is_unreadable_not_legal():
    verdict = engine.verify(race(roll("p1", 3)))
    assert (verdict.status, verdict.error.rule) == ("unreadable", "LOG-5.3")

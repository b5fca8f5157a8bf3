"""Properties of whole games: every simulated game, in both randomness modes, verifies legal with a
consistent result (BG-7.4), and every event the engine offers as legal is accepted.

The default run plays 30 seeds in each mode (60 games); ``-m slow`` plays 1,000 seeds in each mode."""

from __future__ import annotations

import random

import pytest

import engine
from tests.engine.battleground.conftest import offered_events_are_accepted

FAST_SEEDS = range(30)
SLOW_SEEDS = range(1000)


def check_game(seed: int, randomness: str) -> None:
    log = engine.simulate("motu-battleground", seed, randomness=randomness)
    assert log["simulated"] is True and log["randomness"]["mode"] == randomness
    verdict = engine.verify(log)
    assert verdict.status == "legal", (seed, randomness, verdict.summary())
    assert verdict.events_verified == verdict.events_total == len(log["events"])
    result = verdict.result
    for side in result["vp"].values():  # BG-7.5.1 / BG-7.5.2 / BG-7.5.3: the total is the sum of its sources
        assert side["total"] == side["objectives"] + side["missions"] + side["knockouts"]
        assert side["objectives"] % 20 == 0  # BG-7.2.2
    a, b = (result["vp"][p["id"]]["total"] for p in log["players"])
    if result["ended_by"] == "rounds":  # BG-7.4.3
        assert result["rounds_played"] == 4
        assert (result["outcome"] == "win") == (abs(a - b) >= 20)
    assert result["ended_by"] in ("rounds", "knockout")
    if randomness == "seeded":  # LOG-4: no outcomes in the log
        assert all("dice" not in (e.get("attack") or {}) and "draw" not in e for e in log["events"])


@pytest.mark.parametrize("randomness", ["recorded", "seeded"])
@pytest.mark.parametrize("seed", FAST_SEEDS)
def test_bg_7_4_simulated_games_verify_legal(seed, randomness):
    """BG-7.4.1 / BG-7.4.3 / BG-7.5.1 / LOG-4: simulate, then verify: legal, every event verified, VP add up."""
    check_game(seed, randomness)


@pytest.mark.slow
@pytest.mark.parametrize("randomness", ["recorded", "seeded"])
def test_bg_7_4_a_thousand_simulated_games_per_mode_verify_legal(randomness):
    """The long run: 1,000 seeds in each randomness mode."""
    for seed in SLOW_SEEDS:
        check_game(seed, randomness)


@pytest.mark.parametrize("seed", [2, 7])
def test_bg_28_5_every_offered_event_is_accepted(simulated_log, seed):
    """BG-28.5 / BG-28.3: at sampled points of a simulated game, events from ``legal_events()`` (the
    choices the simulator and a move recorder offer) are accepted by a fresh replay of the same state."""
    log = simulated_log(seed, "recorded")
    rng = random.Random(seed)
    points = rng.sample(range(len(log["events"])), 12)
    assert offered_events_are_accepted(log, points, rng, per_point=4) >= 12

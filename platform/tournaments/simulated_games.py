"""Simulated game logs for the matches of a simulated event (engine only, no Django).

Kept apart from tournaments.simulation so that worker processes can import it without
setting Django up: simulate_event builds a round's logs in a pool of spawned processes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import engine

GAME = "motu-battleground"


@dataclass(frozen=True)
class GameJob:
    """One match's simulated game: which seed, and who plays which faction."""

    match_id: int
    round_number: int
    seed: int
    event_slug: str
    names: dict[str, str]  # faction id -> the name of the player who plays it


def simulated_log(job: GameJob) -> str:
    """The JSON of a simulated game for ``job``: the simulator's game, with the header naming
    the match's players (each on their faction's side) and referencing the match."""
    log = engine.simulate(GAME, job.seed, randomness="seeded")
    for player in log["players"]:
        player["name"] = job.names[player["faction"]]
    log["reference"] = {"event": job.event_slug, "match": str(job.match_id), "round": job.round_number}
    return json.dumps(log, indent=1)

"""Simulated game logs for the matches of a simulated event (engine only, no Django).

Kept apart from tournaments.simulation so that worker processes can import it without
setting Django up: simulate_event builds a round's logs in a pool of spawned processes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import engine


@dataclass(frozen=True)
class GameJob:
    """One match's simulated game: which seed, and who plays which faction."""

    match_id: int
    round_number: int
    seed: int
    event_slug: str
    names: dict[str, str]  # faction id -> the name of the player who plays it
    # Explicit sides, (force id, player name) for player one then two: needed for mirror matches,
    # where a faction does not tell the two players apart.
    sides: tuple[tuple[str, str], ...] | None = None
    game: str = field(kw_only=True)  # the game id: the event's
    # engine.simulate options as (name, value) pairs (games.GamePlugin.simulate_options); with them
    # ``sides`` gives only the names, seat by seat, of the header's players in order.
    options: tuple[tuple[str, object], ...] = ()


def simulated_log(job: GameJob) -> str:
    """The JSON of a simulated game for ``job``: the simulator's game, with the header naming
    the match's players (each on their faction's side) and referencing the match."""
    if job.options:
        options = dict(job.options)
        units = options.pop("units", None)
        log = engine.simulate(job.game, job.seed, randomness="seeded", **options)
        if units is not None:
            # Each troop fields the units its list names (a Hoplomachus Alliance, HR-17.2.8): the same
            # setup with those units, played again from its header.
            header = {key: value for key, value in log.items() if key != "events"}
            header["setup"] = {
                **header["setup"],
                "units": {p["id"]: list(chosen) for p, chosen in zip(log["players"], units, strict=True)},
            }
            log = engine.simulate(job.game, job.seed, randomness="seeded", from_header=header)
        for player, (_, name) in zip(log["players"], job.sides or (), strict=True):
            player["name"] = name
    elif job.sides is not None:
        log = engine.simulate(job.game, job.seed, randomness="seeded", forces=tuple(f for f, _ in job.sides))
        for player, (_, name) in zip(log["players"], job.sides, strict=True):
            player["name"] = name
    else:
        log = engine.simulate(job.game, job.seed, randomness="seeded")
        for player in log["players"]:
            player["name"] = job.names[player["faction"]]
    log["reference"] = {"event": job.event_slug, "match": str(job.match_id), "round": job.round_number}
    return json.dumps(log, indent=1)

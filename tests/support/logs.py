"""Game logs for tests: tiny envelope-only logs (fast, for web-side checks) and real simulated
logs from the engine (for anything that needs a verdict)."""

from __future__ import annotations

import copy
import functools
import json

import engine

GAME = "motu-battleground"


def envelope_log(nonce: int | str = 0, *, game: str = GAME, players=None) -> dict:
    """The smallest document that passes ``engine.parse_log``: right envelope, one event.
    ``nonce`` makes its hash unique. Not a playable game: the engine finds it unreadable or illegal."""
    return {
        "format": "arbiter-log",
        "format_version": 1,
        "game": game,
        "rules_version": "1.0",
        "content_pack": {"id": "bg-core-starter", "version": "0.1.0", "sha256": "0" * 64},
        "simulated": True,
        "randomness": {"mode": "recorded"},
        "players": players
        or [
            {"id": "p1", "name": "Alice", "faction": "evil-warriors", "force": []},
            {"id": "p2", "name": "Bob", "faction": "masters-of-the-universe", "force": []},
        ],
        "setup": {},
        "events": [{"type": "note", "nonce": str(nonce)}],
    }


def encode(log: dict) -> bytes:
    return json.dumps(log, indent=1).encode("utf-8")


@functools.cache
def _simulated(seed: int, randomness: str) -> str:
    return json.dumps(engine.simulate(GAME, seed, randomness=randomness))


def simulated_log(seed: int = 1, randomness: str = "recorded") -> dict:
    """A complete legal simulated Battleground log (cached per seed; returns a fresh copy)."""
    return json.loads(_simulated(seed, randomness))


def legal_simulated_log(
    first_seed: int = 1, randomness: str = "recorded", tries: int = 20
) -> tuple[dict, engine.Verdict]:
    """The first simulated log from ``first_seed`` on that the engine calls legal, with its verdict."""
    last = None
    for seed in range(first_seed, first_seed + tries):
        log = simulated_log(seed, randomness)
        verdict = engine.verify(log)
        if verdict.legal:
            return log, verdict
        last = verdict
    raise AssertionError(
        f"the simulator made no legal log in {tries} seeds; last: {last.summary() if last else None}"
    )


def attack_event_index(log: dict) -> int:
    """Index of the first attack event that records dice."""
    for index, event in enumerate(log["events"]):
        if event.get("type") == "attack" and isinstance(event.get("attack", {}).get("dice"), list):
            return index
    raise AssertionError("the simulated log has no attack with recorded dice")


def with_die_of_seven(log: dict) -> tuple[dict, int]:
    """A copy of a recorded-mode log whose first attack roll shows a 7 (illegal), and that event's index."""
    mutated = copy.deepcopy(log)
    index = attack_event_index(mutated)
    mutated["events"][index]["attack"]["dice"][0] = 7
    return mutated, index

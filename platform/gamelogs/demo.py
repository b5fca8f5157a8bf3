"""Demo data made by the engine's simulator: simulated logs (labelled so in their header) and,
for showing what an illegal verdict looks like, a simulated log with one impossible die."""

from __future__ import annotations

import copy
import json

import engine
from games import game_ids

DEMO_USERNAME = "demo"
DEMO_PASSWORD = "arbiter-demo"  # nosec B105 - the demo account's published password (README), dev data only


class SimulatorUnavailable(Exception):
    """The engine cannot simulate any game yet."""


def simulated_logs(count: int, *, first_seed: int = 1) -> list[tuple[str, dict]]:
    """``count`` simulated logs as (label, log) pairs, spread over every game the simulator
    supports, over both randomness modes and over each game's modes of play (a game registering
    more than one, such as Eternia's team game, solo and skirmish, gets each in turn). Raises
    SimulatorUnavailable if it supports none."""
    games, reasons = [], []
    for game in game_ids():
        try:
            engine.simulate(game, first_seed, randomness="recorded")
            games.append(game)
        except Exception as exc:  # noqa: BLE001 — any failure means "not this game yet"
            reasons.append(f"{game}: {type(exc).__name__}: {exc}")
    if not games:
        raise SimulatorUnavailable("; ".join(reasons))
    logs = []
    for n in range(count):
        game = games[n % len(games)]
        seed = first_seed + n
        randomness = "recorded" if (n // len(games)) % 2 else "seeded"
        modes = [mode.id for mode in engine.game(game).seats.modes]
        mode = modes[(n // len(games)) % len(modes)] if len(modes) > 1 else None
        options = {"mode": mode} if mode else {}
        label = "-".join(str(part) for part in (game, mode, randomness, seed) if part)
        logs.append((f"{label}.json", engine.simulate(game, seed, randomness=randomness, **options)))
    return logs


def one_per_mode(game: str, *, seed: int = 1) -> list[tuple[str, dict]]:
    """One simulated log (seeded randomness) for each of ``game``'s modes of play, as (label, log)
    pairs, so the game's meta and log pages have every mode to show; [] if the game cannot be
    simulated. The same seed gives the same bytes, so loading them again adds nothing."""
    logs = []
    try:
        for mode in engine.game(game).seats.modes:
            log = engine.simulate(game, seed, randomness="seeded", mode=mode.id)
            logs.append((f"{game}-{mode.id}-seeded-{seed}.json", log))
    except Exception:  # noqa: BLE001 — a game the simulator cannot play yet has no demo logs
        return []
    return logs


def plugin_games(game: str, *, seed: int = 1) -> list[tuple[str, dict]]:
    """The simulated games (seeded randomness) ``game``'s plugin asks the demo for beside one per mode
    (``games.GamePlugin.demo_games``: Eternia's boss scenario and a mounted hero), as (label, log)
    pairs; the same seed gives the same bytes, so loading them again adds nothing."""
    from games import plugin

    logs = []
    for label, options in plugin(game).demo_games():
        log = engine.simulate(game, seed, randomness="seeded", **options)
        logs.append((f"{game}-{label}-seeded-{seed}.json", log))
    return logs


def with_impossible_die(log: dict, value: int = 7) -> dict | None:
    """A copy of a recorded-mode log with the first recorded die changed to ``value`` (a six-sided
    die never shows 7), or None if the log records no dice."""
    mutated = copy.deepcopy(log)
    for event in mutated.get("events", []):
        if _replace_first_die(event, value):
            return mutated
    return None


def illegal_example(logs) -> dict | None:
    """The first of ``logs`` (recorded ones) that :func:`with_impossible_die` turns into a log the
    engine refuses as illegal, so the demo shows an illegal verdict of whatever game; None if none does."""
    for log in logs:
        broken = with_impossible_die(log)
        if broken is not None and engine.verify(broken).status == "illegal":
            return broken
    return None


_DICE_KEYS = ("dice", "rolls", "roll", "results", "faces", "values")


def _replace_first_die(node, value: int) -> bool:
    if isinstance(node, dict):
        for key, child in node.items():
            if key in _DICE_KEYS and isinstance(child, list) and child and all(_is_face(v) for v in child):
                child[0] = value if child[0] != value else value + 1
                return True
            if key in _DICE_KEYS and _is_face(child):
                node[key] = value
                return True
            if _replace_first_die(child, value):
                return True
    elif isinstance(node, list):
        return any(_replace_first_die(child, value) for child in node)
    return False


def _is_face(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 6


def encode(log: dict) -> bytes:
    return json.dumps(log, indent=1, ensure_ascii=False).encode("utf-8")

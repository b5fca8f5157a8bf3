"""Game-independent helpers of the conformance suite: replays up to an event, single-event mutants, fuzz."""

from __future__ import annotations

import copy
import json
import random

import engine
from engine.core.errors import IllegalEvent, UnreadableLog

_LOGS: dict[tuple[str, int, str], str] = {}


def simulated(game_id: str, seed: int, mode: str) -> dict:
    """A simulated log, made once per process and handed out as a fresh copy."""
    key = (game_id, seed, mode)
    if key not in _LOGS:
        _LOGS[key] = json.dumps(engine.simulate(game_id, seed, randomness=mode))
    return json.loads(_LOGS[key])


def replay_to(info, log: dict, upto: int):
    """A fresh replay of ``log`` after its first ``upto`` events."""
    replay = info.ruleset.start(log)
    for i, event in enumerate(log["events"][:upto]):
        replay.apply(i, copy.deepcopy(event))
    return replay


def accepts(replay, index: int, event: dict) -> tuple[bool, str | None]:
    """(accepted, rule id of the refusal) for applying ``event`` to ``replay`` (which it may change)."""
    try:
        replay.apply(index, copy.deepcopy(event))
    except (IllegalEvent, UnreadableLog) as exc:
        return False, exc.rule
    return True, None


# Rules too generic to decide a refusal: "may" means optional, the deck and dice mechanics, and the fallbacks a
# game cites only when it knows no rule that makes the awaited event due. A refusal names the rule that makes
# the expected event due instead (HR-15.5.3 for a catch-up, FE-11.5.3.B for the epic die, ...).
GENERIC_RULES = {
    "hoplomachus-remastered": {"HR-1.2.5"},
    "motu-fields-of-eternia": {"FE-6.9", "FE-6.9.1", "FE-6.13", "FE-6.13.1"},
}


# -- single-event mutations ----------------------------------------------------------------------------
def _leaves(value, path=()):
    """(path, scalar) for every scalar inside an event, depth first."""
    if isinstance(value, dict):
        for key in sorted(value):
            yield from _leaves(value[key], (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _leaves(item, (*path, i))
    else:
        yield path, value


def strings_by_key(log: dict) -> dict[str, list[str]]:
    """Every string value the log's events use under each key: realistic replacements for a string."""
    out: dict[str, set[str]] = {}
    for event in log["events"]:
        for path, value in _leaves(event):
            if isinstance(value, str) and path and isinstance(path[-1], str):
                out.setdefault(path[-1], set()).add(value)
    return {k: sorted(v) for k, v in out.items()}


def other_value(value, key, strings: dict[str, list[str]], rng: random.Random):
    """A different value of the same type as ``value``."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return rng.choice([n for n in (value - 1, value + 1, 0, 6, 7, 99) if n != value])
    if isinstance(value, float):
        return value + rng.choice((-1.5, 0.5, 2.0))
    if isinstance(value, str):
        pool = [s for s in strings.get(key, []) if s != value] or [value + "x"]
        return rng.choice(pool)
    return None


def _set(event: dict, path: tuple, value) -> dict:
    out = copy.deepcopy(event)
    holder = out
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = value
    return out


def mutants(log: dict, rng: random.Random, count: int):
    """``count`` single-event mutants of ``log``: (kind, index of the first changed event, mutated log).

    Kinds: ``value`` (one scalar of one event replaced by another of its type), ``drop`` (one event
    left out) and ``swap`` (two neighbouring events exchanged)."""
    events = log["events"]
    strings = strings_by_key(log)
    made = 0
    while made < count:
        kind = ("value", "drop", "swap")[made % 3]
        i = rng.randrange(len(events) - 1)  # never the last event: dropping it only shortens the log
        mutated = copy.deepcopy(log)
        if kind == "value":
            leaves = [(p, v) for p, v in _leaves(events[i]) if p and v is not None]
            if not leaves:
                continue
            path, value = rng.choice(leaves)
            mutated["events"][i] = _set(events[i], path, other_value(value, path[-1], strings, rng))
        elif kind == "drop":
            del mutated["events"][i]
        else:
            mutated["events"][i], mutated["events"][i + 1] = events[i + 1], events[i]
        if mutated["events"] == events:
            continue  # e.g. two equal neighbours swapped: not a mutation
        made += 1
        yield kind, i, mutated


# -- fuzzed input --------------------------------------------------------------------------------------
_JUNK = [None, True, -1, 0, 2**70, 1.5, float("inf"), "", "x" * 300, "p1", [], [None], {}, {"type": None}]


def fuzzed(log: dict, rng: random.Random):
    """A damaged copy of ``log``: a header field, an event, or an event's field replaced by junk, or the
    bytes cut short. Returns bytes or a dict, as an upload would be."""
    choice = rng.randrange(5)
    doc = copy.deepcopy(log)
    if choice == 0:
        raw = json.dumps(log).encode()
        return raw[: rng.randrange(len(raw))]
    if choice == 1:
        key = rng.choice(sorted(k for k in doc if k != "events"))
        doc[key] = rng.choice(_JUNK)
    elif choice == 2:
        doc["events"][rng.randrange(len(doc["events"]))] = rng.choice(_JUNK)
    elif choice == 3:
        event = doc["events"][rng.randrange(len(doc["events"]))]
        key = rng.choice(sorted(event) + ["unexpected"]) if isinstance(event, dict) else None
        if key is not None:
            event[key] = rng.choice(_JUNK)
    else:
        target = rng.choice(
            [p for p in doc["players"]] + [doc["setup"], doc["randomness"], doc["content_pack"]]
        )
        key = rng.choice(sorted(target) or ["x"])
        target[key] = rng.choice(_JUNK)
    return doc

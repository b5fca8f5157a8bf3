"""Bad input around the newer rule areas: movement effects, markers, trigger windows, massive bases.

The same promise as test_bad_input.py (a verdict of the three kinds, never ENGINE-DEFECT or a traceback),
applied to a game played with the integration pack of test_integration_properties.py, whose log holds
``movement``, ``place_marker`` and ``resolve_trigger`` events and a massive character's moves, and to that
pack (markers, movement effects, unique tokens, beneficial spells, timed abilities, a massive base).
"""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.content import pack_hash
from tests.engine.battleground.test_bad_input import WRONG, judge, leaves, mutations, setting
from tests.engine.battleground.test_integration_properties import MASSIVE, PACK, simulated

NEW_EVENTS = ("movement", "place_marker", "resolve_trigger")


@pytest.fixture(scope="module")
def effects_log():
    """An integration game that holds every newer event kind."""
    for seed in range(12):
        log = simulated(seed, "recorded")
        if set(NEW_EVENTS) <= {e["type"] for e in log["events"]}:
            assert judge(log, copy.deepcopy(PACK)).status == "legal"
            return log
    pytest.fail("no integration game holds every newer event kind")


def _newer(event: dict) -> bool:
    return event.get("type") in NEW_EVENTS or event.get("character") == MASSIVE


def _wrong_values(log: dict, per_kind: int | None, wrong=WRONG) -> set[str]:
    """Each value of the newer events (at most ``per_kind`` events of each type and mover) replaced by each
    ``wrong`` value in turn; returns the verdict statuses seen."""
    seen: set[str] = set()
    taken: dict[tuple, int] = {}
    for i, event in enumerate(log["events"]):
        if not _newer(event):
            continue
        kind = (event["type"], event.get("character") == MASSIVE)
        taken[kind] = taken.get(kind, 0) + 1
        if per_kind is not None and taken[kind] > per_kind:
            continue
        for path in leaves(event, ("events", i)):
            for bad in wrong:
                doc = copy.deepcopy(log)
                setting(doc, path, bad)
                seen.add(judge(doc, copy.deepcopy(PACK)).status)
    return seen


def test_log_5_leaves_of_the_newer_events_with_every_wrong_type(effects_log):
    """LOG-5: each value of a movement, place_marker and resolve_trigger event and of the massive
    character's events (one of each kind) replaced by a missing value, a negative, a die face out of range,
    an off-board hex and an object in turn: a verdict every time, never ENGINE-DEFECT."""
    wrong = [None, -1, 7, "Z99", {}]
    assert {"illegal", "unreadable"} <= _wrong_values(effects_log, per_kind=1, wrong=wrong)


@pytest.mark.slow
def test_log_5_every_leaf_of_the_newer_events_with_every_wrong_type(effects_log):
    """Slow: the same for every such event of the game, with every wrong value of test_bad_input.py."""
    assert {"illegal", "unreadable"} <= _wrong_values(effects_log, per_kind=None)


@settings(max_examples=120, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_log_5_random_mutations_of_a_game_with_the_newer_effects(effects_log, data):
    """Random mutations (values, deletions, insertions, duplicated, swapped and cut events) of that game."""
    judge(data.draw(mutations(effects_log)), copy.deepcopy(PACK))


@settings(max_examples=120, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_log_3_5_random_mutations_of_a_pack_with_the_newer_effects(effects_log, data):
    """LOG-3.5: the integration pack mutated at random (marker, move, unique-token, timing, test and base
    fields among them), with the log naming its hash: always a verdict, never ENGINE-DEFECT."""
    mutated = data.draw(mutations(PACK))
    log = dict(effects_log, content_pack=dict(effects_log["content_pack"], sha256=pack_hash(mutated)))
    judge(log, mutated)

"""Bad input gets a verdict that names what is wrong, never an engine defect (LOG-…, FE-…)."""

from __future__ import annotations

import copy
import json
import random

import pytest
from fe_support import header, simulated

import engine

WEIRD = [
    None,
    -1,
    0,
    10**9,
    "",
    "nowhere",
    [],
    {},
    [None],
    ["x"],
    [-1],
    [10**6],
    True,
    2.5,
    {"a": 1},
    ["attack", 0],
]


@pytest.fixture(scope="module")
def logs():
    return [simulated(1), simulated(2, "recorded")]


def _verdict(doc):
    v = engine.verify(doc)
    assert v.error is None or v.error.rule != "ENGINE-DEFECT", (v.error, v.error.event)
    json.dumps(v.to_dict())
    return v


@pytest.mark.parametrize("which", [0, 1])
def test_mutated_fields_never_crash(logs, which):
    log = logs[which]
    rng = random.Random(which)
    for _ in range(150):
        bad = copy.deepcopy(log)
        event = rng.choice(bad["events"])
        key = rng.choice(sorted(event))
        if key == "type" and rng.random() < 0.5:
            event["type"] = rng.choice(
                ["move", "place", "assign", "pay_defeat", "hits", "buy", "spell", "time", "duel"]
            )
        else:
            event[key] = rng.choice(WEIRD)
        v = _verdict(bad)
        assert v.status in ("illegal", "unreadable", "legal")


@pytest.mark.parametrize("which", [0, 1])
def test_events_out_of_place_never_crash(logs, which):
    log = logs[which]
    rng = random.Random(10 + which)
    for _ in range(100):
        bad = copy.deepcopy(log)
        i, j = rng.randrange(len(bad["events"])), rng.randrange(len(bad["events"]))
        bad["events"].insert(i, copy.deepcopy(bad["events"][j]))
        _verdict(bad)


def test_bad_headers(logs):
    base = logs[0]
    cases = [
        ("setup", {"scenario": "nope", "starting_team": "motu"}),
        ("setup", {"scenario": "standard-1", "starting_team": "horde"}),
        ("setup", {"scenario": "standard-1", "starting_team": "motu", "first_game": True}),
        ("setup", {"scenario": "standard-1", "starting_team": "motu", "first_game": True, "deployment": {"he-man": "x"}}),
        ("players", [{"id": "p1", "name": "A", "faction": "motu", "force": ["he-man", "he-man", "teela"]}]),
        ("players", [{"id": "p1", "name": "A", "faction": "motu", "force": ["skeletor", "teela", "she-ra"]},
                     {"id": "p2", "name": "B", "faction": "ew", "force": ["trap-jaw", "mer-man", "beast-man"]}]),
        ("players", [{"id": "p1", "name": "A", "faction": "gnomes", "force": []}]),
        ("options", {"faster_combat": "yes"}),
        ("options", {"unknown": True}),
        ("rules_version", "2.0"),
    ]  # fmt: skip
    for key, value in cases:
        bad = copy.deepcopy(base)
        bad[key] = value
        v = _verdict(bad)
        assert v.status in ("illegal", "unreadable"), (key, value)
        assert v.error.message


def test_refusals_name_the_rule_in_words():
    log = simulated(5)
    bad = copy.deepcopy(log)
    i = next(i for i, e in enumerate(bad["events"]) if e["type"] == "move")
    bad["events"][i]["path"] = ["temple-of-serpos"] if bad["events"][i]["hero"] in ("he-man", "she-ra", "teela",
                                                                                    "man-at-arms", "ram-man", "stratos") \
        else ["castle-grayskull"]  # fmt: skip
    v = _verdict(bad)
    assert v.status == "illegal" and v.error.event_index == i
    assert v.error.rule in ("FE-6.1.3", "FE-6.3.3", "FE-6.6.1", "FE-9.2.1")
    assert "Evil-Lyn" in v.summary() or "He-Man" in v.summary() or v.error.actor


def test_unknown_event_type_and_field():
    head = header()
    head["events"] = [{"type": "teleport"}]
    v = _verdict(head)
    assert v.status == "unreadable" and v.error.rule == "LOG-5.1" and "teleport" in v.error.message
    head["events"] = [{"type": "draw", "deck": "victory", "colour": "red"}]
    v = _verdict(head)
    assert v.status == "unreadable" and v.error.rule == "LOG-5.1"


def test_a_supplied_pack_that_is_malformed():
    from fe_support import pack

    doc = pack()
    doc["map"]["edges"].append({"kind": "path", "a": "castle-grayskull", "b": "atlantis"})
    head = header(doc=doc)
    v = engine.verify(head, content_pack=doc)
    assert v.status == "unreadable" and v.error.rule == "LOG-3.5" and "atlantis" in v.error.message

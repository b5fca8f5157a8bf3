"""engine.core.event_check: the quick per-event schema checks accept exactly what fastjsonschema accepts (LOG-5.1)."""

from __future__ import annotations

import copy

import fastjsonschema
import pytest

import engine
from engine.core.event_check import fast_check
from engine.core.logfile import schema_document
from engine.games.hoplomachus.content import LOG_SCHEMA

DEFS = {k: v for k, v in schema_document(LOG_SCHEMA)["$defs"].items() if k != "event"}
FULL = {k: fastjsonschema.compile(v) for k, v in DEFS.items()}
ODD_VALUES = [
    None,
    0,
    1,
    -1,
    1.0,
    2.5,
    True,
    False,
    "",
    "x",
    "x" * 101,
    "p1\n",
    "A1\n",
    "A1",
    [],
    ["a"],
    [1],
    {},
]


def _events() -> list[dict]:
    out = []
    for seed, mode in enumerate(["skirmish", "assault", "pandemonium", "alliance", "ascension"]):
        log = engine.simulate("hoplomachus-remastered", seed, mode=mode)
        out += log["events"]
    return out


def _variants(event: dict):
    yield event
    yield {**event, "extra": 1}
    for key in event:
        yield {k: v for k, v in event.items() if k != key}
        yield {("surplus" if k == key else k): v for k, v in event.items()}  # as many keys, one unknown
        for odd in ODD_VALUES:
            yield {**event, key: odd}
        value = event[key]
        if isinstance(value, list) and value:
            yield {**event, key: value * 40}
            for odd in ODD_VALUES:
                yield {**event, key: [odd, *value[1:]]}


def _accepts(validate, event) -> bool:
    try:
        validate(event)
    except fastjsonschema.JsonSchemaException:
        return False
    return True


@pytest.fixture(scope="module")
def events():
    return _events()


def test_most_event_types_have_a_quick_check():
    quick = [k for k, v in DEFS.items() if fast_check(v, lambda e: None) is not None]
    assert {"attack", "end_turn", "move", "deploy", "tactic", "track"} <= set(quick)
    assert {"toss", "smite", "catch_up", "deploy_ally"} <= set(quick)  # a string or null
    assert "special" in quick  # its dice: one roll's, or several rolls' (a oneOf of arrays)


def test_a_oneof_of_arrays_is_told_apart_by_its_first_item():
    """A special's ``dice`` is one roll's dice or several rolls': the quick path proves either by the type of the
    first item, and hands an empty list (valid for both, so not for the oneOf), a mixed list or anything else to
    the full validator, which decides as before."""
    handed: list = []
    quick = fast_check(DEFS["special"], handed.append)
    base = {"type": "special", "player": "p1", "unit": "u1", "special": "s1"}
    for dice, quick_ok in [
        (["red:hit", "blue:miss"], True),
        ([["red:hit"], ["blue:miss", "red:hit"]], True),
        ([], False),
        (["red:hit", ["blue:miss"]], False),
        ([["red:hit"], "blue:miss"], False),
        ([["red:hit"]] * 7, False),
        (["x" * 41], False),
        ([{"a": 1}], False),
        ("red:hit", False),
    ]:
        handed.clear()
        quick({**base, "dice": dice})
        assert (not handed) == quick_ok, dice
        assert _accepts(FULL["special"], {**base, "dice": dice}) or not quick_ok


def test_a_known_string_proves_only_equal_strings():
    """A string once proven valid is looked up, not tested again: only the same string passes that way, never a
    value of another type (nor an unhashable one, which the full validator refuses)."""
    handed: list = []
    quick = fast_check(DEFS["move"], handed.append)
    quick({"type": "move", "player": "p1", "unit": "u1", "path": ["A1", "B2"]})
    assert handed == []
    for odd in (b"A1", 1, True, 1.0, None, ["A1"], ("A1",), {"A1": 1}, "A1\n", "a" * 5):
        handed.clear()
        quick({"type": "move", "player": "p1", "unit": "u1", "path": ["A1", odd]})
        assert len(handed) == 1, odd
        handed.clear()
        quick({"type": "move", "player": "p1", "unit": odd, "path": ["A1"]})
        assert len(handed) == 1 or odd in ("A1\n", "a" * 5), odd  # any string of 1 to 100 is a unit


def test_quick_check_agrees_with_fastjsonschema(events):
    """Every logged event and many broken variants of it: the quick path accepts only what the full validator
    accepts, and hands everything else to it (which then refuses it as before)."""
    checked = quick_accepted = 0
    for event in events:
        full = FULL[event["type"]]
        handed: list = []
        quick = fast_check(DEFS[event["type"]], handed.append)
        if quick is None:
            continue
        for variant in _variants(copy.deepcopy(event)):
            handed.clear()
            quick(variant)
            if not handed:  # accepted on the quick path
                assert _accepts(full, variant), variant
            checked += 1
        handed.clear()
        quick(event)
        quick_accepted += not handed  # a logged event is valid: the quick path should prove it so
    assert checked > 1000
    assert quick_accepted > 0.9 * len(events)


def test_a_matched_type_is_not_tested_again(events):
    """Game.apply chooses the check by the event's ``type``: a check told so (``matched``) agrees with the full
    validator on every event of that type and its broken variants; told a type its schema does not require, it
    keeps testing the type."""
    checked = 0
    for event in events[:400]:
        typ = event["type"]
        handed: list = []
        quick = fast_check(DEFS[typ], handed.append, matched=("type", typ))
        if quick is None:
            continue
        for variant in _variants(copy.deepcopy(event)):
            if variant.get("type") != typ:
                continue  # Game.apply would not choose this check
            handed.clear()
            quick(variant)
            if not handed:
                assert _accepts(FULL[typ], variant), variant
            checked += 1
        other = "move" if typ != "move" else "attack"
        handed.clear()
        fast_check(DEFS[typ], handed.append, matched=("type", other))(event)
        assert handed == []  # its own type, tested and accepted
        handed.clear()
        fast_check(DEFS[typ], handed.append, matched=("type", other))({**event, "type": other})
        assert len(handed) == 1  # the schema's constant is not the one matched: tested, and handed on
    assert checked > 1000


def test_an_event_refused_by_the_schema_stays_refused(events):
    for event in events[:200]:
        full = FULL[event["type"]]
        quick = fast_check(DEFS[event["type"]], full)
        if quick is None:
            continue
        broken = {**event, "unit": 5, "surplus": True}
        with pytest.raises(fastjsonschema.JsonSchemaException):
            quick(broken)
        assert quick(event) is None or _accepts(full, event)

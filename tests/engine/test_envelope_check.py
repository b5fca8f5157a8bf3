"""The shared envelope check (LOG-2): its quick path (engine.core.event_check, with the randomness ``oneOf`` told
apart by ``mode`` and the options' list of types) accepts only what fastjsonschema accepts, and every refusal
is worded as the full validator words it."""

from __future__ import annotations

import copy

import fastjsonschema
import pytest

import engine
from engine.core.errors import UnreadableLog
from engine.core.event_check import fast_check
from engine.core.logfile import _envelope_check, parse_envelope, schema_document, validate

SEED = "ab" * 32
COMMITMENT = "a" * 64
ODD = [None, 0, 1, 1.5, True, False, "", "x", "recorded", "seeded", [], ["a"], {}, {"mode": "recorded"}]
RANDOMNESS = [
    {"mode": "recorded"},
    {"mode": "seeded", "commitment": COMMITMENT, "seed": SEED},
    {"mode": "seeded"},
    {"mode": "recorded", "seed": SEED},
    {"mode": "seeded", "commitment": COMMITMENT, "seed": SEED, "extra": 1},
    {"mode": "seeded", "commitment": "A" * 64, "seed": SEED},
    {"mode": "seeded", "commitment": COMMITMENT, "seed": "ab"},
    {"mode": "other"},
    {"mode": 1},
    {"mode": None},
    {"mode": ["recorded"]},
    {"commitment": COMMITMENT, "seed": SEED},
    {},
    "recorded",
    None,
    [{"mode": "recorded"}],
]
OPTIONS = [{}, {"a": True}, {"a": 1}, {"a": "x"}, {"a": 1.5}, {"a": None}, {"a": [1]}, {"a": {}}, {"a": 2.0}]


def _headers() -> list[dict]:
    logs = [engine.simulate("motu-battleground", seed) for seed in range(2)]
    logs += [engine.simulate("motu-battleground", 3, randomness="recorded")]
    logs += [engine.simulate(info.id, 0) for info in engine.games() if info.id != "motu-battleground"]
    return [{**log, "events": log["events"][:3]} for log in logs]


def _variants(doc: dict):
    yield doc
    for randomness in RANDOMNESS + ODD:
        yield {**doc, "randomness": copy.deepcopy(randomness)}
    for options in OPTIONS + ODD:
        yield {**doc, "options": copy.deepcopy(options)}
    for key in doc:
        yield {k: v for k, v in doc.items() if k != key}
        for odd in ODD:
            yield {**doc, key: copy.deepcopy(odd)}


def _accepts(validator, doc) -> bool:
    try:
        validator(doc)
    except fastjsonschema.JsonSchemaException:
        return False
    return True


def _refusal(check, doc) -> tuple | None:
    try:
        check(doc)
    except UnreadableLog as exc:
        return exc.rule, exc.message, exc.path, exc.event_index
    return None


@pytest.fixture(scope="module")
def headers():
    return _headers()


def test_the_envelope_has_a_quick_check_and_valid_logs_take_it(headers):
    schema = {k: v for k, v in schema_document("log").items() if k not in ("$schema", "$id")}
    handed: list = []
    quick = fast_check(schema, handed.append)
    assert quick is not None  # the oneOf of randomness modes and the options' types are read
    for doc in headers:
        quick(doc)
    assert handed == []  # every simulated log (seeded and recorded, every game) is proved valid quickly


def test_quick_envelope_check_agrees_with_fastjsonschema(headers):
    schema = {k: v for k, v in schema_document("log").items() if k not in ("$schema", "$id")}
    full = fastjsonschema.compile(schema_document("log"))
    handed: list = []
    quick = fast_check(schema, handed.append)
    checked = refused = 0
    for doc in headers:
        for variant in _variants(doc):
            handed.clear()
            quick(variant)
            accepted = _accepts(full, variant)
            if not handed:  # accepted on the quick path: the full validator accepts it too
                assert accepted, variant
            refused += not accepted
            checked += 1
    assert checked > 300 and refused > 100


def test_envelope_refusals_are_worded_as_before(headers):
    """LOG-2: the same rule, message, path and event index as validate() against the log schema."""
    for doc in headers:
        for variant in _variants(doc):
            assert _refusal(_envelope_check(), variant) == _refusal(
                lambda d: validate(d, "log", rule="LOG-2"), variant
            ), variant


def test_a_bad_randomness_mode_is_still_refused_by_parse_envelope(headers):
    doc = {**headers[0], "randomness": {"mode": "seeded", "seed": SEED}}
    with pytest.raises(UnreadableLog) as exc:
        parse_envelope(doc)
    assert exc.value.rule == "LOG-2"
    assert exc.value.path == "/randomness"

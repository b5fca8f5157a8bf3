"""Reading a log (engine/core/logfile.py): the quick header measure and the quick escape test give the
verdicts of the plain ones they replace (LOG-1.3)."""

from __future__ import annotations

import json
import random

import pytest

import engine
from engine.core.errors import UnreadableLog
from engine.core.logfile import MAX_DEPTH, _depth, _header_depth, load_json


def _nested(rng: random.Random, depth: int):
    """A value nested about ``depth`` levels: one branch goes all the way down, the others stop soon."""
    if depth <= 0 or rng.random() < 0.05:
        return rng.choice([1, "x", None, 2.5, True, (1, [2])])
    inner = [_nested(rng, depth - 1)] + [_nested(rng, min(depth - 1, 2)) for _ in range(rng.randint(0, 2))]
    rng.shuffle(inner)
    return {str(i): v for i, v in enumerate(inner)} if rng.random() < 0.5 else inner


def test_the_header_depth_is_the_depth_of_the_document_without_its_events():
    """Measured a level at a time, in place, it is what _depth of the header alone gives (past MAX_DEPTH:
    past it too); the events, however deep, are not measured."""
    rng = random.Random(5)
    deep = 0
    for i in range(4000):
        doc = {"events": [[[[[]]]]] * (i % 2)}
        for k in range(rng.randint(0, 4)):
            doc[f"k{k}"] = _nested(rng, rng.randint(0, 2 * MAX_DEPTH))
        header = {k: v for k, v in doc.items() if k != "events"}
        plain, quick = _depth(header), _header_depth(doc)
        if plain > MAX_DEPTH:
            deep += 1
            assert quick > MAX_DEPTH
        else:
            assert quick == plain
    assert deep > 100  # both sides of the limit were tried


def test_the_header_depth_of_every_simulated_log():
    for info in engine.games():
        for seed in range(3):
            doc = engine.simulate(info.id, seed)
            assert _header_depth(doc) == _depth({k: v for k, v in doc.items() if k != "events"})


def _nest(depth: int) -> str:
    return '{"setup": ' + "[" * (depth - 1) + "]" * (depth - 1) + ', "events": []}'


@pytest.mark.parametrize("depth", [MAX_DEPTH, MAX_DEPTH + 1])
def test_a_header_nested_at_the_limit_reads_and_one_past_it_is_refused(depth):
    text = _nest(depth)
    if depth <= MAX_DEPTH:
        assert load_json(text)["events"] == []
    else:
        with pytest.raises(UnreadableLog) as exc:
            load_json(text)
        assert exc.value.rule == "LOG-1.3"


@pytest.mark.parametrize(
    ("escape", "refused"),
    [
        ("\\u0000", True),
        ("\\ud800", True),
        ("\\u00e9", False),
        ("\\n", False),
        ("\\\\u0000", False),
        ("", False),
    ],
)
def test_escapes_are_looked_for_only_where_a_backslash_is(escape, refused):
    """LOG-1.3: a NUL or a lone surrogate can only come from a \\u escape; text without one reads."""
    text = json.dumps({"events": [], "note": "x"}).replace('"x"', f'"a{escape}b"')
    if refused:
        with pytest.raises(UnreadableLog) as exc:
            load_json(text)
        assert exc.value.rule == "LOG-1.3"
        assert exc.value.path == "/note"
    else:
        assert load_json(text)["note"].startswith("a")

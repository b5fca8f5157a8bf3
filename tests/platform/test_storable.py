"""What ``gamelogs.storable`` lets a verdict's write send to PostgreSQL: its JSON as encoded once, or a
cleaned copy when a value cannot be stored (a NUL, a lone surrogate)."""

from __future__ import annotations

import json

from gamelogs.storable import REPLACEMENT, storable, storable_with_text


def test_a_storable_verdict_is_sent_as_the_json_it_was_checked_in():
    verdict = {"status": "legal", "summary": "Legal · 3 rounds — «Skeletor»", "statistics": {"p1": [1, 2.5]}}
    kept, text = storable_with_text(verdict)
    assert kept is verdict
    assert json.loads(text) == verdict
    assert "«Skeletor»".encode() in text  # UTF-8, not \\u escapes


def test_keys_that_are_not_strings_are_written_as_json_dumps_writes_them():
    kept, text = storable_with_text({"rounds": {1: "a", 2: "b"}})
    assert json.loads(text) == {"rounds": {"1": "a", "2": "b"}}


def test_a_non_finite_number_is_written_as_null():
    _, text = storable_with_text({"error": {"event": {"facing": float("nan"), "range": float("-inf")}}})
    assert json.loads(text) == {"error": {"event": {"facing": None, "range": None}}}


def test_nul_and_lone_surrogates_are_replaced_in_a_copy():
    verdict = {"error": {"message": "a\x00b", "who": "\ud800x", "ok": "😀"}}
    cleaned, text = storable_with_text(verdict)
    assert text is None and cleaned is not verdict
    assert cleaned == {"error": {"message": f"a{REPLACEMENT}b", "who": f"{REPLACEMENT}x", "ok": "😀"}}
    assert verdict["error"]["message"] == "a\x00b"  # the engine's verdict is left as it was


def test_a_value_json_has_no_spelling_for_is_written_as_text():
    class Odd:
        def __str__(self):
            return "odd"

    assert storable({"x": Odd(), "when": __import__("datetime").date(2026, 5, 4)}) == {
        "x": "odd",
        "when": "2026-05-04",
    }

"""Verdicts PostgreSQL can always store.

A ``jsonb`` or ``text`` column refuses a NUL character, a lone UTF-16 surrogate and the numbers JSON
does not have (NaN, ±Infinity). The engine refuses logs that carry them (LOG-1.3), but a verdict also
quotes things the engine did not read from the log (an exception's text, an older stored upload), and
a verdict that cannot be saved would leave its log without one. ``storable`` is the last line: it
checks the verdict's JSON cheaply and, only when something is wrong, replaces each bad value.

The check is the encoding itself, by orjson (20 µs for a Battleground verdict, against 151 µs for json, #25):
it refuses a lone surrogate and any value JSON has no spelling for, writes a NUL as ``\\u0000``, and
writes a non-finite number as ``null``, which is what ``clean`` would make of it.
"""

from __future__ import annotations

import math

import orjson

REPLACEMENT = "\ufffd"  # U+FFFD, the character Unicode reserves for "something unreadable was here"
# What the standard library's json.dumps would write or refuse: keys that are not strings written as
# strings, dataclasses and dates refused (they are not JSON values a verdict holds).
_AS_JSON_DUMPS = orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME


def storable(verdict: dict) -> dict:
    """``verdict`` unchanged if PostgreSQL can store it, else a copy with each NUL and lone surrogate
    replaced by U+FFFD and each non-finite number by None."""
    return storable_with_text(verdict)[0]


def storable_with_text(verdict: dict) -> tuple[dict, bytes | None]:
    """``storable(verdict)`` and, when that is ``verdict`` itself, the JSON (UTF-8) it was checked in,
    which the verdict's write sends as it is instead of encoding the verdict a second time. A
    non-finite number is ``null`` in that JSON, as in ``clean``'s copy."""
    try:
        text = orjson.dumps(verdict, option=_AS_JSON_DUMPS)
    except (orjson.JSONEncodeError, TypeError, ValueError):
        return clean(verdict), None
    # A NUL is written as the escape \u0000 (a stray backslash-u-0000 in a string only costs a copy).
    return (clean(verdict), None) if b"\\u0000" in text else (verdict, text)


def clean(value):
    """A copy of a JSON-like value that PostgreSQL can store (see ``storable``)."""
    if isinstance(value, dict):
        return {clean_text(str(key)): clean(inner) for key, inner in value.items()}
    if isinstance(value, (list, tuple)):
        return [clean(inner) for inner in value]
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if value is None or isinstance(value, (bool, int, float)):
        return value
    return clean_text(str(value))


def clean_text(text: str) -> str:
    """``text`` without NUL characters or lone surrogates (each becomes U+FFFD)."""
    text = text.replace("\x00", REPLACEMENT)
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        # A paired surrogate survives the round trip; a lone one becomes U+FFFD.
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")

"""Verdicts PostgreSQL can always store.

A ``jsonb`` or ``text`` column refuses a NUL character, a lone UTF-16 surrogate and the numbers JSON
does not have (NaN, ±Infinity). The engine refuses logs that carry them (LOG-1.3), but a verdict also
quotes things the engine did not read from the log (an exception's text, an older stored upload), and
a verdict that cannot be saved would leave its log without one. ``storable`` is the last line: it
checks the verdict's JSON cheaply and, only when something is wrong, replaces each bad value.
"""

from __future__ import annotations

import json
import math

REPLACEMENT = "\ufffd"  # U+FFFD, the character Unicode reserves for "something unreadable was here"


def storable(verdict: dict) -> dict:
    """``verdict`` unchanged if PostgreSQL can store it, else a copy with each NUL and lone surrogate
    replaced by U+FFFD and each non-finite number by None."""
    return storable_with_text(verdict)[0]


def storable_with_text(verdict: dict) -> tuple[dict, str | None]:
    """``storable(verdict)`` and, when that is ``verdict`` itself, the JSON text it was checked in
    (which the verdict's write sends as it is, instead of encoding the verdict a second time)."""
    try:
        text = json.dumps(verdict, allow_nan=False, ensure_ascii=False)
        text.encode("utf-8")  # a lone surrogate cannot be encoded
    except (ValueError, TypeError):
        return clean(verdict), None
    # json.dumps writes a NUL as the escape \u0000 (a stray backslash-u-0000 in a string only costs a copy).
    return (clean(verdict), None) if "\\u0000" in text else (verdict, text)


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

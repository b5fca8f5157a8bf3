"""Short codes people type: an event's join code and a guest's claim code.

Both leave out the characters that are easy to misread on paper or a projector (0/O, 1/I/L),
and both are read case-insensitively, with spaces and dashes ignored.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

# Letters only for the join code, so it reads as a word on a projector; six of them give
# 23**6 (about 148 million) codes.
JOIN_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ"
JOIN_LENGTH = 6
# A claim code attaches a result history to an account: longer, letters and digits (31**8).
CLAIM_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CLAIM_LENGTH = 8


def normalize(code: str) -> str:
    """The code as stored: upper case, without spaces or dashes."""
    return "".join(ch for ch in (code or "").upper() if ch not in " -\t")


def new_code(alphabet: str, length: int, taken: Callable[[str], bool]) -> str:
    """A random code no row holds yet (``taken(code)`` asks the database)."""
    while True:
        code = "".join(secrets.choice(alphabet) for _ in range(length))
        if not taken(code):
            return code


def show_claim_code(code: str) -> str:
    """ "ABCDEFGH" as "ABCD-EFGH", easier to read out and to copy by hand."""
    return f"{code[:4]}-{code[4:]}" if len(code) == CLAIM_LENGTH else code

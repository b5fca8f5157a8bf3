"""Column letters for hex labels (BG-2.1.2): A, B, …, Z, AA, AB, … (bijective base 26)."""

from __future__ import annotations


def column_letters(index: int) -> str:
    """Letters of the 0-based column ``index``: 0 → "A", 25 → "Z", 26 → "AA", 27 → "AB"."""
    if index < 0:
        raise ValueError(f"column index must be ≥ 0, got {index}")
    letters = []
    number = index + 1
    while number:
        number, rest = divmod(number - 1, 26)
        letters.append(chr(ord("A") + rest))
    return "".join(reversed(letters))


def column_index(letters: str) -> int:
    """0-based column index of ``letters`` (case-insensitive): "A" → 0, "aa" → 26.

    Raises ValueError if ``letters`` is empty or holds anything but the letters A–Z.
    """
    if not letters or not letters.isascii() or not letters.isalpha():
        raise ValueError(f"{letters!r} is not a column name (expected letters A–Z)")
    number = 0
    for char in letters.upper():
        number = number * 26 + (ord(char) - ord("A") + 1)
    return number - 1

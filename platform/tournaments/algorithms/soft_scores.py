"""Soft score categories: what an organizer scores players on besides their games.

The wargame community's soft scores (sportsmanship, painting, army presentation; Best Coast
Pairings and Old World Rankings keep them apart from battle points) are categories with a
maximum, stored on the event as ``[{"key", "name", "max"}]``. This module reads them as typed
("Painting: 20", one a line) and checks a player's entries against them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tournaments.algorithms.errors import InvalidInput, matched_lines

_LINE = re.compile(r"^\s*(?P<name>.*?\S)\s*[:=]?\s*(?:max\s*)?(?P<max>\d+(?:\.\d+)?)\s*$", re.IGNORECASE)
MAX_CATEGORIES = 8


def category_key(name: str) -> str:
    """``"Army presentation"`` -> ``"army_presentation"``."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")[:32]


def validate_categories(data) -> list[dict]:
    """The categories as stored, checked: each with a name, a unique key and a positive maximum.
    Raises InvalidInput naming the category at fault."""
    if not data:
        return []
    if not isinstance(data, list | tuple):
        raise InvalidInput("soft score categories must be a list of {name, max}")
    if len(data) > MAX_CATEGORIES:
        raise InvalidInput(f"at most {MAX_CATEGORIES} soft score categories")
    categories, keys = [], set()
    for number, raw in enumerate(data, start=1):
        if not isinstance(raw, Mapping) or not str(raw.get("name") or "").strip():
            raise InvalidInput(f"soft score category {number} needs a name")
        name = str(raw["name"]).strip()[:40]
        key = category_key(str(raw.get("key") or name))
        if not key:
            raise InvalidInput(f"soft score category {number} ({name!r}) needs letters or digits in its name")
        if key in keys:
            raise InvalidInput(f"two soft score categories are called {name!r}")
        try:
            maximum = float(raw.get("max"))
        except (TypeError, ValueError):
            raise InvalidInput(f"soft score category {name!r} needs a maximum (a number)") from None
        if maximum <= 0:
            raise InvalidInput(f"soft score category {name!r} needs a maximum above 0")
        keys.add(key)
        categories.append(
            {"key": key, "name": name, "max": int(maximum) if maximum.is_integer() else maximum}
        )
    return categories


def parse_categories(text: str) -> list[dict]:
    """Categories typed one a line, a name and its maximum: ``Painting: 20``."""
    explain = "needs a name and a maximum, e.g. “Painting: 20”"
    rows = [
        {"name": found["name"].rstrip(" :="), "max": float(found["max"])}
        for found in matched_lines(text, _LINE, explain)
    ]
    return validate_categories(rows)


def format_categories(categories: Iterable[Mapping] | None) -> str:
    return "\n".join(f"{c['name']}: {c['max']}" for c in categories or ())


def check_entry(categories: Iterable[Mapping], key: str, points: float, *, player: str = "") -> None:
    """Raise InvalidInput unless ``points`` is a score ``key``'s category allows (0 to its max)."""
    category = next((c for c in categories if c["key"] == key), None)
    who = f" for {player}" if player else ""
    if category is None:
        raise InvalidInput(f"the event has no soft score category {key!r}")
    if points < 0 or points > float(category["max"]):
        raise InvalidInput(
            f"{category['name']}{who} must be between 0 and {category['max']} (got {points:g})"
        )

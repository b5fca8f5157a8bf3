"""Names a game's default content pack prints for its ids (factions, arenas, heroes…), for any plugin."""

from __future__ import annotations

from functools import lru_cache

import engine


@lru_cache(maxsize=8)
def default_content(game_id: str):
    """The typed default content pack of ``game_id``, or None if it cannot be read (ids stay readable)."""
    try:
        return engine.game(game_id).content_loader()
    except engine.UnreadableLog:
        return None


def printed_name(game_id: str, table: str, key, fallback: str | None = None) -> str:
    """The ``name`` of ``key`` in the pack's ``table`` (a dict of dicts); ``fallback`` (or the id) if none."""
    content = default_content(game_id)
    found = getattr(content, table, {}).get(key) if content is not None and key else None
    if found:
        return found.get("name", key)
    return fallback if fallback is not None else str(key or "—")


def _row_name(row) -> str | None:
    name = row.get("name") if isinstance(row, dict) else getattr(row, "name", None)
    return name if isinstance(name, str) and name else None


@lru_cache(maxsize=8)
def _names_by_id(game_id: str) -> dict[str, str]:
    """Every id of the default pack's tables (characters, weapons, items, units, heroes, maps…) with its
    printed name; an id two tables share keeps the first table's name."""
    content = default_content(game_id)
    names: dict[str, str] = {}
    for table in vars(content).values() if content is not None else ():
        if not isinstance(table, dict):
            continue
        for key, row in table.items():
            name = _row_name(row)
            if isinstance(key, str) and name:
                names.setdefault(key, name)
    return names


def content_name(game_id: str, key) -> str:
    """The printed name of any content id of ``game_id``'s default pack (a character, weapon, item, unit,
    hero, map…); anything else (not an id, or an id the pack lacks) comes back as it was given."""
    if isinstance(key, str) and key:
        return _names_by_id(game_id).get(key, key)
    return key

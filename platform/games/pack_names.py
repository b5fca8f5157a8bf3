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

"""Battleground's content packs, for list checks and the list page.

The engine owns the pack files and their loader; this module finds them through the engine's
registry (``engine.builtin_packs``, ``engine.game(id).content_loader``) and shapes the list
page's reference table.
"""

from __future__ import annotations

import engine
from games import UnknownPack

__all__ = ["GAME_ID", "catalogue", "load_pack", "pack_ids"]

GAME_ID = "motu-battleground"


def pack_ids() -> list[str]:
    return engine.builtin_packs(GAME_ID)


def load_pack(pack_id: str):
    """The typed content of a built-in pack. Raises UnknownPack for an unknown pack."""
    if pack_id not in pack_ids():
        raise UnknownPack(f"unknown content pack {pack_id!r} for {GAME_ID}")
    return engine.game(GAME_ID).content_loader(pack_id)


def catalogue(content) -> dict:
    """Characters by faction with their equipment options, for the list page's reference table."""
    factions = []
    for faction_id, faction in content.factions.items():
        characters = [c for c in content.characters.values() if c.faction == faction_id]
        factions.append({"id": faction_id, "name": faction.get("name", faction_id), "characters": characters})
    return {
        "factions": factions,
        "weapons": sorted(content.weapons.values(), key=lambda w: w.name),
        "items": sorted(content.items.values(), key=lambda i: i.name),
        "points_limit": content.army_rules.get("points_limit"),
    }

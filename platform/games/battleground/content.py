"""Battleground's content packs as the engine types them, for list checks and the list page.

The engine owns the pack files (``engine/content/battleground/``); this module only finds and
loads them. The engine does not yet publish its content loader through ``engine/__init__``,
so this is the one place outside the engine that imports it.
"""

from __future__ import annotations

from engine.core.content import builtin_pack, builtin_pack_ids
from engine.games.battleground.content import Content, load_content
from games import UnknownPack

__all__ = ["Content", "catalogue", "load_pack", "pack_ids"]

FOLDER = "battleground"  # the folder of engine/content/ holding the packs


def pack_ids() -> list[str]:
    return list(builtin_pack_ids(FOLDER))


def load_pack(pack_id: str) -> Content:
    """The typed content of a built-in pack. Raises UnknownPack for an unknown pack."""
    if pack_id not in builtin_pack_ids(FOLDER):
        raise UnknownPack(f"unknown content pack {pack_id!r} for motu-battleground")
    doc, digest = builtin_pack(FOLDER, pack_id)
    return load_content(doc, digest)


def catalogue(content: Content) -> dict:
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

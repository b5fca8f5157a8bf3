"""Which games an event can be run for, and their content packs as the engine types them.

Only games whose content the tournaments app can read lists against are offered (today:
Battleground). The engine owns the pack files; this module only finds and loads them.
"""

from __future__ import annotations

from engine.core.content import builtin_pack, builtin_pack_ids
from engine.games.battleground.content import Content, load_content

# game id -> the folder of engine/content/ holding its packs
CONTENT_DIRS = {"motu-battleground": "battleground"}
GAME_NAMES = {"motu-battleground": "Masters of the Universe: Battleground"}


class UnknownPack(ValueError):
    """The event names a game or content pack this installation does not have."""


def game_choices() -> list[tuple[str, str]]:
    return [(game, GAME_NAMES.get(game, game)) for game in CONTENT_DIRS]


def pack_choices(game: str) -> list[tuple[str, str]]:
    folder = CONTENT_DIRS.get(game)
    return [(pack, pack) for pack in builtin_pack_ids(folder)] if folder else []


def load_pack(game: str, pack_id: str) -> Content:
    """The typed content of a built-in pack. Raises UnknownPack for an unknown game or pack."""
    folder = CONTENT_DIRS.get(game)
    if folder is None:
        raise UnknownPack(f"lists cannot be checked for the game {game!r}")
    if pack_id not in builtin_pack_ids(folder):
        raise UnknownPack(f"unknown content pack {pack_id!r} for {game}")
    doc, digest = builtin_pack(folder, pack_id)
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

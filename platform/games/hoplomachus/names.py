"""Names of Hoplomachus' factions, arenas, modes and ways a game ends, as the default content pack and
the rulebook print them (ids when they do not)."""

from __future__ import annotations

from functools import lru_cache

import engine

GAME_ID = "hoplomachus-remastered"

MODES = {  # HR-12, in the rulebook's order
    "assault": "Assault",
    "ascension": "Ascension",
    "skirmish": "Skirmish",
    "pandemonium": "Pandemonium",
    "alliance": "Alliance",
}
AGAINST_THE_GAME = ("assault", "ascension")  # HR-13, HR-14: the players against the immortals or a titan
TEAMS = {"red": "Red team", "blue": "Blue team"}  # HR-17: Alliance's two teams of two
RIVALS = {"immortal": "the immortals", "arena": "the arena", "titan": "the titan", "rivals": "the game"}


@lru_cache(maxsize=1)
def _content():
    try:
        return engine.game(GAME_ID).content_loader()
    except engine.UnreadableLog:  # a pack that cannot be read: ids are still readable
        return None


def faction_name(faction_id) -> str:
    content = _content()
    found = content.factions.get(faction_id) if content is not None and faction_id else None
    return found.get("name", faction_id) if found else str(faction_id or "—")


def arena_name(arena_id) -> str:
    content = _content()
    found = content.arenas.get(arena_id) if content is not None and arena_id else None
    return found.get("name", arena_id) if found else str(arena_id or "—").capitalize()


def mode_name(mode) -> str:
    return MODES.get(mode, str(mode or "—").capitalize())


def team_name(team) -> str:
    return TEAMS.get(team, str(team or "—"))

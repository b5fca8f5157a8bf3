"""Names of Hoplomachus' factions, arenas, modes and ways a game ends, as the default content pack and
the rulebook print them (ids when they do not)."""

from __future__ import annotations

from games.pack_names import default_content, printed_name

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


def faction_name(faction_id) -> str:
    return printed_name(GAME_ID, "factions", faction_id)


def unit_name(unit_id) -> str:
    """A unit's printed name (units are typed records in the pack, not dicts); its id when the pack lacks it."""
    content = default_content(GAME_ID)
    unit = content.units.get(unit_id) if content is not None and isinstance(unit_id, str) else None
    return unit.name if unit is not None else str(unit_id or "—")


def tactic_name(tactic_id) -> str:
    """A tactic's printed name in the default pack; its id when the pack lacks it."""
    content = default_content(GAME_ID)
    tactic = content.tactics.get(tactic_id) if content is not None and isinstance(tactic_id, str) else None
    return tactic.name if tactic is not None else str(tactic_id or "—")


REWARDS = {  # HR-4.3 (Pozzuoli) and HR-4.5 (Colosseum), as the arenas' favour tracks name them
    "activate_hero": "Activate the hero",
    "return_tactics": "Return tactics",
    "return_units": "Return units",
    "neutral_hero": "Neutral hero",
    "gain_support_chip": "Support chip",
    "add_3_hp": "Add 3 HP",
    "foothold_action": "Foothold action",
    "gold_hero": "Gold track hero",
}


def reward_name(reward) -> str:
    return REWARDS.get(reward, str(reward or "—").replace("_", " ").capitalize())


def arena_name(arena_id) -> str:
    return printed_name(GAME_ID, "arenas", arena_id, str(arena_id or "—").capitalize())


def mode_name(mode) -> str:
    return MODES.get(mode, str(mode or "—").capitalize())


def team_name(team) -> str:
    return TEAMS.get(team, str(team or "—"))


def unit_is_hero(unit_id) -> bool:
    """Whether the default pack lists ``unit_id`` as a hero (primary or neutral, HR-2.8.5, HR-2.8.6)."""
    content = default_content(GAME_ID)
    unit = content.units.get(unit_id) if content is not None and isinstance(unit_id, str) else None
    return unit is not None and unit.kind == "hero"


def with_mode_and_arena(name):
    """A row name for a (thing, mode, arena) key: "Lion · Skirmish · Pozzuoli", ``name`` naming the thing."""

    def named(key) -> str:
        return f"{name(key[0])} · {mode_name(key[1])} · {arena_name(key[2])}"

    return named

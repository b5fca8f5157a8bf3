"""Names of Eternia's teams and heroes as the default content pack prints them (ids when it does not)."""

from __future__ import annotations

from functools import lru_cache

import engine

GAME_ID = "motu-fields-of-eternia"


@lru_cache(maxsize=1)
def _content():
    try:
        return engine.game(GAME_ID).content_loader()
    except engine.UnreadableLog:  # a pack that cannot be read: ids are still readable
        return None


def team_name(team_id) -> str:
    content = _content()
    found = content.factions.get(team_id) if content is not None and team_id else None
    return found.get("name", team_id) if found else str(team_id or "—")


def hero_name(hero_id) -> str:
    """A hero's name, or a mounted hero's (FE-4.1.8: a player's force may name one)."""
    content = _content()
    found = (
        (content.heroes.get(hero_id) or content.mounted.get(hero_id))
        if content is not None and hero_id
        else None
    )
    return found.get("name", hero_id) if found else str(hero_id or "—")


def fighter_name(fighter_id) -> str:
    """Who fought an epic combat: a hero or mounted hero, or an epic beast or boss card (FE-11)."""
    content = _content()
    if content is None or not fighter_id:
        return str(fighter_id or "—")
    for table in (content.heroes, content.mounted, content.epic_beasts):
        found = table.get(fighter_id) if isinstance(table, dict) else None
        if found:
            return found.get("name", fighter_id)
    return str(fighter_id)


def card_name(deck: str, card_id) -> str:
    """A combat card's (deck "combat") or a support card's name in the default pack; its id otherwise."""
    content = _content()
    table = (content.combat_cards if deck == "combat" else content.support) if content is not None else {}
    found = table.get(card_id) if card_id else None
    return found.get("name", card_id) if found else str(card_id or "—")

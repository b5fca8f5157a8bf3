"""Battleground's log-versus-list check: does a header player's force equal the registered list?

The same faction, the same characters, and on each character the same equipment. Names are
compared after the content pack resolves them (ids, English names and IT/ES/PL aliases are
the same card); order, hexes and facings are not compared. A player with no registered list
cannot be checked, which is itself a difference.
"""

from __future__ import annotations

from collections import Counter

from games.battleground.content import Content
from games.battleground.lists import character_name, faction_name, lookup, resolve_entries
from tournaments.log_check import ExpectedPlayer


def compare_force(player: ExpectedPlayer, header: dict, content: Content) -> list[str]:
    """Differences between one header player's faction and force and the registered list."""
    if player.entries is None:
        return [f"{player.name} has no registered list to compare the log's force with"]
    problems = []
    faction = lookup(content, "factions", header.get("faction", ""))
    if faction != player.faction:
        problems.append(
            f"{player.name} plays {faction_name(content, faction or header.get('faction', '?'))} in the log; "
            f"the registered list is {faction_name(content, player.faction or '?')}"
        )
    logged = {
        e["character"]: Counter(e["equipment"]) for e in resolve_entries(header.get("force") or [], content)
    }
    listed = {e["character"]: Counter(e["equipment"]) for e in player.entries}
    for cid in sorted(set(logged) - set(listed)):
        problems.append(
            f"{player.name}'s force in the log has {character_name(content, cid)}, who is not on the registered list"
        )
    for cid in sorted(set(listed) - set(logged)):
        problems.append(f"{player.name}'s registered {character_name(content, cid)} is missing from the log")
    for cid in sorted(set(logged) & set(listed)):
        if logged[cid] != listed[cid]:
            problems.append(
                f"{player.name}'s {character_name(content, cid)} carries {_gear(content, logged[cid])} in the log; "
                f"the registered list has {_gear(content, listed[cid])}"
            )
    return problems


def _gear(content: Content, equipment: Counter) -> str:
    names = []
    for eid in sorted(equipment.elements()):
        card = content.weapons.get(eid) or content.items.get(eid)
        names.append(card.name if card else eid)
    return ", ".join(names) if names else "nothing"

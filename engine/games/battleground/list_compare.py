"""Does a log's header field the forces its players registered? (BG-4.2: the armies are chosen beforehand)

Each header player's ``faction`` and ``force`` are compared with that player's registered list: the same
faction, the same characters, and on each character the same equipment. Names are compared after the pack
resolves them (ids, English names and aliases are the same card); order, hexes and facings are not. A
player with no registered list cannot be checked, which is itself a difference.

Which header player is which registered player (names, accounts) is the platform's business; this module
receives the pairing already made.
"""

from __future__ import annotations

from collections import Counter

from engine.games.battleground.content import Content, load_pack
from engine.games.battleground.forces import character_name, faction_name, lookup, resolve_entries


def compare_force(name: str, header_player: dict, registered: dict | None, content: Content) -> list[str]:
    """Differences between one header player's faction and force and their registered list.

    ``registered`` is ``{"faction": id or name, "characters": [{"character", "equipment"}]}`` or None.
    """
    if registered is None:
        return [f"{name} has no registered list to compare the log's force with"]
    problems = []
    faction = lookup(content, "factions", header_player.get("faction", ""))
    listed_faction = lookup(content, "factions", registered.get("faction") or "") or registered.get("faction")
    if faction != listed_faction:
        problems.append(
            f"{name} plays {faction_name(content, faction or header_player.get('faction', '?'))} in the log; "
            f"the registered list is {faction_name(content, listed_faction or '?')}"
        )
    logged = _by_character(header_player.get("force") or [], content)
    listed = _by_character(registered.get("characters") or [], content)
    for cid in sorted(set(logged) - set(listed)):
        problems.append(
            f"{name}'s force in the log has {character_name(content, cid)}, who is not on the registered list"
        )
    for cid in sorted(set(listed) - set(logged)):
        problems.append(f"{name}'s registered {character_name(content, cid)} is missing from the log")
    for cid in sorted(set(logged) & set(listed)):
        if logged[cid] != listed[cid]:
            problems.append(
                f"{name}'s {character_name(content, cid)} carries {_gear(content, logged[cid])} in the log; "
                f"the registered list has {_gear(content, listed[cid])}"
            )
    return problems


def _by_character(entries: list, content: Content) -> dict[str, Counter]:
    return {e["character"]: Counter(e["equipment"]) for e in resolve_entries(entries, content)}


def _gear(content: Content, equipment: Counter) -> str:
    names = []
    for eid in sorted(equipment.elements()):
        card = content.weapons.get(eid) or content.items.get(eid)
        names.append(card.name if card else eid)
    return ", ".join(names) if names else "nothing"


def compare_with_list(log_header: dict, registered: dict, *, pack=None) -> list[str]:
    """Registry hook: how the header's forces differ from the registered lists ([] if they are alike).

    ``registered`` maps a header player id to that player's registered list (or None when they have
    none). ``pack`` (an id, a pack document or a Content) defaults to the pack the header names.
    """
    content = load_pack(pack if pack is not None else (log_header.get("content_pack") or {}).get("id"))
    problems = []
    for player in log_header.get("players") or []:
        pid = player.get("id")
        if pid in registered:
            problems.extend(compare_force(player.get("name") or str(pid), player, registered[pid], content))
    for pid in sorted(set(registered) - {p.get("id") for p in log_header.get("players") or []}):
        problems.append(f"player '{pid}' has a registered list but is not in the log")
    return problems

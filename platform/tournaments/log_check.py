"""Does an uploaded log describe this match? Pure comparison of a log header with the match.

A verified log becomes a match result only when it is the game the match says was played.
The rules, in the order they are checked:

1. **Game and pack.** The log's game is the event's game, and the verdict's content pack id is
   the event's pack.
2. **Reference.** If the header carries ``reference`` {event, match, round}, each given field
   equals this event's slug, this match's id and this round's number. A log without a
   reference is fine (players rarely type one).
3. **Players.** Each header player is one of the match's two players, found by name: the
   header ``name`` equals the player's name in the event or their username, ignoring case and
   repeated spaces. Both players of the match must appear, each once.
4. **Forces.** Each header player's ``faction`` and ``force`` equal that player's registered
   list: the same faction, the same characters, and on each character the same equipment.
   Names are compared after the content pack resolves them (ids, English names and aliases
   are the same card); order, hexes and facings are not compared. A player with no
   registered list cannot be checked, which is itself a difference.

Anything that differs is reported, one line each; the match is then flagged "mismatch" and
the log's result is not used until an organizer decides.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

from engine.core.errors import UnreadableLog
from engine.games.battleground.content import Content
from tournaments.lists import resolve_entries


@dataclass(frozen=True)
class ExpectedPlayer:
    """One player of the match as the event knows them."""

    key: Hashable  # the registration id
    name: str
    aliases: tuple[str, ...] = ()  # other names that identify them (the username)
    faction: str | None = None  # faction id of the registered list
    entries: list[dict] | None = None  # resolved registered list, None if there is none


@dataclass(frozen=True)
class LogComparison:
    assignment: dict[str, Hashable] = field(default_factory=dict)  # header player id -> key
    problems: list[str] = field(default_factory=list)

    @property
    def matches(self) -> bool:
        return not self.problems


def fold(name: str) -> str:
    return " ".join(str(name).casefold().split())


def check_reference(
    reference: dict | None, *, event_slug: str, match_id: int, round_number: int
) -> list[str]:
    """Differences between a header's ``reference`` and this match (none if it has no reference)."""
    if not reference:
        return []
    problems = []
    if "event" in reference and reference["event"] != event_slug:
        problems.append(f"the log names event '{reference['event']}', not '{event_slug}'")
    if "match" in reference and str(reference["match"]) != str(match_id):
        problems.append(f"the log names match {reference['match']}, not {match_id}")
    if "round" in reference and reference["round"] != round_number:
        problems.append(f"the log names round {reference['round']}, not {round_number}")
    return problems


def compare_players(
    header_players: Sequence[dict], expected: Sequence[ExpectedPlayer], content: Content
) -> LogComparison:
    """Map the header's players to the match's players by name and compare their forces."""
    problems: list[str] = []
    assignment: dict[str, Hashable] = {}
    by_name: dict[str, ExpectedPlayer] = {}
    for player in expected:
        for name in (player.name, *player.aliases):
            by_name.setdefault(fold(name), player)

    found: dict[Hashable, dict] = {}
    for header in header_players:
        player = by_name.get(fold(header.get("name", "")))
        if player is None:
            problems.append(f"the log's player '{header.get('name', '')}' is not a player of this match")
            continue
        if player.key in found:
            problems.append(f"two of the log's players are named as {player.name}")
            continue
        found[player.key] = header
        assignment[str(header.get("id"))] = player.key
    for player in expected:
        if player.key not in found:
            problems.append(f"{player.name} does not appear in the log")
    for player in expected:
        header = found.get(player.key)
        if header is not None:
            problems.extend(compare_force(player, header, content))
    return LogComparison(assignment, problems)


def compare_force(player: ExpectedPlayer, header: dict, content: Content) -> list[str]:
    """Differences between one header player's faction and force and the registered list."""
    if player.entries is None:
        return [f"{player.name} has no registered list to compare the log's force with"]
    problems = []
    faction = _lookup(content, "factions", header.get("faction", ""))
    if faction != player.faction:
        problems.append(
            f"{player.name} plays {_faction_name(content, faction or header.get('faction', '?'))} in the log; "
            f"the registered list is {_faction_name(content, player.faction or '?')}"
        )
    logged = {
        e["character"]: Counter(e["equipment"]) for e in resolve_entries(header.get("force") or [], content)
    }
    listed = {e["character"]: Counter(e["equipment"]) for e in player.entries}
    for cid in sorted(set(logged) - set(listed)):
        problems.append(
            f"{player.name}'s force in the log has {_name(content, cid)}, who is not on the registered list"
        )
    for cid in sorted(set(listed) - set(logged)):
        problems.append(f"{player.name}'s registered {_name(content, cid)} is missing from the log")
    for cid in sorted(set(logged) & set(listed)):
        if logged[cid] != listed[cid]:
            problems.append(
                f"{player.name}'s {_name(content, cid)} carries {_gear(content, logged[cid])} in the log; "
                f"the registered list has {_gear(content, listed[cid])}"
            )
    return problems


def _lookup(content: Content, table: str, name: str) -> str | None:
    try:
        return content.lookup(table, name, path=table)
    except UnreadableLog:
        return None


def _faction_name(content: Content, faction_id: str) -> str:
    return (content.factions.get(faction_id) or {}).get("name", faction_id)


def _name(content: Content, cid: str) -> str:
    character = content.characters.get(cid)
    return character.name if character else cid


def _gear(content: Content, equipment: Counter) -> str:
    names = []
    for eid in sorted(equipment.elements()):
        card = content.weapons.get(eid) or content.items.get(eid)
        names.append(card.name if card else eid)
    return ", ".join(names) if names else "nothing"

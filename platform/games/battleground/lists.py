"""Force lists: read what a player typed, and check it against an event's content pack.

Pure Python over the engine's typed content (no database). The rules an event holds a list to:

* at least one character, every name known to the content pack (ids, English names and the
  pack's IT/ES/PL aliases all work);
* one faction: every character belongs to the list's faction;
* each character at most once (the engine refuses a game with the same character twice);
* one copy of each equipment card across the whole list;
* an iconic weapon only on a character it is iconic for;
* no character carries more weapons or items than their slots allow (spells count as weapons:
  the pack has weapon and item slots only);
* the total cost of characters and equipment is within the event's points limit.

Every problem names the character it is about (or the entry number when the character is
unknown), so the player can fix it where it is.

Text format, one character per line, equipment after a colon, separated by commas::

    Faction: Masters of the Universe      (optional; otherwise the first character's faction)
    He-Man: Sword of Power, Ring of Grayskull
    Stratos: Flamethrower
    # comments and blank lines are ignored
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from engine.core.errors import UnreadableLog
from games.battleground.content import Content


@dataclass(frozen=True)
class ListProblem:
    """One reason a list is not valid. ``entry`` is the 0-based character entry, None for the list."""

    message: str
    entry: int | None = None

    def to_dict(self) -> dict:
        return {"entry": self.entry, "message": self.message}


@dataclass(frozen=True)
class EntryCost:
    character: str
    name: str
    equipment: tuple[tuple[str, str, int], ...]  # (id, name, cost)
    cost: int

    @property
    def total(self) -> int:
        return self.cost + sum(c for _, _, c in self.equipment)


@dataclass(frozen=True)
class ListCheck:
    """The outcome of :func:`check_force_list`.

    ``entries`` are the resolved entries ([{"character": id, "equipment": [ids]}]) for
    everything that could be resolved; ``costs`` the per-line cost breakdown.
    """

    faction: str | None
    points: int
    points_limit: int
    entries: list[dict]
    costs: list[EntryCost]
    problems: list[ListProblem] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict:
        return {
            "valid": self.valid,
            "faction": self.faction,
            "points": self.points,
            "points_limit": self.points_limit,
            "errors": [p.to_dict() for p in self.problems],
            "lines": [
                {
                    "character": c.character,
                    "name": c.name,
                    "cost": c.cost,
                    "equipment": [{"id": i, "name": n, "cost": k} for i, n, k in c.equipment],
                    "total": c.total,
                }
                for c in self.costs
            ],
        }


def parse_list_text(text: str) -> tuple[str | None, list[dict], list[ListProblem]]:
    """(declared faction or None, entries, problems) from the text format in the module docstring."""
    faction = None
    entries: list[dict] = []
    problems: list[ListProblem] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip().lstrip("-*•").strip()
        if not line or line.startswith("#"):
            continue
        head, _, tail = line.partition(":")
        if head.strip().casefold() == "faction":
            if faction is not None:
                problems.append(ListProblem(f"line {number}: the faction is given twice"))
            faction = tail.strip()
            continue
        equipment = [name.strip() for name in tail.split(",") if name.strip()]
        entries.append({"character": head.strip(), "equipment": equipment})
    return faction, entries, problems


def format_list_text(entries: list[dict], content: Content | None = None, faction: str | None = None) -> str:
    """The text form of ``entries``, with names from ``content`` where it knows the ids."""

    def name(table: dict, key: str) -> str:
        found = table.get(key) if content is not None else None
        return found.name if found is not None else key

    lines = []
    if faction:
        faction_name = (content.factions.get(faction) or {}).get("name", faction) if content else faction
        lines.append(f"Faction: {faction_name}")
    for entry in entries:
        character = name(content.characters if content else {}, entry.get("character", ""))
        gear = [
            name(content.weapons, e)
            if content and e in content.weapons
            else name(content.items if content else {}, e)
            for e in entry.get("equipment", [])
        ]
        lines.append(f"{character}: {', '.join(gear)}" if gear else character)
    return "\n".join(lines)


def check_force_list(
    entries: list[dict], content: Content, *, points_limit: int, faction: str | None = None
) -> ListCheck:
    """Check ``entries`` against ``content`` and ``points_limit`` (see the module docstring).

    ``faction`` is the declared faction (id, name or alias) or None to take the first
    character's. Never raises for bad input: everything wrong becomes a ListProblem.
    """
    problems: list[ListProblem] = []
    if not isinstance(entries, list) or not entries:
        return ListCheck(None, 0, points_limit, [], [], [ListProblem("the list has no characters")])

    faction_id = None
    if faction:
        faction_id = lookup(content, "factions", faction)
        if faction_id is None:
            problems.append(ListProblem(f"unknown faction '{faction}' in content pack {content.pack_id}"))

    resolved: list[dict] = []
    costs: list[EntryCost] = []
    seen_characters: dict[str, int] = {}
    costs_by_entry: dict[int, str] = {}  # entry index -> character name, for messages
    equipment_lines: dict[str, list[int]] = {}
    for index, entry in enumerate(entries):
        label = f"entry {index + 1}"
        if not isinstance(entry, dict) or not isinstance(entry.get("character"), str):
            problems.append(ListProblem(f"{label}: name a character", index))
            continue
        cid = lookup(content, "characters", entry["character"])
        if cid is None:
            problems.append(ListProblem(f"{label}: unknown character '{entry['character']}'", index))
            continue
        character = content.characters[cid]
        label = character.name
        if cid in seen_characters:
            problems.append(
                ListProblem(
                    f"{label} is listed twice (entries {seen_characters[cid] + 1} and {index + 1})", index
                )
            )
        seen_characters.setdefault(cid, index)

        if faction_id is None and not faction:
            faction_id = character.faction
        if faction_id is not None and character.faction != faction_id:
            problems.append(
                ListProblem(
                    f"{label}: {character.name} is of {faction_name(content, character.faction)}; this list is "
                    f"{faction_name(content, faction_id)} (a list has one faction)",
                    index,
                )
            )

        weapons, items, gear = [], [], []
        raw_equipment = entry.get("equipment") or []
        if not isinstance(raw_equipment, list):
            problems.append(ListProblem(f"{label}: equipment must be a list of names", index))
            raw_equipment = []
        for name in raw_equipment:
            eid, kind = lookup_equipment(content, name)
            if eid is None:
                problems.append(ListProblem(f"{label}: unknown equipment '{name}'", index))
                continue
            card = content.weapons[eid] if kind == "weapon" else content.items[eid]
            gear.append((eid, card.name, card.cost))
            equipment_lines.setdefault(eid, []).append(index)
            if kind == "weapon":
                weapons.append(card)
                if card.iconic_for and cid not in card.iconic_for:
                    owners = " or ".join(character_name(content, o) for o in card.iconic_for)
                    problems.append(
                        ListProblem(
                            f"{label}: {card.name} is iconic to {owners}; {character.name} cannot carry it",
                            index,
                        )
                    )
            else:
                items.append(card)
        for kind, carried in (("weapons", weapons), ("items", items)):
            slots = int(character.slots.get(kind, 0))
            if len(carried) > slots:
                problems.append(
                    ListProblem(
                        f"{character.name} carries {len(carried)} {kind} but has {slots} {kind[:-1]} "
                        f"slot{'s' if slots != 1 else ''}",
                        index,
                    )
                )
        resolved.append({"character": cid, "equipment": [g[0] for g in gear]})
        costs_by_entry[index] = character.name
        costs.append(EntryCost(cid, character.name, tuple(gear), character.cost))

    for eid, lines in equipment_lines.items():
        if len(lines) > 1:
            card = content.weapons.get(eid) or content.items[eid]
            holders = Counter(costs_by_entry[i] for i in lines)
            where = ", ".join(name if n == 1 else f"{name} {n} times" for name, n in holders.items())
            problems.append(
                ListProblem(
                    f"{card.name} appears {len(lines)} times ({where}); a list has one copy of each equipment card",
                    lines[-1],
                )
            )

    points = sum(c.total for c in costs)
    if points > points_limit:
        problems.append(ListProblem(f"the list costs {points} points; the limit is {points_limit}"))
    return ListCheck(faction_id, points, points_limit, resolved, costs, problems)


def resolve_entries(entries: list[dict], content: Content) -> list[dict]:
    """Entries with every name turned into its id (unknown names are kept as typed)."""
    resolved = []
    for entry in entries:
        character = entry.get("character", "")
        cid = lookup(content, "characters", character) if isinstance(character, str) else None
        equipment = [(lookup_equipment(content, e)[0] or e) for e in entry.get("equipment") or []]
        resolved.append({"character": cid or character, "equipment": equipment})
    return resolved


def lookup(content: Content, table: str, name: str) -> str | None:
    try:
        return content.lookup(table, name, path=table)
    except UnreadableLog:
        return None


def lookup_equipment(content: Content, name) -> tuple[str | None, str | None]:
    """(id, "weapon"|"item") for an equipment name, as the engine resolves it: weapons first."""
    if not isinstance(name, str):
        return None, None
    wid = lookup(content, "weapons", name)
    if wid is not None:
        return wid, "weapon"
    iid = lookup(content, "items", name)
    return (iid, "item") if iid is not None else (None, None)


def faction_name(content: Content, faction_id: str) -> str:
    return (content.factions.get(faction_id) or {}).get("name", faction_id)


def character_name(content: Content, cid: str) -> str:
    character = content.characters.get(cid)
    return character.name if character else cid


def force_cost(force: dict, content: Content) -> int:
    """Points of a pack's predefined force ({"characters": [{"character", "equipment"}]})."""
    return check_force_list(force["characters"], content, points_limit=10**6).points

"""Force lists: is a list of characters and equipment one an event may let a player field? (BG-4.2, §24)

Pure functions over the typed content of a pack. The rules a list is held to:

* at least one character, every name known to the pack (ids, English names and aliases all work);
* one faction: every character belongs to the list's faction (BG-1.2);
* each character at most once (BG-1.3: a character is one miniature);
* one copy of each equipment card across the whole list;
* an iconic weapon only on a character it is iconic for;
* no character carries more weapons or items than their slots allow (BG-1.6: spells count as weapons);
* the total cost of characters and equipment is within the points limit (the event's, else the pack's).

Every problem names the character it is about (or the entry number when the character is unknown), so a
player can fix it where it is.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from engine.core.errors import UnreadableLog
from engine.games.battleground.content import Content, load_pack


@dataclass(frozen=True)
class ListProblem:
    """One reason a list is not valid. ``entry`` is the 0-based character entry, None for the list."""

    message: str
    entry: int | None = None


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
    """The outcome of :func:`check_list`: resolved entries, per-line costs and the problems found."""

    faction: str | None
    points: int
    points_limit: int
    entries: list[dict]
    costs: list[EntryCost]
    problems: list[ListProblem] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        return not self.problems


def check_list(
    entries: list[dict], content: Content, *, points_limit: int, faction: str | None = None
) -> ListCheck:
    """Check ``entries`` ([{"character", "equipment": [names]}]) against ``content`` and ``points_limit``.

    ``faction`` is the declared faction (id, name or alias) or None to take the first character's.
    Never raises for bad input: everything wrong becomes a ListProblem.
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
    first_entry: dict[str, int] = {}  # character id -> first entry naming it
    names: dict[int, str] = {}  # entry index -> character name, for messages
    holders: dict[str, list[int]] = {}  # equipment id -> entries carrying it
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict) or not isinstance(entry.get("character"), str):
            problems.append(ListProblem(f"entry {index + 1}: name a character", index))
            continue
        cid = lookup(content, "characters", entry["character"])
        if cid is None:
            problems.append(
                ListProblem(f"entry {index + 1}: unknown character '{entry['character']}'", index)
            )
            continue
        character = content.characters[cid]
        label = character.name
        if cid in first_entry:  # BG-1.3
            problems.append(
                ListProblem(
                    f"{label} is listed twice (entries {first_entry[cid] + 1} and {index + 1})", index
                )
            )
        first_entry.setdefault(cid, index)
        if faction_id is None and not faction:
            faction_id = character.faction
        if faction_id is not None and character.faction != faction_id:  # BG-1.2
            problems.append(
                ListProblem(
                    f"{label}: {label} is of {faction_name(content, character.faction)}; this list is "
                    f"{faction_name(content, faction_id)} (a list has one faction)",
                    index,
                )
            )
        gear, carried = _equipment(content, entry, cid, label, index, problems)
        for kind in ("weapons", "items"):  # BG-1.6
            slots = int(character.slots.get(kind, 0))
            if carried[kind] > slots:
                problems.append(
                    ListProblem(
                        f"{label} carries {carried[kind]} {kind} but has {slots} {kind[:-1]} "
                        f"slot{'s' if slots != 1 else ''}",
                        index,
                    )
                )
        for eid, _, _ in gear:
            holders.setdefault(eid, []).append(index)
        resolved.append({"character": cid, "equipment": [g[0] for g in gear]})
        names[index] = label
        costs.append(EntryCost(cid, label, tuple(gear), character.cost))

    for eid, lines in holders.items():
        if len(lines) > 1:
            card = content.weapons.get(eid) or content.items[eid]
            count = Counter(names[i] for i in lines)
            where = ", ".join(name if n == 1 else f"{name} {n} times" for name, n in count.items())
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


def _equipment(content: Content, entry: dict, cid: str, label: str, index: int, problems: list[ListProblem]):
    """((id, name, cost) of each known card, {"weapons": n, "items": n}), problems appended."""
    gear: list[tuple[str, str, int]] = []
    carried = {"weapons": 0, "items": 0}
    raw = entry.get("equipment") or []
    if not isinstance(raw, list):
        problems.append(ListProblem(f"{label}: equipment must be a list of names", index))
        raw = []
    for name in raw:
        eid, kind = lookup_equipment(content, name)
        if eid is None:
            problems.append(ListProblem(f"{label}: unknown equipment '{name}'", index))
            continue
        card = content.weapons[eid] if kind == "weapon" else content.items[eid]
        gear.append((eid, card.name, card.cost))
        carried[kind + "s"] += 1
        if kind == "weapon" and card.iconic_for and cid not in card.iconic_for:
            owners = " or ".join(character_name(content, o) for o in card.iconic_for)
            problems.append(
                ListProblem(f"{label}: {card.name} is iconic to {owners}; {label} cannot carry it", index)
            )
    return gear, carried


def resolve_entries(entries: list[dict], content: Content) -> list[dict]:
    """Entries with every name turned into its id (unknown names are kept as typed)."""
    resolved = []
    for entry in entries:
        character = entry.get("character", "") if isinstance(entry, dict) else ""
        cid = lookup(content, "characters", character) if isinstance(character, str) else None
        gear = entry.get("equipment") if isinstance(entry, dict) else None
        equipment = [(lookup_equipment(content, e)[0] or e) for e in (gear if isinstance(gear, list) else [])]
        resolved.append({"character": cid or character, "equipment": equipment})
    return resolved


def lookup(content: Content, table: str, name) -> str | None:
    try:
        return content.lookup(table, name, path=table)
    except UnreadableLog:
        return None


def lookup_equipment(content: Content, name) -> tuple[str | None, str | None]:
    """(id, "weapon" | "item") for an equipment name, resolved as the engine does: weapons first."""
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


def check_force(pack, force, *, points_limit: int | None = None) -> list[str]:
    """Registry hook: why ``force`` may not be fielded with ``pack`` ([] if it may).

    ``pack`` is a built-in pack id, a pack document or a loaded Content; ``force`` is ``{"faction"?,
    "characters": [{"character", "equipment"}]}`` or the list of entries itself. ``points_limit`` defaults
    to the pack's own (``army_rules.points_limit``).
    """
    content = load_pack(pack)
    entries, faction = (
        (force.get("characters"), force.get("faction")) if isinstance(force, dict) else (force, None)
    )
    limit = points_limit if points_limit is not None else int(content.army_rules.get("points_limit", 10**6))
    return [p.message for p in check_list(entries, content, points_limit=limit, faction=faction).problems]

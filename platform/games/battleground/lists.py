"""Force lists as a player types and reads them; the rules a list is held to are the engine's.

The engine checks a list (``engine.game("motu-battleground").check_list``: one faction, each
character once, one copy of each equipment card, iconic weapons, slots, the points limit —
BG-1.2, BG-1.3, BG-1.6, BG-4.2). This module reads the text a player typed, writes a list back
as text, and shapes the engine's check for the list page and the API (:meth:`ListReport.to_dict`).

Text format, one character per line, equipment after a colon, separated by commas::

    Faction: Masters of the Universe      (optional; otherwise the first character's faction)
    He-Man: Sword of Power, Ring of Grayskull
    Stratos: Flamethrower
    # comments and blank lines are ignored
"""

from __future__ import annotations

from dataclasses import dataclass

import engine

GAME_ID = "motu-battleground"


@dataclass(frozen=True)
class ListProblem:
    """A problem with the text itself (not with the list's rules). ``entry`` is None: the whole list."""

    message: str
    entry: int | None = None

    def to_dict(self) -> dict:
        return {"entry": self.entry, "message": self.message}


@dataclass(frozen=True)
class ListReport:
    """The engine's list check (``faction``, ``points``, ``entries``, ``costs``, ``problems``) as pages show it."""

    check: object

    def __getattr__(self, name: str):
        if name.startswith("__") or name == "check":  # copy/pickle probe before ``check`` is set
            raise AttributeError(name)
        return getattr(self.check, name)

    def to_dict(self) -> dict:
        check = self.check
        return {
            "valid": check.valid,
            "faction": check.faction,
            "points": check.points,
            "points_limit": check.points_limit,
            "errors": [{"entry": p.entry, "message": p.message} for p in check.problems],
            "lines": [
                {
                    "character": c.character,
                    "name": c.name,
                    "cost": c.cost,
                    "equipment": [{"id": i, "name": n, "cost": k} for i, n, k in c.equipment],
                    "total": c.total,
                }
                for c in check.costs
            ],
        }


def check_force_list(
    entries: list[dict], content, *, points_limit: int, faction: str | None = None
) -> ListReport:
    """The engine's check of ``entries`` against ``content`` and ``points_limit``; never raises for bad input."""
    check = engine.game(GAME_ID).check_list(entries, content, points_limit=points_limit, faction=faction)
    return ListReport(check)


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


def format_list_text(entries: list[dict], content=None, faction: str | None = None) -> str:
    """The text form of ``entries``, with names from ``content`` where it knows the ids."""

    def name(table: dict, key: str) -> str:
        found = table.get(key) if content is not None else None
        return found.name if found is not None else key

    lines = []
    if faction:
        lines.append(f"Faction: {faction_name(content, faction) if content else faction}")
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


def faction_name(content, faction_id: str) -> str:
    return (content.factions.get(faction_id) or {}).get("name", faction_id)


def force_cost(force: dict, content) -> int:
    """Points of a pack's predefined force ({"characters": [{"character", "equipment"}]})."""
    return check_force_list(force["characters"], content, points_limit=10**6).points

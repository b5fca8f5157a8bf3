"""Troop lists for Hoplomachus events: a player's list names the faction whose troop they play (HR-12).

Units are chosen at the table from the faction's roster as each mode's setup says, so the list is
the faction alone and has no points. Text format: ``Faction: Amazons`` (or just the faction's name).
The log check compares a log header player's ``faction`` with it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games import ListProblem, engine_pack_ids, load_engine_pack

GAME_ID = "hoplomachus-remastered"


Problem = ListProblem


def pack_ids() -> list[str]:
    return engine_pack_ids(GAME_ID)


def load_pack(pack_id: str):
    return load_engine_pack(GAME_ID, pack_id)


@dataclass(frozen=True)
class TroopList:
    faction: str | None
    entries: list[dict] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    points: int = 0

    @property
    def valid(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict:
        return {"valid": self.valid, "faction": self.faction, "points": 0, "points_limit": None,
                "errors": [p.to_dict() for p in self.problems], "lines": []}  # fmt: skip


def _find(content, typed: str | None) -> str | None:
    wanted = " ".join(str(typed or "").casefold().split())
    return next((key for key, row in content.factions.items()
                 if wanted in (key.casefold(), str(row.get("name", "")).casefold())), None)  # fmt: skip


def check_list(entries: list[dict], content, *, faction: str | None = None) -> TroopList:
    """A faction the pack knows, and nothing else (units are picked at the table). Never raises."""
    typed = faction or (entries[0].get("character") if len(entries) == 1 else None)
    found = _find(content, typed)
    if found is None:
        known = ", ".join(row.get("name", key) for key, row in sorted(content.factions.items()))
        what = f"unknown faction {typed!r}" if typed else "name your faction"
        return TroopList(None, [], [Problem(f"{what}; the pack's factions are {known}")])
    extra = [Problem("a Hoplomachus list names its faction only; units are chosen at the table", i)
             for i in range(len(entries)) if faction]  # fmt: skip
    return TroopList(found, [], extra)


def parse_list_text(text: str):
    lines = [line.strip() for line in text.splitlines() if line.strip() and not line.strip().startswith("#")]
    faction, entries = None, []
    for line in lines:
        head, colon, tail = line.partition(":")
        if colon and head.strip().casefold() == "faction":
            faction = tail.strip()
        else:
            entries.append({"character": line, "equipment": []})
    return faction, entries, []


def format_list_text(entries: list[dict], content=None, faction: str | None = None) -> str:
    if not faction:
        return ""
    name = (content.factions.get(faction) or {}).get("name", faction) if content is not None else faction
    return f"Faction: {name}"


def compare_force(player, header: dict) -> list[str]:
    if player.faction and header.get("faction") != player.faction:
        return [f"{player.name} plays {header.get('faction')} in the log; the list says {player.faction}"]
    return []

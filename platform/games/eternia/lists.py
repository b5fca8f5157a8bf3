"""Hero lists for Fields of Eternia events: the team (faction) and the heroes a player controls.

A side of the standard game is a team of three heroes split among its 1–3 players (FE-2), so a
player's list names their team and one to three of its heroes, each once; there are no points.
Text format, one hero per line::

    Faction: Masters of the Universe      (optional; otherwise the first hero's team)
    He-Man
    Teela

The log check compares a log header player's ``faction`` and ``force`` (hero ids) with the list.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games import ListProblem, engine_pack_ids, load_engine_pack

GAME_ID = "motu-fields-of-eternia"
MAX_HEROES = 3  # FE-2: a team fields three heroes, whoever controls them


Problem = ListProblem


def pack_ids() -> list[str]:
    return engine_pack_ids(GAME_ID)


def load_pack(pack_id: str):
    return load_engine_pack(GAME_ID, pack_id)


@dataclass(frozen=True)
class HeroList:
    """The check of a hero list: ``entries`` resolved to hero ids when the list is valid."""

    faction: str | None
    entries: list[dict]
    problems: list[Problem] = field(default_factory=list)
    points: int = 0

    @property
    def valid(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict:
        return {
            "valid": self.valid,
            "faction": self.faction,
            "points": 0,
            "points_limit": None,
            "errors": [p.to_dict() for p in self.problems],
            "lines": [{"character": e["character"], "name": e["character"], "cost": 0} for e in self.entries],
        }


def _find(table: dict, typed: str) -> str | None:
    wanted = " ".join(str(typed).casefold().split())
    for key, row in table.items():
        if wanted in (key.casefold(), str(row.get("name", "")).casefold()):
            return key
    return None


def check_list(entries: list[dict], content, *, faction: str | None = None) -> HeroList:
    """Heroes known to the pack, of one team, each once, one to three of them (FE-2). Never raises."""
    problems: list[Problem] = []
    team = _find(content.factions, faction) if faction else None
    if faction and team is None:
        problems.append(Problem(f"unknown team {faction!r}"))
    heroes = []
    for i, entry in enumerate(entries):
        hero = _find(content.heroes, entry.get("character", ""))
        if hero is None:
            problems.append(Problem(f"unknown hero {entry.get('character', '')!r}", i))
            continue
        team = team or content.heroes[hero]["faction"]
        if content.heroes[hero]["faction"] != team:
            problems.append(Problem(f"{content.heroes[hero]['name']} is not a hero of this team", i))
        if hero in heroes:
            problems.append(Problem(f"{content.heroes[hero]['name']} is listed twice", i))
        heroes.append(hero)
    if not entries:
        problems.append(Problem("name at least one hero"))
    if len(entries) > MAX_HEROES:
        problems.append(Problem(f"a team has {MAX_HEROES} heroes; the list names {len(entries)}"))
    resolved = [{"character": h, "equipment": []} for h in heroes] if not problems else list(entries)
    return HeroList(team, resolved, problems)


def parse_list_text(text: str) -> tuple[str | None, list[dict], list[Problem]]:
    faction, entries, problems = None, [], []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip().lstrip("-*•").strip()
        if not line or line.startswith("#"):
            continue
        head, colon, tail = line.partition(":")
        if colon and head.strip().casefold() == "faction":
            if faction is not None:
                problems.append(Problem(f"line {number}: the team is given twice"))
            faction = tail.strip()
            continue
        entries.append({"character": line, "equipment": []})
    return faction, entries, problems


def format_list_text(entries: list[dict], content=None, faction: str | None = None) -> str:
    def name(table: dict, key: str) -> str:
        return (table.get(key) or {}).get("name", key) if content is not None else key

    lines = [f"Faction: {name(content.factions if content else {}, faction)}"] if faction else []
    lines += [name(content.heroes if content else {}, e.get("character", "")) for e in entries]
    return "\n".join(lines)


def compare_force(player, header: dict) -> list[str]:
    """Differences between a header player's team and heroes and their registered list."""
    problems = []
    if player.faction and header.get("faction") != player.faction:
        problems.append(
            f"{player.name} plays team {header.get('faction')} in the log; the list says {player.faction}"
        )
    if player.entries is not None:
        listed = sorted(e.get("character") for e in player.entries)
        if sorted(header.get("force") or []) != listed:
            problems.append(f"{player.name}'s heroes in the log are not those of the list")
    return problems

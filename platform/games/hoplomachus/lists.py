"""Troop lists for Hoplomachus events: the faction a player plays and, where the mode has the player
choose them, the units of their troop, checked against the event's content pack.

What a troop is depends on the event's mode (``check_list(..., mode=)``, from ``Event.game_mode``):

- Skirmish (the default) and Pandemonium: the whole faction — its hero, its ten non-elite units and its
  four tactics (HR-2.3.4; HR-15.2.3 and HR-15.2.5: the units go in the bag and are drawn; HR-16.2.3: all
  of them in the camp). Nothing is chosen, so the list names the faction; naming units is a mistake.
- Alliance: the faction's hero and tactics, and **six non-elite units of the faction** the player
  chooses (HR-17.2.8; the rest are not used), each chip once. The list names the faction and the six units.

A troop's hero is its faction's (HR-2.3.2, HR-2.3.4): a ``Hero:`` line may name it, and naming another
is refused. Text format::

    Faction: Amazons
    Hero: Amazons hero          (optional)
    Warrior                     (Alliance: six lines, one unit each, by name or id)

A single line without ``Faction:`` is read as the faction (``Amazons``). The log check
(:func:`compare_force`) compares a log's player with the list: the faction, and in Alliance the six
units the log's setup gives that player (``setup.units``, via ``header_players``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games import ListProblem, engine_pack_ids, load_engine_pack

GAME_ID = "hoplomachus-remastered"
ALLIANCE_UNITS = 6  # HR-17.2.8
CHOSEN_UNITS = {"alliance": (ALLIANCE_UNITS, "HR-17.2.8")}  # modes whose lists name the units chosen

Problem = ListProblem


def pack_ids() -> list[str]:
    return engine_pack_ids(GAME_ID)


def load_pack(pack_id: str):
    return load_engine_pack(GAME_ID, pack_id)


@dataclass(frozen=True)
class TroopList:
    faction: str | None
    entries: list[dict] = field(default_factory=list)  # the units chosen: [{"character": unit id}]
    problems: list[Problem] = field(default_factory=list)
    points: int = 0
    lines: list[dict] = field(default_factory=list)  # the troop as pages show it: hero, units, tactics

    @property
    def valid(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict:
        return {"valid": self.valid, "faction": self.faction, "points": 0, "points_limit": None,
                "errors": [p.to_dict() for p in self.problems], "lines": self.lines}  # fmt: skip


def _fold(text) -> str:
    return " ".join(str(text or "").casefold().split())


def _find(content, typed: str | None) -> str | None:
    wanted = _fold(typed)
    return next((key for key, row in content.factions.items()
                 if wanted in (key.casefold(), _fold(row.get("name", "")))), None)  # fmt: skip


def _unit_name(content, unit_id: str) -> str:
    unit = content.units.get(unit_id)
    return unit.name if unit is not None else unit_id


def _find_unit(content, faction: str, typed) -> str | None:
    """The id of the faction's non-hero unit named ``typed``: by id, English name or Italian alias, looked
    up among the faction's units first (two factions have a Warrior), as the engine reads a log's units."""
    try:
        uid = content.lookup("units", str(typed or ""), path="", scope=faction)
    except Exception:  # noqa: BLE001 — the engine's UnreadableLog: not a unit of the pack
        return None
    return uid if uid in content.factions[faction]["roster"] else None


def troop_lines(content, faction: str, units: list[str] | None) -> list[dict]:
    """The troop a list fields, for the pages: its hero, its units (``units``, or the whole roster) and its
    tactics; a line is ``{"role", "character", "name", "cost", "equipment", "total"}`` (no points)."""
    row = content.factions[faction]

    def line(role: str, key: str, name: str) -> dict:
        return {"role": role, "character": key, "name": name, "cost": None, "equipment": [], "total": None}

    lines = [line("hero", row["hero"], f"{_unit_name(content, row['hero'])} (hero)")]
    lines += [
        line("unit", uid, _unit_name(content, uid)) for uid in (units if units is not None else row["roster"])
    ]
    tactics = getattr(content, "tactics", {}) or {}
    for tactic in row.get("tactics", []):
        found = tactics.get(tactic)
        name = (
            getattr(found, "name", None) or (found.get("name") if isinstance(found, dict) else None) or tactic
        )
        lines.append(line("tactic", tactic, f"{name} (tactic)"))
    return lines


def catalogue(content) -> dict:
    """The pack's factions for the list page: ``{"troops": [{"id", "name", "hero", "units", "tactics"}],
    "note"}``, names as printed (content the rulebook does not print is marked provisional in the pack)."""
    troops = []
    for key, row in sorted(content.factions.items(), key=lambda kv: kv[1].get("name", kv[0])):
        lines = troop_lines(content, key, None)
        troops.append({
            "id": key,
            "name": row.get("name", key),
            "hero": _unit_name(content, row["hero"]),
            "units": [line["name"] for line in lines if line["role"] == "unit"],
            "tactics": [line["name"].removesuffix(" (tactic)") for line in lines if line["role"] == "tactic"],
        })  # fmt: skip
    note = ("Skirmish and Pandemonium: name your faction (its whole troop plays). Alliance: name your faction "
            "and, one per line, the six non-elite units you choose (HR-17.2.8).")  # fmt: skip
    return {"troops": troops, "note": note}


def check_list(entries: list[dict], content, *, faction: str | None = None, mode: str = "") -> TroopList:
    """The faction the pack knows and, in a mode whose players choose units (Alliance, HR-17.2.8), exactly
    that many different non-elite units of it; a ``hero`` entry must be the faction's hero (HR-2.3.4).
    ``mode``: the event's mode id ("" : Skirmish). Never raises."""
    entries = [e for e in entries if isinstance(e, dict)]
    if faction is None and len(entries) == 1 and not entries[0].get("hero"):
        faction, entries = entries[0].get("character"), []  # "Amazons" alone: the faction
    found = _find(content, faction)
    if found is None:
        known = ", ".join(row.get("name", key) for key, row in sorted(content.factions.items()))
        what = f"unknown faction {faction!r}" if faction else "name your faction"
        return TroopList(None, [], [Problem(f"{what}; the pack's factions are {known}")])
    row = content.factions[found]
    name = row.get("name", found)
    problems = []
    units, chosen = [], []
    for i, entry in enumerate(entries):
        typed = entry.get("character")
        if entry.get("hero"):
            if _fold(typed) not in (row["hero"].casefold(), _fold(_unit_name(content, row["hero"]))):
                problems.append(Problem(f"{typed!r} is not the hero of {name}: a troop's hero is its faction's, "
                                        f"{_unit_name(content, row['hero'])} (HR-2.3.4)", i))  # fmt: skip
            continue
        units.append((i, typed))
    wanted = CHOSEN_UNITS.get(mode or "skirmish")
    if wanted is None:
        for i, typed in units:
            problems.append(Problem(f"{typed!r}: in {(mode or 'skirmish').capitalize()} a troop is the whole "
                                    f"faction (HR-2.3.4, HR-15.2.5, HR-16.2.3); name the faction only", i))  # fmt: skip
        return TroopList(found, [], problems, lines=troop_lines(content, found, None))
    count, rule = wanted
    for i, typed in units:
        uid = _find_unit(content, found, typed)
        if uid is None:
            problems.append(Problem(f"{typed!r} is not a unit of {name} (its units: "
                                    f"{', '.join(_unit_name(content, u) for u in row['roster'])})", i))  # fmt: skip
        elif content.units[uid].elite:
            problems.append(
                Problem(f"{_unit_name(content, uid)} is elite: choose non-elite units ({rule})", i)
            )
        elif uid in chosen:
            problems.append(Problem(f"{_unit_name(content, uid)} is named twice: each chip once ({rule})", i))
        else:
            chosen.append(uid)
    if len(units) != count:
        problems.append(Problem(f"choose exactly {count} non-elite units of {name}; the list names {len(units)} "
                                f"({rule})"))  # fmt: skip
    return TroopList(found, [{"character": uid} for uid in chosen], problems,
                     lines=troop_lines(content, found, chosen))  # fmt: skip


def parse_list_text(text: str):
    faction, entries = None, []
    for line in text.splitlines():
        line = line.strip().lstrip("-*•").strip()
        if not line or line.startswith("#"):
            continue
        head, colon, tail = line.partition(":")
        key = head.strip().casefold()
        if colon and key == "faction":
            faction = tail.strip()
        elif colon and key == "hero":
            entries.append({"character": tail.strip(), "hero": True})
        else:
            entries.append({"character": line})
    return faction, entries, []


def format_list_text(entries: list[dict], content=None, faction: str | None = None) -> str:
    if not faction:
        return ""
    name = (content.factions.get(faction) or {}).get("name", faction) if content is not None else faction
    units = [_unit_name(content, e.get("character", "")) if content is not None else e.get("character", "")
             for e in entries if not e.get("hero")]  # fmt: skip
    return "\n".join([f"Faction: {name}", *units])


def header_players(header: dict) -> list[dict]:
    """The log's players as the list check reads them: each with the units the setup gives them
    (``units``: Alliance's six, HR-17.2.8; absent when the mode deals none)."""
    chosen = (header.get("setup") or {}).get("units") or {}
    players = []
    for player in header.get("players") or []:
        units = chosen.get(player.get("id")) if isinstance(chosen, dict) else None
        players.append({**player, "units": units} if isinstance(units, list) else dict(player))
    return players


def compare_force(player, header: dict, content=None) -> list[str]:
    """Differences between a log's player (:func:`header_players`) and their registered troop list: the
    faction, and where the list names units (Alliance, HR-17.2.8) the units the log's setup fields."""
    if player.faction and header.get("faction") != player.faction:
        return [f"{player.name} plays {header.get('faction')} in the log; the list says {player.faction}"]
    registered = [e.get("character") for e in player.entries or [] if not e.get("hero")]
    if not registered or not isinstance(header.get("units"), list):
        return []
    faction = player.faction or header.get("faction") or ""
    fielded = [_resolved(content, faction, unit) for unit in header["units"]]
    if sorted(fielded) == sorted(registered):
        return []
    name = (lambda uid: _unit_name(content, uid)) if content is not None else str
    missing = [name(u) for u in registered if u not in fielded]
    extra = [name(u) for u in fielded if u not in registered]
    said = "; ".join(part for part in (
        f"registered but not fielded: {', '.join(missing)}" if missing else "",
        f"fielded but not registered: {', '.join(extra)}" if extra else "",
    ) if part)  # fmt: skip
    return [f"{player.name} fields other units in the log than their registered troop (HR-17.2.8): {said}"]


def _resolved(content, faction: str, unit) -> str:
    """A log's unit as the list stores it (the faction's unit id), by the engine's lookup; as given when
    the pack does not know it."""
    if content is not None and faction in content.factions:
        found = _find_unit(content, faction, unit)
        if found is not None:
            return found
    return str(unit)

"""The Fields of Eternia content pack: the map, the round track, heroes and every card (FE-23).

The rulebook prints only a few values (FE-22); everything else is data an organizer may correct. Each
entry lists in ``provisional`` the fields that are placeholders. Rules code reads numbers only from here.
Names may be written as the id, the English name or an alias (the Italian name, where the pack lists it).
"""

from __future__ import annotations

from pathlib import Path

from engine.core.errors import UnreadableLog
from engine.core.logfile import validate

_HERE = Path(__file__).resolve().parent
CONTENT_DIR = _HERE / "content"  # the built-in packs, and their earlier documents in superseded/
DEFAULT_PACK = "fe-core-starter"
LOG_SCHEMA = _HERE / "schemas" / "eternia-log.schema.json"
PACK_SCHEMA = _HERE / "schemas" / "eternia-pack.schema.json"
STATISTICS_SCHEMA = _HERE / "schemas" / "eternia-statistics.schema.json"

TABLES = ("heroes", "support_cards", "encounters", "epic_beasts", "victory_cards", "mission_cards", "areas")
ZONES = ("attack", "defence", "initiative")
MOUNTED_CARD = ("hp", "mind", "body", "initiative", "movement", "flying")  # a mounted hero's own card


class Content:
    """A loaded pack: tables keyed by id, an alias index per table, and the pack's reference."""

    def __init__(self, doc: dict, digest: str):
        self.doc = doc
        self.sha256 = digest
        self.pack_id = doc["pack"]["id"]
        self.version = doc["pack"].get("version", "")
        self.factions: dict = doc["factions"]
        self.track: list[dict] = doc["round_track"]["spaces"]
        self.dice: dict = doc["dice"]
        self.combat_cards: dict = doc["combat_cards"]
        self.starting_deck: dict = doc["starting_deck"]
        self.combat_supply: dict = doc["combat_supply"]["counts"]
        self.scenarios: dict = doc["scenarios"]
        self.map: dict = doc["map"]
        self.tables: dict[str, dict[str, dict]] = {
            "heroes": {h["id"]: h for h in doc["heroes"]},
            "support_cards": {c["id"]: c for c in doc["support_cards"]},
            "encounters": {c["id"]: c for c in doc["encounters"]},
            "epic_beasts": {c["id"]: c for c in doc["epic_beasts"]},
            "victory_cards": {c["id"]: c for c in doc["victory_cards"]},
            "mission_cards": {c["id"]: c for c in doc["mission_cards"]},
            "areas": {a["id"]: a for a in doc["map"]["areas"]},
            "battle_cards": {c["id"]: c for c in doc.get("battle_cards", [])},  # solo (FE-18.2.2)
            "effect_cards": {c["id"]: c for c in doc.get("effect_cards", [])},  # solo (FE-18.2.1)
            "mounted_heroes": {c["id"]: c for c in doc.get("mounted_heroes", [])},  # FE-4.1.8, FE-19.4.1
        }
        self.weapons = {w["id"]: w for h in doc["heroes"] for w in h["weapons"]}
        self._alias: dict[str, dict[str, str]] = {}
        for table, rows in self.tables.items():
            index = {}
            for cid, row in rows.items():
                for name in (cid, row.get("name"), *(row.get("aliases") or {}).values()):
                    if isinstance(name, str):
                        index.setdefault(name.casefold(), cid)
            self._alias[table] = index
        cards = {}
        for cid, row in self.combat_cards.items():
            for name in (cid, row.get("name"), *(row.get("aliases") or {}).values()):
                cards.setdefault(str(name).casefold(), cid)
        self._alias["combat_cards"] = cards
        self.heroes = self.tables["heroes"]
        self.support = self.tables["support_cards"]
        self.encounters = self.tables["encounters"]
        self.epic_beasts = self.tables["epic_beasts"]
        self.victory = self.tables["victory_cards"]
        self.missions = self.tables["mission_cards"]
        self.areas = self.tables["areas"]
        self.battle = self.tables["battle_cards"]
        self.effects = self.tables["effect_cards"]
        self.mounted = self.tables["mounted_heroes"]

    def find_faction(self, name) -> str | None:
        """A faction id from its id, name or alias ("ew", "Evil Warriors")."""
        if not isinstance(name, str):
            return None
        for fid, f in self.factions.items():
            if name.casefold() in {
                fid,
                f["name"].casefold(),
                *(a.casefold() for a in (f.get("aliases") or {}).values()),
            }:
                return fid
        return None

    def find(self, table: str, name) -> str | None:
        if not isinstance(name, str):
            return None
        return self._alias[table].get(name.casefold())

    def lookup(self, table: str, name, *, path: str, what: str | None = None) -> str:
        """The id of ``name`` in ``table`` (id, English name or alias); UnreadableLog if unknown."""
        cid = self.find(table, name)
        if cid is None:
            label = what or table.replace("_", " ")
            raise UnreadableLog("{path_}: {name!r} is not a known {label} in content pack '{pack_id}'", path_=path, name=name, label=label, pack_id=self.pack_id,
                                rule="LOG-5.1", path=path)  # fmt: skip
        return cid

    def name(self, cid: str) -> str:
        for rows in self.tables.values():
            if cid in rows:
                return rows[cid].get("name", cid)
        if cid in self.combat_cards:
            return self.combat_cards[cid]["name"]
        return cid

    def provisional_fields(self) -> dict[str, list[str]]:
        """Every entry with placeholder values: {entry id: [fields]} (for the coverage report)."""
        out = {}
        for table, rows in self.tables.items():
            for cid, row in rows.items():
                if row.get("provisional"):
                    out[f"{table}/{cid}"] = list(row["provisional"])
        for key in ("map", "round_track", "dice", "combat_supply"):
            if self.doc[key].get("provisional"):
                out[key] = list(self.doc[key]["provisional"])
        return out


_CONTENT: dict[str, Content] = {}


def content_for(doc: dict, digest: str) -> Content:
    """``load_content`` once per pack hash: checking a pack against its schema and indexing it costs as much
    as replaying a few dozen events, and a pack is read-only once loaded (a few packs kept, oldest out first)."""
    if digest not in _CONTENT:
        if len(_CONTENT) >= 8:
            _CONTENT.pop(next(iter(_CONTENT)))
        _CONTENT[digest] = load_content(doc, digest)
    return _CONTENT[digest]


def load_content(doc: dict, digest: str) -> Content:
    validate(doc, PACK_SCHEMA, rule="LOG-3.5")
    try:
        content = Content(doc, digest)
        _check_references(content)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise UnreadableLog("content pack '{id}' is malformed: {exc}", id=doc.get('pack', {}).get('id'), exc=exc,
                            rule="LOG-3.5") from None  # fmt: skip
    return content


def _check_references(c: Content) -> None:
    areas = c.areas
    for edge in c.map["edges"]:
        for end in (edge["a"], edge["b"]):
            if end not in areas:
                raise ValueError(f"a map edge names the unknown area {end!r}")
    for fid, faction in c.factions.items():
        if faction["base"] not in areas or areas[faction["base"]].get("base") != fid:
            raise ValueError(f"faction {fid!r} names a base that is not its base area")
    for card in c.starting_deck:
        if card not in c.combat_cards:
            raise ValueError(f"the starting deck names the unknown combat card {card!r}")
    if sum(c.starting_deck.values()) != 21:
        raise ValueError("the starting combat deck must hold 21 cards (FE-4.1.5)")
    for sid, sc in c.scenarios.items():
        for cid in sc.get("scenario_deck", []):
            if cid not in c.missions and cid not in c.epic_beasts:
                raise ValueError(f"scenario {sid!r} names the unknown scenario card {cid!r}")
        for area in sc.get("mission_tokens", []):
            if area not in areas:
                raise ValueError(f"scenario {sid!r} puts a mission token on the unknown area {area!r}")
        for boss, area in (sc.get("bosses") or {}).items():
            if boss in sc.get("scenario_deck", []):
                raise ValueError(f"scenario {sid!r} puts {boss!r} in play at setup and in its scenario deck")
            if not c.epic_beasts.get(boss, {}).get("boss") or area not in areas:
                raise ValueError(
                    f"scenario {sid!r} puts {boss!r} in play on {area!r}: a boss card and an area are needed"
                )
        for boss in (sc.get("objective") or {}).get("bosses_defeated", []):
            if not c.epic_beasts.get(boss, {}).get("boss"):
                raise ValueError(f"scenario {sid!r}'s objective names {boss!r}, which is not a boss card")
    for mid, m in c.mounted.items():
        if m["hero"] not in c.heroes:
            raise ValueError(f"mounted hero {mid!r} names the unknown hero {m['hero']!r}")
        beast = m.get("beast")
        if beast is not None and c.epic_beasts.get(beast, {}).get("taming_cost") is None:
            raise ValueError(
                f"mounted hero {mid!r} starts with {beast!r}, which is not a tameable epic beast"
            )
        if not set(m.get("card") or {}) <= set(MOUNTED_CARD):
            raise ValueError(f"mounted hero {mid!r}'s card may print only {', '.join(MOUNTED_CARD)}")
    if not any(s.get("skull") == 4 for s in c.track):
        raise ValueError("the round track has no fourth skull space (the final round, FE-17.1)")

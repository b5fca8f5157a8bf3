"""Hoplomachus content: typed views over a content pack (spec section 20 and 21).

Layer 1 (content): imports nothing else from this game. Rules code reads every number from here; a
value the rulebook does not print is listed in its entry's ``provisional`` field in the pack.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from engine.core.content import builtin_pack, pack_hash
from engine.core.errors import UnreadableLog
from engine.core.logfile import schema_validator

GAME_ID = "hoplomachus-remastered"
_HERE = Path(__file__).resolve().parent
CONTENT_DIR = _HERE / "content"  # the built-in packs, and their earlier documents in superseded/
DEFAULT_PACK = "hr-core-starter"
LOG_SCHEMA = _HERE / "schemas" / "hoplomachus-log.schema.json"
PACK_SCHEMA = _HERE / "schemas" / "hoplomachus-pack.schema.json"
STATISTICS_SCHEMA = _HERE / "schemas" / "hoplomachus-statistics.schema.json"

COLOURS = ("yellow", "blue", "green", "black", "red")  # weakest → strongest (HR-2.6.1, HR-18.47)

# The skill vocabulary (docs/content-packs.md, Hoplomachus). A pack naming any other kind is refused
# with LOG-3.6 rather than silently ignored.
SKILL_KINDS = {
    "innate": {"retaliate", "repel", "first_strike", "dig_in"},
    "ability": {"hurl", "regen"},
    "special": {"dice_special"},
}
TACTIC_KINDS = {"movement", "gain_hp", "extra_die", "no_engage"}
TACTIC_TYPES = {"permanent", "instant", "temporary"}
DURATIONS = {"this_turn", "next_owner_turn"}
IMMORTAL_TRIGGERS = {"displace_target", "allies_gain_hp"}
# Innate skills that an attack's damage triggers on the unit dealt it (HR-7.4.2 orders them when several do).
ATTACK_DAMAGE_TRIGGERS = ("retaliate", "repel")
# Rival priority list entries naming opponents (HR-9.3.3; "shard": a shard with red HP, HR-14.10.3). An entry
# "hex:<arena tag>" names hexes instead (HR-9.3.5, printed in non-bold type).
UNIT_PRIORITIES = {"on_stone", "hero", "strongest", "weakest", "shard"}
HEX_PRIORITY = "hex:"
# HR-14.8.4 (titan reference cards); deploy_ally HR-14.8.6/HR-14.9, allies_attack HR-14.9.4, compass_move HR-2.11.2,
# shard_hp HR-14.10.3 (gives the shards lying in the arena HP of one colour)
TITAN_EFFECTS = {
    "advance",
    "smite",
    "toss",
    "arena_turn",
    "none",
    "deploy_ally",
    "allies_attack",
    "compass_move",
    "shard_hp",
}
REWARDS_LINEAR = {"activate_hero", "return_tactics", "return_units", "neutral_hero"}
REWARDS_COLOSSEUM = {"gain_support_chip", "add_3_hp", "activate_hero", "foothold_action", "gold_hero"}


@dataclass(frozen=True)
class Skill:
    id: str
    name: str
    type: str  # innate | ability | special
    effect: dict
    kind: str  # effect["kind"], kept as a field: asked of every skill a unit has, at every attack and plan


@dataclass(frozen=True)
class UnitDef:
    id: str
    name: str
    kind: str  # unit | hero | sentinel | arena | immortal | titan | ally (a titan-specific unit, HR-14.9.1)
    faction: str | None
    cls: str
    elite: bool
    movement: int
    range: int
    health: int
    attack: tuple[str, ...]
    skills: tuple[Skill, ...]
    triggers: tuple[dict, ...] = ()
    titan: dict | None = None  # a titan's reference card: dice, dice gained, priority list, effects table

    def skill_of(self, kind: str) -> Skill | None:
        for s in self.skills:
            if s.kind == kind:
                return s
        return None


@dataclass(frozen=True)
class TacticDef:
    id: str
    name: str
    type: str
    duration: str | None
    effect: dict


@dataclass(frozen=True)
class Content:
    pack_id: str
    version: str
    sha256: str
    units: dict[str, UnitDef]
    tactics: dict[str, TacticDef]
    factions: dict[str, dict]
    arenas: dict[str, dict]
    hit_faces: dict[str, int]
    die_faces: int
    supply: dict[str, int]
    aliases: dict[tuple[str, str], str]
    heroes: frozenset[str] = (
        frozenset()
    )  # the ids of the hero units (rivals.select: "hero", asked per candidate)

    def lookup(self, table: str, name, *, path: str, scope: str | None = None) -> str:
        """An id, English name or Italian alias of ``table`` (optionally among one faction's units)."""
        if not isinstance(name, str):
            raise UnreadableLog(
                "{path_}: expected a name or id, got {name!r}",
                path_=path,
                name=name,
                rule="LOG-3.4",
                path=path,
            )
        found = None
        if scope is not None:
            found = self.aliases.get((f"{table}@{scope}", fold(name)))
        if found is None:
            found = self.aliases.get((table, fold(name)))
        if found is None:
            kind = {"units": "unit", "tactics": "tactic", "factions": "faction", "arenas": "arena"}.get(
                table, table
            )
            raise UnreadableLog(
                "{path_}: unknown {kind} '{name}' in content pack {pack_id}",
                path_=path,
                kind=kind,
                name=name,
                pack_id=self.pack_id,
                rule="LOG-3.4",
                path=path,
            )
        return found

    def colour(self, name: str) -> str | None:
        return self.aliases.get(("dice", fold(name)))


def fold(name: str) -> str:
    return " ".join(name.casefold().replace("’", "'").split())


def load_content(doc: dict, sha256: str) -> Content:
    errors = sorted(schema_validator(PACK_SCHEMA).iter_errors(doc), key=lambda e: list(map(str, e.path)))
    if errors:
        err = errors[0]
        where = "/" + "/".join(map(str, err.path))
        raise UnreadableLog(
            "content pack is malformed at {where}: {message}",
            where=where,
            message=err.message,
            rule="LOG-3.5",
            path=where,
        )

    def bad(where: str, why: str, rule: str = "LOG-3.5"):
        return UnreadableLog(
            "content pack is malformed at {where}: {why}", where=where, why=why, rule=rule, path=where
        )

    aliases: dict[tuple[str, str], str] = {}

    def index(table: str, entry: dict, scope: str | None = None) -> None:
        names = [entry["id"], entry.get("name", "")] + list(entry.get("aliases", {}).values())
        for name in names:
            if name:
                aliases.setdefault((table, fold(name)), entry["id"])
                if scope:
                    aliases[(f"{table}@{scope}", fold(name))] = entry["id"]

    hit_faces = dict(doc["dice"])
    if set(hit_faces) != set(COLOURS):
        raise bad("/dice", f"the five colours are {', '.join(COLOURS)} (HR-2.6.1)")
    if any(not 0 <= v <= doc["die_faces"] for v in hit_faces.values()):
        raise bad("/dice", "a die cannot have more hit faces than faces")
    for c in COLOURS:
        aliases[("dice", c)] = c
    for k, v in doc.get("aliases", {}).get("dice", {}).items():
        if v not in COLOURS:
            raise bad("/aliases/dice", f"'{v}' is not a die colour")
        aliases[("dice", fold(k))] = v

    skills: dict[str, Skill] = {}
    for i, s in enumerate(doc["skills"]):
        kind = s["effect"].get("kind")
        if kind not in SKILL_KINDS.get(s["type"], ()):
            raise bad(
                f"/skills/{i}/effect/kind", f"'{kind}' is not a {s['type']} this engine implements", "LOG-3.6"
            )
        skills[s["id"]] = Skill(s["id"], s["name"], s["type"], dict(s["effect"]), kind)
        index("skills", s)

    tactics: dict[str, TacticDef] = {}
    for i, t in enumerate(doc["tactics"]):
        if t["effect"].get("kind") not in TACTIC_KINDS:
            raise bad(
                f"/tactics/{i}/effect/kind", "a tactic effect this engine does not implement", "LOG-3.6"
            )
        if t["type"] == "temporary" and t.get("duration") not in DURATIONS:
            raise bad(
                f"/tactics/{i}/duration",
                f"a temporary tactic states a duration ({', '.join(sorted(DURATIONS))})",
            )
        tactics[t["id"]] = TacticDef(t["id"], t["name"], t["type"], t.get("duration"), dict(t["effect"]))
        index("tactics", t)

    units: dict[str, UnitDef] = {}
    for i, u in enumerate(doc["units"]):
        for j, colour in enumerate(u["attack"]):
            if colour not in COLOURS:
                raise bad(f"/units/{i}/attack/{j}", f"'{colour}' is not a die colour")
        unit_skills = []
        for j, sid in enumerate(u["skills"]):
            if sid not in skills:
                raise bad(f"/units/{i}/skills/{j}", f"skill '{sid}' is not in the pack's skills")
            unit_skills.append(skills[sid])
        for j, trig in enumerate(u.get("triggers", [])):
            if trig.get("effect") not in IMMORTAL_TRIGGERS or trig.get("colour") not in COLOURS:
                raise bad(
                    f"/units/{i}/triggers/{j}",
                    "an immortal trigger this engine does not implement",
                    "LOG-3.6",
                )
        titan = u.get("titan")
        if (titan is None) != (u["kind"] != "titan"):
            raise bad(f"/units/{i}/titan", "a titan, and only a titan, has a reference card ('titan')")
        if titan is not None:
            for key in ("priority", "ally_priority"):
                for j, entry in enumerate(titan.get(key, [])):
                    tag = entry[len(HEX_PRIORITY) :] if entry.startswith(HEX_PRIORITY) else None
                    if tag is None and entry not in UNIT_PRIORITIES:
                        raise bad(f"/units/{i}/titan/{key}/{j}", f"'{entry}' is not a priority this engine "
                                  "implements", "LOG-3.6")  # fmt: skip
                    if tag is not None and not any(tag in a["tags"] for a in doc["arenas"]):
                        raise bad(f"/units/{i}/titan/{key}/{j}", f"hex priority '{entry}' names no hex tag of "
                                  "the pack's arenas (HR-9.3.5)")  # fmt: skip
            allies = {a["unit"] for a in titan.get("allies", [])}
            for j, row in enumerate(titan["effects"]):
                for tier in row["tiers"].values():
                    if tier.get("effect") not in TITAN_EFFECTS:
                        raise bad(
                            f"/units/{i}/titan/effects/{j}",
                            "a titan effect this engine does not implement",
                            "LOG-3.6",
                        )
                    if tier["effect"] == "shard_hp" and (
                        not isinstance(tier.get("hp"), int)
                        or tier.get("colour", "red") not in ("red", "blue")
                    ):
                        raise bad(f"/units/{i}/titan/effects/{j}", "shard_hp gives the shards 'hp' (a whole number) "
                                  "of a 'colour', red or blue (HR-14.10.3)")  # fmt: skip
                    if tier["effect"] == "deploy_ally" and tier.get("unit") not in allies:
                        raise bad(
                            f"/units/{i}/titan/effects/{j}", "deploy_ally names one of the card's 'allies'"
                        )
        if u["id"] in units:
            raise bad(f"/units/{i}/id", f"unit '{u['id']}' appears twice")
        units[u["id"]] = UnitDef(
            id=u["id"], name=u["name"], kind=u["kind"], faction=u.get("faction"), cls=u["class"],
            elite=u["elite"], movement=u["movement"], range=u["range"], health=u["health"],
            attack=tuple(u["attack"]), skills=tuple(unit_skills), triggers=tuple(u.get("triggers", ())),
            titan=titan,
        )  # fmt: skip
        index("units", u, scope=u.get("faction") or u["kind"])

    for i, u in enumerate(doc["units"]):
        for j, ally in enumerate((u.get("titan") or {}).get("allies", [])):
            d = units.get(ally["unit"])
            if d is None or d.kind not in ("arena", "ally"):
                raise bad(
                    f"/units/{i}/titan/allies/{j}",
                    f"'{ally['unit']}' is not an arena or ally unit of the pack",
                )
            if d.elite:
                raise bad(
                    f"/units/{i}/titan/allies/{j}", "only the titan is elite, its allies are not (HR-14.5.3)"
                )

    factions: dict[str, dict] = {}
    for i, f in enumerate(doc["factions"]):
        hero = units.get(f["hero"])
        if hero is None or hero.kind != "hero":
            raise bad(f"/factions/{i}/hero", f"'{f['hero']}' is not a hero of the pack")
        for key in ("unique_tactic",):
            if f[key] not in tactics:
                raise bad(f"/factions/{i}/{key}", f"tactic '{f[key]}' is not in the pack")
        for t in f["common_tactics"]:
            if t not in tactics:
                raise bad(f"/factions/{i}/common_tactics", f"tactic '{t}' is not in the pack")
        roster = [u.id for u in units.values() if u.faction == f["id"] and u.kind == "unit"]
        factions[f["id"]] = {**f, "roster": roster, "tactics": [f["unique_tactic"], *f["common_tactics"]]}
        index("factions", f)

    arenas: dict[str, dict] = {}
    for a in doc["arenas"]:
        favour = a["favour"]
        known = REWARDS_LINEAR if favour["kind"] == "linear" else REWARDS_COLOSSEUM
        rewards = favour["rewards"].values() if favour["kind"] == "linear" else favour["tracks"].values()
        if not set(rewards) <= known:
            raise bad(f"/arenas/{a['id']}/favour", "a reward this engine does not implement", "LOG-3.6")
        arenas[a["id"]] = a
        index("arenas", a)

    pack = doc["pack"]
    return Content(
        pack_id=pack["id"], version=pack.get("version", ""), sha256=sha256, units=units, tactics=tactics,
        factions=factions, arenas=arenas, hit_faces=hit_faces, die_faces=doc["die_faces"],
        supply=dict(doc["supply"]), aliases=aliases,
        heroes=frozenset(u.id for u in units.values() if u.kind == "hero"),
    )  # fmt: skip


_CONTENT: dict[str, Content] = {}


def content_for(doc: dict, digest: str) -> Content:
    if digest not in _CONTENT:
        if len(_CONTENT) >= 8:
            _CONTENT.pop(next(iter(_CONTENT)))
        _CONTENT[digest] = load_content(doc, digest)
    return _CONTENT[digest]


def load_pack(pack=None) -> Content:
    """The typed content of a built-in pack id, a pack document, or the default pack (None)."""
    if isinstance(pack, Content):
        return pack
    if isinstance(pack, dict):
        return content_for(pack, pack_hash(pack))
    return content_for(*builtin_pack(CONTENT_DIR, pack or DEFAULT_PACK))

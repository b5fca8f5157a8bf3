"""Battleground content: typed views over a content pack, with edition aliases (spec §24, §25).

Rules code reads numbers only from here; nothing about a card is hard-coded in the rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from engine.core.content import builtin_pack, pack_hash
from engine.core.errors import UnreadableLog
from engine.core.logfile import schema_validator
from engine.geometry.footprint import Base, base_from

_HERE = Path(__file__).resolve().parent
CONTENT_DIR = _HERE / "content"  # the built-in packs, and their earlier documents in superseded/
LOG_SCHEMA = _HERE / "schemas" / "battleground-log.schema.json"
PACK_SCHEMA = _HERE / "schemas" / "battleground-pack.schema.json"
STATISTICS_SCHEMA = _HERE / "schemas" / "battleground-statistics.schema.json"


@dataclass(frozen=True)
class Ability:
    id: str
    name: str
    kind: str  # "active" or "passive"
    ap: int
    mana: int
    target: str  # "self", "ally", "enemy"
    range_in: float | None
    effect: dict
    when: str | None = None  # trigger window of a passive ability (BG-20.1, timing.py)
    test: dict | None = None  # an ability test (BG-16.4.3): {"stat", "against", "min"}


@dataclass(frozen=True)
class CharacterDef:
    id: str
    name: str
    faction: str
    cost: int
    health: int
    strength: int
    perception: int
    power: int
    toughness: int
    mind: int
    speed: tuple[int, int]
    slots: dict
    abilities: tuple[Ability, ...]
    massive: bool = False
    base: Base | None = None  # the hexes a massive miniature's base covers (BG-19, docs/content-packs.md)

    def stat(self, name: str) -> int:
        return getattr(self, name)


@dataclass(frozen=True)
class WeaponDef:
    id: str
    name: str
    type: str  # melee, ranged, spell
    dice: int
    table: tuple[tuple[int, int], ...]  # (minimum net successes, wounds), ascending
    cost: int
    range_in: float | None
    mana_cost: int
    modifiers: tuple[dict, ...]
    extra_effects: tuple[dict, ...]
    area_hexes: int | None
    iconic_for: tuple[str, ...]
    targets: str = "enemies"  # a spell with a beneficial effect may target "allies" or "any" (BG-10.5.2)
    beneficial: dict = field(default_factory=dict)  # its effect on an ally target

    def wounds_for(self, net: int) -> int:
        """BG-10.1.5: the single row that needs the most successes without exceeding ``net``."""
        wounds = 0
        for minimum, w in self.table:
            if net >= minimum:
                wounds = w
        return wounds


FISTS = WeaponDef(
    id="fists",
    name="Fists",
    type="melee",
    dice=0,
    table=((1, 1),),
    cost=0,
    range_in=None,
    mana_cost=0,
    modifiers=(),
    extra_effects=(),
    area_hexes=None,
    iconic_for=(),
)  # BG-10.2.4: printed in the rulebook itself (1+ net success → 1 wound)


@dataclass(frozen=True)
class ItemDef:
    id: str
    name: str
    type: str
    cost: int
    single_use: bool
    modifiers: tuple[dict, ...]
    extra_effects: tuple[dict, ...]
    use: dict
    abilities: tuple[Ability, ...]


@dataclass(frozen=True)
class CardDef:
    id: str
    name: str
    faction: str
    kind: str  # "fate" or "glory"
    initiative: int
    ap: int
    mana: int
    ability: dict = field(default_factory=dict)  # fate: unique ability
    mission: dict = field(default_factory=dict)  # glory: secondary mission {condition, vp}


@dataclass(frozen=True)
class MapDef:
    id: str
    name: str
    columns: int
    rows: int
    orientation: str
    offset: str
    hex_width_in: float
    terrain: tuple[dict, ...]
    platforms: tuple[dict, ...]
    edge_blockers: tuple[tuple[str, str], ...]
    deployment_zones: tuple[dict, ...]
    objectives: tuple[str, ...]


@dataclass(frozen=True)
class Content:
    pack_id: str
    version: str
    sha256: str
    factions: dict[str, dict]
    characters: dict[str, CharacterDef]
    weapons: dict[str, WeaponDef]
    items: dict[str, ItemDef]
    cards: dict[str, CardDef]
    decks: dict[str, dict]
    maps: dict[str, MapDef]
    forces: dict[str, dict]
    army_rules: dict
    aliases: dict[tuple[str, str], str]  # (table, folded name) -> id
    # (table, name as a log writes it) -> id, for names already resolved: a log names the same few
    # characters and cards on almost every event, and folding a name costs more than the look-up.
    resolved: dict[tuple[str, str], str] = field(default_factory=dict, compare=False, hash=False, repr=False)

    def find(self, table: str, name) -> str | None:
        """:meth:`lookup` without its refusal: the id ``name`` resolves to in ``table``, or None."""
        found = self.resolved.get((table, name)) if isinstance(name, str) else None
        if found is None and isinstance(name, str):
            found = self.aliases.get((table, _fold(name)))
            if found is not None and len(self.resolved) < MAX_RESOLVED:
                self.resolved[(table, name)] = found
        return found

    def lookup(self, table: str, name: str, *, path: str) -> str:
        """Resolve an id, English name or IT/ES/PL alias (spec §25) to an id of ``table``."""
        found = self.resolved.get((table, name)) if isinstance(name, str) else None
        if found is not None:
            return found
        if not isinstance(name, str):
            raise UnreadableLog(
                "{path_}: expected a name or id, got {name!r}",
                path_=path,
                name=name,
                rule="LOG-3.4",
                path=path,
            )
        found = self.aliases.get((table, _fold(name)))
        if found is None:
            kind = table.rstrip("s").replace("_", " ")
            raise UnreadableLog(
                "{path_}: unknown {kind} '{name}' in content pack {pack_id}",
                path_=path,
                kind=kind,
                name=name,
                pack_id=self.pack_id,
                rule="LOG-3.4",
                path=path,
            )
        if len(self.resolved) < MAX_RESOLVED:  # bounded: a log may spell a name in many ways
            self.resolved[(table, name)] = found
        return found


MAX_RESOLVED = 4096


def _fold(name: str) -> str:
    return " ".join(name.casefold().replace("–", "-").split())


def _ability(a: dict) -> Ability:
    return Ability(
        id=a["id"],
        name=a["name"],
        kind=a.get("kind", "active"),
        ap=a.get("ap", 0),
        mana=a.get("mana", 0),
        target=a.get("target", "self"),
        range_in=a.get("range_in"),
        effect=a.get("effect", {}),
        when=a.get("when"),
        test=a.get("test"),
    )


def _base(c: dict) -> Base | None:
    """BG-19: a massive character states the hexes its base covers; any other character covers one hex."""
    where = f"/characters/{c['id']}/base"
    if not c.get("massive", False):
        if "base" in c:
            raise UnreadableLog(
                "content pack is malformed at {where}: only a massive character has a multi-hex base",
                where=where,
                rule="LOG-3.5",
                path=where,
            )
        return None
    if "base" not in c:
        raise UnreadableLog(
            "content pack is malformed at {where}: a massive character states its base (BG-19)",
            where=where,
            rule="LOG-3.5",
            path=where,
        )
    try:
        return base_from(c["base"]["hexes"], c["base"].get("pivot"))
    except ValueError as exc:
        raise UnreadableLog(
            "content pack is malformed at {where}: {exc}", where=where, exc=exc, rule="LOG-3.5", path=where
        ) from None


_CACHE: dict[str, Content] = {}
_CACHE_SIZE = 8  # a few packs in use at once; bounded so 1,000 verifications cannot grow memory


def load_content(doc: dict, sha256: str) -> Content:
    """Typed content for a pack document (validated against battleground-pack.schema.json). Cached by hash."""
    cached = _CACHE.get(sha256)
    if cached is not None:
        return cached
    errors = sorted(schema_validator(PACK_SCHEMA).iter_errors(doc), key=lambda e: list(map(str, e.path)))
    if errors:
        e = errors[0]
        where = "/" + "/".join(map(str, e.path))
        raise UnreadableLog(
            "content pack is malformed at {where}: {message}",
            where=where,
            message=e.message,
            rule="LOG-3.5",
            path=where,
        )
    _check_pack(doc)
    try:
        content = _from_doc(doc, sha256)
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        # What the pack schema leaves open (names, aliases, lists) but the typed view needs: an organizer's
        # malformed pack gets a verdict, never a traceback (LOG-3.5).
        raise UnreadableLog(
            "content pack is malformed: {name} {exc}",
            name=type(exc).__name__,
            exc=exc,
            rule="LOG-3.5",
            path="/",
        ) from None
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[sha256] = content
    return content


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_pack(doc: dict) -> None:
    """Pack values the rules compute with later (costs for knock-out VP, BG-7.5.3; effect thresholds,
    BG-10.6.1; deck contents, BG-4.5), checked when the pack is loaded so that a malformed organizer pack
    is unreadable (LOG-3.5) instead of failing mid-replay."""

    def bad(where: str, what: str) -> UnreadableLog:
        return UnreadableLog(
            "content pack is malformed at {where}: {what}", where=where, what=what, rule="LOG-3.5", path=where
        )

    for table in ("characters", "weapons", "items", "fate_cards", "glory_cards", "factions", "maps"):
        for i, entry in enumerate(doc[table]):
            where = f"/{table}/{i}"
            if not isinstance(entry.get("id"), str) or not isinstance(entry.get("name"), str):
                raise bad(where, "an entry needs a string id and name")
            aliases = entry.get("aliases", {})
            if not isinstance(aliases, dict) or not all(isinstance(v, str) for v in aliases.values()):
                raise bad(f"{where}/aliases", "aliases are names (strings)")
            if table in ("characters", "weapons", "items") and not _whole(entry.get("cost")):
                raise bad(f"{where}/cost", "a cost is a whole number of VP")
            for key in ("modifiers", "extra_effects"):
                if not isinstance(entry.get(key, []), list):
                    raise bad(f"{where}/{key}", f"{key} is a list")
                for j, effect in enumerate(entry.get(key, [])):
                    if not isinstance(effect, dict) or not all(
                        _whole(effect.get(k, 0)) for k in ("min", "dice", "wounds")
                    ):
                        raise bad(f"{where}/{key}/{j}", "an effect is an object with whole-number values")
    cards = {c["id"]: kind for kind in ("fate", "glory") for c in doc[f"{kind}_cards"]}
    for faction, deck in doc["decks"].items():
        for kind in ("fate", "glory"):
            ids = deck[kind]
            if (
                not isinstance(ids, list)
                or any(cards.get(c) != kind for c in ids if isinstance(c, str))
                or not all(isinstance(c, str) for c in ids)
            ):
                raise bad(f"/decks/{faction}/{kind}", f"a deck lists {kind} card ids of the pack")
    for i, force in enumerate(doc.get("forces", [])):
        if not isinstance(force, dict) or not isinstance(force.get("id"), str):
            raise bad(f"/forces/{i}", "a force is an object with a string id")
    _check_effects(doc, bad)
    _check_movements(doc, bad)


COMMON_TOKENS = ("haste", "empower", "protection", "regeneration", "slow", "blind", "stun", "curse")


def _effects_in(doc: dict):
    """(where, effect) for every effect object of the pack."""
    for table in ("characters", "items"):
        for i, entry in enumerate(doc[table]):
            for j, a in enumerate(entry.get("abilities", [])):
                yield f"/{table}/{i}/abilities/{j}/effect", a.get("effect", {})
    for i, item in enumerate(doc["items"]):
        yield f"/items/{i}/use", item.get("use", {})
    for i, weapon in enumerate(doc["weapons"]):
        yield f"/weapons/{i}/beneficial", weapon.get("beneficial", {})
    for table in ("weapons", "items"):
        for i, entry in enumerate(doc[table]):
            for j, extra in enumerate(entry.get("extra_effects", [])):
                yield f"/{table}/{i}/extra_effects/{j}", extra
    for table in ("fate_cards", "glory_cards"):
        for i, card in enumerate(doc[table]):
            yield f"/{table}/{i}/ability", card.get("ability", {})


def _check_effects(doc: dict, bad) -> None:
    """What the schema cannot say about unique tokens, timed abilities, ability tests and beneficial
    spells (BG-16.1.6, BG-20.1, BG-16.4.3, BG-10.5.2), checked at load so a replay never meets it."""
    for where, effect in _effects_in(doc):
        for key in ("buff", "debuff"):
            value = effect.get(key) if isinstance(effect, dict) else None
            if isinstance(value, dict) and value.get("unique") in COMMON_TOKENS:
                raise bad(
                    f"{where}/{key}/unique",
                    "a unique buff or debuff needs an id of its own, not a common one's",
                )
    for table in ("characters", "items"):
        for i, entry in enumerate(doc[table]):
            for j, a in enumerate(entry.get("abilities", [])):
                where = f"/{table}/{i}/abilities/{j}"
                passive = a.get("kind", "active") == "passive"
                if "when" in a and (not passive or a.get("target", "self") != "self" or "test" in a):
                    raise bad(
                        f"{where}/when",
                        "a trigger window belongs to a passive ability that affects its own character, "
                        "without a test",
                    )
                test = a.get("test")
                if test is not None and (
                    passive or ("against" in test and a.get("target", "self") == "self")
                ):
                    raise bad(
                        f"{where}/test",
                        "an ability test belongs to an active ability; 'against' needs a target",
                    )
    for i, w in enumerate(doc["weapons"]):
        where = f"/weapons/{i}"
        if ("beneficial" in w or "targets" in w) and (
            w["type"] != "spell" or not w.get("beneficial") or "area" in w
        ):
            raise bad(
                where,
                "only a spell (without an area) has a beneficial effect and may target allies; "
                "'targets' allies or any needs 'beneficial'",
            )


def _check_movements(doc: dict, bad) -> None:
    """Movement effects (BG-18) that need a second character have one only in an ability with a target;
    only a toward heads for an object (BG-18.1, BG-18.2)."""
    effects = [
        (f"/fate_cards/{i}/ability", c.get("ability"), "self") for i, c in enumerate(doc["fate_cards"])
    ]
    effects += [(f"/items/{i}/use", it.get("use"), "self") for i, it in enumerate(doc["items"])]
    for table in ("characters", "items"):
        for i, entry in enumerate(doc[table]):
            for j, a in enumerate(entry.get("abilities", [])):
                effects.append(
                    (f"/{table}/{i}/abilities/{j}/effect", a.get("effect"), a.get("target", "self"))
                )
    for where, effect, target in effects:
        move = effect.get("move") if isinstance(effect, dict) else None
        if not move:
            continue
        kind, who = move["kind"], move.get("who")
        if move.get("toward") in ("objective", "marker"):
            # BG-18.1: a toward may head for an object; BG-18.2: a charge only for a character.
            if kind != "toward":
                raise bad(f"{where}/move", f"a '{kind}' movement cannot head for an object, only a 'toward'")
            continue
        if kind in ("toward", "charge", "swap") and target == "self":
            raise bad(f"{where}/move", f"a '{kind}' movement needs an ability with an ally or enemy target")
        if kind in ("toward", "charge") and move.get("toward", "self" if who == "target" else "target") == (
            who or "self"
        ):
            raise bad(f"{where}/move", f"a '{kind}' movement cannot go toward the character that moves")


def _from_doc(doc: dict, sha256: str) -> Content:
    aliases: dict[tuple[str, str], str] = {}

    def index(table: str, entry: dict) -> None:
        for name in [entry["id"], entry.get("name", "")] + list(entry.get("aliases", {}).values()):
            if name:
                aliases[(table, _fold(name))] = entry["id"]

    characters = {}
    for c in doc["characters"]:
        s = c["stats"]
        characters[c["id"]] = CharacterDef(
            id=c["id"],
            name=c["name"],
            faction=c["faction"],
            cost=c["cost"],
            health=s["health"],
            strength=s["strength"],
            perception=s["perception"],
            power=s["power"],
            toughness=s["toughness"],
            mind=s["mind"],
            speed=tuple(s["speed"]),
            slots=c.get("slots", {}),
            abilities=tuple(_ability(a) for a in c.get("abilities", [])),
            massive=c.get("massive", False),
            base=_base(c),
        )
        index("characters", c)
        for a in c.get("abilities", []):
            index("abilities", a)
    weapons = {}
    for w in doc["weapons"]:
        if w["type"] in ("ranged", "spell") and not isinstance(w.get("range_in"), int | float):
            # BG-10.3.5 / BG-10.5.1: a ranged or spell weapon states its range; without one no attack
            # with it could be judged, so the pack is refused when loaded (LOG-3.5).
            raise UnreadableLog(
                "content pack is malformed: {type} weapon '{id}' has no range_in",
                type=w["type"],
                id=w["id"],
                rule="LOG-3.5",
                path="/weapons",
            )
        weapons[w["id"]] = WeaponDef(
            id=w["id"],
            name=w["name"],
            type=w["type"],
            dice=w.get("dice", 0),
            table=tuple(sorted((r["min"], r["wounds"]) for r in w["table"])),
            cost=w["cost"],
            range_in=w.get("range_in"),
            mana_cost=w.get("mana_cost", 0),
            modifiers=tuple(w.get("modifiers", [])),
            extra_effects=tuple(w.get("extra_effects", [])),
            area_hexes=(w.get("area") or {}).get("hexes"),
            iconic_for=tuple(w.get("iconic_for", [])),
            targets=w.get("targets", "allies" if "beneficial" in w else "enemies"),
            beneficial=w.get("beneficial", {}),
        )
        index("weapons", w)
    items = {}
    for i in doc["items"]:
        items[i["id"]] = ItemDef(
            id=i["id"],
            name=i["name"],
            type=i["type"],
            cost=i["cost"],
            single_use=i.get("single_use", False),
            modifiers=tuple(i.get("modifiers", [])),
            extra_effects=tuple(i.get("extra_effects", [])),
            use=i.get("use", {}),
            abilities=tuple(_ability(a) for a in i.get("abilities", [])),
        )
        index("items", i)
        for a in i.get("abilities", []):
            index("abilities", a)
    cards = {}
    for kind, table in (("fate", "fate_cards"), ("glory", "glory_cards")):
        for c in doc[table]:
            cards[c["id"]] = CardDef(
                id=c["id"],
                name=c["name"],
                faction=c["faction"],
                kind=kind,
                initiative=c["initiative"],
                ap=c["ap"],
                mana=c["mana"],
                ability=c.get("ability", {}),
                mission=c.get("mission", {}),
            )
            index("cards", c)
    maps = {}
    for m in doc["maps"]:
        maps[m["id"]] = MapDef(
            id=m["id"],
            name=m["name"],
            columns=m["columns"],
            rows=m["rows"],
            orientation=m["orientation"],
            offset=m["offset"],
            hex_width_in=m["hex_width_in"],
            terrain=tuple(m["terrain"]),
            platforms=tuple(m.get("platforms", [])),
            edge_blockers=tuple(tuple(e) for e in m.get("edge_blockers", [])),
            deployment_zones=tuple(m["deployment_zones"]),
            objectives=tuple(m["objectives"]),
        )
        index("maps", m)
    for f in doc["factions"]:
        index("factions", f)
    return Content(
        pack_id=doc["pack"]["id"],
        version=doc["pack"].get("version", ""),
        sha256=sha256,
        factions={f["id"]: f for f in doc["factions"]},
        characters=characters,
        weapons=weapons,
        items=items,
        cards=cards,
        decks=doc["decks"],
        maps=maps,
        forces={f["id"]: f for f in doc.get("forces", [])},
        army_rules=doc.get("army_rules", {}),
        aliases=aliases,
    )


DEFAULT_PACK = "bg-core-starter"


def load_pack(pack=None) -> Content:
    """The typed content of a built-in pack id, a pack document, or the default pack (None)."""
    if isinstance(pack, Content):
        return pack
    if isinstance(pack, dict):
        return load_content(pack, pack_hash(pack))
    doc, digest = builtin_pack(CONTENT_DIR, pack or DEFAULT_PACK)
    return load_content(doc, digest)

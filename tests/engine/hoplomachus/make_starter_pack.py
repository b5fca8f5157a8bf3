"""Writes engine/games/hoplomachus/content/hr-core-starter.json (the starter pack) from the tables below.

    python -m tests.engine.hoplomachus.make_starter_pack

Only values printed in the rulebook (spec section 20, CF-1…CF-10) are official. Every other value is a
placeholder so that games can be played and checked; it is listed in the entry's ``provisional`` array and
the entry carries a ``note``. An organizer replaces them with a corrected pack (docs/content-packs.md).
"""

from __future__ import annotations

import json

from engine.games.hoplomachus.content import CONTENT_DIR

OUT = CONTENT_DIR / "hr-core-starter.json"
PLACEHOLDER = "placeholder until checked against the physical chips (HR-21.4)"


def unit(uid, name, faction, cls, move, rng, health, attack, skills, provisional, note=None, it=None, elite=False,
         kind="unit"):  # fmt: skip
    entry = {
        "id": uid, "name": name, "kind": kind, "faction": faction, "class": cls, "elite": elite,
        "movement": move, "range": rng, "health": health, "attack": attack, "skills": skills,
        "provisional": provisional,
    }  # fmt: skip
    if provisional:
        entry["note"] = note or PLACEHOLDER
    if it:
        entry["aliases"] = {"it": it}
    return entry


SKILLS = [
    {
        "id": "retaliate",
        "name": "Retaliate",
        "type": "innate",
        "effect": {"kind": "retaliate", "damage": 1},
        "source": "CF-8 (WE-11, WE-12)",
        "provisional": [],
        "aliases": {"it": "Rappresaglia"},
    },
    {
        "id": "first-strike",
        "name": "First Strike",
        "type": "innate",
        "effect": {"kind": "first_strike"},
        "source": "CF-8 (WE-5)",
        "provisional": [],
        "aliases": {"it": "Primo Colpo"},
    },
    {
        "id": "repel",
        "name": "Repel",
        "type": "innate",
        "effect": {"kind": "repel", "distance": 1},
        "source": "none: a placeholder skill for the titans' invented allies (HR-7.4.2 needs a unit with two effects "
        "one attack triggers)",
        "provisional": ["name", "effect"],
        "note": "the rulebook prints no such skill; when this unit is dealt attack damage by an adjacent attacker, the "
        "attacker is displaced 1 hex straight away from it",
    },
    {
        "id": "dig-in",
        "name": "Dig In",
        "type": "innate",
        "effect": {"kind": "dig_in", "colour": "yellow"},
        "source": "CF-8 (WE-11)",
        "provisional": ["effect.colour"],
        "note": "the die colour is illegible in the rulebook; yellow is a placeholder (WE-11 rolls green, blue, black, yellow)",
    },
    {
        "id": "hurl-1",
        "name": "Hurl 1",
        "type": "ability",
        "effect": {"kind": "hurl", "distance": 1},
        "source": "CF-8 (WE-4)",
        "provisional": [],
    },
    {
        "id": "hurl-2",
        "name": "Hurl 2",
        "type": "ability",
        "effect": {"kind": "hurl", "distance": 2},
        "source": "CF-3",
        "provisional": ["type"],
        "note": "type presumed Ability like Hurl 1 (CF-3)",
    },
    {
        "id": "regen-1",
        "name": "Regen 1",
        "type": "ability",
        "effect": {"kind": "regen", "amount": 1},
        "source": "CF-8 (WE-9)",
        "provisional": [],
    },
    {
        "id": "whirlwind",
        "name": "Whirlwind",
        "type": "special",
        "effect": {"kind": "dice_special", "targets": "adjacent_all"},
        "source": "CF-2",
        "provisional": ["effect"],
        "note": "effect not printed in the rulebook: placeholder rolls the unit's dice against every adjacent opponent",
    },
    {
        "id": "long-shot-3",
        "name": "Long Shot 3",
        "type": "special",
        "effect": {"kind": "dice_special", "targets": "one", "range": 3},
        "source": "CF-3",
        "provisional": ["effect"],
        "note": "effect not printed: placeholder rolls the unit's dice against one opponent within 3 hexes",
    },
    {
        "id": "long-shot-4",
        "name": "Long Shot 4",
        "type": "special",
        "effect": {"kind": "dice_special", "targets": "one", "range": 4},
        "source": "CF-2",
        "provisional": ["effect"],
        "note": "effect not printed: placeholder rolls the unit's dice against one opponent within 4 hexes",
    },
    {
        "id": "perfect-strike",
        "name": "Perfect Strike",
        "type": "special",
        "effect": {"kind": "dice_special", "targets": "one"},
        "source": "CF-3",
        "provisional": ["type", "effect"],
        "note": "type and effect illegible in the rulebook (AMB-40): placeholder Special rolling the unit's dice",
    },
]

# The tactics' names in other languages (narration.names says a tactic by them). The Italian original prints
# the tactics' names in English ("Le tattiche comuni sono Adrenaline, Bolster Health, Hamstring e Stun";
# "la tattica Blitz", HR-6.2, CF-7), so Italian keeps them; no Spanish or Polish original is at hand, so
# those names are provisional ("aliases.es", "aliases.pl" in the entry's ``provisional``), as are the
# names of the placeholder faction tactics in every language.
PRINTED_IN_ENGLISH = (
    "the Italian original prints this name in English (HR-6.2); Spanish and Polish names are provisional"
)
TACTIC_NAMES = {
    "adrenaline": {"es": "Adrenalina", "pl": "Adrenalina"},
    "bolster-health": {"es": "Reforzar salud", "pl": "Wzmocnienie zdrowia"},
    "hamstring": {"es": "Desjarretar", "pl": "Podcięcie ścięgien"},
    "stun": {"es": "Aturdir", "pl": "Ogłuszenie"},
    "plutos-refugees-tactic": {
        "it": "Tattica dei Rifugiati di Plutone",
        "es": "Táctica de los Refugiados de Plutón",
        "pl": "Taktyka Uchodźców z Plutona",
    },
    "amazons-tactic": {
        "it": "Tattica delle Amazzoni",
        "es": "Táctica de las Amazonas",
        "pl": "Taktyka Amazonek",
    },
}


def _named(tactic: dict) -> dict:
    """``tactic`` with its names in other languages, each not printed in an original marked provisional."""
    names = TACTIC_NAMES.get(tactic["id"])
    if not names:
        return tactic
    named = {**tactic, "aliases": {**tactic.get("aliases", {}), **names}}
    named["provisional"] = tactic["provisional"] + [f"aliases.{language}" for language in names]
    if "it" not in names:
        named["note"] = (
            f"{tactic['note']}; {PRINTED_IN_ENGLISH}" if tactic.get("note") else PRINTED_IN_ENGLISH
        )
    return named


TACTICS = [
    {
        "id": "adrenaline",
        "name": "Adrenaline",
        "common": True,
        "type": "temporary",
        "duration": "this_turn",
        "effect": {"kind": "movement", "amount": 1},
        "provisional": ["type", "duration"],
        "note": "effect printed (CF-7: +1 Movement); type and duration are placeholders",
    },
    {
        "id": "bolster-health",
        "name": "Bolster Health",
        "common": True,
        "type": "instant",
        "effect": {"kind": "gain_hp", "amount": 2},
        "provisional": ["type", "effect"],
        "note": PLACEHOLDER,
    },
    {
        "id": "hamstring",
        "name": "Hamstring",
        "common": True,
        "type": "permanent",
        "effect": {"kind": "movement", "amount": -1},
        "provisional": ["type", "effect"],
        "note": PLACEHOLDER,
    },
    {
        "id": "stun",
        "name": "Stun",
        "common": True,
        "type": "temporary",
        "duration": "next_owner_turn",
        "effect": {"kind": "no_engage"},
        "provisional": ["type", "duration", "effect"],
        "note": PLACEHOLDER,
    },
    {
        "id": "blitz",
        "name": "Blitz",
        "common": False,
        "type": "permanent",
        "effect": {"kind": "extra_die", "colour": "green"},
        "provisional": [],
        "source": "CF-7 (WE-2)",
    },
    {
        "id": "plutos-refugees-tactic",
        "name": "Pluto's Refugees tactic",
        "common": False,
        "type": "instant",
        "effect": {"kind": "gain_hp", "amount": 1},
        "provisional": ["name", "type", "effect"],
        "note": PLACEHOLDER,
    },
    {
        "id": "amazons-tactic",
        "name": "Amazons tactic",
        "common": False,
        "type": "permanent",
        "effect": {"kind": "extra_die", "colour": "yellow"},
        "provisional": ["name", "type", "effect"],
        "note": PLACEHOLDER,
    },
]

TEMPLATES = {  # class: (movement, range, health, attack, skills) — placeholders for unnamed roster slots
    "attacker": (2, 1, 4, ["black", "blue"], []),
    "defender": (1, 1, 5, ["green"], ["retaliate"]),
    "archer": (2, 3, 3, ["blue", "yellow"], []),
    "beast": (3, 1, 4, ["green", "yellow"], []),
    "tactician": (2, 2, 3, ["blue"], ["regen-1"]),
}
ALL_PROV = ["name", "class", "movement", "range", "health", "attack", "skills"]


def roster(faction: str, label: str, known: list[dict]) -> list[dict]:
    out = list(known)
    classes = ["attacker", "defender", "archer", "beast", "tactician"]
    n = len(known)
    while len(out) < 10:
        n += 1
        cls = classes[n % 5]
        m, r, h, a, s = TEMPLATES[cls]
        out.append(
            unit(f"{faction}-unit-{n:02d}", f"{label} unit {n}", faction, cls, m, r, h, a, s, ALL_PROV)
        )
    return out


UNITS = []
UNITS += roster(
    "kunlun",
    "Kunlun",
    [
        unit(
            "kunlun-warrior",
            "Warrior",
            "kunlun",
            "attacker",
            2,
            1,
            3,
            ["black", "blue", "yellow"],
            ["retaliate", "whirlwind"],
            ["class", "health"],
            "stats as printed on the Warrior chip (CF-2, Amazons and Kunlun chips agree); class and Health from the Amazons chip",
            it="Guerriero",
        ),
        unit(
            "kunlun-mountain-radical",
            "Mountain Radical",
            "kunlun",
            "beast",
            3,
            1,
            4,
            ["blue", "blue"],
            ["hurl-1"],
            ["class", "health"],
        ),
        unit(
            "kunlun-marksman",
            "Marksman",
            "kunlun",
            "archer",
            2,
            2,
            3,
            ["black", "yellow"],
            ["first-strike", "long-shot-4"],
            ["class", "movement", "health"],
            it="Tiratore",
        ),
    ],
)
UNITS += roster(
    "plutos-refugees",
    "Pluto's Refugees",
    [
        unit(
            "plutos-refugees-marksman",
            "Marksman",
            "plutos-refugees",
            "archer",
            2,
            2,
            2,
            ["blue", "yellow"],
            [],
            ["class", "movement", "range", "attack", "skills"],
            "Health 2 from WE-5 (it had 2 HP when attacked); the rest are placeholders",
            it="Tiratore",
        ),
        unit(
            "plutos-refugees-protector",
            "Protector",
            "plutos-refugees",
            "defender",
            1,
            1,
            6,
            ["green"],
            ["retaliate"],
            ["class", "movement", "range", "health", "attack", "skills"],
            it="Protettore",
        ),
    ],
)
UNITS += roster(
    "amazons",
    "Amazons",
    [
        unit(
            "amazons-warrior",
            "Warrior",
            "amazons",
            "attacker",
            2,
            1,
            3,
            ["black", "blue", "yellow"],
            ["retaliate", "whirlwind"],
            [],
            it="Guerriero",
        ),
    ],
)

HEROES = [
    unit(
        "feng",
        "Feng",
        "kunlun",
        "attacker",
        2,
        1,
        7,
        ["black", "green"],
        ["retaliate", "perfect-strike", "hurl-2"],
        ["class", "movement", "range", "health", "attack"],
        "skills printed (CF-3); Range below 2 per WE-12; other values are placeholders",
        elite=True,
        kind="hero",
    ),
    unit(
        "plutos-refugees-hero",
        "Pluto's Refugees hero",
        "plutos-refugees",
        "defender",
        2,
        1,
        7,
        ["black", "green"],
        ["retaliate"],
        ALL_PROV,
        elite=True,
        kind="hero",
    ),
    unit(
        "amazons-hero",
        "Amazons hero",
        "amazons",
        "attacker",
        2,
        1,
        7,
        ["black", "blue"],
        ["first-strike"],
        ALL_PROV,
        elite=True,
        kind="hero",
    ),
]
NEUTRAL_HEROES = [
    unit(
        "rostam",
        "Rostam",
        None,
        "archer",
        2,
        3,
        6,
        ["black", "blue"],
        ["retaliate", "first-strike", "long-shot-3"],
        ["class", "movement", "range", "health", "attack"],
        "skills printed (CF-3); stats are placeholders",
        elite=True,
        kind="hero",
    ),
] + [
    unit(
        f"neutral-hero-{i}",
        f"Neutral hero {i}",
        None,
        "attacker",
        2,
        1,
        6,
        ["black", "green"],
        ["retaliate"],
        ALL_PROV,
        elite=True,
        kind="hero",
    )
    for i in range(2, 6)
]
SENTINEL = unit(
    "sentinel",
    "Sentinel",
    None,
    "defender",
    0,
    4,
    4,
    ["blue", "yellow"],
    ["first-strike"],
    ["class", "health", "attack"],
    "Range 4, immobile and First Strike printed (CF-2, HR-5.3.5); Health and Attack are placeholders",
    it="Sentinella",
    kind="sentinel",
)
ARENA_UNITS = [
    unit(
        "bandit",
        "Bandit",
        None,
        "attacker",
        2,
        1,
        5,
        ["black"],
        ["regen-1"],
        ["class"],
        kind="arena",
        it="Bandito",
    ),
    unit(
        "hippopotamus",
        "Hippopotamus",
        None,
        "beast",
        1,
        1,
        6,
        ["green"],
        [],
        ["class", "movement", "range", "health", "attack", "skills"],
        kind="arena",
        it="Ippopotamo",
    ),
] + [
    unit(
        f"arena-unit-{i}",
        f"Arena unit {i}",
        None,
        "attacker",
        2,
        1,
        4,
        ["blue", "yellow"],
        [],
        ALL_PROV,
        kind="arena",
    )
    for i in range(3, 9)
]
IMMORTALS = [
    dict(
        unit(
            "antony-blackbird",
            "Antony Blackbird",
            None,
            "attacker",
            2,
            2,
            8,
            ["green", "blue", "black"],
            ["dig-in"],
            ["class", "movement", "range", "health", "attack"],
            "no Abilities and Dig In printed (CF-5); triggers from WE-11; other values are placeholders",
            elite=True,
            kind="immortal",
        ),
        triggers=[
            {"colour": "green", "effect": "displace_target", "distance": 1},
            {"colour": "blue", "effect": "allies_gain_hp", "amount": 1},
        ],
    ),
] + [
    dict(
        unit(
            f"immortal-{i}",
            f"Immortal {i}",
            None,
            "attacker",
            2,
            1,
            8,
            ["green", "blue", "black"],
            [],
            ALL_PROV,
            elite=True,
            kind="immortal",
        ),
        triggers=[{"colour": "blue", "effect": "allies_gain_hp", "amount": 1}],
    )
    for i in range(2, 7)
]

# Titan-specific allies (HR-14.9): the rulebook names none, so the placeholder titans carry invented ones, marked
# provisional, that exercise the engine's hooks: an arena ally (HR-14.9.3), a titan-troop ally prompted by a titan
# effect (HR-14.9.4), the compass (HR-2.11.2) and shards with HP (HR-14.10.3).
TITAN_ALLIES = [
    unit(
        "titan-guard",
        "Titan guard",
        None,
        "defender",
        1,
        1,
        3,
        ["blue"],
        ["retaliate", "repel"],
        ALL_PROV,
        kind="ally",
    ),
]


def placeholder_titan(i: int) -> dict:
    effects = [
        {"colour": "green", "tiers": {"1": {"effect": "advance", "arena_die": ADVANCE_PROV}}},
        {"colour": "blue", "tiers": {"1": {"effect": "smite", "arena_die": SMITE_PROV}}},
        {"colour": "black", "tiers": {"1": {"effect": "toss", "damage": 1, "distance": 2}}},
        {"colour": "red", "tiers": {"1": {"effect": "arena_turn"}}},
    ]
    card = {"dice": ["green", "blue", "black", "red"], "dice_gain": [], "priority": ["hero", "strongest"],
            "effects": effects, "shards": {"active": False, "hp": 0}}  # fmt: skip
    if i == 2:  # an arena ally, acting in the arena turn; at most two in combat
        card["allies"] = [{"unit": "bandit", "arena": True, "count": 2}]
        card["limits"] = {"arena": 2}
        effects[2] = {"colour": "black", "tiers": {"1": {"effect": "deploy_ally", "unit": "bandit",
                                                         "hexes": "outer_blue"}}}  # fmt: skip
    elif i == 3:  # a titan-troop ally that attacks when prompted; the compass moves the titan
        card["allies"] = [{"unit": "titan-guard", "count": 2}]
        card["limits"] = {"titan": 1}
        card["ally_priority"] = ["weakest"]
        card["dice"] = ["green", "blue", "black", "yellow", "red"]
        effects[0] = {"colour": "green", "tiers": {"1": {"effect": "compass_move", "steps": 1}}}
        effects[2] = {"colour": "black", "tiers": {"1": {"effect": "deploy_ally", "unit": "titan-guard",
                                                         "hexes": "outer_blue"}}}  # fmt: skip
        effects.insert(3, {"colour": "yellow", "tiers": {"1": {"effect": "allies_attack"}}})
    elif i == 4:  # shards with blue HP: the players may attack them
        card["shards"] = {"active": True, "hp": 2, "colour": "blue"}
    elif i == 5:  # a hex priority (HR-9.3.5): the titan's Advance heads for an inner deployment hex
        card["priority"] = ["hero", "hex:inner", "strongest"]
    elif i == 6:  # shards given red HP by an effect (HR-14.10.3): the titan marks and targets them
        card["priority"] = ["hero", "shard", "strongest"]
        card["dice"] = ["green", "blue", "black", "yellow", "red"]
        effects.insert(
            0, {"colour": "yellow", "tiers": {"1": {"effect": "shard_hp", "hp": 2, "colour": "red"}}}
        )
    return dict(
        unit(
            f"titan-{i}",
            f"Titan {i}",
            None,
            "attacker",
            0,
            1,
            20,
            ["black", "green"],
            [],
            ALL_PROV + ["titan"],
            elite=True,
            kind="titan",
        ),  # fmt: skip
        titan=card,
    )


ADVANCE_PROV = {"1": 1, "2": 1, "3": 2, "4": 2, "5": 3, "6": 3}  # only 4 → 2 is printed (CF-6)
SMITE_PROV = {"1": 1, "2": 1, "3": 2, "4": 2, "5": 2, "6": 3}  # only 5 → 2 is printed (CF-6)
TITANS = [
    dict(
        unit(
            "mars",
            "Mars",
            None,
            "attacker",
            0,
            1,
            20,
            ["black", "black", "red"],
            [],
            ["class", "health", "attack", "titan.dice", "titan.dice_gain", "titan.priority", "titan.effects"],
            "Range 1, the priority list's start (Hero > Weakest opponent), 4 titan dice at the start, the effect "
            "colours (green Advance, blue Smite, black Toss, red arena turn) and two arena-die results are printed "
            "(CF-6, WE-12); everything else is a placeholder",
            it="Marte",
            elite=True,
            kind="titan",
        ),
        titan={
            "dice": ["green", "yellow", "blue", "black"],
            "dice_gain": ["yellow", "red"],
            "priority": ["hero", "weakest"],
            "effects": [
                {"colour": "green", "tiers": {"1": {"effect": "advance", "arena_die": ADVANCE_PROV}}},
                {"colour": "yellow", "tiers": {"1": {"effect": "none"}}},
                {"colour": "blue", "tiers": {"1": {"effect": "smite", "arena_die": SMITE_PROV}}},
                {"colour": "black", "tiers": {"1": {"effect": "toss", "damage": 1, "distance": 3}}},
                {"colour": "red", "tiers": {"1": {"effect": "arena_turn"}}},
            ],
            "shards": {"active": False, "hp": 0},
        },
    ),
] + [placeholder_titan(i) for i in range(2, 7)]

PLACEHOLDER_FACTIONS = [4, 5, 6, 7]  # the rulebook speaks of seven nations but names three (CF-1)
for _n in PLACEHOLDER_FACTIONS:
    UNITS += roster(f"faction-{_n}", f"Faction {_n}", [])
    HEROES.append(
        unit(
            f"faction-{_n}-hero",
            f"Faction {_n} hero",
            f"faction-{_n}",
            "attacker",
            2,
            1,
            7,
            ["black", "blue"],
            ["retaliate"],
            ALL_PROV,
            elite=True,
            kind="hero",
        )
    )

FACTIONS = [
    {
        "id": "kunlun",
        "name": "Kunlun",
        "colour": "green",
        "hero": "feng",
        "unique_tactic": "blitz",
        "common_tactics": ["adrenaline", "bolster-health", "hamstring"],
        "provisional": ["common_tactics", "unique_tactic"],
        "note": "Kunlun held Blitz in the example (CF-7); whether it is the unique tactic, and which three common tactics, is not printed",
    },
    {
        "id": "plutos-refugees",
        "name": "Pluto's Refugees",
        "colour": "orange",
        "hero": "plutos-refugees-hero",
        "unique_tactic": "plutos-refugees-tactic",
        "common_tactics": ["adrenaline", "hamstring", "stun"],
        "provisional": ["hero", "common_tactics", "unique_tactic"],
        "note": PLACEHOLDER,
        "aliases": {"it": "Rifugiati di Plutone"},
    },
    {
        "id": "amazons",
        "name": "Amazons",
        "colour": None,
        "hero": "amazons-hero",
        "unique_tactic": "amazons-tactic",
        "common_tactics": ["bolster-health", "hamstring", "stun"],
        "provisional": ["colour", "hero", "common_tactics", "unique_tactic"],
        "note": PLACEHOLDER,
        "aliases": {"it": "Amazzoni"},
    },
] + [
    {
        "id": f"faction-{n}",
        "name": f"Faction {n}",
        "colour": None,
        "hero": f"faction-{n}-hero",
        "unique_tactic": "amazons-tactic",
        "common_tactics": ["adrenaline", "bolster-health", "stun"],
        "provisional": ["name", "colour", "hero", "common_tactics", "unique_tactic", "roster"],
        "note": "placeholder faction: the rulebook names only Amazons, Kunlun and Pluto's Refugees of seven (CF-1)",
    }
    for n in PLACEHOLDER_FACTIONS
]


def rows(cols: str, row: int) -> list[str]:
    return [f"{c}{row}" for c in cols]


# HR-2.11.2: each arena prints a compass (arena-die face → direction); the mapping is on the mat only (HR-21.5).
# Placeholder: faces 1–6 in the grid's direction order 0–5.
COMPASS = {str(f): f - 1 for f in range(1, 7)}

ARENAS = [
    {
        "id": "pozzuoli",
        "name": "Pozzuoli",
        "aliases": {"it": "Pozzuoli"},
        "columns": 9,
        "rows": 7,
        "orientation": "flat",
        "offset": "odd-q",
        "tags": {"deploy_red": rows("BCDFGH", 1), "deploy_blue": rows("BCDFGH", 7), "stone": ["C4", "G4"]},
        "compass": COMPASS,
        "favour": {
            "kind": "linear",
            "rewards": {
                "5": "activate_hero",
                "10": "return_tactics",
                "15": "return_units",
                "20": "neutral_hero",
            },
        },
        "provisional": ["columns", "rows", "orientation", "offset", "tags", "compass"],
        "note": "the hex layout is printed on the mat only (HR-21.5): coordinates are a placeholder with the printed "
        "counts (6 deployment hexes per side, 2 stones, CF-9); the track is as printed (HR-4.2)",
    },
    {
        "id": "colosseum",
        "name": "Colosseum",
        "aliases": {"it": "Colosseo"},
        "columns": 11,
        "rows": 9,
        "orientation": "flat",
        "offset": "odd-q",
        "tags": {
            "outer_red": ["B2", "J2"],
            "outer_blue": ["B8", "J8"],
            "central": ["F5"],
            "inner": ["D4", "H4", "D6", "H6"],
            "chained_red": ["F1"],
            "chained_blue": ["F9"],
            "pedestal": ["B5", "J5", "F3", "F7"],
        },
        "compass": COMPASS,
        "favour": {
            "kind": "colosseum",
            "track_length": 5,
            "tracks": {
                "t1": "gain_support_chip",
                "t2": "add_3_hp",
                "t3": "activate_hero",
                "t4": "foothold_action",
                "gold": "gold_hero",
            },
        },
        "provisional": ["columns", "rows", "orientation", "offset", "tags", "favour.tracks", "compass"],
        "note": "layout and which track carries which reward are printed on the mat only (HR-21.5): placeholders "
        "with the printed counts (CF-9); inner hex count is not printed",
    },
]


def main() -> None:
    doc = {
        "pack": {
            "id": "hr-core-starter",
            "version": "0.2.0",
            "game": "hoplomachus-remastered",
            "title": "Hoplomachus: Remastered starter pack (rulebook values; everything else provisional)",
            "note": "Only values printed in the rulebook are official (spec section 20). Every field named in an "
            "entry's 'provisional' list is a placeholder until checked against the physical components; "
            "organizers can supply a corrected pack.",
        },
        "skills": SKILLS,
        "tactics": [_named(t) for t in TACTICS],
        "factions": FACTIONS,
        "units": UNITS
        + HEROES
        + NEUTRAL_HEROES
        + [SENTINEL]
        + ARENA_UNITS
        + IMMORTALS
        + TITANS
        + TITAN_ALLIES,
        "arenas": ARENAS,
        "dice": {"yellow": 2, "blue": 3, "green": 4, "black": 5, "red": 6},
        "die_faces": 8,
        "supply": {"red": 60, "blue": 60},
        "provisional": ["die_faces", "supply"],
        "note": "hit faces per colour are printed (HR-2.6.1); faces per die (AMB-1) and health chips per colour "
        "(AMB-29) are not: placeholders",
        "aliases": {
            "dice": {"giallo": "yellow", "blu": "blue", "verde": "green", "nero": "black", "rosso": "red"}
        },
    }
    OUT.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", "utf-8")


if __name__ == "__main__":
    main()

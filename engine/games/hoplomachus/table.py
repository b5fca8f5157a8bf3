"""A new Hoplomachus game at the table: the choices a recorder offers (modes, arenas, factions, titans)
and the log header they make. What the rulebook leaves to a draw at setup (Ascension's
units and tactics, HR-14.2.5; Assault's neutral heroes, HR-13.2; an Alliance's track heroes and units
the players leave unchosen, HR-17.2.5, HR-17.2.8) is drawn from a number the caller gives, so the same
choices give the same header."""

from __future__ import annotations

import random

from engine.core.content import builtin_pack
from engine.core.randomness import commitment_for
from engine.core.registry import game
from engine.games.hoplomachus.content import CONTENT_DIR, DEFAULT_PACK, GAME_ID, content_for, load_pack
from engine.games.hoplomachus.flow import ASCENSION_TACTICS, ASCENSION_UNITS, MODES
from engine.games.hoplomachus.simulator import Author
from engine.games.hoplomachus.table_alliance import alliance_setup
from engine.version import LOG_FORMAT_VERSION

SEATS = 2  # a table seats two players unless its mode needs more (HR-12)


def table_options(pack=None) -> dict:
    """``{"modes": [{"id", "name", "arenas", "min_players", "players"}], "arenas", "factions", "titans"}``:
    the modes for two players, then those for more (Pandemonium, Alliance); ``players`` is the most a
    mode seats, ``min_players`` the fewest at a table (HR-12)."""
    content = load_pack(pack)
    names = {m.id: m.name for m in game(GAME_ID).seats.modes}
    modes = [
        {"id": mode, "name": names.get(mode, mode), "arenas": list(arenas), "min_players": max(lo, SEATS), "players": hi}
        for mode, ((lo, hi), arenas) in MODES.items()
    ]  # fmt: skip
    return {
        "modes": sorted(modes, key=lambda m: m["min_players"] > SEATS),
        "arenas": [{"id": a, "name": doc.get("name", a)} for a, doc in content.arenas.items()],
        "factions": [{"id": f, "name": doc.get("name", f)} for f, doc in content.factions.items()],
        "titans": [{"id": u.id, "name": u.name} for u in content.units.values() if u.kind == "titan"],
    }


def new_header(
    ruleset,
    *,
    players: list[dict],
    first_player: str = "p1",
    seed_hex: str | None = None,
    placement: int = 0,
    pack: str | None = None,
    mode: str = "skirmish",
    arena: str | None = None,
    titan: str | None = None,
    teams: dict | None = None,
    track_hero: dict | None = None,
) -> dict:
    """The header of a new game. ``players``: ``{"name", "faction"}`` in seat order (``force`` is taken
        for the faction when ``faction`` is missing: a faction id, or a registered list's ``{"faction", …}``); ``seed_hex`` makes it seeded (commitment only), None
        recorded. In a seeded Skirmish the seed draws the first player (HR-15.2.2), so ``first_player``
        orders a recorded game only; co-op players choose their order each round (HR-13.8.5). An Alliance
    (HR-17.2) takes ``teams`` and ``track_hero`` and each player's ``units`` (see ``alliance_setup``); what
    is left out is drawn from ``placement``."""
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}")
    arenas = MODES[mode][1]
    arena = arena or arenas[0]
    if arena not in arenas:
        raise ValueError(f"{mode.capitalize()} is played in {' or '.join(arenas)} (HR-12)")
    doc, digest = builtin_pack(CONTENT_DIR, pack or DEFAULT_PACK)
    content = content_for(doc, digest)
    rng = random.Random(placement)  # nosec B311 - a seeded die for the table recorder's practice mode, not security
    seats = []
    for i, p in enumerate(players):
        faction = p.get("faction") or p.get("force")
        if isinstance(faction, dict):  # a registered troop list, {"faction", "characters"} (a match's table)
            faction = faction.get("faction")
        if not isinstance(faction, str) or faction not in content.factions:
            raise ValueError(f"unknown faction {faction!r}")
        seats.append({"id": f"p{i + 1}", "name": p["name"], "faction": faction, "force": []})
    ids = [p["id"] for p in seats]
    if first_player not in ids:
        raise ValueError(f"the first player is one of {', '.join(ids)}")
    setup: dict = {"mode": mode, "arena": arena}
    if mode == "skirmish":
        setup["sides"] = dict(zip(ids, ("red", "blue"), strict=False))
    if mode == "alliance":
        setup.update(alliance_setup(content, seats, players, teams, track_hero, rng))
    if mode == "assault":
        neutral = sorted(u.id for u in content.units.values() if u.kind == "hero" and u.faction is None)
        setup["neutral_heroes"] = dict(zip(ids, rng.sample(neutral, len(ids)), strict=True))
    if mode == "ascension":
        titans = sorted(u.id for u in content.units.values() if u.kind == "titan")
        if titan is not None and titan not in titans:
            raise ValueError(f"unknown titan {titan!r}")
        setup["titan"] = titan or rng.choice(titans)
        want = ASCENSION_UNITS[len(ids)]
        setup["units"] = {p["id"]: rng.sample(content.factions[p["faction"]]["roster"], want) for p in seats}
        setup["tactics"] = {
            p["id"]: rng.sample(content.factions[p["faction"]]["tactics"], k)
            for p, k in zip(seats, ASCENSION_TACTICS[len(ids)], strict=True)
        }
    if seed_hex is not None:
        randomness = {"mode": "seeded", "commitment": commitment_for(seed_hex)}
    else:
        randomness = {"mode": "recorded"}
        if mode not in ("assault", "ascension"):
            first = ids.index(first_player)
            setup["order"] = ids[first:] + ids[:first]
    header = {
        "format": "arbiter-log",
        "format_version": LOG_FORMAT_VERSION,
        "game": GAME_ID,
        "rules_version": "1.0",
        "content_pack": {"id": content.pack_id, "version": content.version, "sha256": digest},
        "simulated": False,
        "randomness": randomness,
        "players": seats,
        "setup": setup,
    }
    if seed_hex is None and mode == "skirmish":
        _deal_skirmish(ruleset, header, rng)
    return header


def _deal_skirmish(ruleset, header: dict, rng: random.Random) -> None:
    """A recorded Skirmish's setup draws, dealt like Assault's neutral heroes above: each player's neutral
    hero (HR-15.2.6) and first four units from the bag (HR-15.2.5), written into the header so the
    players set up their camps to match; every later bag draw is made at the table and entered."""
    doc = {**header, "events": []}
    ruleset.start(doc, author=Author(rng, None))
    header["setup"] = doc["setup"]

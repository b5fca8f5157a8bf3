"""A new game at the table: the choices a recorder offers before the first event (forces and maps of a
content pack) and the log header they make. Deployment (BG-4.8) is placed in each seat's zone the way the
simulator places it, from a number the caller gives, so the same choices give the same header."""

from __future__ import annotations

import random

from engine.core.content import builtin_pack
from engine.core.randomness import commitment_for
from engine.games.battleground.content import CONTENT_DIR, load_pack
from engine.games.battleground.simulator import header


def table_options(pack=None) -> dict:
    """``{"forces": [{"id", "name", "faction"}], "maps": [{"id", "name"}]}`` of a content pack."""
    content = load_pack(pack)
    return {
        "forces": [
            {"id": f["id"], "name": f.get("name", f["id"]), "faction": f["faction"]}
            for f in content.forces.values()
        ],
        "maps": [{"id": m.id, "name": m.name} for m in content.maps.values()],
    }


def new_header(
    ruleset,
    *,
    players: list[dict],
    first_player: str,
    seed_hex: str | None = None,
    placement: int = 0,
    pack: str | None = None,
) -> dict:
    """The header of a new game. ``players``: two ``{"name", "force"}`` in seat order, where a force is a
    force id of the pack or ``{"faction", "characters": [{"character", "equipment"}]}`` (a registered
    list); ``seed_hex`` makes it a seeded game (its commitment is in the header, the seed is not: it is
    revealed at the end), None a recorded one; ``placement`` picks the deployment; ``pack`` is a built-in
    content pack id (the default pack if None)."""
    content_pack = builtin_pack(CONTENT_DIR, pack)[0] if pack else None

    doc = header(
        ruleset,
        placement,
        "recorded",
        random.Random(placement),  # nosec B311 - a seeded die for the table recorder's practice mode, not security
        forces=[p["force"] for p in players],
        content_pack=content_pack,
    )
    for seat, player in zip(doc["players"], players, strict=True):
        seat["name"] = player["name"]
    doc["simulated"] = False
    doc["setup"]["first_player"] = first_player
    if seed_hex is not None:
        doc["randomness"] = {"mode": "seeded", "commitment": commitment_for(seed_hex)}
    return doc

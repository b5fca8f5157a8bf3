"""Battleground's log-versus-list check, asked of the engine (``compare_with_list``, BG-4.2).

The engine compares one header player's faction and force with a registered list (names resolved
by the pack; order, hexes and facings not compared). Here the platform pairs the header player
with the registered player and names them as the event knows them.
"""

from __future__ import annotations

import engine
from tournaments.log_check import ExpectedPlayer

GAME_ID = "motu-battleground"


def compare_force(player: ExpectedPlayer, header: dict, content) -> list[str]:
    """Differences between one header player's faction and force and the registered list."""
    pid = header.get("id") or player.name
    registered = None if player.entries is None else {"faction": player.faction, "characters": player.entries}
    named = {**header, "id": pid, "name": player.name}
    return engine.game(GAME_ID).compare_with_list({"players": [named]}, {pid: registered}, pack=content)

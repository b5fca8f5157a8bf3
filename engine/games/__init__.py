"""The built-in games. Each lives in engine/games/<name>/ and exposes ``GAME`` (an engine.core.registry
GameInfo) whose ruleset honours engine.core.ruleset; the registry imports these modules when first read."""

from __future__ import annotations

from engine.core import registry

# Modules whose ``GAME`` the registry registers on first use; a plugin calls engine.register() instead.
BUILTIN = ("engine.games.battleground", "engine.games.hoplomachus", "engine.games.eternia")


def ruleset_for(game: str):
    """The ruleset of ``game``; raises UnreadableLog (LOG-3.1) for a game with no ruleset yet."""
    return registry.game(game).ruleset

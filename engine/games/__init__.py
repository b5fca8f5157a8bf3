"""Rulesets by game id. Each game lives in engine/games/<name>/ and honours engine.core.ruleset."""

from __future__ import annotations

from importlib import import_module

from engine.core.errors import UnreadableLog

_MODULES = {
    "motu-battleground": "engine.games.battleground",
    "hoplomachus-remastered": "engine.games.hoplomachus",
}


def ruleset_for(game: str):
    """The ruleset module for ``game``; raises UnreadableLog for a game with no ruleset yet."""
    name = _MODULES.get(game)
    if name is None:
        raise UnreadableLog(
            f"the rules engine for '{game}' is not available yet; the log is stored and will be verified "
            "once it is",
            rule="LOG-3.1",
        )
    return import_module(name).RULESET

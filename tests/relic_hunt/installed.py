"""Relic hunt installed as a package of its own: this folder holds its distribution (``relic_hunt`` and
``relic_hunt-1.0.dist-info``, whose entry points name the engine's ``GAME`` and the platform's ``PLUGIN``).
Putting the folder on ``sys.path`` installs it; the registries find it by its entry points, as they would
find a package installed with pip. Nothing outside this folder names the game."""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import engine
from engine.core import registry

HERE = Path(__file__).resolve().parent
GAME_ID = "relic-hunt"


def pythonpath() -> str:
    """PYTHONPATH for a process of its own (a worker, the command line) that has the package installed."""
    return os.pathsep.join([str(HERE), *filter(None, [os.environ.get("PYTHONPATH")])])


@contextmanager
def installed() -> Iterator[None]:
    """The package installed for the block: found by both registries through its entry points only."""
    sys.path.insert(0, str(HERE))
    importlib.invalidate_caches()
    games_found = []
    try:
        found = registry.discover()
        assert [info.id for info in found] == [GAME_ID], "the engine finds the game by its entry point"
        import games

        games_found = games.discover()
        assert [p.game_id for p in games_found] == [GAME_ID], (
            "the platform finds its plugin by its entry point"
        )
        yield
    finally:
        import games

        for plugin in games_found:
            games.unregister(plugin.game_id)
        registry.unregister(GAME_ID)
        sys.path.remove(str(HERE))
        importlib.invalidate_caches()
        assert GAME_ID not in {info.id for info in engine.games()}

"""The conformance suite runs over every registered game plus the toy dice race, which is registered
here, per test, exactly as a plugin registers a game (``engine.register``), and unregistered afterwards."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import engine
from engine.core import registry
from tests.engine.conformance.dice_race.game import GAME as DICE_RACE

#: Every game the suite holds to the same properties: the registered ones and the toy.
GAME_IDS = sorted({g.id for g in engine.games()} | {DICE_RACE.id})


HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config, items):
    """The long runs (``@pytest.mark.slow``) run only when asked for: ``-m slow`` or ``ARBITER_SLOW=1``."""
    if "slow" in (config.getoption("markexpr") or "") or os.environ.get("ARBITER_SLOW") == "1":
        return
    skip = pytest.mark.skip(reason="slow: run with -m slow or ARBITER_SLOW=1")
    for item in items:
        if "slow" in item.keywords and HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(skip)


def pytest_generate_tests(metafunc):
    if "game_id" in metafunc.fixturenames:
        metafunc.parametrize("game_id", GAME_IDS)
    if "mode" in metafunc.fixturenames:
        metafunc.parametrize("mode", ["seeded", "recorded"])


@pytest.fixture
def info(game_id):
    """The game's registry entry; the toy game is registered for the duration of the test only."""
    if game_id == DICE_RACE.id:
        with registry.registered(DICE_RACE):
            yield DICE_RACE
        assert registry.find(DICE_RACE.id) is None
    else:
        yield engine.game(game_id)

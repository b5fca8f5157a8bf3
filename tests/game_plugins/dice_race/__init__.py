"""The toy dice race as a platform plugin, registered only by tests (as ``platform/games/<game>/`` would be).

Everything game-specific the platform needs is here: the engine's GameInfo (the conformance suite's toy,
``tests/engine/conformance/dice_race``), its result presentation and its dashboard pages. Nothing outside
``tests/`` names the game: :func:`registered` adds it to both registries and takes it away again.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import engine
import games
from games import GamePlugin
from tests.engine.conformance.dice_race.game import GAME


class DiceRace(GamePlugin):
    game_id = GAME.id
    name = GAME.name
    score_label = GAME.result_schema.score_label
    score_components = dict(GAME.result_schema.components)

    def meta_pages(self) -> dict:
        from dashboards.datasets import Page, ScoreComponents

        return {"overview": Page("overview", "The race", (ScoreComponents.key,))}


@contextmanager
def registered() -> Iterator[DiceRace]:
    """The dice race known to the engine and to the platform inside the block only."""
    engine.register(GAME)
    plugin = games.register(DiceRace())
    try:
        yield plugin
    finally:
        games.unregister(GAME.id)
        engine.unregister(GAME.id)

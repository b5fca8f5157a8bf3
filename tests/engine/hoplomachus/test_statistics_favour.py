"""The statistics' ``favour`` is the crowd favour a troop ended with (HR-4), as its schema says and as the
result's ``favour`` component scores it; the favour a troop gained over the game is ``favour_gained``."""

from __future__ import annotations

import json

import jsonschema
import pytest

import engine
from engine.core.registry import game as game_info

GAME = "hoplomachus-remastered"


def _verified(mode: str, seed: int):
    verdict = engine.verify(engine.simulate(GAME, seed, randomness="seeded", mode=mode))
    assert verdict.legal
    return verdict


def test_ascension_seat_ending_on_one_reports_one_not_the_favour_gained():
    """HR-4 / HR-14: seed 2's Ascension troop gains 11 favour over the game and ends on 1 (the titan's
    arena turns take favour away); the statistics used to report 11."""
    verdict = _verified("ascension", 2)
    (row,) = verdict.statistics["troops"]
    (seat,) = verdict.result["seats"]
    assert row["favour"] == seat["components"]["favour"] == 1
    assert row["favour_gained"] == 11


@pytest.mark.parametrize("mode", ["skirmish", "alliance", "assault", "ascension", "pandemonium"])
def test_statistics_favour_is_the_results_favour_in_every_mode(mode):
    """HR-4, HR-17 (Alliance troops read their team's shared track): one row per troop, same favour."""
    schema = json.loads(game_info(GAME).statistics_schema.read_text())
    for seed in (1, 2, 3):
        verdict = _verified(mode, seed)
        jsonschema.validate(verdict.statistics, schema)
        result = {s["seat"]: s["components"]["favour"] for s in verdict.result["seats"]}
        stats = {r["player"]: r["favour"] for r in verdict.statistics["troops"]}
        assert stats == result

"""Every game's recorded-dice needs carry the generic grid a recorder draws (engine/core/dice_grid.py), and
filling the grid's rows with what the table showed gives back the event's own roll value."""

from __future__ import annotations

import pytest

import engine
from engine.core.registry import ruleset_for

GAMES = ("motu-battleground", "hoplomachus-remastered", "motu-fields-of-eternia")
# What the table supplies in a Hoplomachus event (its replay keeps them in outcome_free: the simulator
# fills them in as the table would).
TABLE_FIELDS = {"hoplomachus-remastered": ("dice", "arena_dice", "draw")}


def _at(node, path):
    for key in path:
        node = node[key]
    return node


def _value_from_grid(grid: dict, seen):
    """What a recorder builds from taps on ``grid`` that reproduce ``seen`` (the value in the log)."""
    if "pick" in grid:
        values = [seen] if grid["pick"]["one"] else list(seen)
        options = {repr(o["value"]) for o in grid["pick"]["options"]}
        assert all(repr(v) in options for v in values), (values, options)
        return seen
    if grid["shape"] == "pool":
        assert len(grid["rows"]) == len(seen["dice"])
        for row, v in zip(grid["rows"], seen["dice"], strict=True):
            assert v in [f["value"] for f in row["faces"]]
        for v in seen.get("explosions", []):
            assert v in [f["value"] for f in grid["extra"]["faces"]]
        if seen.get("mana_rerolls", {}).get("dice"):
            assert grid["rerolls"]["limit"] >= len(seen["mana_rerolls"]["dice"])
        return seen
    assert len(grid["rows"]) == len(seen)
    for row, v in zip(grid["rows"], seen, strict=True):
        assert v in [f["value"] for f in row["faces"]], (v, row)
    return list(seen)


@pytest.mark.parametrize("game", GAMES)
def test_each_need_of_a_recorded_game_is_a_grid_whose_faces_hold_what_was_rolled(game):
    log = ruleset_for(game).simulate(2, randomness="recorded")
    replay = engine.session.start(log)
    grids = 0
    for index, event in enumerate(log["events"][:400]):
        bare = {k: v for k, v in replay.outcome_free(event).items() if k not in TABLE_FIELDS.get(game, ())}
        answer = engine.session.dice_entry(replay, bare)
        filled = dict(answer["event"])
        for _ in range(4):  # a partial answer is asked again once its needs are filled in
            if not answer["needs"]:
                break
            for need in answer["needs"]:
                grids += 1
                filled[need["path"][0]] = (
                    event[need["path"][0]]
                    if len(need["path"]) == 1
                    else filled.get(need["path"][0], event[need["path"][0]])
                )
                _value_from_grid(need["grid"], _at(event, need["path"]))
            if not answer.get("partial"):
                break
            answer = engine.session.dice_entry(
                replay, {**filled, **{k: event[k] for k in filled if k in event}}
            )
        replay.apply(index, event)
    assert grids > 5

"""Single-event mutations of games with the newer rule areas are rejected AT the mutated event.

Games from the integration pack (test_integration_properties.py: a massive character, movement effects,
markers, timed abilities). Mutations: a marker placed on a character (BG-16.3.2) or out of its placement
range (BG-16.3.3); a movement effect's path given a step no movement can make (a movement rule, which
one depending on the kind and the ground, so only its being a BG rule at that event is asserted); a
trigger order naming an ability that is not waiting (BG-20.1)."""

from __future__ import annotations

import copy

import pytest

import engine
from engine.games.battleground import RULESET
from tests.engine.battleground.test_integration_properties import PACK, simulated

SEEDS = range(4)


def states(log):
    """(index, event, state before the event) for every event of a log played with the integration pack."""
    game = RULESET.start(log, content_pack=copy.deepcopy(PACK))
    for i, event in enumerate(log["events"]):
        yield i, event, game
        game.apply(i, event)


def mutants(log):
    """(kind, mutated log, index, rules the mutation may break)."""

    def with_event(i, new):
        out = copy.deepcopy(log)
        out["events"][i] = new
        return out

    for i, event, game in states(log):
        board = game.board
        if event["type"] == "place_marker":
            pend = game.top()
            # A character on open ground, so that the occupant is what breaks the rule (not terrain, BG-AMB-39).
            occupied = next(
                u for u in game.on_board() if board.kind[u.hex] is None and not u.footprint.massive
            )
            yield (
                "marker-on-a-character",
                with_event(i, dict(event, hex=board.label(occupied.hex))),
                i,
                {"BG-16.3.2"},
            )
            taken = {c for u in game.on_board() for c in u.cells} | set(game.objectives)
            taken |= {m.hex for m in game.markers}
            far = max(
                (h for h in range(board.grid.size) if board.kind[h] is None and h not in taken),
                key=lambda h: (board.grid.distance_in(pend.unit.hex, h), -h),
            )
            if board.grid.distance_in(pend.unit.hex, far) > pend.spec["range_in"] + 2:
                yield (
                    "marker-out-of-range",
                    with_event(i, dict(event, hex=board.label(far))),
                    i,
                    {"BG-16.3.3"},
                )
        elif event["type"] == "movement" and event.get("path"):
            last = board.parse(event["path"][-1])
            far = max(range(board.grid.size), key=lambda h: (board.grid.hex_distance(last, h), -h))
            e = copy.deepcopy(event)
            e["path"] = e["path"] + [board.label(far)]
            e.pop("facing", None)
            yield "movement-beyond-reach", with_event(i, e), i, None
        elif event["type"] == "resolve_trigger":
            pend = game.top()
            waiting = {a.id for a in pend.spec["abilities"]}
            other = next(
                (a.id for a in pend.unit.d.abilities if a.id not in waiting),
                None,
            )
            if other is not None:
                yield "trigger-not-waiting", with_event(i, dict(event, ability=other)), i, {"BG-20.1"}


@pytest.mark.parametrize("seed", SEEDS)
def test_mutations_of_the_newer_events_are_rejected_at_the_event(seed):
    """BG-16.3.2 / BG-16.3.3 / BG-18 / BG-20.1: each mutation gives an illegal verdict at its own event."""
    log = simulated(seed, "recorded")
    kinds = set()
    for kind, mutated, index, rules in mutants(log):
        verdict = engine.verify(mutated, content_pack=copy.deepcopy(PACK))
        assert verdict.status == "illegal", (kind, index, verdict.summary())
        assert verdict.error.event_index == index, (kind, index, verdict.summary())
        if rules is not None:
            assert verdict.error.rule in rules, (kind, verdict.summary())
        else:
            assert verdict.error.rule.startswith("BG-"), (kind, verdict.summary())
        kinds.add(kind)
    assert kinds, "the game holds no event of the newer kinds"


def test_every_mutation_kind_occurs():
    kinds = {kind for seed in SEEDS for kind, *_ in mutants(simulated(seed, "recorded"))}
    assert {"marker-on-a-character", "movement-beyond-reach"} <= kinds

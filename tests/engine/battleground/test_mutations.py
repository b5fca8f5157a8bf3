"""Single-event mutations of simulated recorded-mode games are rejected AT the mutated event, with the rule
that the mutation breaks: a die showing 7 (BG-8.1.1), a die dropped or added (BG-8.2), a move step beyond
the movement points (BG-9.2.1 / BG-9.2.4), an action the AP cannot pay (BG-6.6.3), a ranged attack
retargeted out of range (BG-10.3.5) or out of sight (BG-10.3.3), an extra explosion die (BG-8.2), and a
card that is not in hand (BG-6.2.1 / BG-6.6.4)."""

from __future__ import annotations

import copy

import pytest

import engine
from engine.games.battleground import RULESET
from engine.games.battleground.movement import reachable, speed

FAST_SEEDS = range(8)
SLOW_SEEDS = range(8, 108)
KINDS = (
    "die-7",
    "drop-die",
    "add-die",
    "explosion",
    "overspend",
    "beyond-mp",
    "out-of-range",
    "out-of-sight",
    "select-not-in-hand",
    "play-not-in-hand",
)


def states(log):
    """(index, event, state before the event) for every event of a recorded log."""
    game = RULESET.start(log)
    for i, event in enumerate(log["events"]):
        yield i, event, game
        game.apply(i, event)


def mutants(log):
    """Yield (kind, mutated log, index, expected rule) for one simulated recorded log."""

    def with_event(i, new, insert=False):
        out = copy.deepcopy(log)
        if insert:
            out["events"].insert(i, new)
        else:
            out["events"][i] = new
        return out

    for i, event, game in states(log):
        kind = event["type"]
        frame = game.frame()
        if kind == "attack":
            roll = event.get("attack") or {}
            if roll.get("dice"):
                e = copy.deepcopy(event)
                e["attack"]["dice"][0] = 7
                yield "die-7", with_event(i, e), i, "BG-8.1.1"
                e = copy.deepcopy(event)
                e["attack"]["dice"].pop()
                yield "drop-die", with_event(i, e), i, "BG-8.2"
            e = copy.deepcopy(event)
            e.setdefault("attack", {}).setdefault("dice", []).append(2)
            yield "add-die", with_event(i, e), i, "BG-8.2"
            e = copy.deepcopy(event)
            e.setdefault("attack", {}).setdefault("explosions", []).append(3)
            yield "explosion", with_event(i, e), i, "BG-8.2"
            unit = game.units[event["character"]]
            weapon = next((w for w in unit.weapons if w.id == event["weapon"]), None)
            if weapon is not None and weapon.type in ("ranged", "spell") and frame.kind == "activation":
                board = game.board
                for enemy in sorted(game.enemies_of(unit), key=lambda u: u.order):
                    if enemy.key == event["target"]:
                        continue
                    e = copy.deepcopy(event)
                    e["target"] = enemy.key
                    e.pop("facing", None)
                    if not board.grid.in_range(unit.hex, enemy.hex, weapon.range_in):
                        yield "out-of-range", with_event(i, e), i, "BG-10.3.5"
                    elif not board.line_of_sight(
                        unit.hex, enemy.hex, same_origin_corner=game.options["los_same_origin_corner"]
                    ):
                        yield "out-of-sight", with_event(i, e), i, "BG-10.3.3"
        elif kind == "move" and frame is not None and frame.kind == "activation":
            unit = game.units[event["character"]]
            mp, on_difficult = speed(game, unit, bool(event.get("focus")))
            best = reachable(game, unit, unit.hex, mp + 12)
            beyond = sorted((cost, h) for h, (cost, _) in best.items() if cost > mp)
            if beyond:
                path, h = [], beyond[0][1]
                while best[h][1] is not None:
                    path.append(game.board.label(h))
                    h = best[h][1]
                e = dict(event, path=path[::-1])
                e.pop("facing", None)
                yield "beyond-mp", with_event(i, e), i, "BG-9.2.4" if on_difficult else "BG-9.2.1"
        elif kind == "end_activation" and frame is not None and frame.kind == "activation":
            if frame.ap < frame.counters.get("move", 0) + 1 and frame.unit.on_board:
                move = {"type": "move", "character": frame.unit.key, "path": []}
                yield "overspend", with_event(i, move, insert=True), i, "BG-6.6.3"
        elif kind == "select":
            side = game.sides[event["player"]]
            missing = next((c for c in side.deck + side.discard if c not in side.hand), None)
            if missing:
                yield "select-not-in-hand", with_event(i, dict(event, card=missing)), i, "BG-6.2.1"
        elif kind == "play_card":
            side = game.sides[event["player"]]
            missing = next((c for c in side.deck if c not in side.hand), None)
            if missing:
                yield "play-not-in-hand", with_event(i, dict(event, card=missing)), i, "BG-6.6.4"


def check(seeds, simulated_log, per_game=None):
    """Verify the mutants (at most ``per_game`` of each kind per game); return how many of each kind."""
    counts: dict[str, int] = {}
    for seed in seeds:
        log = simulated_log(seed, "recorded")
        assert engine.verify(log).legal
        taken: dict[str, int] = {}
        for kind, mutated, index, rule in mutants(log):
            taken[kind] = taken.get(kind, 0) + 1
            if per_game is not None and taken[kind] > per_game:
                continue
            verdict = engine.verify(mutated)
            assert verdict.status == "illegal", (seed, kind, index, verdict.summary())
            assert (verdict.error.event_index, verdict.error.rule) == (index, rule), (
                seed,
                kind,
                verdict.summary(),
            )
            counts[kind] = counts.get(kind, 0) + 1
    return counts


def test_single_event_mutations_are_rejected_at_the_event(simulated_log):
    """BG-8.1.1 / BG-8.2 / BG-9.2.1 / BG-9.2.4 / BG-6.6.3 / BG-10.3.5 / BG-10.3.3 / BG-6.2.1 / BG-6.6.4:
    up to 6 mutation sites of each kind in each of 8 simulated games; every kind occurs."""
    counts = check(FAST_SEEDS, simulated_log, per_game=6)
    assert all(counts.get(kind, 0) > 0 for kind in KINDS), counts


@pytest.mark.slow
def test_single_event_mutations_of_100_more_games(simulated_log):
    """The same, every site of every kind, over 100 more games."""
    counts = check(SLOW_SEEDS, simulated_log)
    assert all(counts.get(kind, 0) > 0 for kind in KINDS), counts

"""One footprint code path for one-hex and massive miniatures (BG-19.1: a one-hex miniature covers the
footprint of one cell). The searches a move asks for (where a character can go, BG-9.2.1, BG-9.2.11; how far
a hex is from a toward's goal, BG-AMB-19; whether a guard threatens, BG-11.2.3) once had a one-hex path of
their own; the general path must answer exactly as that one did. The one-hex code is kept here as the
reference and both are compared on random positions of simulated games."""

from __future__ import annotations

import heapq
import random

import pytest

from engine.core.errors import IllegalEvent
from engine.games.battleground import RULESET, footprint
from engine.games.battleground.combat import check_target, weapons_of
from engine.games.battleground.guard import threatens
from engine.games.battleground.movement import distance_to_goal, reachable, speed, toward_goal
from engine.games.battleground.state import Frame
from tests.engine.battleground.conftest import simulated
from tests.engine.battleground.test_toward_search import shortest_steps


# -- the one-hex code as it was before the move (reference) ---------------------------------------------------
def one_hex_reachable(g, unit, start, mp):
    board = g.board
    occupied = {u.hex for u in g.units.values() if u.on_board and u is not unit}
    enemy_hexes = {e.hex for e in g.enemies_of(unit)}
    best = {start: (0, None)}
    heap = [(0, start)]
    while heap:
        cost, h = heapq.heappop(heap)
        if cost > best[h][0]:
            continue
        if h != start and board.adjacent[h] & enemy_hexes:
            continue
        for nxt, step in board.reachable_steps(h):
            c = cost + step
            if c > mp or nxt in occupied:
                continue
            if nxt not in best or c < best[nxt][0] or (c == best[nxt][0] and h < best[nxt][1]):
                best[nxt] = (c, h)
                heapq.heappush(heap, (c, nxt))
    return best


def one_hex_distance_to_goal(g, unit, goal):
    board = g.board
    occupied = {u.hex for u in g.units.values() if u.on_board and u is not unit}
    dist = {h: 0 for h in goal if h not in occupied}
    heap = [(0, h) for h in sorted(dist)]
    while heap:
        d, h = heapq.heappop(heap)
        if d > dist[h]:
            continue
        for nxt, step in board.reachable_steps(h):
            if nxt in occupied and nxt != unit.hex:
                continue
            nd = d + step
            if nd < dist.get(nxt, 1 << 30):
                dist[nxt] = nd
                heapq.heappush(heap, (nd, nxt))
    return dist


def one_hex_toward_goal(g, target):
    board = g.board
    return {h for h in board.adjacent[target.hex] if board.standable(h)}


def one_hex_threatens(g, guard, enemy):
    board = g.board
    if enemy.hex in board.adjacent[guard.hex]:
        return True
    for w in guard.weapons:
        if (
            w.type != "melee"
            and w.range_in is not None
            and board.grid.in_range(guard.hex, enemy.hex, w.range_in)
        ):
            return True
    mp, _ = speed(g, guard, guard.focused)
    goal = board.adjacent[enemy.hex]
    return any(h in goal for h in one_hex_reachable(g, guard, guard.hex, mp))


# -- random positions -----------------------------------------------------------------------------------------
def positions(seed: int, count: int):
    """Games of a simulated log at random events, with the characters moved to random free hexes."""
    rng = random.Random(seed)
    log = simulated(seed, "recorded")
    events = log["events"]
    for _ in range(count):
        g = RULESET.start(log)
        for i in range(rng.randrange(len(events) // 2)):
            g.apply(i, events[i])
        free = [h for h in range(g.board.grid.size) if g.board.standable(h)]
        for unit in g.on_board():
            unit.hex = rng.choice(free)
            free.remove(unit.hex)
            unit.focused = rng.random() < 0.3
        yield g, rng


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_bg_19_1_the_general_path_answers_as_the_one_hex_path_did(seed):
    """BG-9.2.1 / BG-9.2.11 / BG-AMB-19 / BG-11.2.3: on random positions, where a one-hex character can go
    (with each MP), its distances to a toward's goal along any shortest path from where it stands, the
    goal itself, and whether a guard threatens an enemy, are exactly the old one-hex answers."""
    compared = 0
    for g, rng in positions(seed, 12):
        units = g.on_board()
        for unit in units:
            for mp in (rng.randrange(1, 12), speed(g, unit, unit.focused)[0]):
                assert reachable(g, unit, unit.hex, mp) == one_hex_reachable(g, unit, unit.hex, mp)
            target = rng.choice([u for u in units if u is not unit])
            goal = toward_goal(g, target)
            assert goal == one_hex_toward_goal(g, target)
            full = one_hex_distance_to_goal(g, unit, goal)
            bounded = distance_to_goal(g, unit, goal)
            here = full.get(unit.hex)
            # Exact wherever a shortest path from the unit can go (the one-hex search is A* toward the unit:
            # other hexes nearer the goal may be left unvisited), and the same steps allowed from where it stands.
            assert bounded.get(unit.hex) == here
            if here is not None:
                steps = shortest_steps(g, unit, full)
                assert shortest_steps(g, unit, bounded) == steps
                assert all(bounded[b] == full[b] for _, b, _ in steps)
            for enemy in (u for u in units if u.player != unit.player):
                assert threatens(g, unit, enemy) == one_hex_threatens(g, unit, enemy)
            compared += 1
    assert compared > 50


@pytest.mark.parametrize("seed", [4, 5])
def test_bg_19_1_who_stands_where_answers_as_the_one_hex_path_did(seed):
    """BG-10.2.2 / BG-7.2.1 / BG-19.1: the hexes held, the enemies engaged and the objective claims of one-hex
    characters on random positions are the old one-hex answers."""
    for g, _rng in positions(seed, 10):
        board = g.board
        assert footprint.occupants(g) == {u.hex: u for u in g.on_board()}
        assert footprint.occupied_hexes(g) == {u.hex for u in g.on_board()}
        for unit in g.on_board():
            enemies = {e.hex for e in g.enemies_of(unit)}
            assert footprint.enemy_cells(g, unit) == enemies
            assert g.engaged_with(unit) == [
                e for e in g.enemies_of(unit) if e.hex in board.adjacent[unit.hex]
            ]
            for token in range(0, board.grid.size, 7):
                near = board.adjacent[token] | {token}
                old = not (board.adjacent[unit.hex] & enemies) and unit.hex in near and not (near & enemies)
                assert footprint.claims(g, unit, near, footprint.enemy_cells(g, unit)) == old


def one_hex_target_refusal(g, unit, weapon, target):
    """The one-hex part of check_target as it was: (rule, message) or None."""
    board = g.board
    if weapon.type == "melee":
        if target.hex not in board.adjacent[unit.hex]:
            return (
                "BG-10.2.2",
                f"{target.name} is not engaged with {unit.name}; a melee attack needs an adjacent enemy",
            )
        return None
    if g.engaged_with(unit):
        rule = "BG-10.3.2" if weapon.type == "ranged" else "BG-10.5.1"
        return rule, f"{unit.name} is engaged and cannot make a {weapon.type} attack"
    if not board.grid.in_range(unit.hex, target.hex, weapon.range_in):
        dist = board.grid.distance_in(unit.hex, target.hex)
        return (
            "BG-10.3.5",
            f'{target.name} is {dist:.2f}" away; the {weapon.name} reaches {weapon.range_in:g}"',
        )
    if not board.line_of_sight(unit.hex, target.hex, same_origin_corner=g.options["los_same_origin_corner"]):
        return "BG-10.3.3", f"{unit.name} has no line of sight to {target.name}"
    return None


@pytest.mark.parametrize("seed", [6, 7])
def test_bg_19_1_attack_targets_are_refused_as_the_one_hex_path_did(seed):
    """BG-10.2.2 / BG-10.3.2 / BG-10.3.5 / BG-10.3.3: on random positions, each weapon of each one-hex
    character against each enemy is refused for the same rule, with the same message, as before."""
    refused = 0
    for g, _rng in positions(seed, 10):
        for unit in g.on_board():
            frame = Frame(kind="activation", unit=unit, ap=3)
            for weapon in weapons_of(unit):
                for target in g.enemies_of(unit):
                    try:
                        check_target(g, frame, unit, weapon, target)
                        got = None
                    except IllegalEvent as exc:
                        got = (exc.rule, exc.message)
                    assert got == one_hex_target_refusal(g, unit, weapon, target)
                    refused += got is not None
    assert refused > 20

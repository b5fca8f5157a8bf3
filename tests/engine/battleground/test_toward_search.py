"""The distances a shortest-path move is checked against (movement.distance_to_goal, BG-AMB-19): for a
one-hex miniature they are searched as A* toward where it stands, and must give the Move rules the answers
of the plain search from the goal (the reference below, the search as it was). Checked on simulated games:
at sampled events, for every one-hex character standing and every other character as the goal (BG-14.1.4 b,
BG-AMB-20: the hexes beside it), the unit's own distance and every step on a shortest path from where it
stands (footprint.on_shortest_path, as check_path and reachable ask it) are the same."""

from __future__ import annotations

import heapq

import pytest

import engine
from engine.games.battleground import footprint
from engine.games.battleground.movement import distance_to_goal, toward_goal

GAME = "motu-battleground"


def plain_distances(g, unit, goal) -> dict[int, int]:
    """The reference: Dijkstra from the goal until the unit's position is settled."""
    occupied = footprint.occupants(g, unit)
    starts = footprint.positions_covering(g, unit, goal, occupied)
    blocked = footprint.covering(unit, occupied)
    dist = {h: 0 for h in starts}
    heap = [(0, h) for h in sorted(dist)]
    while heap:
        d, h = heapq.heappop(heap)
        if d > dist[h]:
            continue
        if h == unit.hex:
            break
        for nxt, step in footprint.moves_from(g, unit, h):
            if nxt in blocked:
                continue
            nd = d + step
            if nd < dist.get(nxt, footprint.FAR):
                dist[nxt] = nd
                heapq.heappush(heap, (nd, nxt))
    return dist


def shortest_steps(g, unit, dist) -> set[tuple[int, int, int]]:
    """Every step (from, to, MP) a move from the unit's position may take toward the goal of ``dist``."""
    found, todo, seen = set(), [unit.hex], {unit.hex}
    while todo:
        cur = todo.pop()
        for nxt, cost in footprint.moves_from(g, unit, cur):
            if footprint.on_shortest_path(dist, cur, nxt, cost):
                found.add((cur, nxt, cost))
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
    return found


@pytest.mark.parametrize("seed", range(6))
def test_bg_amb_19_one_hex_search_gives_the_plain_answers(seed):
    info = engine.game(GAME)
    log = engine.simulate(GAME, seed, randomness=info.randomness_modes[seed % len(info.randomness_modes)])
    game = info.ruleset.start(log)
    compared = 0
    for i, event in enumerate(log["events"]):
        game.apply(i, event)
        if i % 7 or game.is_over():
            continue
        standing = [u for u in game.units.values() if u.on_board]
        for unit in standing:
            if unit.footprint.massive:
                continue
            for target in standing:
                if target is unit:
                    continue
                goal = toward_goal(game, target)
                fast, plain = distance_to_goal(game, unit, goal), plain_distances(game, unit, goal)
                assert fast.get(unit.hex) == plain.get(unit.hex)
                assert shortest_steps(game, unit, fast) == shortest_steps(game, unit, plain)
                compared += 1
    assert compared > 50


def test_bg_19_1_nearest_distance_is_the_least_hex_distance():
    """BG-19.1: the hex distance between two bases is the least between a hex of each."""
    info = engine.game(GAME)
    log = engine.simulate(GAME, 1)
    grid = info.ruleset.start(log).board.grid
    hexes = list(range(0, grid.size, 37))
    for a in hexes[:8]:
        for n in (1, 2, 3):
            b_set = hexes[n : n + 3 * n]
            a_set = (a, hexes[-n])
            assert grid.nearest_distance(a_set, b_set) == min(
                grid.hex_distance(x, y) for x in a_set for y in b_set
            )
    with pytest.raises(ValueError):
        grid.nearest_distance((), hexes)
    with pytest.raises(ValueError):
        grid.nearest_distance((grid.size,), hexes)


@pytest.mark.parametrize("seed", range(4))
def test_bg_13_3_one_hex_cover_shortcut_answers_as_the_general_case(seed):
    """BG-13.3.2–13.3.4: cover between one-hex miniatures is found without walking bases when no miniature is
    massive; the general case (every hex of a base, BG-19.9) gives the same answer for every pair of
    characters standing, at sampled events of simulated games."""
    info = engine.game(GAME)
    log = engine.simulate(
        GAME, 100 + seed, randomness=info.randomness_modes[seed % len(info.randomness_modes)]
    )
    game = info.ruleset.start(log)
    assert not game.has_massive
    compared = 0
    for i, event in enumerate(log["events"]):
        game.apply(i, event)
        if i % 5 or game.is_over():
            continue
        standing = [u for u in game.units.values() if u.on_board]
        occupied = footprint.occupied_hexes(game)
        for a in standing:
            for b in standing:
                if a is b:
                    continue
                quick = footprint.in_cover(game, a.hex, b, occupied)
                game.has_massive = True  # the general case: bases walked hex by hex
                try:
                    general = footprint.in_cover(game, a.hex, b, occupied)
                finally:
                    game.has_massive = False
                assert quick == general
                compared += 1
    assert compared > 100

"""How a massive base steps over the map (spec BG-19.2–19.5, BG-AMB-28): where a whole base fits and what
each step of it costs, characters not considered. Fixed per map, base and facing, so cached on the board.
footprint.py asks this for a massive miniature's moves; a one-hex miniature's steps are the board's own.

Readings taken where the rulebook is silent: a base stands at one height, every hex of it at the same
height, none on an obstacle or a ladder (BG-19.2 "the whole base fits", BG-19.3, BG-19.5); climbing and
descending move the whole base up or down at once (BG-19.4).
"""

from __future__ import annotations

from engine.games.battleground.board import OBSTACLE_COST
from engine.geometry import footprint

LADDER_AS_LOW = OBSTACLE_COST["low"]  # BG-19.5: a massive miniature treats a ladder as a low obstacle
CLIMB_COST = 3  # BG-9.2.7, BG-9.2.8, BG-19.4


def fits_terrain(board, cells) -> bool:
    """The whole base stands on hexes a character can stand on, all at one height (BG-19.2, BG-19.3:
    no part of the base on an obstacle; BG-19.5: nor on a ladder)."""
    if cells is None:
        return False
    height = board.height[cells[0]]
    return all(board.standable(c) and board.height[c] == height for c in cells)


def _step_cost(board, base, facing: int, a: int, cells_a, b: int) -> int | None:
    """MP for one step of a massive miniature from facing hex ``a`` to ``b`` (characters not considered),
    or None if no step gets there. Every hex of the base moves alike (BG-AMB-28: no rotation)."""
    grid = board.grid
    cells_b = base.cells(grid, b, facing)
    if not fits_terrain(board, cells_b):
        return None
    best = None
    d = grid.direction_to(a, b)
    if d is not None:
        moved = [(c, grid.neighbour(c, d)) for c in cells_a]
        if all(n in board.adjacent[c] for c, n in moved):
            return 1  # BG-19.2: one hex into an adjacent hex, 1 MP
        if board.height[a] != board.height[b]:
            up = board.height[b] > board.height[a]
            # BG-19.4 with BG-9.2.7/9.2.8: the whole base climbs (not from under a platform) or descends
            # (not into the hexes under one).
            if all(n in board.sides[c] and board.height[n] != board.height[c] for c, n in moved) and all(
                (board.under[c] is None) if up else (board.under[n] is None) for c, n in moved
            ):
                best = CLIMB_COST
    if board.height[a] == board.height[b]:
        # BG-19.3 / BG-19.5: a hex of the base goes from beside a portion (a ladder counts as a low
        # obstacle) to another hex beside the same portion, the rest moving alike; no part of it ends on
        # the obstacle. Each hex that crosses pays for what it crosses (the cheapest way over, as for one
        # hex, BG-9.2.5/9.2.6), and the step costs what the dearest crossing costs: a high wall crossed by
        # one hex is not made cheaper by a low rock beside another.
        crossing = None
        for c in cells_a:
            n = footprint.shift(grid, a, b, c)
            costs = [
                OBSTACLE_COST["high"] if board.kind[p] == "high" else LADDER_AS_LOW
                for p in board.portions_beside[c]
                if n in board.sides[p]
            ]
            if costs:
                crossing = min(costs) if crossing is None else max(crossing, min(costs))
        if crossing is not None:
            best = crossing if best is None else min(best, crossing)
    return best


def steps(board, base, facing: int, a: int) -> tuple[tuple[int, int], ...]:
    """(facing hex, MP) for every step a massive base facing ``facing`` can take from ``a``, characters not
    considered (BG-19.2–19.5)."""
    key = (base, facing, a)
    cache = board.massive_steps
    found = cache.get(key)
    if found is None:
        cells_a = base.cells(board.grid, a, facing)
        out = []
        if fits_terrain(board, cells_a):
            for b in board.grid.within(a, 2):
                if b != a:
                    cost = _step_cost(board, base, facing, a, cells_a, b)
                    if cost is not None:
                        out.append((b, cost))
        found = cache[key] = tuple(out)
    return found


def misfit_rule(board, cells) -> str:
    """The rule a step into ``cells`` (where the base would stand) breaks when it is no step at all."""
    kinds = {board.kind[c] for c in cells}
    if "ladder" in kinds:
        return "BG-19.5"  # a massive miniature cannot use ladders
    if kinds & {"low", "high"}:
        return "BG-19.3"  # no part of the base on an obstacle
    if len({board.height[c] for c in cells}) > 1:
        return "BG-19.4"  # the whole base climbs or descends
    return "BG-19.2"

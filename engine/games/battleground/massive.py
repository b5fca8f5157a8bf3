"""Footprint queries: who stands where, and what a base of one or several hexes touches (spec §19,
BG-13.3.5, BG-AMB-28, BG-DIS-04).

A massive miniature's ``hex`` is its facing hex and ``cells`` every hex of its base (engine/geometry/
footprint.py: the base is stated in the content pack and turns about its pivot); a one-hex miniature's
footprint is its one cell. The rules code asks the questions below for every miniature instead of
comparing single hexes, so each rule touching position is written once for both kinds.

Readings this module takes where the rulebook is silent (each is noted where it is used):
- a base stands at one height: every hex of it at the same height, none on an obstacle or a ladder
  (BG-19.2 "the whole base fits", BG-19.3);
- setup puts the whole base in its player's deployment zone (BG-2.1.5);
- climbing and descending move the whole base up or down at once (BG-19.4);
- a massive miniature rotates about its pivot, and only into a position where the whole base fits
  (BG-19.2, BG-19.7);
- the Move event's ``path`` lists the successive facing hexes, one translation per step (BG-AMB-28);
- its front and rear arcs are measured from its facing hex (BG-12.2), and a massive guard's weapon
  range from any hex of its base (BG-11.2.3).
"""

from __future__ import annotations

from engine.core.errors import IllegalEvent
from engine.games.battleground.board import OBSTACLE_COST
from engine.geometry import footprint

LADDER_AS_LOW = OBSTACLE_COST["low"]  # BG-19.5: a massive miniature treats a ladder as a low obstacle
CLIMB_COST = 3  # BG-9.2.7, BG-9.2.8, BG-19.4


FAR = 1 << 30  # the distance of a hex from which a goal cannot be reached


def on_shortest_path(dist: dict[int, int], cur: int, nxt: int, cost: int) -> bool:
    """BG-AMB-19: whether the step ``cur`` → ``nxt`` costing ``cost`` lies on a shortest path to the goal
    of ``dist`` (a distance_to_goal table): a toward, a charge, an interrupt's Move."""
    return dist.get(nxt, FAR) == dist.get(cur, FAR) - cost


# -- who stands where (BG-19.1) ------------------------------------------------------------------------
def occupants(g, skip=None) -> dict:
    """Every hex holding a miniature (all hexes of a massive base), other than ``skip``: hex -> unit."""
    if not g.has_massive:  # one hex each: the usual game, and a move asks this every time
        return {u.hex: u for u in g.units.values() if u.on_board and u is not skip}
    return {c: u for u in g.units.values() if u.on_board and u is not skip for c in u.cells}


def occupied_hexes(g) -> set[int]:
    """Every hex holding a miniature."""
    return {c for u in g.units.values() if u.on_board for c in u.cells}


def enemy_cells(g, unit) -> set[int]:
    """Every hex holding an enemy of ``unit``."""
    if not g.has_massive:
        return {e.hex for e in g.units.values() if e.on_board and e.player != unit.player}
    return {c for e in g.enemies_of(unit) for c in e.cells}


def beside(board, cells) -> set[int]:
    """Every hex adjacent to a hex of ``cells`` (BG-2.1.4; adjacency is symmetric): a position with a cell
    here is beside one of them."""
    out: set[int] = set()
    for c in cells:
        out |= board.adjacent[c]
    return out


def around_cells(board, cells) -> frozenset[int]:
    """BG-19.1 with BG-2.1.4: the hexes adjacent to any hex of ``cells`` (same height, sharing a side)."""
    if len(cells) == 1:
        return board.adjacent[cells[0]]
    out: set[int] = set()
    for c in cells:
        out |= board.adjacent[c]
    return frozenset(out.difference(cells))


def around(g, unit) -> frozenset[int]:
    return around_cells(g.board, unit.cells)


def engaged(g, a, b) -> bool:
    """BG-10.2.2 with BG-19.1: two miniatures are engaged when a hex of one is adjacent to a hex of the
    other."""
    near = around(g, a)
    return not near.isdisjoint(b.cells)


def sight(g, a_cells, b_cells) -> bool:
    """BG-19.8: line of sight to or from a massive miniature may use any single hex it occupies."""
    los = g.board.line_of_sight
    same = g.options["los_same_origin_corner"]
    return any(los(a, b, same_origin_corner=same) for a in a_cells for b in b_cells)


def distance_in(g, a_cells, b_cells) -> float:
    """BG-2.3.2: inches between the nearest points of the two bases."""
    return footprint.distance_in(g.board.grid, a_cells, b_cells)


def in_range(g, a_cells, b_cells, max_in: float) -> bool:
    grid = g.board.grid
    return any(grid.in_range(a, b, max_in) for a in a_cells for b in b_cells)


def hex_distance(g, a_cells, b_cells) -> int:
    grid = g.board.grid
    return min(grid.hex_distance(a, b) for a in a_cells for b in b_cells)


# -- where a base fits (BG-19.2) -------------------------------------------------------------------------
def fits_terrain(board, cells) -> bool:
    """The whole base stands on hexes a character can stand on, all at one height (BG-19.2, BG-19.3:
    no part of the base on an obstacle; BG-19.5: nor on a ladder)."""
    if cells is None:
        return False
    height = board.height[cells[0]]
    return all(board.standable(c) and board.height[c] == height for c in cells)


def fits(board, cells, occupied) -> bool:
    return fits_terrain(board, cells) and not any(c in occupied for c in cells)


def setup_cells(g, d, h: int, facing: int) -> tuple[int, ...]:
    """The hexes a character sets up on; a massive base must lie on the board at one height."""
    if d.base is None:
        return (h,)
    cells = d.base.cells(g.board.grid, h, facing)
    if cells is None or len({g.board.height[c] for c in cells}) > 1:
        where = g.board.label(h)
        raise IllegalEvent("BG-19.2", f"{d.name}'s base does not fit with its facing hex at {where}")
    return cells


# -- turning (BG-12.1, BG-19.7) ------------------------------------------------------------------------
def turned(g, unit, facing: int) -> int | None:
    """The facing hex after ``unit`` turns to ``facing`` (a massive base turns about its pivot), or None
    if its base would not fit there (BG-19.2)."""
    if unit.shape is None:
        return unit.hex
    if facing == unit.facing:
        return unit.hex
    grid = g.board.grid
    h = unit.d.base.facing_hex_after_turn(grid, unit.hex, unit.facing, facing)
    if h is None or not fits(g.board, unit.shape(h, facing), occupants(g, unit)):
        return None
    return h


def face(g, unit, facing: int) -> None:
    """Turn ``unit`` to ``facing``; a massive miniature's facing hex moves round its pivot (BG-19.7)."""
    if unit.shape is not None and facing != unit.facing:
        h = turned(g, unit, facing)
        if h is None:
            raise IllegalEvent(
                "BG-19.2", f"{unit.name} cannot turn to face side {facing}: its whole base would not fit"
            )
        unit.hex = h
    unit.facing = facing


def facings_toward(g, unit, target, weapon=None) -> tuple[list[int], str]:
    """The facings allowed when ``unit`` attacks or targets ``target``, and the rule that fixes them.

    BG-19.6: an attacker may face any hex the massive target occupies (a melee attacker one it is
    engaged with). BG-19.7: a massive miniature turns (about its pivot) until its facing hex shares a
    side with the target's hex (adjacent target: melee needs this) or with the hex closest to the target,
    measured from that hex's centre; ties are the controller's. All its attacks come from the facing hex,
    so for a weapon with a range only facings that leave the target in range remain.
    """
    grid = g.board.grid
    cells = target.cells
    melee = weapon is not None and weapon.type == "melee"
    if unit.shape is None:
        if melee:
            near = g.board.adjacent[unit.hex]
            found = {grid.direction_to(unit.hex, c) for c in cells if c in near}
        else:
            found = {f for c in cells for f in grid.facings_toward(unit.hex, c)}
        return sorted(found), "BG-19.6"
    options: dict[int, int] = {}  # facing -> facing hex once turned
    for f in range(6):
        h = turned(g, unit, f)
        if h is not None:
            options[f] = h
    found = set()
    if melee:
        found = {f for f, h in options.items() if any(c in g.board.adjacent[h] for c in cells)}
        return sorted(found), "BG-19.7"
    for c in cells:
        score = {}
        for f, h in options.items():
            own = unit.shape(h, f)
            score[f] = min(
                grid.faced_distance2(h, d, (c,)) for d in range(6) if grid.neighbour(h, d) not in own
            )
        if score:
            best = min(score.values())
            found.update(f for f, d in score.items() if d == best)
    if weapon is not None and weapon.range_in is not None:
        found = {f for f in found if in_range(g, (options[f],), cells, weapon.range_in)}
    return sorted(found), "BG-19.7"


# -- cover (BG-13.3.5, BG-19.9, BG-DIS-04) ---------------------------------------------------------------
def in_cover(g, origin: int, target, occupied: set[int]) -> bool:
    """BG-13.3 for a line from ``origin`` (the attacker's facing hex, or an area attack's initial target,
    BG-15.2.3) to ``target``, of one hex or massive; ``occupied``: every occupied hex.

    The line runs from the centre of ``origin`` to the centre of the target's base (BG-13.3.2: base
    centre to base centre). Ignored: what stands next to the attacker (BG-13.3.2; every hex beside a
    massive attacker's base, BG-19.1) and, for a massive target, every character and high or low obstacle
    next to any hex it occupies (BG-19.9; BG-DIS-04: IT/ES, where PL ignores only low obstacles).
    """
    board = g.board
    cells = target.cells
    ha, hb = board.height[origin], board.height[cells[0]]
    if ha < hb:
        return True  # BG-13.3.3
    source = occupants(g).get(origin)
    mine = source.cells if source is not None else (origin,)
    occupied = occupied.difference(mine, cells)
    near = set(mine)
    for c in mine:
        near.update(board.sides[c])
    if len(cells) > 1:
        for c in cells:
            near.update(board.sides[c])  # BG-19.9
    line = board.grid.cover_line_to_base(origin, cells)
    if ha > hb:
        # BG-13.3.4 / BG-AMB-11: only high obstacles, ignoring those beside the hexes under the platform.
        for h in board.shadow.get(board.piece[origin], ()):
            near.update(board.high_beside[h])
        return any(h in board.high and h not in near for h in line)
    for h in line:
        if h in near:
            continue
        if board.kind[h] in ("low", "high") or h in occupied:
            return True
    return False


# -- movement (BG-19.2–19.5, BG-AMB-28) ----------------------------------------------------------------------
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


def steps(board, unit, facing: int, a: int) -> tuple[tuple[int, int], ...]:
    """(facing hex, MP) for every step a massive miniature facing ``facing`` can take from ``a``,
    characters not considered. Fixed per map, base and facing, so cached on the board."""
    base = unit.d.base
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


def moves_from(g, unit, h: int):
    """(next hex, MP) of one step of any miniature from ``h`` (single hexes use the board's steps)."""
    if unit.shape is None:
        return g.board.reachable_steps(h)
    return steps(g.board, unit, unit.facing, h)


class _Covering:
    """The positions of a massive base (its facing hex, keeping its facing) that cover a hex of ``hexes``."""

    __slots__ = ("shape", "facing", "hexes")

    def __init__(self, unit, hexes):
        self.shape, self.facing, self.hexes = unit.shape, unit.facing, hexes

    def __contains__(self, h: int) -> bool:
        return any(c in self.hexes for c in self.shape(h, self.facing))


def covering(unit, hexes):
    """The positions of ``unit`` (of its facing hex, keeping its facing) whose footprint covers a hex of
    ``hexes``, to test with ``in``: for a one-hex miniature, whose footprint is its one cell, ``hexes``
    themselves. Searches over positions ask this instead of telling the two kinds apart."""
    return hexes if unit.shape is None else _Covering(unit, hexes)


def cells_at(unit, h: int) -> tuple[int, ...]:
    """The hexes ``unit`` would cover with its (facing) hex on ``h``, keeping its facing."""
    return (h,) if unit.shape is None else unit.shape(h, unit.facing)


def check_steps(
    g, unit, path: list[int], mp: int, mp_rule: str, toward=None, toward_rule: str = "", aimed=None
) -> int:
    """The steps of a massive miniature under the Move rules (a Move action, or a movement effect that
    uses them, BG-18.1, BG-18.2); returns where its facing hex ends. ``path`` lists its facing hex after
    each step; each step translates the whole base (1 MP, or 3/6 MP over a low/high obstacle or a
    ladder, 3 MP to climb or descend) into a position where the whole base fits, free of other
    miniatures; entering a position next to an enemy ends the move (BG-9.2.11). With ``toward`` (a
    :func:`distance_to_goal` table) every step lies on a shortest path toward ``aimed`` (BG-AMB-19),
    else ``toward_rule`` is broken."""
    board = g.board
    occupied = occupants(g, unit)
    enemies = enemy_cells(g, unit)
    cur, spent = unit.hex, 0
    for i, h in enumerate(path):
        cells = unit.shape(h, unit.facing)
        if cells is None:
            raise IllegalEvent("BG-19.2", f"{unit.name}'s base would leave the board at {board.label(h)}")
        blocker = next((occupied[c] for c in cells if c in occupied), None)
        if blocker is not None:
            raise IllegalEvent(
                "BG-19.2",
                f"with its facing hex at {board.label(h)}, {unit.name}'s base would overlap {blocker.name}",
            )
        cost = dict(steps(board, unit, unit.facing, cur)).get(h)
        if cost is None:
            rule = _misfit_rule(board, cells)
            raise IllegalEvent(
                rule,
                f"{board.label(cur)}→{board.label(h)} is not a legal step for {unit.name}: the whole base "
                "moves alike and must fit, clear of obstacles and ladders",
            )
        spent += cost
        if spent > mp:
            raise IllegalEvent(
                mp_rule,
                f"move {board.label(unit.hex)}→{board.label(h)} costs {spent} movement points but "
                f"{unit.name} has {mp}",
            )
        if toward is not None and not on_shortest_path(toward, cur, h, cost):
            raise IllegalEvent(
                toward_rule,
                f"{unit.name} must take a shortest path toward {aimed.name}; "
                f"{board.label(cur)}→{board.label(h)} does not",
            )
        if around_cells(board, cells) & enemies and i < len(path) - 1:
            raise IllegalEvent(
                "BG-9.2.11", f"entering {board.label(h)} next to an enemy ends {unit.name}'s move"
            )
        cur = h
    return cur


def _misfit_rule(board, cells) -> str:
    kinds = {board.kind[c] for c in cells}
    if "ladder" in kinds:
        return "BG-19.5"  # a massive miniature cannot use ladders
    if kinds & {"low", "high"}:
        return "BG-19.3"  # no part of the base on an obstacle
    if len({board.height[c] for c in cells}) > 1:
        return "BG-19.4"  # the whole base climbs or descends
    return "BG-19.2"


def facings_at(g, unit, h: int) -> list[int]:
    """The facings a massive miniature may take at the end of a move that leaves its facing hex on ``h``."""
    board = g.board
    occupied = occupants(g, unit)
    out = []
    for f in range(6):
        x = h if f == unit.facing else unit.d.base.facing_hex_after_turn(board.grid, h, unit.facing, f)
        if x is not None and fits(board, unit.shape(x, f), occupied):
            out.append(f)
    return out


def on_difficult(g, unit) -> bool:
    """BG-9.2.4: a massive miniature starts its move on difficult terrain if any hex of its base does."""
    return any(g.board.kind[c] == "difficult" for c in unit.cells)


# -- objectives (BG-7.2.1) -----------------------------------------------------------------------------
def claims(g, unit, near_token: frozenset[int], enemies: set[int]) -> bool:
    """BG-7.2.1 with BG-19.1: a character claims a token when no enemy is adjacent to it, it is on the
    token's hex or adjacent to it, and no enemy is on or next to the token. A massive miniature is on
    or next to the token when any hex of its base is. ``enemies``: every hex holding an enemy of
    ``unit`` (:func:`enemy_cells`). Most characters stand nowhere near a given token, so that is asked first."""
    return (
        not near_token.isdisjoint(unit.cells)
        and near_token.isdisjoint(enemies)
        and around(g, unit).isdisjoint(enemies)
    )

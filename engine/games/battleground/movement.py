"""Where a character can go (spec BG-9.2, BG-19.2–19.5, BG-AMB-19): speed, reachable hexes, distances to
a goal, and the path a Move event names. Queries only: nothing here changes the game."""

from __future__ import annotations

import heapq

from engine.core.errors import UnreadableLog
from engine.games.battleground import footprint
from engine.games.battleground.state import Unit


# -- Move (BG-9.2) -------------------------------------------------------------------------------------
def speed(g, unit: Unit, focused: bool) -> tuple[int, bool]:
    """BG-9.2.1: movement points for one Move; also whether the move starts on difficult terrain."""
    base = unit.d.speed[1] if focused else unit.d.speed[0]
    on_difficult = footprint.on_difficult(g, unit)
    mp = base + (2 if unit.buff == "haste" else 0)
    if on_difficult:
        mp -= 2  # BG-9.2.4
    elif unit.debuff == "slow":
        mp -= 2  # BG-16.1.4: Slow is ignored when the move starts on difficult terrain
    return max(mp, 0), on_difficult


def reachable(
    g, unit: Unit, start: int, mp: int, toward: dict | None = None, until=None
) -> dict[int, tuple[int, int | None]]:
    """Dijkstra over Move steps from ``start`` within ``mp``: position of the miniature's (facing) hex ->
    (cost, previous position). One path for every footprint (a one-hex miniature covers one cell; a
    massive base steps whole, BG-19.2, BG-AMB-28): no cell may enter a hex holding another miniature, and a
    position with a cell beside an enemy ends the move (BG-9.2.11 with BG-19.1), so it is not expanded.
    With ``toward`` (a :func:`distance_to_goal` table) only steps along a shortest path to the goal
    (BG-AMB-19: toward, charge, an interrupt's Move). With ``until`` (a set of hexes) the search stops as
    soon as a position covers one of them: enough to know whether any can be reached."""
    blocked = footprint.covering(unit, footprint.occupants(g, unit))
    stops = footprint.covering(unit, footprint.beside(g.board, footprint.enemy_cells(g, unit)))
    reached = footprint.covering(unit, until) if until is not None else None
    best: dict[int, tuple[int, int | None]] = {start: (0, None)}
    heap = [(0, start)]
    while heap:
        cost, h = heapq.heappop(heap)
        if cost > best[h][0]:
            continue
        if h != start and h in stops:
            continue
        for nxt, step in footprint.moves_from(g, unit, h):
            c = cost + step
            if c > mp or nxt in blocked:
                continue
            if toward is not None and not footprint.on_shortest_path(toward, h, nxt, step):
                continue
            if nxt not in best or c < best[nxt][0] or (c == best[nxt][0] and h < best[nxt][1]):
                best[nxt] = (c, h)
                if reached is not None and nxt in reached:
                    return best
                heapq.heappush(heap, (c, nxt))
    return best


def distance_to_goal(g, unit: Unit, goal: set[int]) -> dict[int, int]:
    """Minimum MP from positions of ``unit``'s (facing) hex to the goal (reverse Dijkstra; step costs are
    symmetric), for the steps of a shortest path from where it stands (footprint.on_shortest_path). A
    position has reached the goal when a hex of the footprint is a goal hex (BG-19.1).

    The search stops once the unit's own position is settled: every position of such a path is nearer
    the goal, so it is settled too and exact; a position farther than the unit is absent or holds an
    upper bound, and no step from a settled position onto it lies on a shortest path either way."""
    occupied = footprint.occupants(g, unit)
    starts = footprint.positions_covering(g, unit, goal, occupied)
    blocked = footprint.covering(unit, occupied)
    dist = {h: 0 for h in starts}
    if not unit.footprint.massive:
        return _one_hex_distances(g, unit, dist, blocked)
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


def _one_hex_distances(g, unit: Unit, dist: dict[int, int], blocked) -> dict[int, int]:
    """:func:`distance_to_goal` of a one-hex miniature (``dist``: its goal hexes at 0), searched as A* toward
    where it stands. A step of any kind (BG-9.2.3–9.2.9) costs at least the hexes it crosses, so the hex
    distance to the unit never overestimates and a position is settled, exact, when it is popped. The search
    goes on past the unit's own position while a position could still lie on one of its shortest paths
    (estimate ≤ the unit's distance): every position of those paths is settled, exactly as in the
    plain search, and a position left unsettled holds no distance that puts a step onto it on a shortest
    path (footprint.on_shortest_path). The answers the Move rules read are those of the plain search;
    most of the board is left unvisited."""
    board, target = g.board, unit.hex
    axial = board.grid.axial_table()
    q0, r0 = axial[target]
    steps = board.reachable_steps
    far = footprint.FAR
    heap = []
    for h in sorted(dist):
        q, r = axial[h]
        dq, dr = q - q0, r - r0
        heap.append(((abs(dq) + abs(dr) + abs(dq + dr)) // 2, 0, h))
    heapq.heapify(heap)
    bound = far
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        f, d, h = pop(heap)
        if f > bound:
            break
        if d > dist[h]:
            continue
        if h == target:
            bound = d  # the unit's distance: positions estimated farther lie on none of its shortest paths
            continue
        for nxt, step in steps(h):
            if nxt in blocked:
                continue
            nd = d + step
            if nd < dist.get(nxt, far):
                dist[nxt] = nd
                q, r = axial[nxt]
                dq, dr = q - q0, r - r0
                push(heap, (nd + (abs(dq) + abs(dr) + abs(dq + dr)) // 2, nd, nxt))
    return dist


def toward_goal(g, target) -> set[int]:
    """BG-AMB-19 / BG-AMB-20: the hexes a "toward" move heads for: the hexes a character can stand on that
    are adjacent to any hex of ``target`` (BG-2.1.4: same height, sharing a side; BG-19.1). Obstacle
    portions and hexes at another height beside the target are no destinations: counting them made hexes
    beside a wall look a step closer than they are, and legal shortest paths round the wall were refused."""
    board = g.board
    return {h for h in footprint.around(g, target) if board.standable(h)}


def parse_path(g, event: dict) -> list[int]:
    path = event.get("path", [])
    if not isinstance(path, list):
        raise UnreadableLog("a move's 'path' is the list of hexes entered, in order", rule="LOG-5.2")
    board = g.board
    known = board.hex_ids  # a label as the map writes it: one look-up (Board.parse reads the rest)
    out = []
    for label in path:
        h = known.get(label) if type(label) is str else None
        if h is None:
            try:
                h = board.parse(str(label))
            except ValueError as exc:
                raise UnreadableLog("path: {exc}", exc=exc, rule="LOG-5.2") from None
        out.append(h)
    return out

"""Where a character can go (spec BG-9.2, BG-19.2–19.5, BG-AMB-19): speed, reachable hexes, distances to
a goal, and the path a Move event names. Queries only: nothing here changes the game."""

from __future__ import annotations

import heapq

from engine.core.errors import IllegalEvent, UnreadableLog
from engine.games.battleground import massive
from engine.games.battleground.state import Unit


# -- Move (BG-9.2) -------------------------------------------------------------------------------------
def speed(g, unit: Unit, focused: bool) -> tuple[int, bool]:
    """BG-9.2.1: movement points for one Move; also whether the move starts on difficult terrain."""
    base = unit.d.speed[1] if focused else unit.d.speed[0]
    on_difficult = massive.on_difficult(g, unit) if unit.shape else g.board.kind[unit.hex] == "difficult"
    mp = base + (2 if unit.buff == "haste" else 0)
    if on_difficult:
        mp -= 2  # BG-9.2.4
    elif unit.debuff == "slow":
        mp -= 2  # BG-16.1.4: Slow is ignored when the move starts on difficult terrain
    return max(mp, 0), on_difficult


def reachable(g, unit: Unit, start: int, mp: int, until=None) -> dict[int, tuple[int, int | None]]:
    """Dijkstra over Move steps from ``start`` within ``mp``: hex -> (cost, previous hex).

    Occupied hexes cannot be entered, and a hex next to an enemy ends the move (BG-9.2.11), so it is
    not expanded further. With ``until`` (a set of hexes) the search stops as soon as it reaches one of
    them: enough to know whether any can be reached.
    """
    if g.has_massive:
        return massive.reachable(g, unit, start, mp, until=until)  # BG-19: bases of several hexes
    board = g.board
    occupied = {u.hex for u in g.units.values() if u.on_board and u is not unit}
    enemy_hexes = {e.hex for e in g.enemies_of(unit)}
    best: dict[int, tuple[int, int | None]] = {start: (0, None)}
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
                if until is not None and nxt in until:
                    return best
                heapq.heappush(heap, (c, nxt))
    return best


def distance_to_goal(g, unit: Unit, goal: set[int]) -> dict[int, int]:
    """Minimum MP from hexes to the nearest goal hex (reverse Dijkstra; step costs are symmetric), for the
    steps of a shortest path from where ``unit`` stands (massive.on_shortest_path).

    The search stops once the unit's own hex is settled: every hex of such a path is nearer the goal, so
    it is settled too and exact; a hex farther than the unit is absent or holds an upper bound, and no
    step from a settled hex onto it lies on a shortest path either way."""
    if g.has_massive:
        return massive.distance_to_goal(g, unit, goal)  # BG-19: bases of several hexes
    board = g.board
    occupied = {u.hex for u in g.units.values() if u.on_board and u is not unit}
    dist = {h: 0 for h in goal if h not in occupied}
    heap = [(0, h) for h in sorted(dist)]
    while heap:
        d, h = heapq.heappop(heap)
        if d > dist[h]:
            continue
        if h == unit.hex:
            break
        for nxt, step in board.reachable_steps(h):
            if nxt in occupied and nxt != unit.hex:
                continue
            nd = d + step
            if nd < dist.get(nxt, 1 << 30):
                dist[nxt] = nd
                heapq.heappush(heap, (nd, nxt))
    return dist


def toward_goal(g, target: Unit) -> set[int]:
    """BG-AMB-19 / BG-AMB-20: the hexes a "toward" move heads for, the hexes a character can stand on that
    are adjacent to ``target`` (BG-2.1.4: same height, sharing a side). Obstacle portions and hexes at
    another height beside the target are no destinations: counting them made hexes beside a wall look a
    step closer than they are, and legal shortest paths round the wall were refused."""
    if g.has_massive:
        return massive.toward_goal(g, target)  # BG-19.1: adjacent to any hex of a massive target
    board = g.board
    return {h for h in board.adjacent[target.hex] if board.standable(h)}


def parse_path(g, event: dict) -> list[int]:
    path = event.get("path", [])
    if not isinstance(path, list):
        raise UnreadableLog("a move's 'path' is the list of hexes entered, in order", rule="LOG-5.2")
    out = []
    for label in path:
        try:
            out.append(g.board.parse(str(label)))
        except ValueError as exc:
            raise UnreadableLog(f"path: {exc}", rule="LOG-5.2") from None
    return out


def check_massive_path(g, frame, unit, path: list[int], mp: int, on_difficult: bool, facing) -> None:
    """BG-19.2–19.5 / BG-AMB-28: the Move of a massive miniature (massive.check_steps); in a guard
    interrupt it goes toward the interrupted character by a shortest path and ends in its sight
    (BG-14.1.4 b, BG-AMB-20); a final rotation must leave the whole base fitting (BG-19.2)."""
    board = g.board
    toward = None
    if frame.kind == "guard":
        toward = distance_to_goal(g, unit, toward_goal(g, frame.target))  # BG-14.1.4 b, BG-AMB-20
    mp_rule = "BG-9.2.4" if on_difficult else "BG-9.2.1"
    cur = massive.check_steps(g, unit, path, mp, mp_rule, toward, "BG-14.1.4", frame.target)
    if toward is not None and path and not massive.sight(g, unit.shape(cur, unit.facing), frame.target.cells):
        raise IllegalEvent("BG-14.1.4", f"an interrupt move must end in line of sight of {frame.target.name}")
    if facing is not None and facing not in massive.facings_at(g, unit, cur):
        raise IllegalEvent(
            "BG-19.2",
            f"{unit.name} cannot end its move facing side {facing} at {board.label(cur)}: "
            "its whole base would not fit",
        )

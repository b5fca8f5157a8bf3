"""What a move sets off for guard (spec BG-11.2.3, BG-AMB-21): the enemies on guard that see the mover and
threaten it start their interrupts (a Trigger on the stack)."""

from __future__ import annotations

from engine.games.battleground import footprint
from engine.games.battleground.movement import reachable, speed
from engine.games.battleground.state import Trigger, Unit


def check_guard(g, mover: Unit) -> None:
    """BG-11.2.3: every enemy on guard that sees the mover in its front arc, and could hit or reach it.
    BG-19.8: sight from or to any hex of a massive base; any part of the base in the arc (BG-AMB-06: d ≥ 0
    is the front arc)."""
    board = g.board
    triggered = []
    player = mover.player
    on_guard = [u for u in g.units.values() if u.guard and u.on_board and u.player != player]
    for guard in sorted(on_guard, key=lambda u: u.order) if on_guard else ():  # most moves: nobody on guard
        if not footprint.sight(g, guard.cells, mover.cells):
            continue
        if all(board.grid.arc(guard.hex, guard.facing, c) < 0 for c in mover.cells):
            continue
        if threatens(g, guard, mover):
            triggered.append(guard)
    if triggered:
        g.stack.append(Trigger(kind="guard", remaining=triggered, target=mover))


def threatens(g, guard: Unit, enemy: Unit) -> bool:
    """BG-11.2.3 (3) / BG-AMB-21: engaged (any melee weapon, or fists), an enemy in range of a ranged
    weapon or spell (from any hex of a massive guard, BG-19.1), or one the guard could engage with one
    Move: a position of the guard with a hex beside a hex of the enemy."""
    if footprint.engaged(g, guard, enemy):
        return True
    for w in guard.weapons:
        if (
            w.type != "melee"
            and w.range_in is not None
            and footprint.in_range(g, guard.cells, enemy.cells, w.range_in)
        ):
            return True
    mp, _ = speed(g, guard, guard.focused)  # BG-AMB-21 a: a focused guard may count its focused speed
    goal = footprint.around(g, enemy)
    # Every step of a Move costs at least 1 MP per hex it takes the miniature (BG-9.2.3–9.2.9, BG-19.2–19.5),
    # so a guard more than ``mp`` hexes from every hex beside the enemy cannot get there: no search needed.
    if not goal or footprint.hex_distance(g, guard.cells, goal) > mp:
        return False
    reach = reachable(g, guard, guard.hex, mp, until=goal)
    return any(any(c in goal for c in footprint.cells_at(guard, h)) for h in reach)

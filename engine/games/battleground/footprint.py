"""Footprints: what a miniature covers, and how it stands, turns and moves (spec BG-9.2, BG-12.1, §19,
BG-13.3.5, BG-AMB-28, BG-DIS-04).

Every miniature has a footprint (``Unit.footprint``): a one-hex miniature a footprint of one hex
(:class:`OneHex`), a massive one the base its content pack states (:class:`MassiveBase`; the base turns
about its pivot, engine/geometry/footprint.py). Its ``hex`` is the facing hex and ``cells`` every hex the
footprint covers, the facing hex first. The rules code asks the questions below of every miniature, and
the footprint answers them, so each rule touching position is written once for both kinds: this module is
the only one that tells them apart.

- who stands where and who is beside whom: BG-19.1 with BG-2.1.4 (adjacency, engagement BG-10.2.2);
- distance, range and line of sight between any hexes of two footprints: BG-2.3.2, BG-19.8;
- facing: BG-9.2.12 / BG-10.3.1 (one hex), BG-19.6 (toward a massive target), BG-19.7 (a massive base
  turns about its pivot and attacks from its facing hex);
- movement: one step at a time under the Move rules, BG-9.2.1–9.2.11 (one hex; the platform push of
  BG-9.2.10, platform_push.py) and BG-19.2–19.5 with BG-AMB-28 (a whole base translates, base_steps.py),
  and one path check for every miniature (:func:`check_path`).

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

from dataclasses import dataclass
from typing import NamedTuple

from engine.core.errors import IllegalEvent, template
from engine.games.battleground import base_steps, platform_push
from engine.geometry import footprint as bases
from engine.geometry.footprint import Base
from engine.geometry.hexgrid import HexGrid

SIDES = (0, 1, 2, 3, 4, 5)  # BG-1.4: the six sides a miniature may face
FAR = 1 << 30  # the distance of a hex from which a goal cannot be reached


def on_shortest_path(dist: dict[int, int], cur: int, nxt: int, cost: int) -> bool:
    """BG-AMB-19: whether the step ``cur`` → ``nxt`` costing ``cost`` lies on a shortest path to the goal
    of ``dist`` (a distance_to_goal table): a toward, a charge, an interrupt's Move."""
    return dist.get(nxt, FAR) == dist.get(cur, FAR) - cost


class PathWords(NamedTuple):
    """How a refused step is worded: a Move action and a movement effect word them each their own way."""

    step: str  # BG-9.2.3: no step of a one-hex miniature gets there
    mp: str  # BG-9.2.1 / BG-9.2.4: the path costs more than the movement points
    toward: str  # BG-AMB-19: a step off every shortest path


MOVE_ACTION = PathWords(
    step=template("{a}→{b} is not a legal step for a move"),
    mp=template("move {start}→{b} costs {spent} movement points but {name} has {mp}"),
    toward=template("an interrupt move must take a shortest path toward {aimed}; {a}→{b} does not"),
)
MOVEMENT_EFFECT = PathWords(
    step=template("{a}→{b} is not a legal step"),
    mp=template("{name}'s path to {b} costs {spent} movement points but has {mp}"),
    toward=template("{name} must take a shortest path toward {aimed}; {a}→{b} does not"),
)


# -- the two footprints ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class OneHex:
    """The footprint of one hex: the miniature covers its own hex (BG-9.2, BG-10.3.1, BG-12.1). Data,
    shared by copies, like a massive base."""

    massive = False
    pushable = True  # BG-9.2.10, BG-18.5
    pushes_aside = True  # BG-9.2.10: its climb or descent into an occupied hex pushes the occupant aside
    turns_freely = True  # BG-9.2.12 / BG-12.1: it turns within its own hex, whatever stands around

    def cells(self, h: int, facing: int) -> tuple[int, ...]:
        return (h,)

    def covering(self, facing: int, hexes):
        return hexes

    def moves(self, board, facing: int, h: int):
        return board.reachable_steps(h)  # BG-9.2.3–9.2.9

    def step_mp(self, board, facing: int, a: int, b: int) -> int | None:
        return board.step_cost(a, b)

    def around_at(self, board, h: int, facing: int) -> frozenset[int]:
        return board.adjacent[h]

    def on_difficult(self, board, unit) -> bool:
        return board.kind[unit.hex] == "difficult"

    def turned(self, g, unit, facing: int) -> int:
        return unit.hex

    def facings_at(self, g, unit, h: int) -> tuple[int, ...]:
        return SIDES

    def positions_covering(self, g, unit, goal, occupied) -> list[int]:
        return [h for h in goal if h not in occupied]

    def facings_toward(self, g, unit, target, weapon) -> tuple[list[int], str]:
        grid = g.board.grid
        if not target.footprint.massive:
            if unit.hex == target.hex:  # on an object's hex (toward_objects.py): six sides equally close
                return list(SIDES), "BG-AMB-07"
            return list(grid.facings_toward(unit.hex, target.hex)), "BG-10.3.1"
        cells = target.cells
        if weapon is not None and weapon.type == "melee":
            near = g.board.adjacent[unit.hex]
            found = {grid.direction_to(unit.hex, c) for c in cells if c in near}
        else:
            found = {f for c in cells for f in grid.facings_toward(unit.hex, c)}
        return sorted(found), "BG-19.6"

    def fixed_facing(self, g, unit, target, weapon) -> int | None:
        if weapon is not None and weapon.type == "melee" and not target.footprint.massive:
            return g.board.grid.direction_to(unit.hex, target.hex)
        return None

    def attack_origins(self, g, unit, target, weapon) -> tuple[int, ...]:
        return (unit.hex,)

    def step(self, g, unit, cur: int, h: int, occupied: dict, enemies: set, pushes, words: PathWords) -> int:
        board = g.board
        # An occupied hex is entered only by a climb or descent that pushes its occupant aside (BG-9.2.10).
        cost = pushes.push(cur, h, occupied, enemies) if h in occupied else board.step_cost(cur, h)
        if cost is None:
            raise IllegalEvent("BG-9.2.3", words.step, a=board.label(cur), b=board.label(h))
        return cost

    def stop_before_occupied(self, g, unit, path: list[int]) -> list[int]:
        occupied = occupants(g, unit)
        return next((path[:i] for i, h in enumerate(path) if h in occupied), path)

    def push_moves(self, g, unit, best: dict, mp: int) -> list[tuple[int, int, int]]:
        return platform_push.push_moves(g, unit, best, mp, occupants(g, unit), enemy_cells(g, unit))

    def refuse_landing(self, g, unit, h: int, kind: str, rule: str):
        raise IllegalEvent(
            rule,
            "{name}'s {kind} must end on an empty hex a character can stand on",
            name=unit.name,
            kind=kind,
        )


ONE_HEX = OneHex()


@dataclass(frozen=True)
class MassiveBase:
    """A massive miniature's base laid on this map's grid (BG-19): data, shared by copies. Its cells for
    (facing hex, facing) are None where the base would leave the board."""

    grid: HexGrid
    base: Base
    massive = True
    pushable = False  # BG-19.10: not even aside by a climb (BG-9.2.10)
    pushes_aside = False  # BG-19.2: its positions are free of other miniatures, so it never enters one
    turns_freely = False  # BG-19.2, BG-19.7: it turns about its pivot, only where the whole base fits

    def cells(self, h: int, facing: int) -> tuple[int, ...] | None:
        return self.base.cells(self.grid, h, facing)

    def covering(self, facing: int, hexes):
        return _Covering(self, facing, hexes)

    def moves(self, board, facing: int, h: int):
        return base_steps.steps(board, self.base, facing, h)  # BG-19.2–19.5, BG-AMB-28

    def step_mp(self, board, facing: int, a: int, b: int) -> int | None:
        return dict(self.moves(board, facing, a)).get(b)

    def around_at(self, board, h: int, facing: int) -> frozenset[int]:
        return around_cells(board, self.cells(h, facing))

    def on_difficult(self, board, unit) -> bool:
        return any(board.kind[c] == "difficult" for c in unit.cells)

    def turned(self, g, unit, facing: int) -> int | None:
        if facing == unit.facing:
            return unit.hex
        h = self.base.facing_hex_after_turn(self.grid, unit.hex, unit.facing, facing)
        if h is None or not fits(g.board, self.cells(h, facing), occupants(g, unit)):
            return None
        return h

    def facings_at(self, g, unit, h: int) -> list[int]:
        board = g.board
        occupied = occupants(g, unit)
        out = []
        for f in SIDES:
            x = h if f == unit.facing else self.base.facing_hex_after_turn(self.grid, h, unit.facing, f)
            if x is not None and fits(board, self.cells(x, f), occupied):
                out.append(f)
        return out

    def positions_covering(self, g, unit, goal, occupied) -> list[int]:
        board = g.board
        reach = max(abs(f) + abs(r) + abs(f + r) for f, r in self.base.hexes) // 2
        near = set()
        for h in goal:
            near.update(self.grid.within(h, reach))
        out = []
        for h in sorted(near):
            cells = self.cells(h, unit.facing)
            if fits(board, cells, occupied) and any(c in goal for c in cells):
                out.append(h)
        return out

    def facings_toward(self, g, unit, target, weapon) -> tuple[list[int], str]:
        grid = self.grid
        cells = target.cells
        options: dict[int, int] = {}  # facing -> facing hex once turned
        for f in SIDES:
            h = self.turned(g, unit, f)
            if h is not None:
                options[f] = h
        if weapon is not None and weapon.type == "melee":
            found = {f for f, h in options.items() if any(c in g.board.adjacent[h] for c in cells)}
            return sorted(found), "BG-19.7"
        found = set()
        for c in cells:
            score = {}
            for f, h in options.items():
                own = self.cells(h, f)
                score[f] = min(
                    grid.faced_distance2(h, d, (c,)) for d in SIDES if grid.neighbour(h, d) not in own
                )
            if score:
                best = min(score.values())
                found.update(f for f, d in score.items() if d == best)
        if weapon is not None and weapon.range_in is not None:
            found = {f for f in found if in_range(g, (options[f],), cells, weapon.range_in)}
        return sorted(found), "BG-19.7"

    def fixed_facing(self, g, unit, target, weapon) -> None:
        return None

    def attack_origins(self, g, unit, target, weapon) -> tuple[int, ...]:
        # BG-19.7: the attack comes from the facing hex once turned toward the target (beside it, for melee).
        facings = self.facings_toward(g, unit, target, weapon if weapon.type == "melee" else None)[0]
        return tuple(self.turned(g, unit, f) for f in facings)

    def step(self, g, unit, cur: int, h: int, occupied: dict, enemies: set, pushes, words: PathWords) -> int:
        board = g.board
        cells = self.cells(h, unit.facing)
        if cells is None:
            raise IllegalEvent(
                "BG-19.2", "{name}'s base would leave the board at {h}", name=unit.name, h=board.label(h)
            )
        blocker = next((occupied[c] for c in cells if c in occupied), None)
        if blocker is not None:
            raise IllegalEvent(
                "BG-19.2",
                "with its facing hex at {h}, {name}'s base would overlap {name_2}",
                h=board.label(h),
                name=unit.name,
                name_2=blocker.name,
            )
        cost = self.step_mp(board, unit.facing, cur, h)
        if cost is None:
            raise IllegalEvent(
                base_steps.misfit_rule(board, cells),
                (
                    "{cur}→{h} is not a legal step for {name}: the whole base moves alike and must fit, clear of "
                    "obstacles and ladders"
                ),
                cur=board.label(cur),
                h=board.label(h),
                name=unit.name,
            )
        return cost

    def stop_before_occupied(self, g, unit, path: list[int]) -> list[int]:
        return path  # the one-hex reading of BG-14.2.5 has not been extended to a whole base

    def push_moves(self, g, unit, best: dict, mp: int) -> list[tuple[int, int, int]]:
        return []

    def refuse_landing(self, g, unit, h: int, kind: str, rule: str):
        raise IllegalEvent(
            "BG-19.2",
            (
                "{name}'s {kind} must end where its whole base fits, on empty hexes a character can stand on at "
                "one height; with its facing hex on {h} it does not"
            ),
            name=unit.name,
            kind=kind,
            h=g.board.label(h),
        )


class _Covering:
    """The positions of a massive base (its facing hex, keeping its facing) that cover a hex of ``hexes``."""

    __slots__ = ("footprint", "facing", "hexes")

    def __init__(self, footprint: MassiveBase, facing: int, hexes):
        self.footprint, self.facing, self.hexes = footprint, facing, hexes

    def __contains__(self, h: int) -> bool:
        return any(c in self.hexes for c in self.footprint.cells(h, self.facing))


def of(base: Base | None, grid: HexGrid):
    """The footprint of a character whose content states ``base`` (None: one hex), on this map's grid."""
    return ONE_HEX if base is None else MassiveBase(grid, base)


def any_massive(footprints) -> bool:
    """Whether any of ``footprints`` is a massive base: the queries below take one-hex shortcuts when none
    of a game's miniatures is (``Game.has_massive``)."""
    return any(f.massive for f in footprints)


# -- who stands where (BG-19.1) ------------------------------------------------------------------------
def occupants(g, skip=None) -> dict:
    """Every hex holding a miniature (all hexes of a massive base), other than ``skip``: hex -> unit."""
    if not g.has_massive:  # one hex each: the usual game, and a move asks this every time
        return {u.hex: u for u in g.units.values() if u.on_board and u is not skip}
    return {c: u for u in g.units.values() if u.on_board and u is not skip for c in u.cells}


def occupant_at(g, h: int):
    """``occupants(g).get(h)`` without building the whole map: the miniature on ``h`` (any hex of a massive
    base), or None."""
    found = None
    massive = g.has_massive
    for u in g.units.values():
        if u.on_board and (h in u.cells if massive else u.hex == h):
            found = u  # the last, as the map keeps it (two miniatures never share a hex)
    return found


def occupied_hexes(g) -> set[int]:
    """Every hex holding a miniature."""
    if not g.has_massive:  # one hex each: no base to walk
        return {u.hex for u in g.units.values() if u.on_board}
    return {c for u in g.units.values() if u.on_board for c in u.cells}


def enemy_cells(g, unit) -> set[int]:
    """Every hex holding an enemy of ``unit``."""
    if not g.has_massive:
        return {e.hex for e in g.units.values() if e.on_board and e.player != unit.player}
    return {c for e in g.enemies_of(unit) for c in e.cells}


def occupants_and_enemies(g, unit) -> tuple[dict, set[int]]:
    """``(occupants(g, unit), enemy_cells(g, unit))``: every move asks both, and for one-hex miniatures one
    pass over the characters finds them."""
    if g.has_massive:
        return occupants(g, unit), enemy_cells(g, unit)
    occupied, enemies, player = {}, set(), unit.player
    for u in g.units.values():
        if u.on_board and u is not unit:
            occupied[u.hex] = u
            if u.player != player:
                enemies.add(u.hex)
    return occupied, enemies


def cells_at(unit, h: int) -> tuple[int, ...] | None:
    """The hexes ``unit`` would cover with its (facing) hex on ``h``, keeping its facing."""
    return unit.footprint.cells(h, unit.facing)


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


def engaged_with(g, unit) -> list:
    """BG-10.2.2: the enemies engaged with ``unit`` (BG-2.1.4: same height, sharing a side; BG-19.1: a hex
    of one base adjacent to a hex of the other)."""
    if not g.has_massive:  # one hex each: adjacency of two hexes
        near, player = g.board.adjacent[unit.hex], unit.player
        return [e for e in g.units.values() if e.on_board and e.hex in near and e.player != player]
    near = around(g, unit)
    return [e for e in g.enemies_of(unit) if not near.isdisjoint(e.cells)]


def sight(g, a_cells, b_cells) -> bool:
    """BG-19.8: line of sight to or from a massive miniature may use any single hex it occupies."""
    los = g.board.line_of_sight
    same = g.options["los_same_origin_corner"]
    if len(a_cells) == 1 and len(b_cells) == 1:  # two one-hex miniatures: one line, without the generator
        return los(a_cells[0], b_cells[0], same_origin_corner=same)
    return any(los(a, b, same_origin_corner=same) for a in a_cells for b in b_cells)


def distance_in(g, a_cells, b_cells) -> float:
    """BG-2.3.2: inches between the nearest points of the two bases."""
    return bases.distance_in(g.board.grid, a_cells, b_cells)


def in_range(g, a_cells, b_cells, max_in: float) -> bool:
    grid = g.board.grid
    if len(a_cells) == 1 and len(b_cells) == 1:  # two one-hex miniatures: one distance
        return grid.in_range(a_cells[0], b_cells[0], max_in)
    return any(grid.in_range(a, b, max_in) for a in a_cells for b in b_cells)


def hex_distance(g, a_cells, b_cells) -> int:
    return g.board.grid.nearest_distance(a_cells, b_cells)


def on_difficult(g, unit) -> bool:
    """BG-9.2.4: a miniature starts its move on difficult terrain if any hex it covers is difficult."""
    return unit.footprint.on_difficult(g.board, unit)


# -- where a footprint fits (BG-19.2) --------------------------------------------------------------------
def fits(board, cells, occupied) -> bool:
    """The footprint ``cells`` stands on free hexes a character can stand on, at one height (BG-19.2)."""
    return base_steps.fits_terrain(board, cells) and not any(c in occupied for c in cells)


def setup_cells(g, d, footprint, h: int, facing: int) -> tuple[int, ...]:
    """The hexes a character sets up on; a massive base must lie on the board at one height (BG-19.2)."""
    cells = footprint.cells(h, facing)
    if cells is None or len({g.board.height[c] for c in cells}) > 1:
        where = g.board.label(h)
        raise IllegalEvent(
            "BG-19.2", "{name}'s base does not fit with its facing hex at {where}", name=d.name, where=where
        )
    return cells


def check_landing(g, unit, h: int, kind: str, rule: str) -> None:
    """A teleport or jump ends where the footprint fits, on free hexes a character can stand on (BG-18.3,
    BG-18.4; the whole base of a massive miniature, at one height, BG-19.2); ``rule``: the movement's."""
    if not fits(g.board, cells_at(unit, h), occupants(g, unit)):
        unit.footprint.refuse_landing(g, unit, h, kind, rule)


def check_swap(g, a, b) -> None:
    """BG-18.6: ``a`` and ``b`` exchange places, each putting its (facing) hex where the other's was and
    neither rotating: only two of a kind (BG-19.11), and each footprint must then fit, clear of the other
    and of everyone (BG-19.2: for two massive bases; two one-hex miniatures always fit)."""
    if a.footprint.massive != b.footprint.massive:
        raise IllegalEvent(
            "BG-19.11",
            "{name} and {name_2} cannot swap: only one is a massive miniature",
            name=a.name,
            name_2=b.name,
        )
    if not (a.footprint.massive and a.on_board and b.on_board):
        return
    board = g.board
    others = {h: u for h, u in occupants(g).items() if u is not a and u is not b}
    at_b, at_a = cells_at(a, b.hex), cells_at(b, a.hex)
    if not (fits(board, at_b, others) and fits(board, at_a, others) and not set(at_b) & set(at_a)):
        raise IllegalEvent(
            "BG-19.2",
            (
                "{name} and {name_2} cannot swap: without rotating, their whole bases would not fit at {hex} "
                "and {hex_2}"
            ),
            name=a.name,
            name_2=b.name,
            hex=board.label(b.hex),
            hex_2=board.label(a.hex),
        )


# -- turning (BG-9.2.12, BG-10.3.1, BG-12.1, BG-19.6, BG-19.7) -------------------------------------------------
def turned(g, unit, facing: int) -> int | None:
    """The facing hex after ``unit`` turns to ``facing`` (a massive base turns about its pivot), or None
    if its base would not fit there (BG-19.2)."""
    return unit.footprint.turned(g, unit, facing)


def face(g, unit, facing: int) -> None:
    """Turn ``unit`` to ``facing``; a massive miniature's facing hex moves round its pivot (BG-19.7)."""
    if facing != unit.facing:
        h = unit.footprint.turned(g, unit, facing)
        if h is None:
            raise IllegalEvent(
                "BG-19.2",
                "{name} cannot turn to face side {facing}: its whole base would not fit",
                name=unit.name,
                facing=facing,
            )
        unit.hex = h
    unit.facing = facing


def facings_at(g, unit, h: int):
    """The facings ``unit`` may take at the end of a move that leaves its facing hex on ``h`` (any, for one
    hex; for a massive base those where the whole base fits once turned about its pivot, BG-19.2)."""
    return unit.footprint.facings_at(g, unit, h)


def facings_toward(g, unit, target, weapon=None) -> tuple[list[int], str]:
    """The facings allowed when ``unit`` attacks or targets ``target`` (a character or an object), and the
    rule that fixes them; ``weapon``: the attack's weapon, if any.

    BG-10.3.1 / BG-AMB-07: toward the adjacent hex closest to the target (two on a tie). BG-19.6: an
    attacker may face any hex the massive target occupies (a melee attacker one it is engaged with).
    BG-19.7: a massive miniature turns (about its pivot) until its facing hex shares a side with the
    target's hex (adjacent target: melee needs this) or with the hex closest to the target, measured from
    that hex's centre; ties are the controller's. All its attacks come from the facing hex, so for a
    weapon with a range only facings that leave the target in range remain.
    """
    return unit.footprint.facings_toward(g, unit, target, weapon)


def fixed_facing(g, unit, target, weapon=None) -> int | None:
    """The facing the rules leave no choice about, so the log's ``facing`` is not read: a one-hex melee
    attacker faces the one-hex enemy it shares a side with (BG-10.1.6, BG-10.2.2). None otherwise."""
    return unit.footprint.fixed_facing(g, unit, target, weapon)


def attack_origins(g, unit, target, weapon) -> tuple[int, ...]:
    """The hexes an attack of ``unit`` on ``target`` may come from: its hex, or a massive miniature's facing
    hex once turned toward the target, beside it for melee (BG-19.7); none if it cannot so turn."""
    return unit.footprint.attack_origins(g, unit, target, weapon)


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
    if not g.has_massive and ha == hb and cells[0] != origin:
        # One hex each, at one height: the attacker's base is ``origin`` itself, the line (memoised) holds
        # neither end, so what stands next to the attacker is its hex's sides and nothing is left out of
        # ``occupied`` (the general case below, without building its sets).
        near = board.sides[origin]
        kind = board.kind
        for h in board.grid.cover_line(origin, cells[0]):
            if h in near:
                continue
            if kind[h] in ("low", "high") or h in occupied:
                return True
        return False
    source = occupant_at(g, origin)
    mine = source.cells if source is not None else (origin,)
    occupied = occupied.difference(mine, cells)
    near = set(mine)
    for c in mine:
        near.update(board.sides[c])
    if len(cells) > 1:
        for c in cells:
            near.update(board.sides[c])  # BG-19.9
    if len(cells) == 1 and cells[0] != origin:  # a one-hex target: the (memoised) hex-to-hex line
        line = board.grid.cover_line(origin, cells[0])
    else:
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


# -- movement (BG-9.2, BG-19.2–19.5, BG-AMB-28) ----------------------------------------------------------------
def moves_from(g, unit, h: int):
    """(next position, MP) of one step of ``unit`` from ``h``, characters not considered: the board's steps
    for one hex (BG-9.2.3–9.2.9), a translation of the whole base for a massive one (BG-19.2–19.5)."""
    return unit.footprint.moves(g.board, unit.facing, h)


def step_mp(board, unit, a: int, b: int) -> int | None:
    """MP of the step ``a`` → ``b`` of ``unit`` (characters not considered), or None if it is no step."""
    return unit.footprint.step_mp(board, unit.facing, a, b)


def covering(unit, hexes):
    """The positions of ``unit`` (of its facing hex, keeping its facing) whose footprint covers a hex of
    ``hexes``, to test with ``in``: for a one-hex miniature, whose footprint is its one cell, ``hexes``
    themselves. Searches over positions ask this instead of telling the two kinds apart."""
    return unit.footprint.covering(unit.facing, hexes)


def positions_covering(g, unit, goal, occupied) -> list[int]:
    """The positions of ``unit`` (keeping its facing) whose footprint fits clear of ``occupied`` and covers
    a hex of ``goal`` (BG-19.1): where a search toward the goal starts."""
    return unit.footprint.positions_covering(g, unit, goal, occupied)


def check_path(
    g,
    unit,
    path: list[int],
    mp: int,
    mp_rule: str,
    pushes,
    words: PathWords,
    toward: dict | None = None,
    toward_rule: str = "",
    aimed=None,
) -> int:
    """The steps of ``unit`` under the Move rules (a Move action, or a movement effect that uses them,
    BG-18.1, BG-18.2); returns where its (facing) hex ends. ``path`` lists that hex after each step.

    Each step is one the footprint can take (BG-9.2.3–9.2.9 for one hex, entering an occupied hex only by
    a climb or descent that pushes its occupant aside, BG-9.2.10, ``pushes``: a platform_push.PlatformPushes;
    BG-19.2–19.5 / BG-AMB-28 for a massive base: a translation into a position where the whole base fits,
    free of other miniatures). The path costs at most ``mp`` (else ``mp_rule`` is broken), and entering a
    position next to an enemy ends the move (BG-9.2.11 with BG-19.1). With ``toward`` (a
    movement.distance_to_goal table) every step lies on a shortest path toward ``aimed`` (BG-AMB-19), else
    ``toward_rule`` is broken. ``words``: how refusals are worded (MOVE_ACTION or MOVEMENT_EFFECT)."""
    fp, board = unit.footprint, g.board
    if fp.pushes_aside:
        pushes.read()  # a step may push someone aside (BG-9.2.10): the log's 'push' is read before any step
    occupied, enemies = occupants_and_enemies(g, unit)
    cur, spent, last = unit.hex, 0, len(path) - 1
    one_hex = not fp.massive  # OneHex.step and OneHex.around_at, inlined: most moves are of one hex
    step_cost, adjacent, step_one = board.step_cost, board.adjacent, board.step_one
    for i, h in enumerate(path):
        if not one_hex:
            cost = fp.step(g, unit, cur, h, occupied, enemies, pushes, words)
        elif h in occupied:
            cost = pushes.push(cur, h, occupied, enemies)
        elif h in step_one[cur]:  # Board.step_cost's first answer (a hex is never adjacent to itself)
            cost = 1
        else:
            cost = step_cost(cur, h)
            if cost is None:
                raise IllegalEvent("BG-9.2.3", words.step, a=board.label(cur), b=board.label(h))
        spent += cost
        if spent > mp:
            raise IllegalEvent(
                mp_rule,
                words.mp,
                start=board.label(unit.hex),
                b=board.label(h),
                spent=spent,
                name=unit.name,
                mp=mp,
            )
        if toward is not None and not on_shortest_path(toward, cur, h, cost):
            raise IllegalEvent(
                toward_rule,
                words.toward,
                name=unit.name,
                aimed=aimed.name,
                a=board.label(cur),
                b=board.label(h),
            )
        if i < last and not (adjacent[h] if one_hex else fp.around_at(board, h, unit.facing)).isdisjoint(
            enemies
        ):
            raise IllegalEvent(
                "BG-9.2.11",
                "entering {h} next to an enemy ends {name}'s move",
                h=board.label(h),
                name=unit.name,
            )
        cur = h
    return cur


def stop_before_occupied(g, unit, path: list[int]) -> list[int]:
    """BG-14.2.5 with BG-9.2.3 (reading): a move declared before its opportunity attacks goes on, but a
    character that moved during them may now stand on the declared path; two characters never share a
    hex, so a one-hex miniature stops in the last hex before it. A massive base's path is kept as declared."""
    return unit.footprint.stop_before_occupied(g, unit, path)


def platform_push_moves(g, unit, best: dict, mp: int) -> list[tuple[int, int, int]]:
    """For legal_events: (hex reached, occupied hex climbed or descended into, where its occupant goes) for
    each Move that ends pushing a character aside (BG-9.2.10); ``best`` is movement.reachable's table. A
    massive base never pushes anyone aside (its positions are free of other miniatures, BG-19.2)."""
    return unit.footprint.push_moves(g, unit, best, mp)


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
